package mpi.it;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * The latency benchmark made slow on purpose: from a message size on, rank 0 sleeps before
 * each exchange. The test benchmarks that need a slow run ({@link SlowLatency},
 * {@link StalledLatency}) say from which size and how long.
 */
abstract class SleepingLatency extends PointToPointBenchmark {
    private final int slowFrom;
    private final int sleepMillis;

    /**
     * @param slowFrom    the smallest message size, in bytes, whose exchanges sleep
     * @param sleepMillis how long rank 0 sleeps before each of them
     */
    SleepingLatency(int slowFrom, int sleepMillis) {
        super(PointToPointKind.LATENCY);
        this.slowFrom = slowFrom;
        this.sleepMillis = sleepMillis;
    }

    @Override
    protected final void iteration(int count) throws MPIException {
        if (rank == 0) {
            if (count >= slowFrom) {
                try {
                    Thread.sleep(sleepMillis);
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
