package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.HANDLE;
import static mpi.FfmSupport.POINTER;
import static mpi.FfmSupport.check;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The FFM backend's calls of {@link Win}: windows, one-sided operations and their
 * synchronization (the JNI library's {@code mpi_Win.c}, in Java).
 *
 * <p>Operations ({@code MPI_Put}, {@code MPI_Get}, the accumulates, fetch-and-op,
 * compare-and-swap and the request-based forms) only start a transfer and never wait for
 * another process, and {@link Win} hands them native memory only (a direct buffer, or the
 * staging memory of an array): they are critical downcalls, which spare the thread-state
 * transition of a plain one. Everything else (creation, free, fence, lock, flush,
 * post/start/complete/wait, which are collective or wait for other processes) is a plain
 * downcall, so that the JVM's other threads and its garbage collector never wait for them.
 */
final class FfmOneSided implements Seam.OneSided {
    private static final FunctionDescriptor INT_HANDLE = FunctionDescriptor.of(JAVA_INT, HANDLE);
    private static final FunctionDescriptor INT_INT_HANDLE = FunctionDescriptor.of(JAVA_INT,
            JAVA_INT, HANDLE);
    private static final FunctionDescriptor GROUP_SYNC = FunctionDescriptor.of(JAVA_INT,
            HANDLE, JAVA_INT, HANDLE);

    // ---- creation and free (collective: plain downcalls) ----
    private static final MethodHandle CREATE = FfmLibrary.downcall("MPI_Win_create",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_LONG, JAVA_INT, HANDLE, HANDLE,
                    POINTER));
    private static final FunctionDescriptor ALLOCATE_FD = FunctionDescriptor.of(JAVA_INT,
            JAVA_LONG, JAVA_INT, HANDLE, HANDLE, POINTER, POINTER);
    private static final MethodHandle ALLOCATE = FfmLibrary.downcall("MPI_Win_allocate",
            ALLOCATE_FD);
    private static final MethodHandle ALLOCATE_SHARED = FfmLibrary.downcall(
            "MPI_Win_allocate_shared", ALLOCATE_FD);
    private static final MethodHandle CREATE_DYNAMIC = FfmLibrary.downcall(
            "MPI_Win_create_dynamic", FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE, POINTER));
    private static final MethodHandle SET_INFO = FfmLibrary.downcall("MPI_Win_set_info",
            FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE));
    private static final MethodHandle GET_INFO = FfmLibrary.downcall("MPI_Win_get_info",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER));
    private static final MethodHandle SET_NAME = FfmLibrary.downcall("MPI_Win_set_name",
            FunctionDescriptor.of(JAVA_INT, HANDLE, java.lang.foreign.ValueLayout.ADDRESS));
    private static final MethodHandle GET_NAME = FfmLibrary.downcall("MPI_Win_get_name",
            FunctionDescriptor.of(JAVA_INT, HANDLE, java.lang.foreign.ValueLayout.ADDRESS,
                    java.lang.foreign.ValueLayout.ADDRESS));
    private static final MethodHandle GET_ERRHANDLER = FfmLibrary.critical(
            "MPI_Win_get_errhandler", FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER));
    private static final MethodHandle CALL_ERRHANDLER = FfmLibrary.downcall(
            "MPI_Win_call_errhandler", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT));
    private static final MethodHandle SET_ERRHANDLER = FfmLibrary.downcall(
            "MPI_Win_set_errhandler", FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE));
    private static final MethodHandle FREE = FfmLibrary.downcall("MPI_Win_free",
            FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final MethodHandle ATTACH = FfmLibrary.downcall("MPI_Win_attach",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER, JAVA_LONG));
    private static final MethodHandle DETACH = FfmLibrary.downcall("MPI_Win_detach",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER));
    private static final MethodHandle GET_GROUP = FfmLibrary.downcall("MPI_Win_get_group",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER));

    // ---- operations (start a transfer, never wait: critical downcalls) ----
    /** origin, count, type, target rank, displacement, target count, target type. */
    private static final MemoryLayout[] TRANSFER = {POINTER, JAVA_INT, HANDLE, JAVA_INT,
        JAVA_LONG, JAVA_INT, HANDLE};
    private static final MethodHandle PUT = FfmLibrary.critical("MPI_Put",
            FunctionDescriptor.of(JAVA_INT, TRANSFER).appendArgumentLayouts(HANDLE));
    private static final MethodHandle GET = FfmLibrary.critical("MPI_Get",
            FunctionDescriptor.of(JAVA_INT, TRANSFER).appendArgumentLayouts(HANDLE));
    private static final MethodHandle ACCUMULATE = FfmLibrary.critical("MPI_Accumulate",
            FunctionDescriptor.of(JAVA_INT, TRANSFER).appendArgumentLayouts(HANDLE, HANDLE));
    private static final FunctionDescriptor GET_ACCUMULATE_FD = FunctionDescriptor.of(JAVA_INT,
            POINTER, JAVA_INT, HANDLE, POINTER, JAVA_INT, HANDLE, JAVA_INT, JAVA_LONG,
            JAVA_INT, HANDLE, HANDLE, HANDLE);
    private static final MethodHandle GET_ACCUMULATE = FfmLibrary.critical(
            "MPI_Get_accumulate", GET_ACCUMULATE_FD);
    private static final MethodHandle FETCH_AND_OP = FfmLibrary.critical("MPI_Fetch_and_op",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER, HANDLE, JAVA_INT, JAVA_LONG,
                    HANDLE, HANDLE));
    private static final MethodHandle COMPARE_AND_SWAP = FfmLibrary.critical(
            "MPI_Compare_and_swap", FunctionDescriptor.of(JAVA_INT, POINTER, POINTER, POINTER,
                    HANDLE, JAVA_INT, JAVA_LONG, HANDLE));
    private static final MethodHandle R_PUT = FfmLibrary.critical("MPI_Rput",
            FunctionDescriptor.of(JAVA_INT, TRANSFER).appendArgumentLayouts(HANDLE, POINTER));
    private static final MethodHandle R_GET = FfmLibrary.critical("MPI_Rget",
            FunctionDescriptor.of(JAVA_INT, TRANSFER).appendArgumentLayouts(HANDLE, POINTER));
    private static final MethodHandle R_ACCUMULATE = FfmLibrary.critical("MPI_Raccumulate",
            FunctionDescriptor.of(JAVA_INT, TRANSFER).appendArgumentLayouts(HANDLE, HANDLE,
                    POINTER));
    private static final MethodHandle R_GET_ACCUMULATE = FfmLibrary.critical(
            "MPI_Rget_accumulate", GET_ACCUMULATE_FD.appendArgumentLayouts(POINTER));

    // ---- synchronization (waits for other processes: plain downcalls) ----
    private static final MethodHandle LOCK = FfmLibrary.downcall("MPI_Win_lock",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, HANDLE));
    private static final MethodHandle UNLOCK = FfmLibrary.downcall("MPI_Win_unlock",
            INT_INT_HANDLE);
    private static final MethodHandle LOCK_ALL = FfmLibrary.downcall("MPI_Win_lock_all",
            INT_INT_HANDLE);
    private static final MethodHandle UNLOCK_ALL = FfmLibrary.downcall("MPI_Win_unlock_all",
            INT_HANDLE);
    private static final MethodHandle FLUSH = FfmLibrary.downcall("MPI_Win_flush",
            INT_INT_HANDLE);
    private static final MethodHandle FLUSH_ALL = FfmLibrary.downcall("MPI_Win_flush_all",
            INT_HANDLE);
    private static final MethodHandle FLUSH_LOCAL = FfmLibrary.downcall("MPI_Win_flush_local",
            INT_INT_HANDLE);
    private static final MethodHandle FLUSH_LOCAL_ALL = FfmLibrary.downcall(
            "MPI_Win_flush_local_all", INT_HANDLE);
    private static final MethodHandle SYNC = FfmLibrary.downcall("MPI_Win_sync", INT_HANDLE);
    private static final MethodHandle FENCE = FfmLibrary.downcall("MPI_Win_fence",
            INT_INT_HANDLE);
    private static final MethodHandle COMPLETE = FfmLibrary.downcall("MPI_Win_complete",
            INT_HANDLE);
    private static final MethodHandle WAIT = FfmLibrary.downcall("MPI_Win_wait", INT_HANDLE);
    private static final MethodHandle TEST = FfmLibrary.downcall("MPI_Win_test",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER));
    private static final MethodHandle START = FfmLibrary.downcall("MPI_Win_start", GROUP_SYNC);
    private static final MethodHandle POST = FfmLibrary.downcall("MPI_Win_post", GROUP_SYNC);

    /** The address word written into a buffer of {@link #winAllocate}, at any alignment. */
    private static final ValueLayout.OfLong JAVA_LONG_UNALIGNED = JAVA_LONG.withByteAlignment(1);

    private static final long WIN_NULL = FfmLibrary.ABI.constant("WIN_NULL");
    private static final long GROUP_NULL = FfmLibrary.ABI.constant("GROUP_NULL");
    private static final long REQUEST_NULL = FfmLibrary.ABI.constant("REQUEST_NULL");

    FfmOneSided() {
    }

    @Override
    public void winSetName(long win, String name) throws MPIException {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            check((int) SET_NAME.invokeExact(win, arena.allocateFrom(name)));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String winGetName(long win) throws MPIException {
        try {
            return FfmCommunicators.objectName(GET_NAME, win);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void winSetErrhandler(long win, long errhandler) throws MPIException {
        try {
            check((int) SET_ERRHANDLER.invokeExact(win, errhandler));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long winGetErrhandler(long win) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) GET_ERRHANDLER.invokeExact(win, out.address()));
            return FfmCommunicators.releasedErrhandler(out.get(JAVA_LONG, 0));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void winCallErrhandler(long win, int errorCode) throws MPIException {
        try {
            check((int) CALL_ERRHANDLER.invokeExact(win, errorCode));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * A window MPI has just created (return code {@code rc}, handle in the scratch's first 8
     * bytes) returns errors rather than aborting (the default handler of windows is
     * MPI_ERRORS_ARE_FATAL). On failure the window is freed and the error thrown.
     */
    private static long newWindow(int rc, MemorySegment out) throws Throwable {
        long win = rc == 0 ? out.get(JAVA_LONG, 0) : WIN_NULL;
        if (rc == 0) {
            rc = (int) SET_ERRHANDLER.invokeExact(win, FfmLibrary.ABI.constant("ERRORS_RETURN"));
            if (rc != 0) {
                int ignored = (int) FREE.invokeExact(out.address());
            }
        }
        check(rc);
        return win;
    }

    @Override
    public long winCreate(Buffer base, long bytes, int dispUnit, long info,
            long comm) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            out.set(JAVA_LONG, 0, WIN_NULL);
            int rc = (int) CREATE.invokeExact(FfmSupport.address(base), bytes, dispUnit, info, comm,
                    out.address());
            return newWindow(rc, out);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long winAllocate(long bytes, int dispUnit, long info, long comm, boolean shared,
            Buffer base, long[] address) throws MPIException {
        try {
            long at = FfmSupport.address(base);
            MemorySegment out = FfmSupport.scratch();
            out.set(JAVA_LONG, 0, WIN_NULL); // the window
            out.set(JAVA_LONG, 8, 0L);       // the memory's address
            int rc = shared
                    ? (int) ALLOCATE_SHARED.invokeExact(bytes, dispUnit, info, comm,
                            out.address() + 8, out.address())
                    : (int) ALLOCATE.invokeExact(bytes, dispUnit, info, comm, out.address() + 8,
                            out.address());
            long memory = out.get(JAVA_LONG, 8);
            long win = newWindow(rc, out);
            if (at != 0) {
                // As Open MPI's binding: the address in the buffer's first bytes (Java checked 8).
                FfmSupport.at(at, Long.BYTES).set(JAVA_LONG_UNALIGNED, 0, memory);
            }
            address[0] = memory;
            return win;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public ByteBuffer winWrap(long address, long bytes) {
        try {
            return FfmSupport.at(address, bytes).asByteBuffer();
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long winCreateDynamic(long info, long comm) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            out.set(JAVA_LONG, 0, WIN_NULL);
            return newWindow((int) CREATE_DYNAMIC.invokeExact(info, comm, out.address()), out);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void winAttach(long win, Buffer base, long bytes) throws MPIException {
        try {
            check((int) ATTACH.invokeExact(win, FfmSupport.address(base), bytes));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void winDetach(long win, Buffer base) throws MPIException {
        try {
            check((int) DETACH.invokeExact(win, FfmSupport.address(base)));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long winGetGroup(long win) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            out.set(JAVA_LONG, 0, GROUP_NULL);
            check((int) GET_GROUP.invokeExact(win, out.address()));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long winFree(long win) throws MPIException {
        try {
            MemorySegment w = FfmSupport.scratch();
            w.set(JAVA_LONG, 0, win);
            int rc = (int) FREE.invokeExact(w.address());
            if (rc != 0) {
                throw FfmSupport.exception(rc);
            }
            return w.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * Starts one operation. {@link Win} has checked every argument, and its buffers are direct
     * buffers or its staging memory (never a Java array), or null where MPI ignores them.
     *
     * @return the request of the request-based kinds, else MPI_REQUEST_NULL
     */
    @Override
    public long winAccess(int kind, long win, Object in, int inCount, long inType, Object compare,
            Object out, int outCount, long outType, int targetRank, long targetDisp,
            int targetCount, long targetType, long op) throws MPIException {
        try {
            long i = FfmSupport.address((Buffer) in);
            long o = FfmSupport.address((Buffer) out);
            int rc;
            switch (kind) {
                case Win.PUT:
                    rc = (int) PUT.invokeExact(i, inCount, inType, targetRank, targetDisp,
                            targetCount, targetType, win);
                    break;
                case Win.GET:
                    rc = (int) GET.invokeExact(o, outCount, outType, targetRank, targetDisp,
                            targetCount, targetType, win);
                    break;
                case Win.ACCUMULATE:
                    rc = (int) ACCUMULATE.invokeExact(i, inCount, inType, targetRank, targetDisp,
                            targetCount, targetType, op, win);
                    break;
                case Win.GET_ACCUMULATE:
                    rc = (int) GET_ACCUMULATE.invokeExact(i, inCount, inType, o, outCount, outType,
                            targetRank, targetDisp, targetCount, targetType, op, win);
                    break;
                case Win.FETCH_AND_OP:
                    rc = (int) FETCH_AND_OP.invokeExact(i, o, inType, targetRank, targetDisp, op,
                            win);
                    break;
                case Win.COMPARE_AND_SWAP:
                    rc = (int) COMPARE_AND_SWAP.invokeExact(i, FfmSupport.address((Buffer) compare),
                            o, inType, targetRank, targetDisp, win);
                    break;
                default:
                    return requestAccess(kind, win, i, inCount, inType, o, outCount, outType,
                            targetRank, targetDisp, targetCount, targetType, op);
            }
            check(rc);
            return REQUEST_NULL;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** The request-based operations of {@link #winAccess}: the request comes back in scratch. */
    private static long requestAccess(int kind, long win, long i, int inCount, long inType,
            long o, int outCount, long outType, int targetRank, long targetDisp,
            int targetCount, long targetType, long op) throws Throwable {
        MemorySegment request = FfmSupport.scratch();
        request.set(JAVA_LONG, 0, REQUEST_NULL);
        long r = request.address();
        int rc;
        switch (kind) {
            case Win.R_PUT:
                rc = (int) R_PUT.invokeExact(i, inCount, inType, targetRank, targetDisp,
                        targetCount, targetType, win, r);
                break;
            case Win.R_GET:
                rc = (int) R_GET.invokeExact(o, outCount, outType, targetRank, targetDisp,
                        targetCount, targetType, win, r);
                break;
            case Win.R_ACCUMULATE:
                rc = (int) R_ACCUMULATE.invokeExact(i, inCount, inType, targetRank, targetDisp,
                        targetCount, targetType, op, win, r);
                break;
            case Win.R_GET_ACCUMULATE:
                rc = (int) R_GET_ACCUMULATE.invokeExact(i, inCount, inType, o, outCount,
                        outType, targetRank, targetDisp, targetCount, targetType, op, win, r);
                break;
            default:
                throw new IllegalArgumentException("unknown one-sided operation " + kind);
        }
        check(rc);
        return request.get(JAVA_LONG, 0);
    }

    /** @return MPI_Win_test's flag for {@link Win#TEST}, else 0 */
    @Override
    public int winSync(int call, long win, int rank, int lockType,
            int assertion) throws MPIException {
        try {
            int rc;
            switch (call) {
                case Win.LOCK: rc = (int) LOCK.invokeExact(lockType, rank, assertion, win); break;
                case Win.UNLOCK: rc = (int) UNLOCK.invokeExact(rank, win); break;
                case Win.LOCK_ALL: rc = (int) LOCK_ALL.invokeExact(assertion, win); break;
                case Win.UNLOCK_ALL: rc = (int) UNLOCK_ALL.invokeExact(win); break;
                case Win.FLUSH: rc = (int) FLUSH.invokeExact(rank, win); break;
                case Win.FLUSH_ALL: rc = (int) FLUSH_ALL.invokeExact(win); break;
                case Win.FLUSH_LOCAL: rc = (int) FLUSH_LOCAL.invokeExact(rank, win); break;
                case Win.FLUSH_LOCAL_ALL: rc = (int) FLUSH_LOCAL_ALL.invokeExact(win); break;
                case Win.SYNC: rc = (int) SYNC.invokeExact(win); break;
                case Win.FENCE: rc = (int) FENCE.invokeExact(assertion, win); break;
                case Win.COMPLETE: rc = (int) COMPLETE.invokeExact(win); break;
                case Win.WAIT: rc = (int) WAIT.invokeExact(win); break;
                case Win.TEST: {
                    MemorySegment flag = FfmSupport.scratch();
                    flag.set(JAVA_INT, 0, 0);
                    check((int) TEST.invokeExact(win, flag.address()));
                    return flag.get(JAVA_INT, 0);
                }
                default: throw new IllegalArgumentException("unknown window synchronization " + call);
            }
            check(rc);
            return 0;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void winGroupSync(int call, long win, long group, int assertion) throws MPIException {
        try {
            int rc;
            switch (call) {
                case Win.START: rc = (int) START.invokeExact(group, assertion, win); break;
                case Win.POST: rc = (int) POST.invokeExact(group, assertion, win); break;
                default: throw new IllegalArgumentException("unknown window synchronization " + call);
            }
            check(rc);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void winSetInfo(long win, long info) throws MPIException {
        try {
            check((int) SET_INFO.invokeExact(win, info));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long winGetInfo(long win) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) GET_INFO.invokeExact(win, out.address()));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }
}
