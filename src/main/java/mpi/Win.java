package mpi;

import static mpi.Backends.ENVIRONMENT;
import static mpi.Backends.ONE_SIDED;

import java.lang.annotation.Native;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A window for one-sided communication ({@code MPI_Win}), with Open MPI's signatures.
 *
 * <p><b>Creation.</b> {@link #Win(Buffer, int, int, Info, Comm)} exposes a direct buffer
 * ({@code MPI_Win_create}); {@link #Win(int, int, Info, Comm, Buffer, int)} lets MPI allocate
 * the memory ({@code MPI_Win_allocate}, or {@code MPI_Win_allocate_shared} for
 * {@link #FLAVOR_SHARED}), which {@link #getAllocatedBuffer()} reads and writes;
 * {@link #Win(Info, Comm)} creates a dynamic window ({@code MPI_Win_create_dynamic}) that
 * memory is {@link #attach attached} to. As in Open MPI, a constructor's {@code size} and
 * {@code dispUnit} count elements of the buffer's element type (a {@code ByteBuffer} gives
 * bytes). Windows return MPI errors as {@link MPIException}.
 *
 * <p><b>Operations.</b> {@code put}, {@code get}, {@code accumulate}, {@code getAccumulate},
 * {@code fetchAndOp} and {@code compareAndSwap} come in two forms. Open MPI's form takes direct
 * buffers and an {@code int} displacement; it costs one JNI call, with no copy and no
 * allocation. The extension form takes {@code Object} buffers (a direct buffer or a Java
 * primitive array of the datatype's element type) and a {@code long} displacement, which a
 * dynamic window needs (its displacements are absolute addresses, see
 * {@link MPI#getAddress}). A call with a direct buffer and an {@code int} displacement resolves
 * to Open MPI's form. Buffers are used from their base address, like the rest of the binding,
 * and must stay reachable and unchanged until the operation completes, as in C.
 *
 * <p><b>Java arrays</b> go through native staging memory (see {@code WinStaging}): an array
 * MPI reads is copied when the call is made, and may be changed right after it; an array MPI
 * writes (a get's origin, a fetching operation's result) receives its data when a
 * synchronization call completes the operation at the origin:
 * {@link #flush}, {@link #flushLocal} and {@link #unlock} for the operations aimed at their
 * rank; {@link #flushAll}, {@link #flushLocalAll}, {@link #unlockAll}, {@link #fence} and
 * {@link #complete} for all of them. (Local completion is enough: once a get has completed at
 * the origin its data is in the origin buffer, MPI 4.0 section 12.5.4.) Until then the array's
 * content is undefined, as a C buffer's is. {@link #waitFor}, {@link #test} and {@link #sync}
 * complete no operation of this process and copy nothing.
 *
 * <p>A window is used by one thread at a time, like an MPI window in a program of
 * {@code MPI_THREAD_SERIALIZED}.
 */
public final class Win implements Freeable {
    /** {@link #Win(int, int, Info, Comm, Buffer, int)}: {@code MPI_Win_allocate} (Open MPI's value). */
    public static final int FLAVOR_PRIVATE = 0;
    /** {@link #Win(int, int, Info, Comm, Buffer, int)}: {@code MPI_Win_allocate_shared} (Open MPI's value). */
    public static final int FLAVOR_SHARED = 1;

    /**
     * Open MPI's Java constant, 0 as there, kept for programs that name it: no window handle
     * reaches Java, so nothing compares equal to it (a freed window's calls throw).
     */
    public static final int WIN_NULL = 0;

    // Operations of nAccess, shared with the C side (javac -h copies them into mpi_Win.h).
    @Native
    static final int PUT = 0, GET = 1, ACCUMULATE = 2, GET_ACCUMULATE = 3, FETCH_AND_OP = 4,
            COMPARE_AND_SWAP = 5, R_PUT = 6, R_GET = 7, R_ACCUMULATE = 8, R_GET_ACCUMULATE = 9;

    /** The MPI_Win, or MPI.WIN_NULL_HANDLE once freed. */
    private long handle;
    /** The memory of a created window, kept reachable while the window exists. */
    private final Buffer base;
    /** The memory MPI allocated for this window, or null. */
    private final ByteBuffer allocated;
    /** The buffers attached to a dynamic window, kept reachable until detached. */
    private final List<Buffer> attached = new ArrayList<>();
    /** Staged arrays of operations not yet complete. */
    private final WinStaging staging = new WinStaging();
    /**
     * Every rank's window size in bytes, displacement unit and largest displacement (size /
     * unit, divided once here rather than at every operation: a 64-bit division costs more
     * than the rest of the check), by rank: triples; null for a dynamic window, whose
     * displacements are addresses ({@link #checkTarget}).
     */
    private long[] targets;

    /**
     * Creates a window over a direct buffer ({@code MPI_Win_create}).
     *
     * @param base     the window's memory: a direct buffer
     * @param size     the window's size, in elements of {@code base}
     * @param dispUnit the displacement unit, in elements of {@code base}
     * @param info     hints ({@link MPI#INFO_NULL} for none)
     * @param comm     the processes that share the window (collective over them)
     */
    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        MPI.check();
        int unit = directElementSize(base, "base");
        long bytes = checkSize(size, unit);
        if (bytes > (long) base.capacity() * unit) {
            throw new IndexOutOfBoundsException("window size of " + bytes
                    + " bytes exceeds the base buffer's capacity of "
                    + (long) base.capacity() * unit + " bytes");
        }
        int dispBytes = dispBytes(dispUnit, unit);
        handle = ONE_SIDED.winCreate(base, bytes, dispBytes, info(info), comm.handle);
        this.base = base;
        this.allocated = null;
        gatherTargets(comm, bytes, dispBytes);
    }

    /**
     * Creates a window of memory MPI allocates ({@code MPI_Win_allocate} for
     * {@link #FLAVOR_PRIVATE}, {@code MPI_Win_allocate_shared} for {@link #FLAVOR_SHARED}).
     * As Open MPI does, the address of the allocated memory is written into the first 8 bytes
     * (native order) of {@code base}; {@link #getAllocatedBuffer()} gives a buffer over it.
     *
     * @param size     the window's size, in elements of {@code base} (bytes if it is null)
     * @param dispUnit the displacement unit, in elements of {@code base} (bytes if it is null)
     * @param info     hints ({@link MPI#INFO_NULL} for none)
     * @param comm     the processes that share the window (collective over them)
     * @param base     a direct buffer of at least 8 bytes that receives the address, or null
     *                 (this binding's relaxation: Open MPI's requires one)
     * @param flavor   {@link #FLAVOR_PRIVATE} or {@link #FLAVOR_SHARED}
     */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor)
            throws MPIException {
        MPI.check();
        if (flavor != FLAVOR_PRIVATE && flavor != FLAVOR_SHARED) {
            throw new IllegalArgumentException("unknown window flavor " + flavor
                    + "; use Win.FLAVOR_PRIVATE or Win.FLAVOR_SHARED");
        }
        int unit = 1;
        if (base != null) {
            unit = directElementSize(base, "base");
            if ((long) base.capacity() * unit < Long.BYTES) {
                throw new IndexOutOfBoundsException("the base buffer receives the window's "
                        + "address and needs 8 bytes; it has " + (long) base.capacity() * unit);
            }
        }
        long bytes = checkSize(size, unit);
        long[] address = new long[1];
        int dispBytes = dispBytes(dispUnit, unit);
        handle = ONE_SIDED.winAllocate(bytes, dispBytes, info(info), comm.handle,
                flavor == FLAVOR_SHARED, base, address);
        this.base = null;
        ByteBuffer memory = bytes == 0 || address[0] == 0 ? ENVIRONMENT.newByteBuffer(0)
                : ONE_SIDED.winWrap(address[0], bytes);
        this.allocated = memory.order(ByteOrder.nativeOrder());
        gatherTargets(comm, bytes, dispBytes);
    }

    /**
     * Learns every rank's window size and displacement unit (one allgather on the window's
     * communicator, collective like the creation itself), so that an operation that would
     * run past the end of its target's window is refused at the origin
     * ({@link #checkTarget}): MPI leaves it undefined, and a shared-memory window copies
     * without checking, over whatever memory follows the target's window. If the gather
     * fails, the exception goes to the caller with the window still there: freeing it is
     * collective, and a rank where the gather failed cannot know whether the others will
     * free it too.
     */
    private void gatherTargets(Comm comm, long bytes, int dispBytes) throws MPIException {
        int n = comm.getSize();
        long[] all = new long[2 * n];
        comm.allGather(new long[] {bytes, dispBytes}, 2, MPI.LONG, all, 2, MPI.LONG);
        long[] triples = new long[3 * n];
        for (int r = 0; r < n; r++) {
            triples[3 * r] = all[2 * r];
            triples[3 * r + 1] = all[2 * r + 1];
            triples[3 * r + 2] = all[2 * r] / all[2 * r + 1];
        }
        targets = triples;
    }

    /**
     * Refuses a target range outside the target's window: a negative displacement, or
     * {@code targetCount} elements at {@code targetDisp} that run past its end. Ranks MPI
     * itself refuses (not in the window's group) and dynamic windows are left to MPI.
     */
    private void checkTarget(int targetRank, long targetDisp, int targetCount,
            Datatype targetType) {
        if (targets == null || targetRank < 0 || targetRank >= targets.length / 3
                || targetCount <= 0) {
            return;
        }
        if (targetType == null) {
            throw new NullPointerException("target datatype is null");
        }
        long size = targets[3 * targetRank];
        long unit = targets[3 * targetRank + 1];
        if (targetDisp < 0) {
            throw new IllegalArgumentException("target displacement is negative: " + targetDisp);
        }
        long bytes = (long) targetCount * targetType.getSize();
        if (targetDisp > targets[3 * targetRank + 2] || targetDisp * unit + bytes > size) {
            throw new IndexOutOfBoundsException(targetCount + " elements of " + targetType
                    + " at displacement " + targetDisp + " (unit " + unit + " bytes) run past"
                    + " the end of rank " + targetRank + "'s window of " + size + " bytes");
        }
    }

    /**
     * Creates a dynamic window ({@code MPI_Win_create_dynamic}): it has no memory until
     * {@link #attach} adds some, and its target displacements are absolute addresses at the
     * target ({@link MPI#getAddress} there, plus an offset), which need the {@code long}
     * displacement forms of the operations.
     *
     * @param info hints ({@link MPI#INFO_NULL} for none)
     * @param comm the processes that share the window (collective over them)
     */
    public Win(Info info, Comm comm) throws MPIException {
        MPI.check();
        handle = ONE_SIDED.winCreateDynamic(info(info), comm.handle);
        this.base = null;
        this.allocated = null;
    }

    /**
     * The memory MPI allocated for this window ({@link #FLAVOR_PRIVATE} or
     * {@link #FLAVOR_SHARED}: this process's segment), to read and fill it.
     *
     * <p><b>Extension</b>: Open MPI's Java bindings only write the memory's address into the
     * constructor's buffer, so a Java program cannot reach the memory with them. The returned
     * buffer must not be used after {@link #free()}: the memory is then MPI's again.
     *
     * @return a new direct buffer (native byte order, position 0, capacity the window's size in
     *         bytes) over the memory, or null for a created or dynamic window
     */
    public ByteBuffer getAllocatedBuffer() {
        return allocated == null ? null : allocated.duplicate().order(ByteOrder.nativeOrder());
    }

    /**
     * Attaches memory to a dynamic window ({@code MPI_Win_attach}). The buffer stays reachable
     * until it is detached or the window is freed.
     *
     * @param base a direct buffer
     * @param size the bytes to attach, in elements of {@code base}
     */
    public void attach(Buffer base, int size) throws MPIException {
        long win = live();
        int unit = directElementSize(base, "base");
        long bytes = checkSize(size, unit);
        if (bytes > (long) base.capacity() * unit) {
            throw new IndexOutOfBoundsException("attach size of " + bytes
                    + " bytes exceeds the buffer's capacity of " + (long) base.capacity() * unit
                    + " bytes");
        }
        ONE_SIDED.winAttach(win, base, bytes);
        attached.add(base);
    }

    /**
     * Detaches memory from a dynamic window ({@code MPI_Win_detach}).
     *
     * @param base a direct buffer attached before
     */
    public void detach(Buffer base) throws MPIException {
        long win = live();
        directElementSize(base, "base");
        ONE_SIDED.winDetach(win, base);
        for (int i = attached.size() - 1; i >= 0; i--) {
            if (attached.get(i) == base) {
                attached.remove(i);
                break;
            }
        }
    }

    /** @return the group of the processes that share the window ({@code MPI_Win_get_group}) */
    public Group getGroup() throws MPIException {
        return new Group(ONE_SIDED.winGetGroup(live()));
    }

    /**
     * Frees the window ({@code MPI_Win_free}, collective). Staging memory of array operations
     * still pending goes back to the pool, without copying anything back (MPI requires every
     * operation to be complete by now). No call on the window may follow.
     */
    public void free() throws MPIException {
        handle = ONE_SIDED.winFree(live());
        staging.abandon(0);
        staging.releaseIdle();
        attached.clear();
    }

    /**
     * Sets what MPI does when a call on this window fails ({@code MPI_Win_set_errhandler}):
     * {@link MPI#ERRORS_RETURN} (the binding's default) or {@link MPI#ERRORS_ARE_FATAL}.
     */
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        long win = live();
        if (errhandler == null) {
            throw new NullPointerException("errhandler is null");
        }
        ONE_SIDED.winSetErrhandler(win, errhandler.handle);
    }

    /** @return this window's error handler ({@code MPI_Win_get_errhandler}) */
    public Errhandler getErrhandler() throws MPIException {
        return Errhandler.of(ONE_SIDED.winGetErrhandler(live()));
    }

    /** Invokes this window's error handler with an error code ({@code MPI_Win_call_errhandler}). */
    public void callErrhandler(int errorCode) throws MPIException {
        ONE_SIDED.winCallErrhandler(live(), errorCode);
    }

    /**
     * Sets hints on this window ({@code MPI_Win_set_info}), collective over its group. MPI
     * keeps the hints it knows and may ignore the others.
     */
    public void setInfo(Info info) throws MPIException {
        long win = live();
        ONE_SIDED.winSetInfo(win, Comm.infoHandle(info));
    }

    /** @return the hints MPI uses on this window ({@code MPI_Win_get_info}): a new Info to free */
    public Info getInfo() throws MPIException {
        return new Info(ONE_SIDED.winGetInfo(live()));
    }

    /** Names the window ({@code MPI_Win_set_name}). */
    public void setName(String name) throws MPIException {
        long win = live();
        ONE_SIDED.winSetName(win, Comm.objectName(name));
    }

    /** @return the window's name ({@code MPI_Win_get_name}; "" if it has none) */
    public String getName() throws MPIException {
        return ONE_SIDED.winGetName(live());
    }

    // ---- operations: Open MPI's forms (direct buffers, int displacement) ----

    /** Writes to the target's window ({@code MPI_Put}); Open MPI's form. */
    public void put(Buffer origin, int orgCount, Datatype orgType, int targetRank,
            int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        put((Object) origin, orgCount, orgType, targetRank, (long) targetDisp, targetCount,
                targetType);
    }

    /** Reads from the target's window into {@code origin} ({@code MPI_Get}); Open MPI's form. */
    public void get(Buffer origin, int orgCount, Datatype orgType, int targetRank,
            int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        get((Object) origin, orgCount, orgType, targetRank, (long) targetDisp, targetCount,
                targetType);
    }

    /** Combines into the target's window ({@code MPI_Accumulate}); Open MPI's form. */
    public void accumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank,
            int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        accumulate((Object) origin, orgCount, orgType, targetRank, (long) targetDisp,
                targetCount, targetType, op);
    }

    /**
     * Fetches the target's data into {@code resultAddr} and combines the origin's into it
     * ({@code MPI_Get_accumulate}); Open MPI's form.
     */
    public void getAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr,
            int resultCount, Datatype resultType, int targetRank, int targetDisp,
            int targetCount, Datatype targetType, Op op) throws MPIException {
        getAccumulate((Object) origin, orgCount, orgType, (Object) resultAddr, resultCount,
                resultType, targetRank, (long) targetDisp, targetCount, targetType, op);
    }

    /** Fetches one element and combines into it ({@code MPI_Fetch_and_op}); Open MPI's form. */
    public void fetchAndOp(Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank,
            int targetDisp, Op op) throws MPIException {
        fetchAndOp((Object) origin, (Object) resultAddr, dataType, targetRank, (long) targetDisp,
                op);
    }

    /**
     * Fetches one element and replaces it with the origin's if it equals the compare value
     * ({@code MPI_Compare_and_swap}); Open MPI's form.
     */
    public void compareAndSwap(Buffer origin, Buffer compareAddr, Buffer resultAddr,
            Datatype dataType, int targetRank, int targetDisp) throws MPIException {
        compareAndSwap((Object) origin, (Object) compareAddr, (Object) resultAddr, dataType,
                targetRank, (long) targetDisp);
    }

    // ---- operations: the extension forms (arrays or direct buffers, long displacement) ----

    /**
     * {@code MPI_Put} of a direct buffer or a Java array (copied now), at a {@code long}
     * displacement. <b>Extension</b>: Open MPI's Java bindings take only a direct buffer and
     * an {@code int} displacement.
     */
    public void put(Object origin, int orgCount, Datatype orgType, int targetRank,
            long targetDisp, int targetCount, Datatype targetType) throws MPIException {
        transfer(PUT, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
    }

    /**
     * {@code MPI_Get} into a direct buffer or a Java array (filled when the operation
     * completes), at a {@code long} displacement. <b>Extension</b>: Open MPI's Java bindings
     * take only a direct buffer and an {@code int} displacement.
     */
    public void get(Object origin, int orgCount, Datatype orgType, int targetRank,
            long targetDisp, int targetCount, Datatype targetType) throws MPIException {
        transfer(GET, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
    }

    /**
     * {@code MPI_Accumulate} of a direct buffer or a Java array (copied now), at a
     * {@code long} displacement. <b>Extension</b>: Open MPI's Java bindings take only a direct
     * buffer and an {@code int} displacement.
     */
    public void accumulate(Object origin, int orgCount, Datatype orgType, int targetRank,
            long targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        access(ACCUMULATE, origin, orgCount, orgType, null, null, 0, orgType, targetRank,
                targetDisp, targetCount, targetType, op);
    }

    /**
     * {@code MPI_Get_accumulate} with direct buffers or Java arrays (the origin copied now, the
     * result filled when the operation completes), at a {@code long} displacement.
     * <b>Extension</b>: Open MPI's Java bindings take only direct buffers and an {@code int}
     * displacement.
     */
    public void getAccumulate(Object origin, int orgCount, Datatype orgType, Object result,
            int resultCount, Datatype resultType, int targetRank, long targetDisp,
            int targetCount, Datatype targetType, Op op) throws MPIException {
        access(GET_ACCUMULATE, origin, orgCount, orgType, null, result, resultCount, resultType,
                targetRank, targetDisp, targetCount, targetType, op);
    }

    /**
     * {@code MPI_Fetch_and_op} of one element with direct buffers or Java arrays (the origin
     * copied now, the result filled when the operation completes), at a {@code long}
     * displacement. <b>Extension</b>: Open MPI's Java bindings take only direct buffers and an
     * {@code int} displacement.
     */
    public void fetchAndOp(Object origin, Object result, Datatype type, int targetRank,
            long targetDisp, Op op) throws MPIException {
        access(FETCH_AND_OP, origin, 1, type, null, result, 1, type, targetRank, targetDisp, 1,
                type, op);
    }

    /**
     * {@code MPI_Compare_and_swap} of one element with direct buffers or Java arrays (origin
     * and compare value copied now, the result filled when the operation completes), at a
     * {@code long} displacement. <b>Extension</b>: Open MPI's Java bindings take only direct
     * buffers and an {@code int} displacement.
     */
    public void compareAndSwap(Object origin, Object compare, Object result, Datatype type,
            int targetRank, long targetDisp) throws MPIException {
        if (compare == null) {
            throw new NullPointerException("compare buffer is null");
        }
        access(COMPARE_AND_SWAP, origin, 1, type, compare, result, 1, type, targetRank,
                targetDisp, 1, type, null);
    }

    // ---- request-based operations (Open MPI's forms: direct buffers) ----

    /** {@code MPI_Rput}: a put completed by the returned request (or any completing sync). */
    public Request rPut(Buffer origin, int orgCount, Datatype orgType, int targetRank,
            int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        return new Request(access(R_PUT, origin, orgCount, orgType, null, null, 0, orgType,
                targetRank, targetDisp, targetCount, targetType, null), origin);
    }

    /** {@code MPI_Rget}: a get whose data is in {@code origin} once the request completes. */
    public Request rGet(Buffer origin, int orgCount, Datatype orgType, int targetRank,
            int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        return new Request(access(R_GET, null, 0, orgType, null, origin, orgCount, orgType,
                targetRank, targetDisp, targetCount, targetType, null), origin);
    }

    /** {@code MPI_Raccumulate}: an accumulate completed by the returned request. */
    public Request rAccumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank,
            int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        return new Request(access(R_ACCUMULATE, origin, orgCount, orgType, null, null, 0,
                orgType, targetRank, targetDisp, targetCount, targetType, op), origin);
    }

    /** {@code MPI_Rget_accumulate}: the result is in {@code resultAddr} once the request completes. */
    public Request rGetAccumulate(Buffer origin, int orgCount, Datatype orgType,
            Buffer resultAddr, int resultCount, Datatype resultType, int targetRank,
            int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        long request = access(R_GET_ACCUMULATE, origin, orgCount, orgType, null, resultAddr,
                resultCount, resultType, targetRank, targetDisp, targetCount, targetType, op);
        return new Request(request, new Buffer[] {origin, resultAddr});
    }

    // ---- synchronization ----

    /** Starts a passive-target access epoch at {@code rank} ({@code MPI_Win_lock}). */
    public void lock(int lockType, int rank, int assertion) throws MPIException {
        ONE_SIDED.winSync(LOCK, live(), rank, lockType, assertion);
    }

    /** Ends the epoch at {@code rank}, completing its operations ({@code MPI_Win_unlock}). */
    public void unlock(int rank) throws MPIException {
        ONE_SIDED.winSync(UNLOCK, live(), rank, 0, 0);
        staging.settle(rank);
    }

    /** Starts a passive-target access epoch at every process ({@code MPI_Win_lock_all}). */
    public void lockAll(int assertion) throws MPIException {
        ONE_SIDED.winSync(LOCK_ALL, live(), 0, 0, assertion);
    }

    /** Ends the epoch at every process, completing all operations ({@code MPI_Win_unlock_all}). */
    public void unlockAll() throws MPIException {
        ONE_SIDED.winSync(UNLOCK_ALL, live(), 0, 0, 0);
        staging.settleAll();
    }

    /** Completes the operations aimed at {@code targetRank}, at both ends ({@code MPI_Win_flush}). */
    public void flush(int targetRank) throws MPIException {
        ONE_SIDED.winSync(FLUSH, live(), targetRank, 0, 0);
        staging.settle(targetRank);
    }

    /** Completes all operations, at both ends ({@code MPI_Win_flush_all}). */
    public void flushAll() throws MPIException {
        ONE_SIDED.winSync(FLUSH_ALL, live(), 0, 0, 0);
        staging.settleAll();
    }

    /**
     * Completes the operations aimed at {@code targetRank} at the origin
     * ({@code MPI_Win_flush_local}): their buffers may be reused, and gets' data has arrived.
     */
    public void flushLocal(int targetRank) throws MPIException {
        ONE_SIDED.winSync(FLUSH_LOCAL, live(), targetRank, 0, 0);
        staging.settle(targetRank);
    }

    /** Completes all operations at the origin ({@code MPI_Win_flush_local_all}). */
    public void flushLocalAll() throws MPIException {
        ONE_SIDED.winSync(FLUSH_LOCAL_ALL, live(), 0, 0, 0);
        staging.settleAll();
    }

    /** Synchronizes the public and private copies of the window ({@code MPI_Win_sync}). */
    public void sync() throws MPIException {
        ONE_SIDED.winSync(SYNC, live(), 0, 0, 0);
    }

    /**
     * Active-target synchronization of all processes of the window ({@code MPI_Win_fence},
     * collective): completes the operations of the epoch it ends.
     */
    public void fence(int assertion) throws MPIException {
        ONE_SIDED.winSync(FENCE, live(), 0, 0, assertion);
        staging.settleAll();
    }

    /** Starts an access epoch to the processes of {@code group} ({@code MPI_Win_start}). */
    public void start(Group group, int assertion) throws MPIException {
        ONE_SIDED.winGroupSync(START, live(), group.live(), assertion);
    }

    /** Ends the access epoch of {@link #start}, completing its operations ({@code MPI_Win_complete}). */
    public void complete() throws MPIException {
        ONE_SIDED.winSync(COMPLETE, live(), 0, 0, 0);
        staging.settleAll();
    }

    /** Starts an exposure epoch to the processes of {@code group} ({@code MPI_Win_post}). */
    public void post(Group group, int assertion) throws MPIException {
        ONE_SIDED.winGroupSync(POST, live(), group.live(), assertion);
    }

    /** Waits for the end of the exposure epoch of {@link #post} ({@code MPI_Win_wait}). */
    public void waitFor() throws MPIException {
        ONE_SIDED.winSync(WAIT, live(), 0, 0, 0);
    }

    /** @return whether the exposure epoch of {@link #post} has ended ({@code MPI_Win_test}) */
    public boolean test() throws MPIException {
        return ONE_SIDED.winSync(TEST, live(), 0, 0, 0) != 0;
    }

    // ---- the one path of every operation ----

    /** Staging and the target's bounds in one-sided calls count whole elements: no gaps. */
    private static void refuseDerived(Datatype t) {
        if (t != null && t.isDerived()) {
            throw new IllegalArgumentException("derived datatype " + t + " in a one-sided"
                    + " call: not supported by this binding");
        }
    }

    /**
     * Checks the arguments, stages arrays, and starts the operation with one native call.
     *
     * @param in      the buffer MPI reads (origin), or null
     * @param compare the compare buffer of compare-and-swap, or null
     * @param out     the buffer MPI writes (a get's origin, a result), or null
     * @return the request of the request-based kinds, else 0
     */
    private long access(int kind, Object in, int inCount, Datatype inType, Object compare,
            Object out, int outCount, Datatype outType, int targetRank, long targetDisp,
            int targetCount, Datatype targetType, Op op) throws MPIException {
        long win = live();
        // One at a time: an array of the three would be an allocation per call.
        refuseDerived(inType);
        refuseDerived(outType);
        refuseDerived(targetType);
        boolean inArray = in != null && BufferArgs.isArray(in, inCount, inType);
        boolean compareArray = compare != null && BufferArgs.isArray(compare, 1, inType);
        boolean outArray = out != null && BufferArgs.isArray(out, outCount, outType);
        if (in == null && kind != GET && kind != R_GET) {
            throw new NullPointerException("origin buffer is null");
        }
        if (out == null && kind != PUT && kind != ACCUMULATE && kind != R_PUT
                && kind != R_ACCUMULATE) {
            throw new NullPointerException(kind == GET || kind == R_GET ? "origin buffer is null"
                    : "result buffer is null");
        }
        if (kind != COMPARE_AND_SWAP && op == null
                && (kind == ACCUMULATE || kind == R_ACCUMULATE || kind == GET_ACCUMULATE
                        || kind == R_GET_ACCUMULATE || kind == FETCH_AND_OP)) {
            throw new NullPointerException("op is null");
        }
        Datatype originType = in != null ? inType : outType;
        if (targetType != originType && kind != GET_ACCUMULATE && kind != R_GET_ACCUMULATE) {
            throw differentTypes(originType, targetType);
        }
        checkTarget(targetRank, targetDisp, targetCount, targetType);
        if (op != null && targetType != null && !op.reduces(targetType)) {
            throw new IllegalArgumentException(op + " is not defined on " + targetType);
        }
        if (!inArray && !compareArray && !outArray) {
            return ONE_SIDED.winAccess(kind, win, in, inCount, inType.handle, compare, out, outCount,
                    outType.handle, targetRank, targetDisp, targetCount, targetType.handle,
                    op == null ? 0 : op.handle);
        }
        int mark = staging.mark();
        try {
            Object inArg = inArray ? staging.stageIn(in, inCount * inType.getSize(), targetRank)
                    : in;
            Object compareArg = compareArray
                    ? staging.stageIn(compare, inType.getSize(), targetRank) : compare;
            Object outArg = outArray
                    ? staging.stageOut(out, outCount * outType.getSize(), targetRank) : out;
            long request = ONE_SIDED.winAccess(kind, win, inArg, inCount, inType.handle, compareArg, outArg,
                    outCount, outType.handle, targetRank, targetDisp, targetCount,
                    targetType.handle, op == null ? 0 : op.handle);
            if (targetRank == MPI.PROC_NULL) {
                staging.abandon(mark); // MPI neither reads nor writes anything
            }
            return request;
        } catch (RuntimeException | Error e) {
            staging.abandon(mark);
            throw e;
        }
    }

    /**
     * {@code MPI_Put} or {@code MPI_Get} of one origin buffer: {@link #access}'s checks in its
     * order, and a direct buffer's call, in a method small enough for the JIT to inline into
     * the caller's loop, where the operation's kind folds away; {@link #access} itself, which
     * serves every operation, is not inlined (on the FFM backend that call and its checks were
     * about 2 ns of an epoch's 12 over C). Arrays go through {@link #staged}.
     */
    private void transfer(int kind, Object origin, int count, Datatype type, int targetRank,
            long targetDisp, int targetCount, Datatype targetType) throws MPIException {
        boolean put = kind == PUT;
        long win = live();
        refuseDerived(type);
        refuseDerived(targetType);
        if (origin == null) {
            throw new NullPointerException("origin buffer is null");
        }
        boolean array = BufferArgs.isArray(origin, count, type);
        if (targetType != type) {
            throw differentTypes(type, targetType);
        }
        checkTarget(targetRank, targetDisp, targetCount, targetType);
        if (array) {
            staged(kind, win, origin, count, type, targetRank, targetDisp, targetCount,
                    targetType);
            return;
        }
        ONE_SIDED.winAccess(kind, win, put ? origin : null, put ? count : 0, type.handle, null,
                put ? null : origin, put ? 0 : count, type.handle, targetRank, targetDisp,
                targetCount, targetType.handle, 0);
    }

    /** {@link #transfer} of an array, through this window's staging memory. */
    private void staged(int kind, long win, Object array, int count, Datatype type,
            int targetRank, long targetDisp, int targetCount, Datatype targetType)
            throws MPIException {
        boolean put = kind == PUT;
        int bytes = count * type.getSize();
        int mark = staging.mark();
        try {
            ByteBuffer copy = put ? staging.stageIn(array, bytes, targetRank)
                    : staging.stageOut(array, bytes, targetRank);
            ONE_SIDED.winAccess(kind, win, put ? copy : null, put ? count : 0, type.handle, null,
                    put ? null : copy, put ? 0 : count, type.handle, targetRank, targetDisp,
                    targetCount, targetType.handle, 0);
            if (targetRank == MPI.PROC_NULL) {
                staging.abandon(mark); // MPI neither reads nor writes anything
            }
        } catch (RuntimeException | Error e) {
            staging.abandon(mark);
            throw e;
        }
    }

    private static IllegalArgumentException differentTypes(Datatype origin, Datatype target) {
        return new IllegalArgumentException("origin datatype " + origin + " and target datatype "
                + target + " differ");
    }

    /** The handle of a window that may be used: MPI is running and the window not freed. */
    private long live() {
        MPI.check();
        if (handle == MPI.WIN_NULL_HANDLE) {
            throw new IllegalStateException("the window is freed");
        }
        return handle;
    }

    private static long info(Info info) {
        if (info == null) {
            throw new NullPointerException("info is null; pass MPI.INFO_NULL for no hints");
        }
        return info.handle();
    }

    /** @return the element size of a direct buffer, which must not be null or a heap buffer */
    private static int directElementSize(Buffer buf, String what) {
        if (buf == null) {
            throw new NullPointerException(what + " buffer is null");
        }
        if (!buf.isDirect()) {
            throw new IllegalArgumentException("the " + what + " buffer must be direct");
        }
        return BufferArgs.elementSize(buf);
    }

    private static long checkSize(int size, int unit) {
        if (size < 0) {
            throw new IllegalArgumentException("size is negative: " + size);
        }
        return (long) size * unit;
    }

    private static int dispBytes(int dispUnit, int unit) {
        if (dispUnit <= 0) {
            throw new IllegalArgumentException("displacement unit must be positive: " + dispUnit);
        }
        return Math.multiplyExact(dispUnit, unit);
    }

    // Calls of nSync and nGroupSync, shared with the C side (mpi_Win.h).
    @Native
    static final int LOCK = 0, UNLOCK = 1, LOCK_ALL = 2, UNLOCK_ALL = 3, FLUSH = 4,
            FLUSH_ALL = 5, FLUSH_LOCAL = 6, FLUSH_LOCAL_ALL = 7, SYNC = 8, FENCE = 9,
            COMPLETE = 10, WAIT = 11, TEST = 12, START = 13, POST = 14;

}
