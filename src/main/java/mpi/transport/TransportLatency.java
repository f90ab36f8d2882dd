package mpi.transport;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.transport.Transport;
import mpi.common.transport.TransportBenchmark;

/**
 * osu_latency's ping-pong over a JVM transport: rank 0 sends a message and waits for it to
 * come back; rank 1 receives it and sends it back. {@link OSUNioLatency} and
 * {@link OSUNettyLatency} run it.
 */
public abstract class TransportLatency extends TransportBenchmark {
    /** @param transport the transport to measure */
    protected TransportLatency(Transport transport) {
        super(PointToPointKind.LATENCY, transport);
    }

    @Override
    protected final void iteration(int count) throws MPIException {
        if (initiator) {
            link.send(count);
            link.receive(count);
        } else {
            link.receive(count);
            link.send(count);
        }
    }
}
