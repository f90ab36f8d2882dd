package mpi.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_reduce: the latency of MPI_Reduce, a sum at the root ({@code -k}); float by default.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUReduce extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUReduce().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUReduce() {
        super(Collective.REDUCE);
    }

    @Override
    protected void call() throws MPIException {
        comm.reduce(sendBuf, recvBuf, count, type, MPI.SUM, root);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.reduce(recvBuf, count, type, MPI.SUM, root);
    }
}
