package mpi.it;

import mpi.MPI;
import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;
import mpi.common.output.ResultTable;

/**
 * The allreduce benchmark, counting its calls: after each printed size, rank 0 writes
 * "calls at SIZE: N" to standard error, the calls this rank made at the size (the timed ones
 * and {@code -u}'s untimed repeats). Run by {@link DerivedOptionsIT} to prove that
 * {@code -c -u N} repeats every call N times.
 */
public final class CountingAllReduce extends CollectiveBenchmark {
    private long calls;

    public static void main(String[] args) {
        new CountingAllReduce().run(args);
    }

    public CountingAllReduce() {
        super(Collective.ALLREDUCE);
    }

    @Override
    protected void call() throws MPIException {
        calls++;
        comm.allReduce(sendBuf, recvBuf, count, type, MPI.SUM);
    }

    @Override
    protected void callInPlace() throws MPIException {
        calls++;
        comm.allReduce(recvBuf, count, type, MPI.SUM);
    }

    @Override
    protected ResultTable.Row atSize(int size, int warmup, int iterations) throws MPIException {
        calls = 0;
        ResultTable.Row row = super.atSize(size, warmup, iterations);
        if (!inJitWarmup() && rank == 0) {
            System.err.println("calls at " + size + ": " + calls);
        }
        return row;
    }
}
