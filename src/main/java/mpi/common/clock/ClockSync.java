package mpi.common.clock;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Every rank's map from its own {@link System#nanoTime()} to rank 0's, estimated over a tree
 * as HCA does (Hunold and Carpen-Amarie, "Hierarchical Clock Synchronization in MPI", CLUSTER
 * 2018): in round k, each rank r with r mod 2^(k+1) = 2^k fits its clock to rank r - 2^k's
 * ({@link ClockEstimate}; pairs of a round run at once), so that log2 P rounds cover P ranks;
 * then, from the top round down, each parent sends its own map to rank 0 and the child
 * composes it with its own. Every rank's map is then wrong by at most the sum of half the
 * least round trips along its path to rank 0, plus the drift not modelled times the time
 * since.
 *
 * <p>{@link #reanchor} repeats one fit point per pair, keeping the drifts, so that a run of
 * many sizes starts each on a fresh offset.
 */
public final class ClockSync {
    /** Pairings per pair in the first estimate. */
    static final int FIT_POINTS = 10;
    /** Exchanges per pairing; the quickest counts. */
    static final int EXCHANGES = 20;
    /** The pause between two fit points, so that a drift shows: 9 pauses, about 90 ms a round. */
    static final long PAUSE_MILLIS = 10;
    private static final int TAG = 31_415;

    private final Comm comm;
    private final int rank;
    private final int size;
    private final long[] ping = new long[1];
    private final long[] pong = new long[1];
    private final long[] sample = new long[3];
    private final long[] parentModel = new long[4];
    /** This rank's map to its parent's clock (rank 0: none). */
    private ClockModel toParent = ClockModel.IDENTITY;
    /** This rank's map to rank 0's clock. */
    private ClockModel model = ClockModel.IDENTITY;
    /** The bound of this rank's error from the round trips along its path, in nanoseconds. */
    private long errorBound;
    private long ownHalfTrip;

    private ClockSync(Comm comm) throws MPIException {
        this.comm = comm;
        this.rank = comm.getRank();
        this.size = comm.getSize();
    }

    /**
     * Estimates every rank's map to rank 0's clock; every rank of {@code comm} calls it.
     *
     * @param comm the ranks
     * @return the synchronization, complete at every rank
     * @throws MPIException if a message fails
     */
    public static ClockSync synchronize(Comm comm) throws MPIException {
        ClockSync sync = new ClockSync(comm);
        sync.fitPairs(FIT_POINTS);
        sync.compose();
        return sync;
    }

    /**
     * Fits one new pairing per pair, keeping each pair's drift, and composes the maps again;
     * every rank calls it.
     *
     * @throws MPIException if a message fails
     */
    public void reanchor() throws MPIException {
        fitPairs(1);
        compose();
    }

    /** @return this rank's map from its clock to rank 0's */
    public ClockModel model() {
        return model;
    }

    /**
     * @return the bound of this rank's error from the round trips: the sum of half the least
     *         round trip of each pair on its path to rank 0, in nanoseconds (0 at rank 0)
     */
    public long errorBound() {
        return errorBound;
    }

    private void fitPairs(int fitPoints) throws MPIException {
        for (int step = 1; step < size; step *= 2) {
            if (rank % (2 * step) == step) {
                ClockModel fitted = fitToParent(rank - step, fitPoints);
                toParent = fitPoints > 1 ? fitted
                        : new ClockModel(fitted.epoch(), fitted.offset(), toParent.drift());
            } else if (rank % (2 * step) == 0 && rank + step < size) {
                serve(rank + step, fitPoints * EXCHANGES);
            }
        }
    }

    private ClockModel fitToParent(int parent, int fitPoints) throws MPIException {
        PingPong link = s -> {
            s[0] = System.nanoTime();
            comm.send(ping, 1, MPI.LONG, parent, TAG);
            comm.recv(pong, 1, MPI.LONG, parent, TAG);
            s[2] = System.nanoTime();
            s[1] = pong[0];
        };
        try {
            ClockEstimate.Result r = ClockEstimate.estimate(link, fitPoints, EXCHANGES,
                    () -> Thread.sleep(PAUSE_MILLIS));
            ownHalfTrip = r.minRoundTrip() / 2;
            return r.model();
        } catch (MPIException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted in a clock synchronization", e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void serve(int child, int exchanges) throws MPIException {
        for (int e = 0; e < exchanges; e++) {
            comm.recv(ping, 1, MPI.LONG, child, TAG);
            pong[0] = System.nanoTime();
            comm.send(pong, 1, MPI.LONG, child, TAG);
        }
    }

    /** From the top round down: each parent's map to rank 0 goes to its child. */
    private void compose() throws MPIException {
        int top = 1;
        while (top < size) {
            top *= 2;
        }
        for (int step = top / 2; step >= 1; step /= 2) {
            if (rank % (2 * step) == step) {
                comm.recv(parentModel, 4, MPI.LONG, rank - step, TAG);
                ClockModel parents = new ClockModel(parentModel[0],
                        Double.longBitsToDouble(parentModel[1]),
                        Double.longBitsToDouble(parentModel[2]));
                model = toParent.then(parents);
                errorBound = parentModel[3] + ownHalfTrip;
            } else if (rank % (2 * step) == 0 && rank + step < size) {
                parentModel[0] = model.epoch();
                parentModel[1] = Double.doubleToRawLongBits(model.offset());
                parentModel[2] = Double.doubleToRawLongBits(model.drift());
                parentModel[3] = errorBound;
                comm.send(parentModel, 4, MPI.LONG, rank + step, TAG);
            }
        }
    }
}
