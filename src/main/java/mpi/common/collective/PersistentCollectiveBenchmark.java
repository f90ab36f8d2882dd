package mpi.common.collective;

import mpi.MPIException;
import mpi.Prequest;

/**
 * The harness of a persistent collective benchmark, as C OMB 7.4's
 * {@code collective/persistent} programs: at each size the request is made once, untimed
 * ({@code MPI_Bcast_init} and kin: {@link #init}), and each timed call is its start and its
 * completion, {@code MPI_Start} then {@code MPI_Wait}; the request is freed before the next
 * size. Everything else (buffers, counts, validation, the loop, the row) is
 * {@link CollectiveBenchmark}'s, so a persistent row sits beside the blocking one of the
 * same collective.
 *
 * <p>A request binds its root: with {@code -k} rotating the root, each root gets its own
 * request at its first call of the size, untimed.
 */
public abstract class PersistentCollectiveBenchmark extends CollectiveBenchmark {
    /** This size's requests by root (one entry for a collective without a root). */
    private Prequest[] requests;
    /** The request of the current call. */
    private Prequest current;

    /** @param collective the collective measured */
    protected PersistentCollectiveBenchmark(Collective collective) {
        super(CollectiveSpec.persistent(collective));
    }

    /**
     * Makes the persistent request of the measured call, with the fields of
     * {@link CollectiveBenchmark} as its arguments ({@link #callInPlace}'s form with
     * {@code -l}: see {@link #inPlace}).
     *
     * @return the inactive request
     * @throws MPIException if MPI refuses it
     */
    protected abstract Prequest init() throws MPIException;

    @Override
    protected final void rootChosen() throws MPIException {
        if (requests == null) {
            requests = new Prequest[collective().rooted() ? processes : 1];
        }
        int at = collective().rooted() ? root : 0;
        if (requests[at] == null) {
            requests[at] = init();
        }
        current = requests[at];
    }

    @Override
    protected final void call() throws MPIException {
        current.start();
        current.waitFor();
    }

    @Override
    protected final void callInPlace() throws MPIException {
        current.start();
        current.waitFor();
    }

    @Override
    protected final void leavingSize() throws MPIException {
        freeRequests();
    }

    @Override
    protected void release() throws MPIException {
        freeRequests();
        super.release();
    }

    private void freeRequests() throws MPIException {
        if (requests == null) {
            return;
        }
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] != null) {
                requests[i].free();
                requests[i] = null;
            }
        }
        current = null;
    }
}
