package mpi.it;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_bcast with the last rank slow on purpose: in each call (not in the JIT warm-up) it spins
 * {@value #DELAY_MICROS} us before it takes part, and in every tenth {@value #LONG_DELAY_MICROS}
 * us. The root's small broadcast returns at once, so C OMB's average over two ranks sees half
 * the delay, and the slowest rank's time ({@code --timing max}), the root's confirmed call
 * ({@code --timing root}) or the last exit less the first entry ({@code --timing global}) all
 * of it. A long call overruns the next calls' windows ({@code --timing global}): those are
 * invalid.
 */
public final class DelayedBcast extends CollectiveBenchmark {
    /** How long the last rank spins in each call. */
    static final int DELAY_MICROS = 500;
    /** How long the last rank spins in every tenth call. */
    static final int LONG_DELAY_MICROS = 100 * DELAY_MICROS; // beyond any window, loaded too
    private int calls;

    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new DelayedBcast().run(args);
    }

    private DelayedBcast() {
        super(Collective.BCAST);
    }

    @Override
    protected void call() throws MPIException {
        if (rank == processes - 1 && !inJitWarmup()) {
            long until = System.nanoTime()
                    + (++calls % 10 == 0 ? LONG_DELAY_MICROS : DELAY_MICROS) * 1000L;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
        comm.bcast(sendBuf, count, type, root);
    }
}
