package mpi.onesided;

import mpi.MPIException;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_get_latency: the latency of MPI_Get with its synchronization (-s): rank 0
 * gets a message from rank 1's window each epoch.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUGetLatency extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUGetLatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUGetLatency() {
        super(OneSidedKind.GET_LATENCY, null);
    }

    @Override
    protected void operations(int count) throws MPIException {
        calls.get(win, origins[0], count, type, target, disps[0]);
    }
}
