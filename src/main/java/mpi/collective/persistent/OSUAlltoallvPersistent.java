package mpi.collective.persistent;

import mpi.MPIException;
import mpi.Prequest;
import mpi.common.collective.Collective;
import mpi.common.collective.PersistentCollectiveBenchmark;

/**
 * osu_alltoallv_persistent: the latency of a persistent collective, MPI_Alltoallv_init, with C OMB's counts and displacements: the request made once
 * per size, each timed call its start and completion ({@code MPI_Start}, {@code MPI_Wait}).
 * Run with {@code mpirun -np N}, N &gt;= 2, on an MPI with persistent collectives (MPI-4,
 * or Open MPI 4's MPIX_ extension); {@code -h} lists the options.
 */
public final class OSUAlltoallvPersistent extends PersistentCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUAlltoallvPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUAlltoallvPersistent() {
        super(Collective.ALLTOALLV);
    }

    @Override
    protected Prequest init() throws MPIException {
        return inPlace() ? comm.allToAllvInit(recvBuf, counts, displs, type)
                : comm.allToAllvInit(sendBuf, counts, displs, type, recvBuf, counts, displs, type);
    }
}
