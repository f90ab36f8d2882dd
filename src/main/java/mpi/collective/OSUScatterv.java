package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_scatterv: the latency of MPI_Scatterv of a message to every rank from the root
 * ({@code -k}), with C OMB's counts and displacements.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUScatterv extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUScatterv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUScatterv() {
        super(Collective.SCATTERV);
    }

    @Override
    protected void call() throws MPIException {
        comm.scatterv(sendBuf, counts, displs, type, recvBuf, count, type, root);
    }

    @Override
    protected void callInPlace() throws MPIException {
        if (rank == root) {
            comm.scatterv(recvBuf, counts, displs, type, root);
        } else {
            comm.scatterv(recvBuf, count, type, root);
        }
    }
}
