package mpi.onesided;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.onesided.AtomicValidation;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_fop_latency: the latency of MPI_Fetch_and_op (MPI.SUM) on one -T element with
 * its synchronization (-s): rank 0 adds to the first element of rank 1's window and gets its
 * old value back each epoch.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUFopLatency extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUFopLatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUFopLatency() {
        super(OneSidedKind.FOP_LATENCY, AtomicValidation.Kind.FETCH_AND_OP);
    }

    @Override
    protected void operations(int count) throws MPIException {
        calls.fetchAndOp(win, origins[0], result, type, target, disps[0], MPI.SUM);
    }
}
