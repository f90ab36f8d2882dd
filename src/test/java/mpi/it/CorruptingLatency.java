package mpi.it;

import java.nio.ByteBuffer;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * The latency pattern with a fault: rank 0 damages one received byte. Run by
 * {@link PointToPointIT} to prove that the harness's validation reports the damage.
 */
public final class CorruptingLatency extends PointToPointBenchmark {
    public static void main(String[] args) {
        new CorruptingLatency().run(args);
    }

    public CorruptingLatency() {
        super(PointToPointKind.LATENCY);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (rank == 0) {
            comm.send(sendBuf, count, type, peer, TAG);
            comm.recv(recvBuf, count, type, peer, TAG);
            int last = count - 1; // the last byte: a check that stops early would miss it
            if (recvBuf instanceof ByteBuffer) {
                ByteBuffer b = (ByteBuffer) recvBuf;
                b.put(last, (byte) ~b.get(last));
            } else {
                byte[] b = (byte[]) recvBuf;
                b[last] = (byte) ~b[last];
            }
        } else {
            comm.recv(recvBuf, count, type, peer, TAG);
            comm.send(sendBuf, count, type, peer, TAG);
        }
    }
}
