package mpi.it;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * The latency benchmark with every exchange made slow: rank 0 sleeps {@value #SLEEP_MS} ms
 * before each, so that the JIT warm-up's first size alone outlasts the warm-up's time cap, as
 * a run whose iterations wait for the scheduler would. Run by {@link WarmUpIT}.
 */
public final class StalledLatency extends PointToPointBenchmark {
    static final int SLEEP_MS = 5;

    public static void main(String[] args) {
        new StalledLatency().run(args);
    }

    public StalledLatency() {
        super(PointToPointKind.LATENCY);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (rank == 0) {
            try {
                Thread.sleep(SLEEP_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            comm.send(sendBuf, count, type, peer, TAG);
            comm.recv(recvBuf, count, type, peer, TAG);
        } else {
            comm.recv(recvBuf, count, type, peer, TAG);
            comm.send(sendBuf, count, type, peer, TAG);
        }
    }
}
