package mpi.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_ireduce: MPI_Ireduce (a sum) at the root ({@code -k}) overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIreduce extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIreduce().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIreduce() {
        super(Collective.REDUCE);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iReduce(sendBuf, recvBuf, count, type, MPI.SUM, root);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return nonBlocking.iReduce(recvBuf, count, type, MPI.SUM, root);
    }
}
