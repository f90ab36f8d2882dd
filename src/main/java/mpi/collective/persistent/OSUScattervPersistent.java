package mpi.collective.persistent;

import mpi.MPIException;
import mpi.Prequest;
import mpi.common.collective.Collective;
import mpi.common.collective.PersistentCollectiveBenchmark;

/**
 * osu_scatterv_persistent: the latency of a persistent collective, MPI_Scatterv_init from the root ({@code -k}), with C OMB's counts and displacements: the request made once
 * per size, each timed call its start and completion ({@code MPI_Start}, {@code MPI_Wait}).
 * Run with {@code mpirun -np N}, N &gt;= 2, on an MPI with persistent collectives (MPI-4,
 * or Open MPI 4's MPIX_ extension); {@code -h} lists the options.
 */
public final class OSUScattervPersistent extends PersistentCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUScattervPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUScattervPersistent() {
        super(Collective.SCATTERV);
    }

    @Override
    protected Prequest init() throws MPIException {
        if (!inPlace()) {
            return comm.scattervInit(sendBuf, counts, displs, type, recvBuf, count, type, root);
        }
        return rank == root ? comm.scattervInit(recvBuf, counts, displs, type, root)
                : comm.scattervInit(recvBuf, count, type, root);
    }
}
