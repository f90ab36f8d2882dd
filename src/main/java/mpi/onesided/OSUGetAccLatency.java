package mpi.onesided;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_get_acc_latency: the latency of MPI_Get_accumulate (MPI.SUM) with its
 * synchronization (-s): rank 0 adds a message into rank 1's window and gets the old contents
 * back each epoch.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUGetAccLatency extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUGetAccLatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUGetAccLatency() {
        super(OneSidedKind.GET_ACC_LATENCY, null);
    }

    @Override
    protected void operations(int count) throws MPIException {
        calls.getAccumulate(win, origins[0], result, count, type, target, disps[0], MPI.SUM);
    }
}
