package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_allgatherv: the latency of MPI_Allgatherv of a message from every rank to every rank,
 * with C OMB's counts and displacements.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUAllgatherv extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUAllgatherv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUAllgatherv() {
        super(Collective.ALLGATHERV);
    }

    @Override
    protected void call() throws MPIException {
        comm.allGatherv(sendBuf, count, type, recvBuf, counts, displs, type);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.allGatherv(recvBuf, counts, displs, type);
    }
}
