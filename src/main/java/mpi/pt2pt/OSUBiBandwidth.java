package mpi.pt2pt;

import mpi.MPIException;
import mpi.Request;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * osu_bibw: the bandwidth of two processes sending to each other at once. Each iteration,
 * both post a window of non-blocking receives, then a window of non-blocking sends, and wait
 * for all of them; the bytes of both directions count.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUBiBandwidth extends PointToPointBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBiBandwidth().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBiBandwidth() {
        super(PointToPointKind.BI_BANDWIDTH);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        for (int w = 0; w < window; w++) {
            requests[w] = nonBlocking.iRecv(recvBufs[w], count, type, peer, TAG, requests[w]);
        }
        for (int w = 0; w < window; w++) {
            requests[window + w] = nonBlocking.iSend(sendBufs[w], count, type, peer, TAG,
                    requests[window + w]);
        }
        Request.waitAll(requests);
    }

    @Override
    protected void objectIteration(int count) throws MPIException {
        for (int w = 0; w < window; w++) {
            requests[w] = nonBlocking.iRecv(recvBufs[w], count, type, peer, TAG, requests[w]);
        }
        for (int w = 0; w < window; w++) {
            serialize(w);
            requests[window + w] = nonBlocking.iSend(sendBufs[w], count, type, peer, TAG,
                    requests[window + w]);
        }
        Request.waitAll(requests);
        for (int w = 0; w < window; w++) {
            deserialize(w);
        }
    }
}
