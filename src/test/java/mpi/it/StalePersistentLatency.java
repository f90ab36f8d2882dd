package mpi.it;

import java.nio.ByteBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * The persistent latency pattern with a fault: rank 0's persistent send is bound to a copy of
 * the message taken before the size, so every start sends stale data, as a binding would that
 * staged an array once instead of at each start. Run by {@link PersistentPointToPointIT} to
 * prove that validation catches it.
 */
public final class StalePersistentLatency extends PointToPointBenchmark {
    private Prequest send;
    private Prequest recv;

    public static void main(String[] args) {
        new StalePersistentLatency().run(args);
    }

    public StalePersistentLatency() {
        super(PointToPointKind.LATENCY_PERSISTENT);
    }

    @Override
    protected void bindRequests(int count) throws MPIException {
        recv = recvInit(count);
        if (rank == 0) {
            ByteBuffer stale = MPI.newByteBuffer(Math.max(count, 1));
            send = comm.sendInit(stale, count, type, peer, TAG);
        } else {
            send = sendInit(count);
        }
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (rank == 0) {
            send.start();
            send.waitFor();
            recv.start();
            recv.waitFor();
        } else {
            recv.start();
            recv.waitFor();
            send.start();
            send.waitFor();
        }
    }
}
