package mpi.collective;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_iscatterv: MPI_Iscatterv from the root ({@code -k}) overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIscatterv extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIscatterv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIscatterv() {
        super(Collective.SCATTERV);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iScatterv(sendBuf, counts, displs, type, recvBuf, count, type, root);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return rank == root ? nonBlocking.iScatterv(recvBuf, counts, displs, type, root)
                : nonBlocking.iScatterv(recvBuf, count, type, root);
    }
}
