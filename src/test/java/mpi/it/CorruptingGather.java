package mpi.it;

import mpi.MPIException;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveBenchmark;
import mpi.common.data.TypedBuffer;

/**
 * The gather benchmark with a fault: after each call the root damages the last element it
 * received (from the last rank), as a faulty library or binding would. Run by
 * {@link CollectiveIT} to prove that the harness's validation reports the damage.
 */
public final class CorruptingGather extends CollectiveBenchmark {
    private TypedBuffer received;

    public static void main(String[] args) {
        new CorruptingGather().run(args);
    }

    public CorruptingGather() {
        super(Collective.GATHER);
    }

    @Override
    protected void call() throws MPIException {
        comm.gather(sendBuf, count, type, recvBuf, count, type, root);
        if (rank == root) {
            if (received == null) {
                received = TypedBuffer.wrap(recvBuf, options().type());
            }
            int last = processes * count - 1; // a check that stops early would miss it
            received.put(last, received.get(last) + 1);
        }
    }
}
