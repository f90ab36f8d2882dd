package mpi.neighborhood;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_ineighbor_alltoallw: MPI_Ineighbor_alltoallw, displacements in bytes (an extension of
 * this binding), on the distributed-graph communicator of {@code -N}, overlapped with
 * computation. Reports the overall, compute and pure communication times and the overlap;
 * {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 3 with the default topology; {@code -h} lists the
 * options.
 */
public final class OSUIneighborAlltoallw extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIneighborAlltoallw().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIneighborAlltoallw() {
        super(Collective.NEIGHBOR_ALLTOALLW);
    }

    @Override
    protected Request start() throws MPIException {
        return onNeighborhood.iNeighborAllToAllw(sendBuf, counts, byteDispls, types, recvBuf,
                counts, byteDispls, types);
    }
}
