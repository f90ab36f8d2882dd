package mpi.common.pt2pt;

import java.util.List;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.BenchmarkHarness;
import mpi.common.data.ElementType;
import mpi.common.data.TypedBuffer;
import mpi.common.options.Api;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.output.ResultTable;
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
    /** The message to send: a direct ByteBuffer or a Java array of {@link #type}. */
    protected Object sendBuf;
    /** Where the messages of {@code peers[i]} are received: {@code recvBufs[i]}. */
    protected Object[] recvBufs;
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
        ElementType t = options.type();
        type = t.datatype();
        elementSize = t.size();
        int max = options.sizes().max() / elementSize;
        TypedBuffer send = TypedBuffer.allocate(options.api(), t, max);
        send.fill(max, 1); // touch every page now, not in a timed iteration
        sendBuf = send.raw();
        TypedBuffer[] received = new TypedBuffer[peers.length];
        recvBufs = new Object[peers.length];
        for (int i = 0; i < peers.length; i++) {
            received[i] = TypedBuffer.allocate(options.api(), t, max);
            received[i].fill(max, 2);
            recvBufs[i] = received[i].raw();
        }
        ack = options.api() == Api.BUFFER ? MPI.newByteBuffer(ACK_BYTES) : new byte[ACK_BYTES];
        fullStats = options.fullStats();
        tails = options.tails();
        if (options.validate()) {
            validations = new Validation[peers.length];
            for (int i = 0; i < peers.length; i++) {
                // A sender writes its message once per iteration: the first one does.
                validations[i] = new Validation(send, received[i], processes, rank, peers[i],
                        sender && i == 0, !sender);
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
        return new ResultTable(kind.title(), options.api(), options.type().datatype().getName(),
                true, headers, options.fullStats(), options.validate(),
                options.tails().headers(m.tailUnit()));
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
        int count = size / elementSize;
        comm.barrier();
        for (int i = 0; i < warmup; i++) {
            step(count);
        }
        for (int i = 0; i < iterations; i++) {
            times[i] = step(count);
        }
        Stats t = Stats.of(times, iterations);
        Metric metric = kind.metric();
        double total = overRanks(sender ? t.sum() : 0, MPI.SUM) * processes;
        double meanIteration = total / senders / t.count();
        double[] values = new double[fullStats ? 3 : 1];
        values[0] = links * metric.ofIteration(meanIteration, size, window);
        if (fullStats) {
            values[1] = links * overRanks(sender ? metric.minimum(t, size, window)
                    : Double.POSITIVE_INFINITY, MPI.MIN);
            values[2] = links * overRanks(sender ? metric.maximum(t, size, window) : 0,
                    MPI.MAX);
        }
        double[] tail = tails(tails, times, iterations, false, metric, size,
                window * peers.length);
        boolean corrupted = false;
        if (validations != null) {
            for (Validation v : validations) {
                corrupted |= v.takeCorrupted();
            }
        }
        boolean passed = validations == null || ranksWhere(corrupted) == 0;
        return new ResultTable.Row(size, values, t.count(), passed, tail);
    }

    /** One iteration: timed, with validation's untimed work before and after it. */
    private long step(int count) throws MPIException {
        if (validations != null) {
            for (Validation v : validations) {
                v.before(count);
            }
        }
        long time = timeIteration(count);
        if (validations != null) {
            for (Validation v : validations) {
                v.after(count);
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
