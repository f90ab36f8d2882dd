package mpi.collective.persistent;

import mpi.MPIException;
import mpi.Prequest;
import mpi.common.collective.Collective;
import mpi.common.collective.PersistentCollectiveBenchmark;

/**
 * osu_bcast_persistent: the latency of a persistent collective, MPI_Bcast_init from the root ({@code -k}) to every rank: the request made once
 * per size, each timed call its start and completion ({@code MPI_Start}, {@code MPI_Wait}).
 * Run with {@code mpirun -np N}, N &gt;= 2, on an MPI with persistent collectives (MPI-4,
 * or Open MPI 4's MPIX_ extension); {@code -h} lists the options.
 */
public final class OSUBcastPersistent extends PersistentCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBcastPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBcastPersistent() {
        super(Collective.BCAST);
    }

    @Override
    protected Prequest init() throws MPIException {
        return comm.bcastInit(sendBuf, count, type, root);
    }
}
