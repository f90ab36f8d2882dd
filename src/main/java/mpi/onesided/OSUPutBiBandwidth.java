package mpi.onesided;

import mpi.MPIException;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_put_bibw: the bandwidth of MPI_Put both ways: each epoch (pscw or fence),
 * both ranks put a window of W messages (-W) into each other's window.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUPutBiBandwidth extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUPutBiBandwidth().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUPutBiBandwidth() {
        super(OneSidedKind.PUT_BI_BANDWIDTH, null);
    }

    @Override
    protected void operations(int count) throws MPIException {
        for (int j = 0; j < window; j++) {
            calls.put(win, origins[j], count, type, target, disps[j]);
        }
    }
}
