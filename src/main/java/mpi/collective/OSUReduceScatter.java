package mpi.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_reduce_scatter: the latency of MPI_Reduce_scatter of a vector of the message size,
 * split over the ranks as C OMB splits it; float by default.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUReduceScatter extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUReduceScatter().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUReduceScatter() {
        super(Collective.REDUCE_SCATTER);
    }

    @Override
    protected void call() throws MPIException {
        comm.reduceScatter(sendBuf, recvBuf, counts, type, MPI.SUM);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.reduceScatter(recvBuf, counts, type, MPI.SUM);
    }
}
