package mpi.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_ireduce_scatter: MPI_Ireduce_scatter (a sum) overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIreduceScatter extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIreduceScatter().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIreduceScatter() {
        super(Collective.REDUCE_SCATTER);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iReduceScatter(sendBuf, recvBuf, counts, type, MPI.SUM);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return nonBlocking.iReduceScatter(recvBuf, counts, type, MPI.SUM);
    }
}
