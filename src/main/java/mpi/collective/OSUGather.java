package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_gather: the latency of MPI_Gather of a message from every rank at the root ({@code -k}).
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUGather extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUGather().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUGather() {
        super(Collective.GATHER);
    }

    @Override
    protected void call() throws MPIException {
        comm.gather(sendBuf, count, type, recvBuf, count, type, root);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.gather(recvBuf, count, type, root);
    }
}
