package mpi.collective.persistent;

import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.common.collective.Collective;
import mpi.common.collective.PersistentCollectiveBenchmark;

/**
 * osu_reduce_scatter_persistent: the latency of a persistent collective, MPI_Reduce_scatter_init of MPI_SUM, with C OMB's counts: the request made once
 * per size, each timed call its start and completion ({@code MPI_Start}, {@code MPI_Wait}).
 * Run with {@code mpirun -np N}, N &gt;= 2, on an MPI with persistent collectives (MPI-4,
 * or Open MPI 4's MPIX_ extension); {@code -h} lists the options.
 */
public final class OSUReduceScatterPersistent extends PersistentCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUReduceScatterPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUReduceScatterPersistent() {
        super(Collective.REDUCE_SCATTER);
    }

    @Override
    protected Prequest init() throws MPIException {
        return inPlace() ? comm.reduceScatterInit(recvBuf, counts, type, MPI.SUM)
                : comm.reduceScatterInit(sendBuf, recvBuf, counts, type, MPI.SUM);
    }
}
