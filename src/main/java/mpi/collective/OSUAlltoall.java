package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_alltoall: the latency of MPI_Alltoall, a message from every rank to every rank.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUAlltoall extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUAlltoall().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUAlltoall() {
        super(Collective.ALLTOALL);
    }

    @Override
    protected void call() throws MPIException {
        comm.allToAll(sendBuf, count, type, recvBuf, count, type);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.allToAll(recvBuf, count, type);
    }
}
