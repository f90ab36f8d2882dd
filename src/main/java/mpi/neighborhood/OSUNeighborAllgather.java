package mpi.neighborhood;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_neighbor_allgather: the latency of MPI_Neighbor_allgather, each rank's message to all its
 * neighbours, on the distributed-graph communicator of {@code -N}.
 * Run with {@code mpirun -np N}, N &gt;= 3 with the default topology; {@code -h} lists the
 * options.
 */
public final class OSUNeighborAllgather extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUNeighborAllgather().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUNeighborAllgather() {
        super(Collective.NEIGHBOR_ALLGATHER);
    }

    @Override
    protected void call() throws MPIException {
        neighborhood.neighborAllGather(sendBuf, count, type, recvBuf, count, type);
    }
}
