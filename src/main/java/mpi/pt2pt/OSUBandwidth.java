package mpi.pt2pt;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * osu_bw: the bandwidth from one process to another. Each iteration, rank 0 posts a window
 * of non-blocking sends and waits for them; rank 1 posts as many non-blocking receives,
 * waits for them and acknowledges with a small message, which ends the iteration. Each call
 * starts in the request its slot held, completed by the last window's waitAll (as C's
 * MPI_Isend writes into requests[w]): no allocation per message.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public class OSUBandwidth extends PointToPointBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBandwidth().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBandwidth() {
        super(PointToPointKind.BANDWIDTH);
    }

    /** @param kind a benchmark with this communication pattern ({@link OSUMultiBandwidth}) */
    protected OSUBandwidth(PointToPointKind kind) {
        super(kind);
    }

    @Override
    protected final void iteration(int count) throws MPIException {
        if (initiator) {
            for (int w = 0; w < window; w++) {
                requests[w] = nonBlocking.iSend(sendBufs[w], count, type, peer, TAG, requests[w]);
            }
            Request.waitAll(requests);
            comm.recv(ack, ACK_BYTES, MPI.BYTE, peer, ACK_TAG);
        } else {
            for (int w = 0; w < window; w++) {
                requests[w] = nonBlocking.iRecv(recvBufs[w], count, type, peer, TAG, requests[w]);
            }
            Request.waitAll(requests);
            comm.send(ack, ACK_BYTES, MPI.BYTE, peer, ACK_TAG);
        }
    }

    @Override
    protected final void objectIteration(int count) throws MPIException {
        if (initiator) {
            for (int w = 0; w < window; w++) {
                serialize(w);
                requests[w] = nonBlocking.iSend(sendBufs[w], count, type, peer, TAG, requests[w]);
            }
            Request.waitAll(requests);
            comm.recv(ack, ACK_BYTES, MPI.BYTE, peer, ACK_TAG);
        } else {
            for (int w = 0; w < window; w++) {
                requests[w] = nonBlocking.iRecv(recvBufs[w], count, type, peer, TAG, requests[w]);
            }
            Request.waitAll(requests);
            for (int w = 0; w < window; w++) {
                deserialize(w);
            }
            comm.send(ack, ACK_BYTES, MPI.BYTE, peer, ACK_TAG);
        }
    }
}
