package mpi.transport;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.transport.Transport;
import mpi.common.transport.TransportBenchmark;

/**
 * osu_bibw over a JVM transport: each iteration, both ranks queue a window of receives, then
 * a window of sends, a slot's buffer each, and wait for all of them; the bytes of both
 * directions count.
 * {@link OSUNioBiBandwidth} and {@link OSUNettyBiBandwidth} run it.
 */
public abstract class TransportBiBandwidth extends TransportBenchmark {
    /** @param transport the transport to measure */
    protected TransportBiBandwidth(Transport transport) {
        super(PointToPointKind.BI_BANDWIDTH, transport);
    }

    @Override
    protected final void iteration(int count) throws MPIException {
        for (int w = 0; w < window; w++) {
            link.postReceive(count, w);
        }
        for (int w = 0; w < window; w++) {
            link.postSend(count, w);
        }
        link.await();
    }
}
