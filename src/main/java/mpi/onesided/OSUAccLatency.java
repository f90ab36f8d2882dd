package mpi.onesided;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.onesided.AtomicValidation;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_acc_latency: the latency of MPI_Accumulate (MPI.SUM) of -T elements with its
 * synchronization (-s): rank 0 adds a message into rank 1's window each epoch.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUAccLatency extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUAccLatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUAccLatency() {
        super(OneSidedKind.ACC_LATENCY, AtomicValidation.Kind.ACCUMULATE);
    }

    @Override
    protected void operations(int count) throws MPIException {
        calls.accumulate(win, origins[0], count, type, target, disps[0], MPI.SUM);
    }
}
