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
// The binding loads its native library: without this, JDK 24+ warns in every fork (JEP 472).
@Fork(value = 1, jvmArgsPrepend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class LargeMessages {
    private static final int TAG = 1;

    /**
     * Room after each array's message. Two arrays of {@code bytes} allocated one after the
     * other lie {@code bytes} + 16 (the array header) apart, so the receive array's data
     * starts 16 bytes after the send array's modulo 4 KiB; MPI's copy of a message to self
     * goes straight from one to the other, and glibc's {@code memcpy} (2.36, {@code rep movsb}
     * on AMD processors with FSRM) runs 15 to 45 times slower for copies of 2 KiB up to
     * about 1 MiB when the destination is a few bytes past the source modulo 4 KiB: a 64 KiB
     * copy took 21-62 us instead of 1.3 us on the README's machine, in C as well. 1 KiB more
     * per array puts them 1040 bytes apart modulo 4 KiB, where the copy runs at full speed,
     * so this benchmark measures the binding, not where the heap put the arrays.
     */
    static final int APART = 1024;

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
        // Longer than the message by APART bytes, so that the two arrays, allocated (and moved
        // by the collector) side by side, never start 16 bytes apart modulo 4 KiB: see APART.
        sendArray = new byte[bytes + APART];
        recvArray = new byte[bytes + APART];
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
