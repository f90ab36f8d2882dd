package mpi.it;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;

/**
 * The broadcast benchmark with a fault on one rank: after {@value #HEALTHY_CALLS} calls
 * (inside the JIT warm-up, so every rank is well into the run), rank 1 allocates memory it
 * cannot get, as a rank whose data does not fit its heap would, while the other ranks go on
 * to the barrier that follows every call. Run by {@link FaultIT}: the failing rank must print
 * one line and abort the job, rather than leave the others waiting in the barrier forever.
 */
public final class FailingBcast extends CollectiveBenchmark {
    /** Calls before the fault: past the first thousands of the JIT warm-up. */
    static final int HEALTHY_CALLS = 3000;

    private int calls;
    /** Where the failed allocation would go: kept, so that it cannot be optimised away. */
    private long[] hoard;

    public static void main(String[] args) {
        new FailingBcast().run(args);
    }

    public FailingBcast() {
        super(Collective.BCAST);
    }

    @Override
    protected void call() throws MPIException {
        comm.bcast(sendBuf, count, type, root);
        if (rank == 1 && ++calls == HEALTHY_CALLS) {
            hoard = new long[Integer.MAX_VALUE - 8]; // 16 GiB: more than any test heap
        }
    }

    /** @return the hoard, so that the allocation has a reader */
    long[] hoard() {
        return hoard;
    }
}
