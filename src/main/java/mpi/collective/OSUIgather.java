package mpi.collective;

import mpi.MPIException;
import mpi.Request;
import mpi.common.collective.Collective;
import mpi.common.collective.NonBlockingCollectiveBenchmark;

/**
 * osu_igather: MPI_Igather at the root ({@code -k}) overlapped with computation. Reports the overall, compute and pure communication times and the
 * overlap; {@code -t CALLS} adds test calls during the computation.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUIgather extends NonBlockingCollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUIgather().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUIgather() {
        super(Collective.GATHER);
    }

    @Override
    protected Request start() throws MPIException {
        return nonBlocking.iGather(sendBuf, count, type, recvBuf, count, type, root);
    }

    @Override
    protected Request startInPlace() throws MPIException {
        return nonBlocking.iGather(recvBuf, count, type, root);
    }
}
