package mpi.common.collective;

import java.util.Arrays;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.options.Timing;

/**
 * What {@code --timing} changes after a collective's timed loop ({@link Timing}): the value of
 * each iteration at rank 0, from the times every rank took. Under {@link Timing#ROOT} it also
 * measures, before a size's loop, the barrier whose time the confirmed calls include.
 * Preallocated for a run's most iterations: nothing here runs inside the timed loop.
 */
final class CallTiming {
    /** Barriers timed alone before each size under {@link Timing#ROOT}; their median counts. */
    static final int BARRIER_SAMPLES = 101;

    private final Timing timing;
    private final Comm comm;
    private final int rank;
    private final long[] slowest;
    private final long[] barriers = new long[BARRIER_SAMPLES];
    private long barrierNanos;

    /**
     * @param timing the method, not {@link Timing#OMB} (whose values the harness takes itself)
     * @param comm   the benchmark's communicator
     * @param most   the most timed iterations of a size in the run
     * @throws MPIException if the rank cannot be read
     */
    CallTiming(Timing timing, Comm comm, int most) throws MPIException {
        if (timing == Timing.OMB) {
            throw new IllegalArgumentException("C OMB's timing needs no per-iteration values");
        }
        this.timing = timing;
        this.comm = comm;
        this.rank = comm.getRank();
        this.slowest = new long[most];
    }

    /** @return whether the timed bracket ends after a barrier that confirms every rank is done */
    boolean confirmsCalls() {
        return timing == Timing.ROOT;
    }

    /**
     * Before a size's loop under {@link Timing#ROOT}: times {@value #BARRIER_SAMPLES} barriers
     * alone and keeps rank 0's median, which each confirmed call's time then loses. Elsewhere
     * nothing.
     *
     * @throws MPIException if a barrier fails
     */
    void beforeLoop() throws MPIException {
        if (timing != Timing.ROOT) {
            return;
        }
        comm.barrier();
        for (int i = 0; i < BARRIER_SAMPLES; i++) {
            long start = System.nanoTime();
            comm.barrier();
            barriers[i] = System.nanoTime() - start;
        }
        Arrays.sort(barriers);
        barrierNanos = barriers[BARRIER_SAMPLES / 2];
    }

    /**
     * After a size's loop: each iteration's value in nanoseconds, at rank 0. Every rank calls
     * it (a reduction under {@link Timing#MAX}).
     *
     * @param times each iteration's time at this rank (with the confirming barrier under
     *              {@link Timing#ROOT}); under {@link Timing#ROOT} rewritten in place
     * @param n     the timed iterations
     * @return at rank 0, the iterations' values, the first {@code n} entries; elsewhere undefined
     * @throws MPIException if the reduction fails
     */
    long[] perIteration(long[] times, int n) throws MPIException {
        if (timing == Timing.MAX) {
            comm.reduce(times, slowest, n, MPI.LONG, MPI.MAX, 0);
            return slowest;
        }
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                times[i] -= barrierNanos;
            }
        }
        return times;
    }
}
