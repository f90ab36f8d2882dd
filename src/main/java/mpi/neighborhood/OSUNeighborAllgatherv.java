package mpi.neighborhood;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_neighbor_allgatherv: the latency of MPI_Neighbor_allgatherv, with C OMB's counts and
 * displacements, on the distributed-graph communicator of {@code -N}.
 * Run with {@code mpirun -np N}, N &gt;= 3 with the default topology; {@code -h} lists the
 * options.
 */
public final class OSUNeighborAllgatherv extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUNeighborAllgatherv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUNeighborAllgatherv() {
        super(Collective.NEIGHBOR_ALLGATHERV);
    }

    @Override
    protected void call() throws MPIException {
        neighborhood.neighborAllGatherv(sendBuf, count, type, recvBuf, counts, displs, type);
    }
}
