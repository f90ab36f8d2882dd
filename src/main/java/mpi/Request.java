package mpi;

import static mpi.Backends.POINT_TO_POINT;

import java.lang.annotation.Native;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A non-blocking operation in progress. The request keeps the buffers of its call reachable
 * until it completes: a direct buffer that MPI reads or writes, or, for a Java array, the
 * staging memory the data travels through. A receive into an array is copied into the array
 * when the request completes ({@link #waitFor}, {@link #test}, {@link #waitAll}).
 */
public class Request implements Freeable {
    /** The MPI_Request, or MPI.REQUEST_NULL_HANDLE once complete. */
    long handle;
    private Object buffer;        // the caller's buffer, reachable until completion
    private ByteBuffer staging;   // native copy of an array's data, or null
    private int receivedBytes;    // >= 0: a staged receive of that many bytes; SEND: a send
    private Staged staged;        // a non-blocking collective's staged arrays, or null

    /**
     * A small staging buffer (at most {@link StagingPool#OWN_BUFFER_MAX_BYTES}, a call's own)
     * that this request's last staged call used, kept idle for its next one when the caller
     * reuses the request ({@link #spareFor}): a window of reused requests then stages with no
     * pool at all. Only a request handed back at least once ({@link #reused}) keeps one, so
     * that Open MPI's API (a new request per call) leaves none behind.
     */
    private ByteBuffer spare;
    /** Whether the caller has handed this request back for another call. */
    private boolean reused;

    /** Freed requests whose staged send may still be reading its staging memory. */
    private static final List<Object> ORPHANED = new ArrayList<>();

    /** Per-thread state of {@link #waitAll}, see {@link WaitAllScratch}. */
    private static final ThreadLocal<WaitAllScratch> WAIT_ALL =
            ThreadLocal.withInitial(WaitAllScratch::new);

    /**
     * A thread's scratch for {@link #waitAll}: the handles (one array call across JNI instead
     * of a field read and write per request, and no allocation per call) and the number of
     * the thread's waitAll calls, which marks the requests of the current call, to find one
     * that is twice in its array. Per thread, so that no thread ever writes what another
     * reads: two threads' calls never share a mark.
     */
    private static final class WaitAllScratch {
        long[] handles = new long[64];
        long calls;

        long[] handles(int n) {
            if (handles.length < n) {
                handles = new long[n];
            }
            return handles;
        }
    }

    Request(long handle, Object buffer) {
        this.handle = handle;
        this.buffer = buffer;
    }

    Request(long handle, Staged staged) {
        this.handle = handle;
        this.staged = staged;
    }

    /** {@code receivedBytes} of a staged send. */
    static final int SEND = -1;

    /**
     * A staged call on an array: a receive of {@code receivedBytes} bytes, copied into the
     * array when it completes, or a send ({@link #SEND}).
     */
    Request(long handle, Object array, ByteBuffer staging, int receivedBytes) {
        this.handle = handle;
        this.buffer = array;
        this.staging = staging;
        this.receivedBytes = receivedBytes;
    }

    // ---- reuse by the caller (Comm's iSend and iRecv with a Request argument, an extension) ----

    /**
     * Checks, before an operation starts, that a request the caller hands back may carry it:
     * complete or freed (its MPI request is null, as C requires of an {@code MPI_Request}
     * variable it overwrites) and not persistent. Nothing is shared: the object is the
     * caller's, so this is as thread-safe as the caller's use of it.
     */
    static void checkReusable(Request reuse) {
        if (reuse == null) {
            return;
        }
        if (reuse == MPI.REQUEST_NULL) { // a shared constant: reusing it would change it
            throw new IllegalArgumentException("MPI.REQUEST_NULL cannot be reused for an"
                    + " operation; pass null for a new request");
        }
        if (reuse.getClass() != Request.class) {
            throw new IllegalArgumentException("a persistent request cannot be reused for"
                    + " another operation; free it, or pass a completed non-blocking request");
        }
        if (!reuse.isNull()) {
            throw new IllegalArgumentException("the request to reuse is still active: complete"
                    + " it (waitFor, waitAll, test) or free it first");
        }
    }

    /**
     * A started operation on a direct buffer, in {@code reuse} (checked by
     * {@link #checkReusable}) or a new request.
     */
    static Request start(Request reuse, long handle, Object buffer) {
        if (reuse == null || reuse.holdsStaging()) {
            return new Request(handle, buffer);
        }
        reuse.handle = handle;
        reuse.buffer = buffer;
        return reuse;
    }

    /** A started staged call on an array, in {@code reuse} or a new request. */
    static Request start(Request reuse, long handle, Object array, ByteBuffer staging,
            int receivedBytes) {
        if (reuse == null || reuse.holdsStaging()) {
            return new Request(handle, array, staging, receivedBytes);
        }
        reuse.handle = handle;
        reuse.buffer = array;
        reuse.staging = staging;
        reuse.receivedBytes = receivedBytes;
        reuse.reused = true;
        return reuse;
    }

    /**
     * @return staging memory of at least {@code bytes} bytes for a call started in
     *         {@code reuse} (may be null): its idle buffer ({@link #spareFor}), else the pool's
     */
    static ByteBuffer stagingFor(Request reuse, int bytes) {
        ByteBuffer spare = spareFor(reuse, bytes);
        return spare != null ? spare : StagingPool.acquire(bytes);
    }

    /**
     * @return the idle staging buffer of {@code reuse} if it holds {@code bytes}, now the
     *         caller's; else null (a buffer too small goes back to the pool)
     */
    static ByteBuffer spareFor(Request reuse, int bytes) {
        if (reuse == null || reuse.spare == null) {
            return null;
        }
        ByteBuffer b = reuse.spare;
        reuse.spare = null;
        if (b.capacity() >= bytes) {
            return b;
        }
        StagingPool.release(b);
        return null;
    }

    /**
     * Whether staging memory is still attached: only when a completion failed half-way (an
     * MPI error in a wait). That memory is left where it is, and a new request is made.
     */
    private boolean holdsStaging() {
        return staging != null || staged != null;
    }

    /** Waits for the operation to complete ({@code MPI_Wait}). */
    public void waitFor() throws MPIException {
        MPI.check();
        try {
            handle = POINT_TO_POINT.requestWait(this, handle, null);
        } catch (MPIException e) {
            failed();
            throw e;
        }
        complete();
    }

    /** Waits for the operation to complete and returns its status. */
    public Status waitStatus() throws MPIException {
        MPI.check();
        Status s = new Status();
        try {
            handle = POINT_TO_POINT.requestWait(this, handle, s);
        } catch (MPIException e) {
            failed();
            throw e;
        }
        complete();
        return s;
    }

    /**
     * After a wait or test that failed: the native call left in {@link #handle} what MPI
     * left (Open MPI frees a request that fails). Nothing to do here: a staged request keeps
     * its staging memory (see {@link #holdsStaging}); a persistent one does its own.
     */
    void failed() {
    }

    /** @return whether the operation has completed ({@code MPI_Test}); if so it is finished */
    public boolean test() throws MPIException {
        MPI.check();
        return testNow();
    }

    /** The work of {@link #test}, which a persistent request ({@link Prequest}) does its way. */
    boolean testNow() throws MPIException {
        // MPI_Test nulls a request it completes (all requests here are non-persistent).
        handle = POINT_TO_POINT.requestTest(this, handle);
        if (isNull()) {
            complete();
            return true;
        }
        return false;
    }

    /**
     * @return the status of the operation if it has completed ({@code MPI_Test} with a
     *         status), which is then finished as by {@link #test}; an empty status for a null
     *         or inactive request (as {@code MPI_Test} gives); null if it has not completed
     */
    public Status testStatus() throws MPIException {
        Status status = testAnyStatus(new Request[] {this}); // null, inactive: an empty one
        if (status != null) {
            status.index = MPI.UNDEFINED;
        }
        return status;
    }

    /** @return whether this request is null: completed, freed or never started */
    public boolean isNull() {
        return handle == MPI.REQUEST_NULL_HANDLE;
    }

    /**
     * Frees the request ({@code MPI_Request_free}). The operation goes on; a staged receive
     * can no longer reach its array, and a staged send keeps its staging memory for good.
     */
    public void free() throws MPIException {
        MPI.check();
        freeNow();
    }

    /** The work of {@link #free}, which a persistent request ({@link Prequest}) extends. */
    void freeNow() throws MPIException {
        if (spare != null) {
            StagingPool.release(spare);
            spare = null;
        }
        if (isNull()) {
            return;
        }
        handle = POINT_TO_POINT.requestFree(handle);
        if (staging != null) {
            if (receivedBytes != SEND) {
                SharedStaging.RECEIVES.orphan(buffer, staging);
            } else {
                SharedStaging.SENDS.orphan(buffer, staging);
            }
        }
        if (staging != null || staged != null) {
            orphan(staging != null ? staging : staged);
        }
        staging = null;
        staged = null;
        buffer = null;
    }

    /**
     * Keeps for good the staging memory of an operation that was freed while active: MPI may
     * still read or write it.
     */
    static void orphan(Object memory) {
        synchronized (ORPHANED) {
            ORPHANED.add(memory);
        }
    }

    /** The thread whose waitAll call last had this request, active, in its array. */
    private WaitAllScratch waitedBy;
    /** That call's number in its thread. */
    private long waitedIn;

    /**
     * Marks this request as waited for by the waitAll call {@code call} of the thread that
     * owns {@code scratch}.
     *
     * @return its handle
     * @throws IllegalArgumentException if it is active and was marked by this call already:
     *         MPI_Waitall would complete it once and free it twice
     */
    private long markWaited(WaitAllScratch scratch, long call, Request[] requests) {
        if (!activeForWait()) {
            return handle;
        }
        if (waitedIn == call && waitedBy == scratch) {
            throw new IllegalArgumentException("a request is in the array twice (at "
                    + java.util.Arrays.asList(requests).indexOf(this) + " and later): MPI"
                    + " would complete it once and free it twice");
        }
        waitedBy = scratch;
        waitedIn = call;
        return handle;
    }

    /**
     * @return whether MPI would complete (and free) this request in a wait: not a null
     *         request (an inactive persistent request is not either, see {@link Prequest})
     */
    boolean activeForWait() {
        return handle != MPI.REQUEST_NULL_HANDLE;
    }

    /**
     * Waits for all requests to complete ({@code MPI_Waitall}); null entries are skipped.
     *
     * @throws IllegalArgumentException if an active request is in the array twice
     */
    public static void waitAll(Request[] requests) throws MPIException {
        MPI.check();
        int n = requests.length;
        WaitAllScratch scratch = WAIT_ALL.get();
        long[] handles = scratch.handles(n);
        long call = ++scratch.calls;
        for (int i = 0; i < n; i++) {
            Request r = requests[i];
            handles[i] = r == null ? MPI.REQUEST_NULL_HANDLE
                    : r.markWaited(scratch, call, requests);
        }
        try {
            POINT_TO_POINT.requestWaitAll(handles, n);
        } finally {
            for (int i = 0; i < n; i++) {
                Request r = requests[i];
                if (r != null) {
                    r.handle = handles[i];
                }
            }
        }
        completeAll(requests);
    }

    /**
     * Waits for all requests and returns their statuses.
     *
     * @throws IllegalArgumentException if an active request is in the array twice
     */
    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        MPI.check();
        Status[] statuses = new Status[requests.length];
        for (int i = 0; i < statuses.length; i++) {
            statuses[i] = new Status();
        }
        long[] handles = new long[requests.length];
        WaitAllScratch scratch = WAIT_ALL.get();
        long call = ++scratch.calls;
        for (int i = 0; i < handles.length; i++) {
            handles[i] = requests[i] == null ? MPI.REQUEST_NULL_HANDLE
                    : requests[i].markWaited(scratch, call, requests);
        }
        try {
            POINT_TO_POINT.requestWaitAllStatus(handles, statuses);
        } finally {
            for (int i = 0; i < handles.length; i++) {
                if (requests[i] != null) {
                    requests[i].handle = handles[i];
                }
            }
        }
        completeAll(requests);
        return statuses;
    }

    // ---- completion of any, some, all (tested) ----

    /** The MPI calls of {@link Seam.PointToPoint#requestComplete}, shared with the C side. */
    @Native
    static final int WAIT_ANY = 0, TEST_ANY = 1, WAIT_SOME = 2, TEST_SOME = 3, TEST_ALL = 4;

    /**
     * Waits for one of the requests to complete ({@code MPI_Waitany}); null entries and
     * inactive ones are skipped.
     *
     * @return its index, or {@code MPI.UNDEFINED} if none was active
     */
    public static int waitAny(Request[] requests) throws MPIException {
        return any(WAIT_ANY, requests, null);
    }

    /**
     * @return as {@link #waitAny}, the status of the completed request (with its
     *         {@link Status#getIndex}); if none was active, an empty status whose index is
     *         {@code MPI.UNDEFINED}, as Open MPI's bindings return
     */
    public static Status waitAnyStatus(Request[] requests) throws MPIException {
        Status[] status = {new Status()};
        any(WAIT_ANY, requests, status);
        return status[0];
    }

    /**
     * Completes one of the requests if one has finished ({@code MPI_Testany}).
     *
     * @return its index, or {@code MPI.UNDEFINED} if none has (or none was active)
     */
    public static int testAny(Request[] requests) throws MPIException {
        int index = any(TEST_ANY, requests, null);
        return index < 0 ? MPI.UNDEFINED : index;
    }

    /**
     * @return as {@link #testAny}, the completed request's status; an empty status whose
     *         index is {@code MPI.UNDEFINED} if none was active; null if none has completed yet
     */
    public static Status testAnyStatus(Request[] requests) throws MPIException {
        Status[] status = {new Status()};
        return any(TEST_ANY, requests, status) == -1 ? null : status[0];
    }

    /**
     * Waits until at least one request completes, and completes all that have
     * ({@code MPI_Waitsome}).
     *
     * @return their indices, or null if none was active
     */
    public static int[] waitSome(Request[] requests) throws MPIException {
        return indices(some(WAIT_SOME, requests, null));
    }

    /** @return as {@link #waitSome}, the completed requests' statuses (each with its index), or null */
    public static Status[] waitSomeStatus(Request[] requests) throws MPIException {
        return statuses(some(WAIT_SOME, requests, new Status[requests.length]));
    }

    /**
     * Completes the requests that have finished ({@code MPI_Testsome}).
     *
     * @return their indices (none: an empty array), or null if none was active
     */
    public static int[] testSome(Request[] requests) throws MPIException {
        return indices(some(TEST_SOME, requests, null));
    }

    /** @return as {@link #testSome}, the completed requests' statuses, or null */
    public static Status[] testSomeStatus(Request[] requests) throws MPIException {
        return statuses(some(TEST_SOME, requests, new Status[requests.length]));
    }

    /**
     * Completes all the requests if all have finished, and none otherwise
     * ({@code MPI_Testall}).
     *
     * @return whether they had
     */
    public static boolean testAll(Request[] requests) throws MPIException {
        return all(requests, null);
    }

    /** @return as {@link #testAll}, their statuses if all had finished, else null */
    public static Status[] testAllStatus(Request[] requests) throws MPIException {
        Status[] statuses = new Status[requests.length];
        return all(requests, statuses) ? statuses : null;
    }

    /**
     * Cancels the operation ({@code MPI_Cancel}). It must still be completed ({@link #waitFor},
     * {@link #test}, ...); its status then says whether the cancel took
     * ({@link Status#isCancelled}). Point-to-point operations on direct buffers, and sends of
     * arrays, only.
     *
     * @throws IllegalStateException if the request is not active, is a collective's, or
     *         receives into a Java array
     */
    public void cancel() throws MPIException {
        MPI.check();
        if (!activeForWait()) {
            throw new IllegalStateException("the request is not active (null, complete, or a"
                    + " persistent one not started): nothing to cancel");
        }
        if (!cancellable()) {
            throw new IllegalStateException("only point-to-point operations on direct buffers"
                    + " and sends of arrays can be cancelled: a receive into a Java array would"
                    + " copy back what MPI never wrote, and a collective cannot be cancelled");
        }
        POINT_TO_POINT.requestCancel(handle);
    }

    /**
     * @return whether {@link #cancel} may reach MPI: not a non-blocking collective, nor a
     *         receive into a Java array (its completion copies the staging memory back)
     */
    boolean cancellable() {
        return staged == null && (staging == null || receivedBytes == SEND);
    }

    /**
     * @return the operation's status if it has completed, else null
     *         ({@code MPI_Request_get_status}); the request is not completed by it: a
     *         {@link #waitFor} or {@link #test} still must
     */
    public Status getStatus() throws MPIException {
        MPI.check();
        Status status = new Status();
        return POINT_TO_POINT.requestGetStatus(handle, status) ? status : null;
    }

    /** The handles of the requests for one call, each active one marked as in it. */
    private static long[] handlesFor(Request[] requests) {
        MPI.check();
        if (requests == null) {
            throw new NullPointerException("requests is null");
        }
        WaitAllScratch scratch = WAIT_ALL.get();
        long call = ++scratch.calls;
        // The thread's scratch array, as waitAll's: none of these calls nests in another.
        long[] handles = scratch.handles(requests.length);
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            handles[i] = r == null ? MPI.REQUEST_NULL_HANDLE : r.markWaited(scratch, call, requests);
        }
        return handles;
    }

    /** Writes back every request's handle as MPI left it, completed or not. */
    private static void writeBack(Request[] requests, long[] handles) {
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] != null) {
                requests[i].handle = handles[i];
            }
        }
    }

    /**
     * @return the completed request's index; {@code MPI.UNDEFINED} if none was active; -1
     *         (testAny) if none has completed yet
     */
    private static int any(int call, Request[] requests, Status[] status) throws MPIException {
        long[] handles = handlesFor(requests);
        int index;
        try {
            index = POINT_TO_POINT.requestComplete(call, handles, requests.length, null, status);
        } finally {
            writeBack(requests, handles);
        }
        if (index >= 0 && index != MPI.UNDEFINED) {
            requests[index].complete(true);
            if (status != null) {
                status[0].index = index;
            }
        }
        return index;
    }

    /** @return the completed requests' indices and statuses, or null if none was active */
    private static Object[] some(int call, Request[] requests, Status[] statuses)
            throws MPIException {
        long[] handles = handlesFor(requests);
        int[] indices = new int[requests.length];
        if (statuses != null) {
            for (int i = 0; i < statuses.length; i++) {
                statuses[i] = new Status();
            }
        }
        int n;
        try {
            n = POINT_TO_POINT.requestComplete(call, handles, requests.length, indices, statuses);
        } finally {
            writeBack(requests, handles);
        }
        if (n == MPI.UNDEFINED) {
            return null;
        }
        Request[] done = new Request[n];
        for (int k = 0; k < n; k++) {
            done[k] = requests[indices[k]];
            if (statuses != null) {
                statuses[k].index = indices[k];
            }
        }
        completeAll(done);
        return new Object[] {Arrays.copyOf(indices, n),
            statuses == null ? null : Arrays.copyOf(statuses, n)};
    }

    private static int[] indices(Object[] some) {
        return some == null ? null : (int[]) some[0];
    }

    private static Status[] statuses(Object[] some) {
        return some == null ? null : (Status[]) some[1];
    }

    private static boolean all(Request[] requests, Status[] statuses) throws MPIException {
        long[] handles = handlesFor(requests);
        if (statuses != null) {
            for (int i = 0; i < statuses.length; i++) {
                statuses[i] = new Status();
            }
        }
        boolean flag;
        try {
            flag = POINT_TO_POINT.requestComplete(TEST_ALL, handles, requests.length, null,
                    statuses) != 0;
        } finally {
            writeBack(requests, handles);
        }
        if (flag) {
            completeAll(requests);
        }
        return flag;
    }

    /**
     * Finishes a batch of completed requests. Of the receives into one array, only the last
     * one posted is copied back (and any that reaches further into the array): they all start
     * at index 0, so where they overlap MPI leaves the array's data undefined, as for C
     * receives into one buffer, and the last message is what a C program typically finds.
     * This makes a window of receives into one array (OMB's bandwidth test) one copy, whether
     * they share a staging buffer ({@link SharedStaging}) or each has its own.
     */
    private static void completeAll(Request[] requests) {
        // The receive copied last, walking back from the last request: complete() clears the
        // request's own fields.
        Object copiedArray = null;
        int copiedBytes = 0;
        RuntimeException thrown = null; // by a user-defined reduction: after all are finished
        for (int k = requests.length - 1; k >= 0; k--) {
            Request r = requests[k];
            if (r == null) {
                continue;
            }
            boolean received = r.staging != null && r.receivedBytes != SEND;
            boolean covered = received && r.buffer == copiedArray && r.receivedBytes <= copiedBytes;
            if (received && !covered) {
                copiedArray = r.buffer;
                copiedBytes = r.receivedBytes;
            }
            try {
                r.complete(!covered);
            } catch (RuntimeException e) {
                thrown = thrown == null ? e : thrown;
            }
        }
        if (thrown != null) {
            throw thrown;
        }
    }

    private void complete() {
        complete(true);
    }

    /**
     * After completion: a staged receive's data goes to its array (unless {@code copy} is
     * false because an identical copy was just made), and the staging memory goes back.
     * A persistent request ({@link Prequest}) keeps its staging and overrides this.
     */
    void complete(boolean copy) {
        if (staged != null) {
            Staged done = staged;
            staged = null; // first: completing throws what a user-defined reduction threw
            done.complete();
        }
        if (staging != null) {
            if (receivedBytes != SEND) {
                if (copy && receivedBytes > 0) {
                    copyToArray(staging, buffer, receivedBytes);
                }
                if (!keepSpare()) {
                    SharedStaging.RECEIVES.release(buffer, staging);
                }
            } else if (!keepSpare()) {
                SharedStaging.SENDS.release(buffer, staging);
            }
            staging = null;
        }
        buffer = null;
    }

    /**
     * Keeps the staging buffer of a completed call as {@link #spare} if this request is
     * reused and the buffer is a call's own (small buffers are never shared).
     *
     * @return whether it was kept (else the caller releases it)
     */
    private boolean keepSpare() {
        if (!reused || staging.capacity() > StagingPool.OWN_BUFFER_MAX_BYTES) {
            return false;
        }
        if (spare != null) {
            StagingPool.release(spare);
        }
        spare = staging;
        return true;
    }

    /** Copies staging memory's first {@code bytes} bytes into an array ({@link ArrayCopy}). */
    static void copyToArray(ByteBuffer staging, Object array, int bytes) {
        ArrayCopy.toArray(staging, array, bytes);
    }

    /**
     * Copies the blocks of a staged receive into the same places in its array: pairs of
     * (byte offset, bytes) in {@code blocks}, whole elements of the array; the rest of the
     * array is not touched ({@link ArrayCopy}).
     */
    static void copyBlocksToArray(ByteBuffer staging, Object array, int[] blocks) {
        if (blocks.length > 0) {
            ArrayCopy.blocksToArray(staging, array, blocks);
        }
    }
}
