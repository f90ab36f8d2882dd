package mpi.collective.persistent;

import mpi.MPIException;
import mpi.Prequest;
import mpi.common.collective.Collective;
import mpi.common.collective.PersistentCollectiveBenchmark;

/**
 * osu_barrier_persistent: the latency of a persistent collective, MPI_Barrier_init: the request made once
 * per size, each timed call its start and completion ({@code MPI_Start}, {@code MPI_Wait}).
 * Run with {@code mpirun -np N}, N &gt;= 2, on an MPI with persistent collectives (MPI-4,
 * or Open MPI 4's MPIX_ extension); {@code -h} lists the options.
 */
public final class OSUBarrierPersistent extends PersistentCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBarrierPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBarrierPersistent() {
        super(Collective.BARRIER);
    }

    @Override
    protected Prequest init() throws MPIException {
        return comm.barrierInit();
    }
}
