package mpi;

import static mpi.Backends.POINT_TO_POINT;

import java.lang.annotation.Native;
import java.nio.ByteBuffer;

/**
 * A persistent communication request ({@code MPI_Send_init}, {@code MPI_Recv_init}, and
 * MPI-4's persistent collectives such as {@code MPI_Bcast_init}): the arguments of an
 * operation bound once, then started any number of times with {@link #start} or
 * {@link #startAll}. Completing a start ({@link #waitFor}, {@link #test},
 * {@link Request#waitAll}) leaves the request inactive, not freed: it can be started again.
 * {@link #free} releases it. Created by {@link Comm#sendInit}, {@link Comm#recvInit} and
 * their synchronous and ready-mode siblings, and by {@link Intracomm#bcastInit} and the other
 * persistent collectives (an extension).
 *
 * <p>On a Java array (an extension, {@link Comm#sendInit(Object, int, Datatype, int, int)}),
 * the request takes native staging memory once, when it is created, and keeps it until
 * {@link #free}: each start of a send copies the array's current contents in (MPI sends the
 * buffer's contents at the start), each completion of a receive copies the data back into the
 * array. Nothing is allocated per start. Persistent requests of more than
 * {@value StagingPool#OWN_BUFFER_MAX_BYTES} bytes on the same array share one staging buffer
 * ({@link PersistentStaging}), as a window of non-blocking calls on one array does.
 */
public final class Prequest extends Request {
    /** Kinds of persistent call, shared with the C side (javac -h copies them). */
    @Native
    static final int K_SEND = 0, K_SSEND = 1, K_RSEND = 2, K_RECV = 3, K_BSEND = 4;

    /** Per-thread scratch for {@link #startAll}'s handles, as {@link Request#waitAll}'s. */
    private static final ThreadLocal<long[]> HANDLES = ThreadLocal.withInitial(() -> new long[64]);

    private final boolean send;
    /** The caller's buffer: a direct buffer MPI uses, or the array staged. */
    private Object buffer;
    /** The array staged through {@link #staging}, or null for a direct buffer. */
    private Object array;
    /** The element kind of {@link #array} ({@link ArrayCopy#kindOf}), found once. */
    private int arrayKind;
    private ByteBuffer staging;
    private int bytes;
    /** Staging shared with other persistent requests on the same array, or null. */
    private PersistentStaging.Share share;
    /** A receive of a derived type into an array: copies the array in at every start. */
    private boolean receivesSpan;
    /** Started and not yet completed. */
    private boolean active;
    /**
     * A persistent collective's staged arrays, counts and displacements, kept until
     * {@link #free}; null for a point-to-point request.
     */
    private Staged collective;

    private Prequest(long handle, boolean send, Object buffer) {
        super(handle, (Object) null);
        this.send = send;
        this.buffer = buffer;
    }

    /**
     * Creates a persistent request of a kind ({@code K_*}) on a direct buffer or a Java array.
     * Checks the arguments first, so that misuse is a Java exception.
     */
    static Prequest create(int kind, long comm, Object buf, int count, Datatype type, int peer,
            int tag) throws MPIException {
        MPI.check();
        boolean isArray = BufferArgs.isArray(buf, count, type);
        boolean send = kind != K_RECV;
        if (!isArray) {
            return new Prequest(POINT_TO_POINT.prequestInit(kind, comm, buf, count, type.handle, peer, tag), send, buf);
        }
        int bytes = type.spanBytes(count);
        PersistentStaging staged = send ? PersistentStaging.SENDS : PersistentStaging.RECEIVES;
        // A receive of a derived type copies its array in at every start (the gaps the type
        // leaves go back with the span), so it shares no staging.
        boolean receivesSpan = !send && type.isDerived();
        PersistentStaging.Share share = receivesSpan ? null : staged.join(buf, bytes);
        ByteBuffer staging = share != null ? share.buffer : StagingPool.acquire(bytes);
        long handle;
        try {
            handle = POINT_TO_POINT.prequestInit(kind, comm, staging, count, type.handle, peer, tag);
        } catch (RuntimeException e) {
            if (share != null) {
                staged.leave(buf, share);
            } else {
                StagingPool.release(staging);
            }
            throw e;
        }
        Prequest r = new Prequest(handle, send, buf);
        r.array = buf;
        r.arrayKind = ArrayCopy.kindOf(buf);
        r.staging = staging;
        r.bytes = bytes;
        r.share = share;
        r.receivesSpan = receivesSpan;
        return r;
    }

    /**
     * Refuses a persistent collective in one line where the MPI library has none: they are
     * MPI-4 ({@code MPI_Bcast_init} and kin), and Open MPI 4 has them as {@code MPIX_Bcast_init}
     * and kin in its {@code pcollreq} extension.
     *
     * @throws UnsupportedOperationException if the library has no persistent collectives
     */
    static void checkPersistentCollectives() {
        if (!PersistentCollectives.PRESENT) {
            throw new UnsupportedOperationException("this MPI library has no persistent"
                    + " collectives: MPI_Bcast_init and kin are MPI-4 (Open MPI 5, MPICH 4),"
                    + " and Open MPI 4 has them as MPIX_Bcast_init and kin only when built with"
                    + " its pcollreq extension");
        }
    }

    /** Asked once, at the first persistent collective. */
    private static final class PersistentCollectives {
        static final boolean PRESENT = Backends.COLLECTIVES.hasPersistentCollectives();
    }

    /**
     * A persistent collective's request, which keeps {@code staged} (its staged arrays are
     * copied in at each start and back at each completion) until it is freed.
     */
    static Prequest collective(long handle, Staged staged) {
        Prequest r = new Prequest(handle, true, null);
        r.collective = staged;
        return r;
    }

    /**
     * Starts the operation ({@code MPI_Start}); a send of an array copies it in first.
     *
     * @throws IllegalStateException if the request is started and not completed yet
     */
    public void start() throws MPIException {
        MPI.check();
        checkInactive();
        boolean copyIn = begin();
        try {
            if (collective != null) {
                collective.restart();
            }
            if (copyIn && ArrayCopy.copiedInJava(array, staging, bytes)) {
                copyIn = false; // copied here, with no call into the VM
            }
            POINT_TO_POINT.prequestStart(handle, copyIn ? array : null, arrayKind, staging, bytes);
        } catch (RuntimeException e) {
            undo();
            throw e;
        }
        active = true;
    }

    /**
     * Starts all the requests ({@code MPI_Startall}). Sends of one array that share staging
     * memory copy the array in once.
     *
     * @param requests the requests, none of them null, none twice
     * @throws IllegalStateException if one of them is started and not completed yet, or
     *                               is twice in the array
     */
    public static void startAll(Prequest[] requests) throws MPIException {
        MPI.check();
        int n = requests.length;
        long[] handles = HANDLES.get();
        if (handles.length < n) {
            handles = new long[n];
            HANDLES.set(handles);
        }
        int begun = 0;
        try {
            for (int i = 0; i < n; i++) {
                Prequest r = requests[i];
                r.checkInactive(); // also catches a request twice in the array: active by now
                handles[i] = r.handle;
                boolean copyIn = r.begin();
                r.active = true;
                begun = i + 1;
                if (copyIn) {
                    StagingPool.copyFromArray(r.array, r.staging, r.bytes);
                }
                if (r.collective != null) {
                    r.collective.restart();
                }
            }
            POINT_TO_POINT.prequestStartAll(handles, n);
        } catch (RuntimeException e) {
            for (int i = 0; i < begun; i++) {
                requests[i].undo();
                requests[i].active = false;
            }
            throw e;
        }
    }

    /**
     * A start of a request already started and not completed is erroneous in MPI, and Open
     * MPI then swaps in a new request for it, which this object would never learn of: it
     * would keep the old one's handle, freed when that completes.
     */
    private void checkInactive() {
        if (active) {
            throw new IllegalStateException("the persistent request is already started (or"
                    + " twice in one startAll): complete it (waitFor, test, waitAll) before"
                    + " starting it again");
        }
    }

    /**
     * {@link #test}: whether the started operation has completed ({@code MPI_Test}), after
     * which the request is inactive and can be started again; true for an inactive request.
     */
    @Override
    boolean testNow() throws MPIException {
        boolean done;
        try {
            done = POINT_TO_POINT.prequestTest(this, handle);
        } catch (MPIException e) {
            failed();
            throw e;
        }
        if (done) {
            complete(true);
            return true;
        }
        return false;
    }

    /**
     * {@link #free} ({@code MPI_Request_free}): an inactive request's staging memory is
     * returned; an active one's operation goes on, so its staging memory is kept for good
     * and a receive no longer reaches its array.
     */
    @Override
    void freeNow() throws MPIException {
        if (isNull()) {
            return;
        }
        if (active && collective != null) {
            // MPI: freeing a request of a collective operation that is active is erroneous.
            throw new IllegalStateException("the persistent collective is started: complete it"
                    + " (waitFor, test, waitAll) before freeing it");
        }
        super.freeNow();
        releaseStaging(active);
    }

    /**
     * A failed wait or test whose request MPI freed (Open MPI does, persistent or not): the
     * operation is over, so its staging memory goes back (and a shared staging no longer
     * counts it active) as for an inactive request freed.
     */
    @Override
    void failed() {
        if (isNull() && active) {
            undo();
            active = false;
            releaseStaging(false);
        }
    }

    /**
     * Gives back the staging memory: kept for good if the operation may still use it
     * ({@code inUse}: an active request freed), else left (shared) or returned to the pool.
     */
    private void releaseStaging(boolean inUse) {
        if (collective != null) {
            if (inUse) {
                Request.orphan(collective);
            } else {
                collective.abandon();
            }
            collective = null;
        }
        if (staging != null) {
            PersistentStaging staged = send ? PersistentStaging.SENDS : PersistentStaging.RECEIVES;
            if (inUse) {
                staged.orphan(array, share, staging);
            } else if (share != null) {
                staged.leave(array, share);
            } else {
                StagingPool.release(staging);
            }
        }
        active = false;
        share = null;
        staging = null;
        array = null;
        buffer = null;
    }

    /** An inactive persistent request is not completed by a wait: it may be in it twice. */
    @Override
    boolean activeForWait() {
        return active;
    }

    /** A persistent receive into a Java array copies its staging memory back: not cancelled. */
    @Override
    boolean cancellable() {
        return collective == null && (send || staging == null);
    }

    /**
     * Before a start: counts the request as active on its shared staging.
     *
     * @return whether a send must copy its array in: not for a direct buffer, nor when another
     *         send sharing the staging is active and copied at least as many bytes (MPI
     *         forbids changing the array meanwhile, so the staging already holds them)
     */
    private boolean begin() {
        if (staging == null) {
            return false;
        }
        if (share == null) {
            return send || receivesSpan;
        }
        synchronized (share) {
            boolean copyIn = send && (share.active == 0 || bytes > share.copied);
            if (copyIn) {
                share.copied = bytes;
            }
            share.active++;
            return copyIn;
        }
    }

    /** Takes back {@link #begin} after a start that failed. */
    private void undo() {
        if (share != null) {
            synchronized (share) {
                share.active--;
            }
        }
    }

    /**
     * After completion of a start (a completion of an inactive request changes nothing): a
     * staged receive's data goes to its array. Of receives sharing staging, the last to
     * complete copies for all of them: they all start at index 0, and until then the array
     * must not be read anyway.
     */
    @Override
    void complete(boolean copy) {
        if (!active) {
            return;
        }
        active = false;
        if (collective != null) {
            collective.copyBack();
            return;
        }
        if (staging == null) {
            return;
        }
        int copied = bytes;
        if (share != null) {
            synchronized (share) {
                share.active--;
                if (send) {
                    return;
                }
                share.received = Math.max(share.received, bytes);
                if (share.active > 0) {
                    return;
                }
                copied = share.received;
                share.received = 0;
            }
        }
        if (!send && copied > 0) {
            Request.copyToArray(staging, array, copied);
        }
    }

}
