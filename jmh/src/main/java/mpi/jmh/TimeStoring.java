package mpi.jmh;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What keeping every iteration's time costs an 8 B exchange: the harness's timed loops store
 * each iteration's time in a preallocated array (for {@code --stats}, {@code -z}, {@code -G},
 * {@code -o}), where C OMB adds it to a running total. Both loops time a send and a receive of
 * 8 bytes to self on {@code MPI.COMM_SELF} with {@link System#nanoTime()} on each side, as one
 * iteration of osu_latency's does; the difference of the two is the store.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsPrepend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class TimeStoring {
    private static final int TAG = 1;
    private static final int BYTES = 8;
    /** osu_latency's iterations at a small size: the array a size's loop fills. */
    private static final int ITERATIONS = 10_000;

    private Comm self;
    private ByteBuffer sendBuffer, recvBuffer;
    private final long[] times = new long[ITERATIONS];
    private int next;
    private long total;

    @Setup
    public void setup() throws MPIException {
        MpiRuntime.ensureInitialized();
        self = MPI.COMM_SELF;
        sendBuffer = MPI.newByteBuffer(64);
        recvBuffer = MPI.newByteBuffer(64);
    }

    /** C OMB's: the iteration's time added to a running total. */
    @Benchmark
    public long summed() throws MPIException {
        long start = System.nanoTime();
        self.send(sendBuffer, BYTES, MPI.BYTE, 0, TAG);
        self.recv(recvBuffer, BYTES, MPI.BYTE, 0, TAG);
        total += System.nanoTime() - start;
        return total;
    }

    /** The harness's: the iteration's time stored in the size's array. */
    @Benchmark
    public long[] stored() throws MPIException {
        long start = System.nanoTime();
        self.send(sendBuffer, BYTES, MPI.BYTE, 0, TAG);
        self.recv(recvBuffer, BYTES, MPI.BYTE, 0, TAG);
        times[next] = System.nanoTime() - start;
        if (++next == ITERATIONS) {
            next = 0;
        }
        return times;
    }
}
