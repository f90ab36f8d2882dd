package mpi.neighborhood;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_ineighbor_alltoallv: MPI_Ineighbor_alltoallv, with C OMB's counts and displacements, on
 * the distributed-graph communicator of {@code -N}, overlapped with computation. Reports the
 * overall, compute and pure communication times and the overlap; {@code -t CALLS} adds test
 * calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 3 with the default topology; {@code -h} lists the
 * options.
 */
public final class OSUIneighborAlltoallv extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIneighborAlltoallv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIneighborAlltoallv() {
        super(Collective.NEIGHBOR_ALLTOALLV);
    }

    @Override
    protected Request start() throws MPIException {
        return onNeighborhood.iNeighborAllToAllv(sendBuf, counts, displs, type, recvBuf, counts,
                displs, type);
    }
}
