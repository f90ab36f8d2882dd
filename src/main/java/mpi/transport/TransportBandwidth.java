package mpi.transport;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.transport.Transport;
import mpi.common.transport.TransportBenchmark;

/**
 * osu_bw over a JVM transport: each iteration, rank 0 queues a window of sends, one from each
 * slot's buffer, and waits for them; rank 1 queues as many receives, one into each slot's
 * buffer, waits for them and acknowledges with a small message, which ends the iteration.
 * {@link OSUNioBandwidth} and {@link OSUNettyBandwidth} run it.
 */
public abstract class TransportBandwidth extends TransportBenchmark {
    /** @param transport the transport to measure */
    protected TransportBandwidth(Transport transport) {
        super(PointToPointKind.BANDWIDTH, transport);
    }

    @Override
    protected final void iteration(int count) throws MPIException {
        if (initiator) {
            for (int w = 0; w < window; w++) {
                link.postSend(count, w);
            }
            link.await();
            link.receiveAck();
        } else {
            for (int w = 0; w < window; w++) {
                link.postReceive(count, w);
            }
            link.await();
            link.sendAck();
        }
    }
}
