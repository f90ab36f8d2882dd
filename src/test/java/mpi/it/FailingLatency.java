package mpi.it;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * The latency pattern with a fault on one rank: after {@value #HEALTHY_ITERATIONS} iterations
 * (inside the JIT warm-up, so both ranks are well into the run), rank 1 allocates memory it
 * cannot get, as a rank whose data does not fit its heap would, while rank 0 waits in
 * {@code MPI_Recv} for its answer. Run by {@link FaultIT}: the failing rank must print one
 * line and abort the job, rather than leave rank 0 waiting forever.
 */
public final class FailingLatency extends PointToPointBenchmark {
    /** Iterations before the fault: past the first thousands of the JIT warm-up. */
    static final int HEALTHY_ITERATIONS = 3000;

    private int iterations;
    /** Where the failed allocation would go: kept, so that it cannot be optimised away. */
    private long[] hoard;

    public static void main(String[] args) {
        new FailingLatency().run(args);
    }

    public FailingLatency() {
        super(PointToPointKind.LATENCY);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (rank == 0) {
            comm.send(sendBuf, count, type, peer, TAG);
            comm.recv(recvBuf, count, type, peer, TAG);
        } else {
            comm.recv(recvBuf, count, type, peer, TAG);
            if (++iterations == HEALTHY_ITERATIONS) {
                hoard = new long[Integer.MAX_VALUE - 8]; // 16 GiB: more than any test heap
            }
            comm.send(sendBuf, count, type, peer, TAG);
        }
    }

    /** @return the hoard, so that the allocation has a reader */
    long[] hoard() {
        return hoard;
    }
}
