package mpi.onesided;

import mpi.MPIException;
import mpi.common.onesided.AtomicValidation;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_cas_latency: the latency of MPI_Compare_and_swap on one -T element with its
 * synchronization (-s): rank 0 compares the first element of rank 1's window with its compare
 * value and swaps in its origin on a match, getting the old value back, each epoch.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUCasLatency extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUCasLatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUCasLatency() {
        super(OneSidedKind.CAS_LATENCY, AtomicValidation.Kind.COMPARE_AND_SWAP);
    }

    @Override
    protected void operations(int count) throws MPIException {
        calls.compareAndSwap(win, origins[0], compare, result, type, target, disps[0]);
    }
}
