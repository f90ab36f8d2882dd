package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_bcast: the latency of MPI_Bcast from the root ({@code -k}) to every rank.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUBcast extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBcast().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBcast() {
        super(Collective.BCAST);
    }

    @Override
    protected void call() throws MPIException {
        comm.bcast(sendBuf, count, type, root);
    }
}
