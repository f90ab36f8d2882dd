package mpi.collective;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_ibarrier: MPI_Ibarrier overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIbarrier extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIbarrier().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIbarrier() {
        super(Collective.BARRIER);
    }

    @Override
    protected Request start() throws MPIException {
        return comm.iBarrier();
    }
}
