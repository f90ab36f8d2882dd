package mpi.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_iallreduce: MPI_Iallreduce (a sum) overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIallReduce extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIallReduce().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIallReduce() {
        super(Collective.ALLREDUCE);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iAllReduce(sendBuf, recvBuf, count, type, MPI.SUM);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return nonBlocking.iAllReduce(recvBuf, count, type, MPI.SUM);
    }
}
