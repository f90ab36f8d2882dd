package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_barrier: the latency of MPI_Barrier.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUBarrier extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBarrier().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBarrier() {
        super(Collective.BARRIER);
    }

    @Override
    protected void call() throws MPIException {
        comm.barrier();
    }
}
