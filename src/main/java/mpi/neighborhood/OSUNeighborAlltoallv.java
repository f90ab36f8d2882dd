package mpi.neighborhood;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_neighbor_alltoallv: the latency of MPI_Neighbor_alltoallv, with C OMB's counts and
 * displacements, on the distributed-graph communicator of {@code -N}.
 * Run with {@code mpirun -np N}, N &gt;= 3 with the default topology; {@code -h} lists the
 * options.
 */
public final class OSUNeighborAlltoallv extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUNeighborAlltoallv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUNeighborAlltoallv() {
        super(Collective.NEIGHBOR_ALLTOALLV);
    }

    @Override
    protected void call() throws MPIException {
        neighborhood.neighborAllToAllv(sendBuf, counts, displs, type, recvBuf, counts, displs,
                type);
    }
}
