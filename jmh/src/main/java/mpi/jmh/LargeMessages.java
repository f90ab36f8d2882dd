package mpi.jmh;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The binding's data paths for large messages (64 KiB and 1 MiB) to self on
 * {@code MPI.COMM_SELF}, against their C twin ({@link CBaseline}) in the same JVM: the pin path
 * (a blocking call on arrays, pinned in place), the staging path (a non-blocking call on
 * arrays, copied through pooled native memory) and the zero-copy path (direct buffers). To self,
 * MPI itself copies the message once; what the binding adds shows up on top of that copy.
 *
 * <p>Messages this large are not eager, so a blocking send to self would wait forever for a
 * receive: the blocking benchmarks use sendRecv, the non-blocking ones post the receive first.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class LargeMessages {
    private static final int TAG = 1;

    /** Message size in bytes: 64 KiB, 1 MiB. */
    @Param({"65536", "1048576"})
    public int bytes;

    private Comm self;
    private byte[] sendArray, recvArray;
    private ByteBuffer sendBuffer, recvBuffer;

    @Setup
    public void setup() throws MPIException {
        MpiRuntime.ensureInitialized();
        self = MPI.COMM_SELF;
        sendArray = new byte[bytes];
        recvArray = new byte[bytes];
        sendBuffer = MPI.newByteBuffer(bytes);
        recvBuffer = MPI.newByteBuffer(bytes);
        for (int i = 0; i < bytes; i++) {
            sendArray[i] = (byte) i;
            sendBuffer.put(i, (byte) i);
        }
    }

    // ---- blocking: one sendRecv ----

    /** The pin path: sendRecv on byte[], both arrays pinned in place for the call, no copy. */
    @Benchmark
    public Status sendRecvArray() throws MPIException {
        return self.sendRecv(sendArray, bytes, MPI.BYTE, 0, TAG, recvArray, bytes, MPI.BYTE, 0, TAG);
    }

    /** The zero-copy path, blocking: sendRecv on direct buffers. */
    @Benchmark
    public Status sendRecvBuffer() throws MPIException {
        return self.sendRecv(sendBuffer, bytes, MPI.BYTE, 0, TAG, recvBuffer, bytes, MPI.BYTE, 0,
                TAG);
    }

    /** C twin: MPI_Sendrecv, {@value CBaseline#LARGE_N} times in C. */
    @Benchmark
    @OperationsPerInvocation(CBaseline.LARGE_N)
    public int sendRecvC() {
        return CBaseline.sendRecv(sendBuffer, recvBuffer, bytes, CBaseline.LARGE_N);
    }

    // ---- non-blocking: iRecv + iSend + waitFor x 2 ----

    /**
     * The staging path: iRecv + iSend + two waitFor on byte[]. iSend copies the array into
     * pooled native memory, the receive lands in staging memory and is copied into the array
     * at completion: two copies more than C.
     */
    @Benchmark
    public void nonBlockingArray(Blackhole bh) throws MPIException {
        Request r = self.iRecv(recvArray, bytes, MPI.BYTE, 0, TAG);
        Request s = self.iSend(sendArray, bytes, MPI.BYTE, 0, TAG);
        r.waitFor();
        s.waitFor();
        bh.consume(r);
        bh.consume(s);
    }

    /** The zero-copy path, non-blocking: the same calls on direct buffers. */
    @Benchmark
    public void nonBlockingBuffer(Blackhole bh) throws MPIException {
        Request r = self.iRecv(recvBuffer, bytes, MPI.BYTE, 0, TAG);
        Request s = self.iSend(sendBuffer, bytes, MPI.BYTE, 0, TAG);
        r.waitFor();
        s.waitFor();
        bh.consume(r);
        bh.consume(s);
    }

    /** C twin: MPI_Irecv + MPI_Isend + 2 x MPI_Wait, {@value CBaseline#LARGE_N} times in C. */
    @Benchmark
    @OperationsPerInvocation(CBaseline.LARGE_N)
    public int nonBlockingC() {
        return CBaseline.nonBlocking(sendBuffer, recvBuffer, bytes, CBaseline.LARGE_N);
    }
}
