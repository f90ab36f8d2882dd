package mpi.jmh;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * The FFM floors of WindowRate, BlockingSteps and EpochSteps (Java 22 and later): their MPI calls as
 * downcalls straight to the MPI library's functions, whose addresses and handles the C
 * baseline takes from its own link to MPI ({@link CBaseline#mpiEntryPoints}), so any MPI whose
 * handles are 8 bytes (Open MPI, the MPI-5 standard ABI) serves. The downcalls are made as
 * the binding's FFM backend makes them: {@code MPI_Isend}, {@code MPI_Irecv}, {@code MPI_Put}
 * and {@code MPI_Get} in critical state (they never wait); {@code MPI_Waitall},
 * {@code MPI_Send}, {@code MPI_Recv} and {@code MPI_Win_flush}, which may wait, plain
 * downcalls (a thread-state transition each way).
 *
 * <p>Two levels: {@link #start} and {@link #waitAll} take a buffer's address found once and
 * keep the window's requests in native memory, C's layout: their time over C is what the
 * downcalls cost. {@link #startHandle} and {@link #waitAllHandles} add the FFM backend's data
 * flow: the buffer's address from {@link MemorySegment#ofBuffer} per call, the request
 * returned through scratch memory, the window waited for from a {@code long[]} copied into
 * native memory and back. {@link #sendSelf} and {@link #recvSelf} are BlockingSteps' pair to
 * self on {@code MPI_COMM_SELF}, {@link #epoch} EpochSteps' passive-target epoch.
 */
final class FfmFloor {
    private static final int MAX_WINDOW = 1024;
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
        if (mpi[9] == 8) {
            Linker linker = Linker.nativeLinker();
            // (buf, count, datatype, peer, tag, comm[, request* | status*]) -> int
            FunctionDescriptor send = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT,
                    JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG);
            FunctionDescriptor start = send.appendArgumentLayouts(JAVA_LONG);
            ISEND = linker.downcallHandle(MemorySegment.ofAddress(mpi[0]), start,
                    Linker.Option.critical(false));
            IRECV = linker.downcallHandle(MemorySegment.ofAddress(mpi[1]), start,
                    Linker.Option.critical(false));
            WAITALL = linker.downcallHandle(MemorySegment.ofAddress(mpi[2]),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG));
            SEND = linker.downcallHandle(MemorySegment.ofAddress(mpi[3]), send);
            RECV = linker.downcallHandle(MemorySegment.ofAddress(mpi[4]), start);
            // (origin, count, type, target rank, displacement, count, type, win) -> int
            FunctionDescriptor rma = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT,
                    JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
            PUT = linker.downcallHandle(MemorySegment.ofAddress(mpi[11]), rma,
                    Linker.Option.critical(false));
            GET = linker.downcallHandle(MemorySegment.ofAddress(mpi[12]), rma,
                    Linker.Option.critical(false));
            FLUSH = linker.downcallHandle(MemorySegment.ofAddress(mpi[13]),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
            REFUSAL = null;
        } else {
            ISEND = IRECV = WAITALL = SEND = RECV = PUT = GET = FLUSH = null;
            REFUSAL = "the ffm patterns need an MPI whose handles are 8 bytes (Open MPI, the"
                    + " MPI-5 standard ABI); this one's are " + mpi[9];
        }
        WORLD = mpi[5];
        SELF = mpi[6];
        TYPE = mpi[7];
        STATUSES_IGNORE = mpi[8];
        STATUS_AT = Arena.global().allocate(mpi[10], 64).address();
    }

    /**
     * @param window the most requests a window starts ({@link #start}'s index stays below
     *               it); 0 for the blocking pair only
     * @throws UnsupportedOperationException if this MPI's handles are not 8 bytes
     */
    FfmFloor(int window) {
        if (REFUSAL != null) {
            throw new UnsupportedOperationException(REFUSAL);
        }
        if (window > MAX_WINDOW) {
            throw new IllegalArgumentException("a window of at most " + MAX_WINDOW);
        }
    }

    /**
     * {@code MPI_Isend} ({@code send}) or {@code MPI_Irecv} of {@code bytes} at
     * {@code address}, its request the window's {@code index}th in native memory.
     */
    void start(boolean send, long address, int bytes, int peer, int tag, int index) {
        long request = REQUESTS_AT + 8L * index;
        int rc;
        try {
            rc = send ? (int) ISEND.invokeExact(address, bytes, TYPE, peer, tag, WORLD, request)
                    : (int) IRECV.invokeExact(address, bytes, TYPE, peer, tag, WORLD, request);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        check(rc, send ? "MPI_Isend" : "MPI_Irecv");
    }

    /** {@code MPI_Waitall} of the first {@code n} requests {@link #start} made. */
    void waitAll(int n) {
        int rc;
        try {
            rc = (int) WAITALL.invokeExact(n, REQUESTS_AT, STATUSES_IGNORE);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        check(rc, "MPI_Waitall");
    }

    /** As {@link #start}, on a direct buffer, the request returned as the backend returns it. */
    long startHandle(boolean send, ByteBuffer buf, int bytes, int peer, int tag) {
        long address = MemorySegment.ofBuffer(buf).address() - buf.position();
        int rc;
        try {
            rc = send ? (int) ISEND.invokeExact(address, bytes, TYPE, peer, tag, WORLD, SCRATCH_AT)
                    : (int) IRECV.invokeExact(address, bytes, TYPE, peer, tag, WORLD, SCRATCH_AT);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        check(rc, send ? "MPI_Isend" : "MPI_Irecv");
        return SCRATCH.get(JAVA_LONG, 0);
    }

    /** {@code MPI_Waitall} of {@code n} requests held in a {@code long[]}, copied in and out. */
    void waitAllHandles(long[] handles, int n) {
        MemorySegment.copy(handles, 0, REQUESTS, JAVA_LONG, 0, n);
        waitAll(n);
        MemorySegment.copy(REQUESTS, JAVA_LONG, 0, handles, 0, n);
    }

    /** {@code MPI_Send} of {@code bytes} at {@code address} to self on {@code MPI_COMM_SELF}. */
    void sendSelf(long address, int bytes, int tag) {
        int rc;
        try {
            rc = (int) SEND.invokeExact(address, bytes, TYPE, 0, tag, SELF);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        check(rc, "MPI_Send");
    }

    /** {@code MPI_Recv} of {@code bytes} into {@code address} from self, with a status. */
    void recvSelf(long address, int bytes, int tag) {
        int rc;
        try {
            rc = (int) RECV.invokeExact(address, bytes, TYPE, 0, tag, SELF, STATUS_AT);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
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
            throw new IllegalStateException(t);
        }
        check(rc, get ? "MPI_Get" : "MPI_Put");
        check(flushed, "MPI_Win_flush");
    }

    private static void check(int rc, String call) {
        if (rc != 0) {
            throw new IllegalStateException(call + " failed: MPI error " + rc);
        }
    }
}
