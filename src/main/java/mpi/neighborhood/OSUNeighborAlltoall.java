package mpi.neighborhood;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_neighbor_alltoall: the latency of MPI_Neighbor_alltoall, a message of its own to each
 * neighbour, on the distributed-graph communicator of {@code -N}.
 * Run with {@code mpirun -np N}, N &gt;= 3 with the default topology; {@code -h} lists the
 * options.
 */
public final class OSUNeighborAlltoall extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUNeighborAlltoall().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUNeighborAlltoall() {
        super(Collective.NEIGHBOR_ALLTOALL);
    }

    @Override
    protected void call() throws MPIException {
        neighborhood.neighborAllToAll(sendBuf, count, type, recvBuf, count, type);
    }
}
