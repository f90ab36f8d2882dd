package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_gatherv: the latency of MPI_Gatherv of a message from every rank at the root
 * ({@code -k}), with C OMB's counts and displacements.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUGatherv extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUGatherv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUGatherv() {
        super(Collective.GATHERV);
    }

    @Override
    protected void call() throws MPIException {
        comm.gatherv(sendBuf, count, type, recvBuf, counts, displs, type, root);
    }

    @Override
    protected void callInPlace() throws MPIException {
        if (rank == root) {
            comm.gatherv(recvBuf, counts, displs, type, root);
        } else {
            comm.gatherv(recvBuf, count, type, root);
        }
    }
}
