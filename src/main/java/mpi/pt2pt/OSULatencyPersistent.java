package mpi.pt2pt;

import mpi.MPIException;
import mpi.Prequest;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * osu_latency_persistent: {@link OSULatency}'s ping-pong with persistent requests. At each
 * size, each rank binds a send and a receive of the message once; each iteration starts and
 * completes them: rank 0 sends and waits, then receives and waits; rank 1 the mirror.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSULatencyPersistent extends PointToPointBenchmark {
    private Prequest send;
    private Prequest recv;

    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSULatencyPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSULatencyPersistent() {
        super(PointToPointKind.LATENCY_PERSISTENT);
    }

    @Override
    protected void bindRequests(int count) throws MPIException {
        send = sendInit(count);
        recv = recvInit(count);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (initiator) {
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
