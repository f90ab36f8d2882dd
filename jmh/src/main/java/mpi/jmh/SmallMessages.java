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
 * The binding's cost per call for small messages (0 and 8 bytes) sent to self on
 * {@code MPI.COMM_SELF}: no network, so what is left is the MPI library's own software path plus,
 * for Java, the binding (argument checks, the JNI transition, pinning or buffer address lookup,
 * the {@code Status} or {@code Request} object). Each Java benchmark has a C twin run in the same
 * JVM ({@link CBaseline}); per-call overhead = (Java - C) / MPI calls per operation.
 *
 * <p>Open MPI sends messages this small eagerly to self, so a blocking send to self returns
 * before the receive is posted and a blocking send then receive completes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// The binding loads its native library: without this, JDK 24+ warns in every fork (JEP 472).
@Fork(value = 1, jvmArgsPrepend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class SmallMessages {
    private static final int TAG = 1;

    /** Message size in bytes. */
    @Param({"0", "8"})
    public int bytes;

    private Comm self;
    private byte[] sendArray, recvArray;
    private ByteBuffer sendBuffer, recvBuffer;
    private Request sendReuse, recvReuse; // the requests the Reuse benchmarks start calls in

    @Setup
    public void setup() throws MPIException {
        MpiRuntime.ensureInitialized();
        self = MPI.COMM_SELF;
        int capacity = Math.max(bytes, 64);
        sendArray = new byte[capacity];
        recvArray = new byte[capacity];
        sendBuffer = MPI.newByteBuffer(capacity);
        recvBuffer = MPI.newByteBuffer(capacity);
    }

    // ---- blocking: send + recv, 2 calls ----

    /**
     * {@code send} then {@code recv} of a byte[]: each call checks its arguments, pins the array
     * with GetPrimitiveArrayCritical around the MPI call, and recv returns a new Status.
     */
    @Benchmark
    public Status blockingArray() throws MPIException {
        self.send(sendArray, bytes, MPI.BYTE, 0, TAG);
        return self.recv(recvArray, bytes, MPI.BYTE, 0, TAG);
    }

    /** As {@link #blockingArray} with direct buffers: GetDirectBufferAddress instead of a pin. */
    @Benchmark
    public Status blockingBuffer() throws MPIException {
        self.send(sendBuffer, bytes, MPI.BYTE, 0, TAG);
        return self.recv(recvBuffer, bytes, MPI.BYTE, 0, TAG);
    }

    /** C twin of the blocking pair: MPI_Send + MPI_Recv, {@value CBaseline#SMALL_N} times in C. */
    @Benchmark
    @OperationsPerInvocation(CBaseline.SMALL_N)
    public int blockingC() {
        return CBaseline.blocking(sendBuffer, recvBuffer, bytes, CBaseline.SMALL_N);
    }

    // ---- non-blocking: iRecv + iSend + waitFor x 2, 4 calls ----

    /**
     * iRecv + iSend + two waitFor on byte[]: the arrays go through pooled native staging
     * memory (the send copies out, the receive copies back on completion), and each
     * non-blocking call allocates a Request.
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

    /** As {@link #nonBlockingArray} with direct buffers: zero copy, a Request per call. */
    @Benchmark
    public void nonBlockingBuffer(Blackhole bh) throws MPIException {
        Request r = self.iRecv(recvBuffer, bytes, MPI.BYTE, 0, TAG);
        Request s = self.iSend(sendBuffer, bytes, MPI.BYTE, 0, TAG);
        r.waitFor();
        s.waitFor();
        bh.consume(r);
        bh.consume(s);
    }

    /** C twin: MPI_Irecv + MPI_Isend + 2 x MPI_Wait, {@value CBaseline#SMALL_N} times in C. */
    @Benchmark
    @OperationsPerInvocation(CBaseline.SMALL_N)
    public int nonBlockingC() {
        return CBaseline.nonBlocking(sendBuffer, recvBuffer, bytes, CBaseline.SMALL_N);
    }

    // ---- non-blocking into reused requests (the REQUEST_REUSE extension), 4 calls ----

    /**
     * As {@link #nonBlockingArray}, each call started in the request the previous operation
     * completed ({@code Comm.iRecv/iSend(..., Request reuse)}): no Request allocated.
     */
    @Benchmark
    public void nonBlockingReuseArray() throws MPIException {
        recvReuse = self.iRecv(recvArray, bytes, MPI.BYTE, 0, TAG, recvReuse);
        sendReuse = self.iSend(sendArray, bytes, MPI.BYTE, 0, TAG, sendReuse);
        recvReuse.waitFor();
        sendReuse.waitFor();
    }

    /** As {@link #nonBlockingBuffer} into reused requests: nothing allocated per operation. */
    @Benchmark
    public void nonBlockingReuseBuffer() throws MPIException {
        recvReuse = self.iRecv(recvBuffer, bytes, MPI.BYTE, 0, TAG, recvReuse);
        sendReuse = self.iSend(sendBuffer, bytes, MPI.BYTE, 0, TAG, sendReuse);
        recvReuse.waitFor();
        sendReuse.waitFor();
    }

    /** C twin of the Reuse pair: the same calls as {@link #nonBlockingC} (C always reuses). */
    @Benchmark
    @OperationsPerInvocation(CBaseline.SMALL_N)
    public int nonBlockingReuseC() {
        return CBaseline.nonBlocking(sendBuffer, recvBuffer, bytes, CBaseline.SMALL_N);
    }
}
