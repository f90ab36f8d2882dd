package mpi.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_reduce_scatter_block: the latency of MPI_Reduce_scatter_block of a vector of the
 * message size, each rank receiving 1/N of it; float by default.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUReduceScatterBlock extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUReduceScatterBlock().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUReduceScatterBlock() {
        super(Collective.REDUCE_SCATTER_BLOCK);
    }

    @Override
    protected void call() throws MPIException {
        comm.reduceScatterBlock(sendBuf, recvBuf, count, type, MPI.SUM);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.reduceScatterBlock(recvBuf, count, type, MPI.SUM);
    }
}
