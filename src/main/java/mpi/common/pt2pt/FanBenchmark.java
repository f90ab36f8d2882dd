package mpi.common.pt2pt;

import java.util.List;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.BenchmarkHarness;
import mpi.common.data.ElementType;
import mpi.common.data.MessageType;
import mpi.common.data.TypedBuffer;
import mpi.common.options.Api;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.output.ResultTable;
import mpi.common.stats.IterationStatistics;
import mpi.common.stats.Metric;
import mpi.common.stats.Percentiles;
import mpi.common.stats.Stats;

/**
 * The harness of a congestion benchmark (osu_bw_fan_in, osu_bw_fan_out). A subclass supplies
 * {@link #iteration}, the communication of one iteration; this class finds the hosts
 * ({@link Hosts}, {@link HostLayout}), gives each rank its role and peers, sets up the
 * buffers, times the iterations, validates ({@code -c}) and computes the row.
 *
 * <p>Method, as C OMB: at each size a barrier, warm-up iterations, then timed iterations,
 * each bracketed by {@link System#nanoTime()} alone, with no barrier between iterations. The
 * senders' times (the children's in fan-in, the parents' in fan-out) are summed at rank 0
 * and averaged over the senders; the aggregate bandwidth is the rate of that mean iteration
 * times the links, processes per host times child hosts. With {@code -f}, min and max are
 * the links times the rate of the slowest and fastest single iteration of any sender. Tail
 * percentiles ({@code -z}) are rank 0's own iterations, all its peers' messages together.
 *
 * <p>Unlike C OMB, a parent receives (fan-in) into a buffer per child, so that {@code -c}
 * can check each child's data; C OMB has no {@code -c} here. The request array is sized
 * for the window and the peers: C's limit of 1000 requests does not apply.
 *
 * <p>As C OMB: {@code -D} sends each message as one instance of a derived type built per
 * size (the bandwidth counts the bytes it carries, the Transmit Size column);
 * {@code -b multiple} gives each window slot its own buffers, allocated per size, untimed.
 * With {@code -c} both are validated as in the point-to-point benchmarks.
 */
public abstract class FanBenchmark extends BenchmarkHarness {
    /** The tag of payload messages. */
    protected static final int TAG = 1;
    /** The tag of acknowledgements, distinct from the payload's. */
    protected static final int ACK_TAG = 2;
    /** The size of an acknowledgement, in bytes. */
    protected static final int ACK_BYTES = 4;

    // Set up before the first iteration; the subclass reads them and changes none.
    /** Whether this rank is on the parent host. */
    protected boolean parent;
    /** A parent's children, one per child host; a child's parent alone. */
    protected int[] peers;
    /**
     * The message window slot w sends, {@code sendBufs[w]}: a direct ByteBuffer or a Java
     * array of {@link #type}; one buffer in every slot unless {@code -b multiple}.
     */
    protected Object[] sendBufs;
    /**
     * Where slot w receives the messages of {@code peers[i]}: {@code recvBufs[i][w]}; one
     * buffer per peer in every slot unless {@code -b multiple}.
     */
    protected Object[][] recvBufs;
    /** A buffer of {@link #ACK_BYTES} bytes for acknowledgements. */
    protected Object ack;
    /** The MPI datatype of the messages ({@code -T}). */
    protected Datatype type;
    /** Messages in flight per peer and iteration ({@code -W}). */
    protected int window;
    /** Room for the requests of one iteration: {@link #window} per peer. */
    protected Request[] requests;

    private final FanKind kind;
    private HostLayout layout;
    private boolean sender;
    private int links;
    private int senders;
    private boolean fullStats;
    private Percentiles tails;
    private Validation[] validations;     // null without -c
    private int elementSize;
    private long[] times;
    private Options options;
    private MessageType messageType;      // the -T type, or -D's at each size
    private TypedBuffer[] receivedOnce;   // with -b single, each peer's one receive buffer

    /** @param kind fan-in or fan-out */
    protected FanBenchmark(FanKind kind) {
        super(kind);
        this.kind = kind;
    }

    /**
     * One iteration with messages of {@code count} elements of {@link #type}: the code that
     * is timed.
     *
     * @param count the elements per message
     * @throws MPIException if an MPI call fails
     */
    protected abstract void iteration(int count) throws MPIException;

    @Override
    protected final int[] setUp(Options options) throws MPIException, UsageException {
        layout = Hosts.gather(comm);
        parent = layout.isParent(rank);
        peers = layout.peers(rank);
        sender = kind.sends(parent);
        links = layout.perHost() * (layout.hosts() - 1);
        senders = kind == FanKind.FAN_IN ? links : layout.perHost();
        window = options.window();
        requests = new Request[window * peers.length];
        this.options = options;
        ElementType t = options.type();
        type = t.datatype();
        elementSize = t.size();
        messageType = new MessageType(type, options.data().derived());
        int max = messageType.reach(options.sizes().max() / elementSize);
        sendBufs = new Object[window];
        recvBufs = new Object[peers.length][window];
        // -b multiple: the slots' buffers come with each size (prepareSize)
        int once = options.data().multipleBuffers() ? 1 : max;
        TypedBuffer send = TypedBuffer.allocate(options.api(), t, once);
        send.fill(once, 1); // touch every page now, not in a timed iteration
        java.util.Arrays.fill(sendBufs, send.raw());
        TypedBuffer[] received = new TypedBuffer[peers.length];
        for (int i = 0; i < peers.length; i++) {
            received[i] = TypedBuffer.allocate(options.api(), t, once);
            received[i].fill(once, 2);
            java.util.Arrays.fill(recvBufs[i], received[i].raw());
        }
        receivedOnce = received;
        ack = options.api() == Api.BUFFER ? MPI.newByteBuffer(ACK_BYTES) : new byte[ACK_BYTES];
        fullStats = options.fullStats();
        tails = options.tails();
        if (options.validate()) {
            validations = new Validation[peers.length];
            for (int i = 0; i < peers.length; i++) {
                // A sender writes its message once per iteration: the first one does.
                validations[i] = new Validation(send, received[i], processes, rank, peers[i],
                        sender && i == 0, !sender);
                validations[i].derived(messageType.layout());
            }
        }
        int[] sizes = java.util.Arrays.stream(options.sizes().toArray())
                .filter(size -> size == 0 || size >= elementSize).toArray();
        times = new long[Math.max(kind.jitWarmupIterations(),
                options.iterations().maxIterations(sizes))];
        return sizes;
    }

    @Override
    protected final ResultTable table(Options options) {
        Metric m = kind.metric();
        List<String> headers = options.fullStats()
                ? List.of(m.header(), m.minHeader(), m.maxHeader()) : List.of(m.header());
        ResultTable table = new ResultTable(kind.title(), options.api(),
                options.type().datatype().getName(), true, headers, options.fullStats(),
                options.validate(), options.tails().headers(m.tailUnit()));
        return table.withTransmitSize(options.data().derived(), options.type().size());
    }

    /** The hosts, as C OMB finds them, then the binding. */
    @Override
    protected String[] context(Options options, String binding) {
        return new String[] {"# [ hosts: " + layout.hosts() + " ] [ processes per host: "
                + layout.perHost() + " ] [ window size: " + window + " ]", binding};
    }

    @Override
    protected final int jitWarmupIterations() {
        return kind.jitWarmupIterations();
    }

    @Override
    protected final ResultTable.Row atSize(int size, int warmup, int iterations)
            throws MPIException {
        int elements = size / elementSize;
        int count = prepareSize(elements);
        comm.barrier();
        for (int i = 0; i < warmup; i++) {
            step(count, elements);
        }
        for (int i = 0; i < iterations; i++) {
            times[i] = step(count, elements);
        }
        releaseSize();
        Stats t = Stats.of(times, iterations);
        Metric metric = kind.metric();
        int bytes = messageType.transmitBytes(size, elementSize); // -D: what bandwidth counts
        double total = overRanks(sender ? t.sum() : 0, MPI.SUM) * processes;
        double meanIteration = total / senders / t.count();
        double[] values = new double[fullStats ? 3 : 1];
        values[0] = links * metric.ofIteration(meanIteration, bytes, window);
        if (fullStats) {
            values[1] = links * overRanks(sender ? metric.minimum(t, bytes, window)
                    : Double.POSITIVE_INFINITY, MPI.MIN);
            values[2] = links * overRanks(sender ? metric.maximum(t, bytes, window) : 0,
                    MPI.MAX);
        }
        IterationStatistics it = ofIterations(tails, times, iterations, false, metric, bytes,
                window * peers.length);
        boolean corrupted = false;
        if (validations != null) {
            for (Validation v : validations) {
                corrupted |= v.takeCorrupted();
            }
        }
        boolean passed = validations == null || ranksWhere(corrupted) == 0;
        return new ResultTable.Row(size, values, t.count(), passed, it.tails(),
                it.statistics());
    }

    /**
     * Untimed, before a size: with {@code -D}, builds its datatype (as C OMB, per size); with
     * {@code -b multiple}, allocates its buffers, one per window slot (and peer).
     *
     * @return the count each call passes: 1 instance of the derived type, or the elements
     */
    private int prepareSize(int n) throws MPIException {
        if (options.data().multipleBuffers()) {
            int reach = Math.max(1, messageType.reach(n));
            TypedBuffer[] sends = TypedBuffer.perSlot(options.api(), options.type(), reach, 1,
                    sendBufs);
            for (int i = 0; i < peers.length; i++) {
                TypedBuffer[] receives = TypedBuffer.perSlot(options.api(), options.type(), reach,
                        2, recvBufs[i]);
                if (validations != null) {
                    validations[i].slots(sends, receives);
                }
            }
        }
        int count = messageType.prepare(n);
        type = messageType.current();
        return count;
    }

    /** After a size: frees its derived datatype. */
    private void releaseSize() throws MPIException {
        messageType.release();
        type = messageType.current();
    }

    /** One iteration: timed, with validation's untimed work before and after it. */
    private long step(int count, int elements) throws MPIException {
        if (validations != null) {
            for (Validation v : validations) {
                v.before(elements);
            }
        }
        long time = timeIteration(count);
        if (validations != null) {
            for (Validation v : validations) {
                v.after(elements);
            }
        }
        return time;
    }

    /** The timed bracket, a method of its own so that the JIT compiles it during warm-up. */
    private long timeIteration(int count) throws MPIException {
        long start = System.nanoTime();
        iteration(count);
        return System.nanoTime() - start;
    }
}
