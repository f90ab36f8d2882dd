package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_alltoallv: the latency of MPI_Alltoallv, a message from every rank to every rank, with
 * C OMB's counts and displacements.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUAlltoallv extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUAlltoallv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUAlltoallv() {
        super(Collective.ALLTOALLV);
    }

    @Override
    protected void call() throws MPIException {
        comm.allToAllv(sendBuf, counts, displs, type, recvBuf, counts, displs, type);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.allToAllv(recvBuf, counts, displs, type);
    }
}
