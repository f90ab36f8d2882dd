package mpi.onesided;

import mpi.MPIException;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_get_bw: the bandwidth of MPI_Get: rank 0 gets a window of W messages (-W)
 * from consecutive parts of rank 1's window each epoch.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUGetBandwidth extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUGetBandwidth().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUGetBandwidth() {
        super(OneSidedKind.GET_BANDWIDTH, null);
    }

    @Override
    protected void operations(int count) throws MPIException {
        for (int j = 0; j < window; j++) {
            calls.get(win, origins[j], count, type, target, disps[j]);
        }
    }
}
