package mpi.collective.persistent;

import mpi.MPIException;
import mpi.Prequest;
import mpi.common.collective.Collective;
import mpi.common.collective.PersistentCollectiveBenchmark;

/**
 * osu_gatherv_persistent: the latency of a persistent collective, MPI_Gatherv_init at the root ({@code -k}), with C OMB's counts and displacements: the request made once
 * per size, each timed call its start and completion ({@code MPI_Start}, {@code MPI_Wait}).
 * Run with {@code mpirun -np N}, N &gt;= 2, on an MPI with persistent collectives (MPI-4,
 * or Open MPI 4's MPIX_ extension); {@code -h} lists the options.
 */
public final class OSUGathervPersistent extends PersistentCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUGathervPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUGathervPersistent() {
        super(Collective.GATHERV);
    }

    @Override
    protected Prequest init() throws MPIException {
        if (!inPlace()) {
            return comm.gathervInit(sendBuf, count, type, recvBuf, counts, displs, type, root);
        }
        return rank == root ? comm.gathervInit(recvBuf, counts, displs, type, root)
                : comm.gathervInit(recvBuf, count, type, root);
    }
}
