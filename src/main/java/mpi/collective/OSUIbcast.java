package mpi.collective;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_ibcast: MPI_Ibcast from the root ({@code -k}) overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIbcast extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIbcast().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIbcast() {
        super(Collective.BCAST);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iBcast(sendBuf, count, type, root);
    }
}
