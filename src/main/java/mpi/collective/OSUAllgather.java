package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_allgather: the latency of MPI_Allgather of a message from every rank to every rank.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUAllgather extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUAllgather().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUAllgather() {
        super(Collective.ALLGATHER);
    }

    @Override
    protected void call() throws MPIException {
        comm.allGather(sendBuf, count, type, recvBuf, count, type);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.allGather(recvBuf, count, type);
    }
}
