package mpi.common.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;

import mpi.MPIException;
import mpi.common.options.Options;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * The harness of a transport benchmark: the MPI point-to-point benchmark's harness (sizes,
 * iterations, warm-up, JIT warm-up, {@code -c} validation, statistics, table), with the
 * messages going over a {@link Link} of a JVM transport instead of MPI. A subclass supplies
 * {@link #iteration}, the loop of {@link #link} calls, as an MPI benchmark supplies its loop of
 * MPI calls. MPI still starts the processes, connects the link ({@link Rendezvous}), and
 * synchronises and reduces between sizes, always outside the timed region.
 *
 * <p>The link connects before the first size is measured, on the first call of
 * {@link #bindRequests} (every rank's first step before the barrier that starts a size), takes
 * each size's buffers there (untimed), and closes after the last size ({@link #release}).
 */
public abstract class TransportBenchmark extends PointToPointBenchmark {
    /** The connection to the peer; set before the first iteration. */
    protected Link link;
    private final Transport transport;
    /** Closes {@link #link} should the JVM exit without {@link #release}. */
    private Thread closer;

    /**
     * @param kind      the MPI benchmark whose measurement this repeats
     * @param transport the transport to measure
     */
    protected TransportBenchmark(PointToPointKind kind, Transport transport) {
        super(kind, new TransportSpec(kind, transport));
        this.transport = transport;
    }

    @Override
    protected String[] context(Options options, String binding) {
        return new String[] {"# Transport: " + transport.details(), binding};
    }

    /**
     * A tenth of the MPI benchmark's iterations per JIT warm-up round: a round trip over TCP
     * costs tens of times one over shared memory, and the harness repeats rounds until no rank's
     * JIT compiles anything anyway, so the code is as compiled when the first size starts.
     */
    @Override
    protected final int jitWarmupIterations() {
        return Math.max(1, super.jitWarmupIterations() / 10);
    }

    /** Already a tenth: across hosts as on one host, the messages go over TCP. */
    @Override
    protected final boolean jitWarmupSizedForNetwork() {
        return true;
    }

    /**
     * Connects the link on the first call; on the later ones, hands it the size's buffers
     * ({@code -b multiple} allocates them per size, one per window slot, as for MPI).
     */
    @Override
    protected final void bindRequests(int count) throws MPIException {
        Buffers buffers = Buffers.of(sendBufs, recvBufs, ack);
        if (link == null) {
            // The most operations a loop queues in one direction: a window and its acknowledgement.
            Link connected = Rendezvous.connect(comm, !initiator, transport, buffers, window + 1,
                    this::beforeConnecting);
            closer = new Thread(connected::close, "link-close");
            Runtime.getRuntime().addShutdownHook(closer);
            link = connected;
        } else {
            link.use(buffers);
        }
    }

    /**
     * What the connecting rank does once it knows where its peer listens, before it connects:
     * nothing. A test overrides it to connect a stranger first, and so shows that only the
     * peer's connection is admitted.
     *
     * @param peer where the peer listens, in the order this rank tries
     * @throws IOException if it fails: the connection fails with it
     */
    protected void beforeConnecting(List<InetSocketAddress> peer) throws IOException {
    }

    /**
     * Closes the link once both sides are done with it, so that a suite's next benchmark
     * does not run beside this one's connection and threads.
     */
    @Override
    protected void release() throws MPIException {
        super.release();
        if (link != null) {
            comm.barrier();
            Runtime.getRuntime().removeShutdownHook(closer);
            link.close();
            link = null;
        }
    }
}
