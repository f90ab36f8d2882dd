package mpi.neighborhood;

import mpi.MPIException;
import mpi.common.binding.NeighborCalls;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_neighbor_alltoallw: the latency of MPI_Neighbor_alltoallw, displacements in bytes (an
 * extension of this binding), on the distributed-graph communicator of {@code -N}.
 * Run with {@code mpirun -np N}, N &gt;= 3 with the default topology; {@code -h} lists the
 * options.
 */
public final class OSUNeighborAlltoallw extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUNeighborAlltoallw().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUNeighborAlltoallw() {
        super(Collective.NEIGHBOR_ALLTOALLW);
    }

    @Override
    protected void call() throws MPIException {
        NeighborCalls.neighborAllToAllw(neighborhood, sendBuf, counts, byteDispls, types, recvBuf,
                counts, byteDispls, types);
    }
}
