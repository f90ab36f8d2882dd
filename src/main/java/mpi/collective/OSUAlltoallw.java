package mpi.collective;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * osu_alltoallw: the latency of MPI_Alltoallw, a message from every rank to every rank, each
 * block with its own datatype (all the element type, as in C OMB) and byte displacement.
 * Run with {@code mpirun -np N}, N &gt;= 2; {@code -h} lists the options.
 */
public final class OSUAlltoallw extends CollectiveBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUAlltoallw().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUAlltoallw() {
        super(Collective.ALLTOALLW);
    }

    @Override
    protected void call() throws MPIException {
        blocking.allToAllw(sendBuf, counts, byteDispls, types, recvBuf, counts, byteDispls,
                types);
    }
}
