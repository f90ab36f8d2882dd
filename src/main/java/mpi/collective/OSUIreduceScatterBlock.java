package mpi.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_ireduce_scatter_block: MPI_Ireduce_scatter_block (a sum, each rank receiving 1/N of
 * the vector) overlapped with computation. Reports the overall, compute and pure
 * communication times and the overlap; {@code -t CALLS} adds test calls during the
 * computation; float by default.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIreduceScatterBlock extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIreduceScatterBlock().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIreduceScatterBlock() {
        super(Collective.REDUCE_SCATTER_BLOCK);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iReduceScatterBlock(sendBuf, recvBuf, count, type, MPI.SUM);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return nonBlocking.iReduceScatterBlock(recvBuf, count, type, MPI.SUM);
    }
}
