package mpi.jmh;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.jmh.CBaseline.EP_COMM_BYTES;
import static mpi.jmh.CBaseline.EP_COMM_SELF;
import static mpi.jmh.CBaseline.EP_COMM_WORLD;
import static mpi.jmh.CBaseline.EP_COUNT;
import static mpi.jmh.CBaseline.EP_GET;
import static mpi.jmh.CBaseline.EP_INT8_T;
import static mpi.jmh.CBaseline.EP_IRECV;
import static mpi.jmh.CBaseline.EP_ISEND;
import static mpi.jmh.CBaseline.EP_PUT;
import static mpi.jmh.CBaseline.EP_RECV;
import static mpi.jmh.CBaseline.EP_SEND;
import static mpi.jmh.CBaseline.EP_STATUSES_IGNORE;
import static mpi.jmh.CBaseline.EP_STATUS_BYTES;
import static mpi.jmh.CBaseline.EP_WAITALL;
import static mpi.jmh.CBaseline.EP_WIN_FLUSH;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * The FFM floors of WindowRate, BlockingSteps and EpochSteps (Java 22 and later): their MPI
 * calls as downcalls straight to the MPI library's functions, whose addresses and handles the
 * C baseline takes from its own link to MPI ({@link CBaseline#mpiEntryPoints}), so any MPI
 * whose handles and requests are 8 bytes (Open MPI, the MPI-5 standard ABI) serves. The
 * downcalls are made as the binding's FFM backend makes them: {@code MPI_Isend},
 * {@code MPI_Irecv}, {@code MPI_Put} and {@code MPI_Get} in critical state (they never wait;
 * {@code Linker.Option.critical(true)}, as {@code FfmLibrary.critical}); {@code MPI_Waitall},
 * {@code MPI_Send}, {@code MPI_Recv} and {@code MPI_Win_flush}, which may wait, plain
 * downcalls (a thread-state transition each way).
 *
 * <p>Two levels for the window: {@link #start} and {@link #waitAll} take a buffer's address
 * found once and keep the window's requests in native memory, C's layout: their time over C
 * is what the downcalls cost. {@link #startHandle} and {@link #waitAllHandles} add the FFM
 * backend's data flow: the buffer's address from {@link MemorySegment#ofBuffer} per call, the
 * request returned through scratch memory, the window waited for from a {@code long[]} copied
 * into native memory and back. {@link #sendSelf} and {@link #recvSelf} are BlockingSteps' pair
 * to self on {@code MPI_COMM_SELF}, {@link #epoch} EpochSteps' passive-target epoch.
 *
 * <p>The requests, scratch and status memory is this class's, made once: one thread calls,
 * and a window has at most {@value #MAX_WINDOW} requests.
 */
final class FfmFloor {
    /** The most requests {@link #start} and {@link #waitAll} keep: its index stays below. */
    static final int MAX_WINDOW = 1024;
    private static final MethodHandle ISEND, IRECV, WAITALL, SEND, RECV, PUT, GET, FLUSH;
    private static final long WORLD, SELF, TYPE, STATUSES_IGNORE;
    /** Why this MPI cannot be called here, or null. */
    private static final String REFUSAL;
    /** A window's requests, and one request handle returned as the backend returns it. */
    private static final MemorySegment REQUESTS = Arena.global().allocate(8L * MAX_WINDOW, 64),
            SCRATCH = Arena.global().allocate(64, 64);
    private static final long REQUESTS_AT = REQUESTS.address(), SCRATCH_AT = SCRATCH.address();
    /** The status of {@link #recvSelf}. */
    private static final long STATUS_AT;

    static {
        long[] mpi = CBaseline.mpiEntryPoints();
        if (mpi.length != EP_COUNT) {
            throw new IllegalStateException("the C baseline gave " + mpi.length
                    + " MPI entry points, not " + EP_COUNT + ": rebuild the JMH jar");
        }
        if (mpi[EP_COMM_BYTES] == 8 && CBaseline.requestSize() == 8) {
            Linker linker = Linker.nativeLinker();
            Linker.Option critical = Linker.Option.critical(true);
            // (buf, count, datatype, peer, tag, comm[, request* | status*]) -> int
            FunctionDescriptor send = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT,
                    JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG);
            FunctionDescriptor start = send.appendArgumentLayouts(JAVA_LONG);
            // (origin, count, type, target rank, displacement, count, type, win) -> int
            FunctionDescriptor rma = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT,
                    JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
            ISEND = linker.downcallHandle(at(mpi, EP_ISEND), start, critical);
            IRECV = linker.downcallHandle(at(mpi, EP_IRECV), start, critical);
            WAITALL = linker.downcallHandle(at(mpi, EP_WAITALL),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG));
            SEND = linker.downcallHandle(at(mpi, EP_SEND), send);
            RECV = linker.downcallHandle(at(mpi, EP_RECV), start);
            PUT = linker.downcallHandle(at(mpi, EP_PUT), rma, critical);
            GET = linker.downcallHandle(at(mpi, EP_GET), rma, critical);
            FLUSH = linker.downcallHandle(at(mpi, EP_WIN_FLUSH),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
            REFUSAL = null;
        } else {
            ISEND = IRECV = WAITALL = SEND = RECV = PUT = GET = FLUSH = null;
            REFUSAL = "the ffm patterns need an MPI whose handles and requests are 8 bytes"
                    + " (Open MPI, the MPI-5 standard ABI); this one's are "
                    + mpi[EP_COMM_BYTES] + " and " + CBaseline.requestSize();
        }
        WORLD = mpi[EP_COMM_WORLD];
        SELF = mpi[EP_COMM_SELF];
        TYPE = mpi[EP_INT8_T];
        STATUSES_IGNORE = mpi[EP_STATUSES_IGNORE];
        STATUS_AT = Arena.global().allocate(mpi[EP_STATUS_BYTES], 64).address();
    }

    private static MemorySegment at(long[] mpi, int entry) {
        return MemorySegment.ofAddress(mpi[entry]);
    }

    /** @throws UnsupportedOperationException if this MPI's handles are not 8 bytes */
    FfmFloor() {
        if (REFUSAL != null) {
            throw new UnsupportedOperationException(REFUSAL);
        }
    }

    /**
     * {@code MPI_Isend} ({@code send}) or {@code MPI_Irecv} of {@code bytes} at
     * {@code address} on {@code MPI_COMM_WORLD}, its request the window's {@code index}th in
     * native memory ({@code index} below {@link #MAX_WINDOW}).
     */
    void start(boolean send, long address, int bytes, int peer, int tag, int index) {
        start(send, address, bytes, peer, tag, REQUESTS_AT + 8L * index);
    }

    /** {@code MPI_Waitall} of the first {@code n} requests {@link #start} made. */
    void waitAll(int n) {
        int rc;
        try {
            rc = (int) WAITALL.invokeExact(n, REQUESTS_AT, STATUSES_IGNORE);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        check(rc, "MPI_Waitall");
    }

    /** As {@link #start}, on a direct buffer, the request returned as the backend returns it. */
    long startHandle(boolean send, ByteBuffer buf, int bytes, int peer, int tag) {
        start(send, MemorySegment.ofBuffer(buf).address() - buf.position(), bytes, peer, tag,
                SCRATCH_AT);
        return SCRATCH.get(JAVA_LONG, 0);
    }

    /** {@code MPI_Waitall} of {@code n} requests held in a {@code long[]}, copied in and out. */
    void waitAllHandles(long[] handles, int n) {
        MemorySegment.copy(handles, 0, REQUESTS, JAVA_LONG, 0, n);
        waitAll(n);
        MemorySegment.copy(REQUESTS, JAVA_LONG, 0, handles, 0, n);
    }

    private static void start(boolean send, long address, int bytes, int peer, int tag,
            long request) {
        int rc;
        try {
            rc = send ? (int) ISEND.invokeExact(address, bytes, TYPE, peer, tag, WORLD, request)
                    : (int) IRECV.invokeExact(address, bytes, TYPE, peer, tag, WORLD, request);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        check(rc, send ? "MPI_Isend" : "MPI_Irecv");
    }

    /** {@code MPI_Send} of {@code bytes} at {@code address} to self on {@code MPI_COMM_SELF}. */
    void sendSelf(long address, int bytes, int tag) {
        int rc;
        try {
            rc = (int) SEND.invokeExact(address, bytes, TYPE, 0, tag, SELF);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        check(rc, "MPI_Send");
    }

    /** {@code MPI_Recv} of {@code bytes} into {@code address} from self, with a status. */
    void recvSelf(long address, int bytes, int tag) {
        int rc;
        try {
            rc = (int) RECV.invokeExact(address, bytes, TYPE, 0, tag, SELF, STATUS_AT);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        check(rc, "MPI_Recv");
    }

    /**
     * One passive-target epoch on rank 0 of window {@code win} (locked): {@code MPI_Put}, or
     * {@code MPI_Get} if {@code get}, of {@code bytes} at {@code address} to or from
     * displacement 0, then {@code MPI_Win_flush}.
     */
    void epoch(boolean get, long win, long address, int bytes) {
        int rc, flushed;
        try {
            rc = get ? (int) GET.invokeExact(address, bytes, TYPE, 0, 0L, bytes, TYPE, win)
                    : (int) PUT.invokeExact(address, bytes, TYPE, 0, 0L, bytes, TYPE, win);
            flushed = rc == 0 ? (int) FLUSH.invokeExact(0, win) : 0;
        } catch (Throwable t) {
            throw unexpected(t);
        }
        check(rc, get ? "MPI_Get" : "MPI_Put");
        check(flushed, "MPI_Win_flush");
    }

    private static void check(int rc, String call) {
        if (rc != 0) {
            throw new IllegalStateException(call + " failed: MPI error " + rc);
        }
    }

    /** A downcall's throwable: unchecked ones as they are (invokeExact declares Throwable). */
    private static RuntimeException unexpected(Throwable t) {
        if (t instanceof Error e) {
            throw e;
        }
        return t instanceof RuntimeException r ? r : new IllegalStateException(t);
    }
}
