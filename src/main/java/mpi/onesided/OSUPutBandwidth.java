package mpi.onesided;

import mpi.MPIException;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_put_bw: the bandwidth of MPI_Put: rank 0 puts a window of W messages (-W)
 * into consecutive parts of rank 1's window each epoch.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUPutBandwidth extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUPutBandwidth().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUPutBandwidth() {
        super(OneSidedKind.PUT_BANDWIDTH, null);
    }

    @Override
    protected void operations(int count) throws MPIException {
        for (int j = 0; j < window; j++) {
            calls.put(win, origins[j], count, type, target, disps[j]);
        }
    }
}
