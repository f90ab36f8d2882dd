package mpi.collective;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_igatherv: MPI_Igatherv at the root ({@code -k}) overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIgatherv extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIgatherv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIgatherv() {
        super(Collective.GATHERV);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iGatherv(sendBuf, count, type, recvBuf, counts, displs, type, root);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return rank == root ? nonBlocking.iGatherv(recvBuf, counts, displs, type, root)
                : nonBlocking.iGatherv(recvBuf, count, type, root);
    }
}
