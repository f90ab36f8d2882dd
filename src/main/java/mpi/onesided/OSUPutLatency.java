package mpi.onesided;

import mpi.MPIException;
import mpi.common.onesided.OneSidedBenchmark;
import mpi.common.onesided.OneSidedKind;

/**
 * osu_put_latency: the latency of MPI_Put with its synchronization (-s): rank 0
 * puts a message into rank 1's window each epoch.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUPutLatency extends OneSidedBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUPutLatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUPutLatency() {
        super(OneSidedKind.PUT_LATENCY, null);
    }

    @Override
    protected void operations(int count) throws MPIException {
        calls.put(win, origins[0], count, type, target, disps[0]);
    }
}
