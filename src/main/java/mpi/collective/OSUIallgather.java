package mpi.collective;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_iallgather: MPI_Iallgather overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIallgather extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIallgather().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIallgather() {
        super(Collective.ALLGATHER);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iAllGather(sendBuf, count, type, recvBuf, count, type);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return nonBlocking.iAllGather(recvBuf, count, type);
    }
}
