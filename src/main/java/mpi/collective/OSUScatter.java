package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_scatter: the latency of MPI_Scatter of a message to every rank from the root ({@code -k}).
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUScatter extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUScatter().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUScatter() {
        super(Collective.SCATTER);
    }

    @Override
    protected void call() throws MPIException {
        comm.scatter(sendBuf, count, type, recvBuf, count, type, root);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.scatter(recvBuf, count, type, root);
    }
}
