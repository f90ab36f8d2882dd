package mpi.it;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * The latency benchmark made slow: from {@value #SLOW_FROM} bytes on, rank 0 sleeps
 * {@value #SLEEP_MS} ms before each exchange, so that a run of a few sizes lasts longer than
 * the progress line's delay. Run by {@link ProgressIT}.
 */
public final class SlowLatency extends PointToPointBenchmark {
    /** Above the JIT warm-up rounds' sizes (at most 1 KiB): only its sweep, 2 iterations a size, sleeps. */
    static final int SLOW_FROM = 2048;
    static final int SLEEP_MS = 400;

    public static void main(String[] args) {
        new SlowLatency().run(args);
    }

    public SlowLatency() {
        super(PointToPointKind.LATENCY);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (rank == 0) {
            if (count >= SLOW_FROM) {
                try {
                    Thread.sleep(SLEEP_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            comm.send(sendBuf, count, type, peer, TAG);
            comm.recv(recvBuf, count, type, peer, TAG);
        } else {
            comm.recv(recvBuf, count, type, peer, TAG);
            comm.send(sendBuf, count, type, peer, TAG);
        }
    }
}
