package mpi.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_allreduce: the latency of MPI_Allreduce, a sum at every rank; float by default.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUAllReduce extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUAllReduce().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUAllReduce() {
        super(Collective.ALLREDUCE);
    }

    @Override
    protected void call() throws MPIException {
        comm.allReduce(sendBuf, recvBuf, count, type, MPI.SUM);
    }

    @Override
    protected void callInPlace() throws MPIException {
        comm.allReduce(recvBuf, count, type, MPI.SUM);
    }
}
