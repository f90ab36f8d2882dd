package mpi.collective;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_ialltoallv: MPI_Ialltoallv overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIalltoallv extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIalltoallv().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIalltoallv() {
        super(Collective.ALLTOALLV);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iAllToAllv(sendBuf, counts, displs, type, recvBuf, counts, displs, type);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return nonBlocking.iAllToAllv(recvBuf, counts, displs, type);
    }
}
