package mpi.common.onesided;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.Datatype;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.BenchmarkHarness;
import mpi.common.binding.OneSidedCalls;
import mpi.common.data.ElementType;
import mpi.common.data.TypedBuffer;
import mpi.common.onesided.OneSidedKind.Pattern;
import mpi.common.options.Api;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;
import mpi.common.stats.IterationStatistics;
import mpi.common.stats.Metric;
import mpi.common.stats.Stats;

/**
 * The harness of a one-sided benchmark. A subclass supplies {@link #operations}, the calls of
 * one epoch and nothing else; this class makes a new window for every size, runs the
 * synchronization recipe of {@code -s} around those calls ({@link Epoch}), times the loop,
 * validates ({@code -c}) and computes the result; {@link BenchmarkHarness} has rank 0 print
 * it.
 *
 * <p>Method, as C OMB (§3 of the catalogue): at each size both ranks create the window
 * ({@code -w}, {@link Window}) and meet at a barrier; the origin (and in the active-target
 * modes the target too) runs the warm-up epochs, then the timed ones; rank 0 times them as
 * one interval, from the first timed epoch to the end of the last, with
 * {@link System#nanoTime()}; a barrier, and the window is freed. Latency = time /
 * iterations, halved in the active-target modes where both ranks operate each iteration;
 * bandwidth = size x W x iterations / time (twice that both ways). With {@code -f},
 * {@code -z}, {@code -G}, {@code --stats} or {@code -o} rank 0 also reads the clock after
 * every epoch (one clock read more per epoch) for the minimum, maximum, percentiles and
 * statistics of single epochs.
 *
 * <p>Operation j of an epoch (j &lt; W, a bandwidth test's window; 0 for the others) uses
 * {@link #origins}[j] and target displacement {@link #disps}[j]: byte j x size of the origin
 * buffer and of the peer's window, as C OMB. A Java array cannot be sliced, so with
 * {@code -a arrays} every operation starts at the array's first element (the target
 * displacements still differ).
 */
public abstract class OneSidedBenchmark extends BenchmarkHarness {
    /** The fill of origin buffers, C OMB's 'a'. */
    private static final int ORIGIN_FILL = 'a';
    /** The fill of window memory, C OMB's 'b'. */
    private static final int WINDOW_FILL = 'b';

    // Set up per run or per size; the subclass reads them and changes none.
    /** The operations, for the run's buffers and window kind. */
    protected OneSidedCalls calls;
    /** The window of the current size. */
    protected mpi.Win win;
    /** The MPI datatype of the operations ({@code -T}; MPI.BYTE for the others). */
    protected Datatype type;
    /** The rank operated on: the other one. */
    protected int target;
    /** Messages per epoch: {@code -W} for a bandwidth test, 1 for the others. */
    protected int window;
    /** The origin buffer of operation j of an epoch. */
    protected Object[] origins;
    /** The target displacement of operation j of an epoch, in the peer's window. */
    protected long[] disps;
    /** The result buffer of fetching operations (get_acc, fop, cas). */
    protected Object result;
    /** The compare buffer of compare-and-swap. */
    protected Object compare;

    private final OneSidedKind kind;
    private final AtomicValidation.Kind validated;
    private Options options;
    private Synchronization sync;
    private WindowCreation creation;
    private int elementSize;
    private int maxBytes;
    private TypedBuffer origin;
    private TypedBuffer resultBuffer;
    private TypedBuffer compareBuffer;
    private ByteBuffer memory;
    private ByteBuffer baseSlot;
    private final long[] address = new long[1];
    private AtomicValidation validation; // null without -c
    private boolean stamped;
    private long[] times;
    private Metric metric;

    /**
     * @param kind      which benchmark this is
     * @param validated what its operation does, for {@code -c}; null for a benchmark without
     */
    protected OneSidedBenchmark(OneSidedKind kind, AtomicValidation.Kind validated) {
        super(kind);
        this.kind = kind;
        this.validated = validated;
    }

    /**
     * The operations of one epoch, aimed at {@link #target} in {@link #win}: the code that is
     * timed, with the synchronization around it.
     *
     * @param count the elements per operation
     * @throws MPIException if an MPI call fails
     */
    protected abstract void operations(int count) throws MPIException;

    @Override
    protected final int[] setUp(Options o) throws MPIException {
        options = o;
        sync = o.synchronization();
        creation = o.windowCreation();
        target = 1 - rank;
        window = kind.window(o);
        ElementType t = o.type();
        type = t.datatype();
        elementSize = t.size();
        int[] sizes = kind.oneElement() ? new int[] {elementSize}
                : Arrays.stream(o.sizes().toArray()).filter(s -> s >= elementSize).toArray();
        maxBytes = kind.oneElement() ? Math.max(o.sizes().largest(), elementSize)
                : sizes[sizes.length - 1] * window;
        int originBytes = kind.oneElement() ? elementSize : maxBytes;
        calls = OneSidedCalls.of(o.api() == Api.ARRAYS || creation == WindowCreation.DYNAMIC);
        origin = TypedBuffer.allocate(o.api(), t, originBytes / elementSize);
        origin.fill(origin.capacity(), ORIGIN_FILL); // touches every page, as C OMB's memset
        if (kind == OneSidedKind.GET_ACC_LATENCY || validated != null && validated.fetches) {
            resultBuffer = TypedBuffer.allocate(o.api(), t, originBytes / elementSize);
            result = resultBuffer.raw();
        }
        if (validated == AtomicValidation.Kind.COMPARE_AND_SWAP) {
            compareBuffer = TypedBuffer.allocate(o.api(), t, 1);
            compareBuffer.fill(1, ORIGIN_FILL);
            compare = compareBuffer.raw();
        }
        if (creation == WindowCreation.ALLOCATE) {
            baseSlot = MPI.newByteBuffer(Long.BYTES);
        } else {
            memory = MPI.newByteBuffer(maxBytes);
            TypedBuffer.wrap(memory, ElementType.BYTE).fill(maxBytes, WINDOW_FILL);
        }
        origins = new Object[window];
        disps = new long[window];
        if (o.validate()) {
            validation = new AtomicValidation(validated);
        }
        metric = metric(kind, sync);
        stamped = o.fullStats() || keepsIterations(o);
        times = new long[stamped ? Math.max(kind.jitWarmupIterations(sync),
                o.iterations().maxIterations(sizes)) : 0];
        return sizes;
    }

    @Override
    protected final ResultTable table(Options o) {
        Metric metric = metric(kind, o.synchronization());
        List<String> headers = new ArrayList<>();
        headers.add(kind.latency() ? "Latency (us)" : metric.header());
        if (o.fullStats()) {
            headers.add(metric.minHeader());
            headers.add(metric.maxHeader());
        }
        return new ResultTable(kind.title(), o.api(), o.type().mpiName(), true, headers,
                o.fullStats(), o.validate(), o.tails().headers(metric.tailUnit()));
    }

    @Override
    protected final String[] context(Options o, String binding) {
        return new String[] {"# Window creation: " + o.windowCreation().mpiCall(),
                "# Synchronization: " + o.synchronization().mpiCalls(), binding};
    }

    @Override
    protected final int jitWarmupIterations() {
        return kind.jitWarmupIterations(sync);
    }

    @Override
    protected final ResultTable.Row atSize(int size, int warmup, int iterations)
            throws MPIException {
        int count = kind.oneElement() ? 1 : size / elementSize;
        int bytes = kind.oneElement() ? maxBytes : size * window;
        Window w = Window.open(creation, memory, baseSlot, bytes, comm, target, rank == 0,
                address);
        win = w.win();
        prepareOperations(w.base(), size);
        Group peerGroup = sync == Synchronization.PSCW ? peerGroup() : null;
        Epoch epoch = Epoch.of(sync, kind.pattern(), rank == 0, kind.exclusiveLock(sync), win,
                target, peerGroup, this::operations);
        comm.barrier();
        long nanos = 0;
        if (epoch.takesPart()) {
            epoch.begin();
            for (int i = 0; i < warmup; i++) {
                epoch.iteration(count);
            }
            nanos = stamped ? stampedLoop(epoch, count, iterations) : loop(epoch, count,
                    iterations);
            epoch.end();
        }
        comm.barrier();
        boolean passed = validation == null || validate(epoch, count, w);
        if (peerGroup != null) {
            peerGroup.free();
        }
        w.close();
        win = null;
        return row(size, iterations, nanos, passed);
    }

    /** The timed loop: one interval. A method of its own, so the JIT compiles it early. */
    private static long loop(Epoch epoch, int count, int iterations) throws MPIException {
        long start = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            epoch.iteration(count);
        }
        return System.nanoTime() - start;
    }

    /** The timed loop with the clock read after every epoch, into {@link #times}. */
    private long stampedLoop(Epoch epoch, int count, int iterations) throws MPIException {
        long start = System.nanoTime();
        long last = start;
        for (int i = 0; i < iterations; i++) {
            epoch.iteration(count);
            long now = System.nanoTime();
            times[i] = now - last;
            last = now;
        }
        return last - start;
    }

    private ResultTable.Row row(int size, int iterations, long nanos, boolean passed)
            throws MPIException {
        Stats t = stamped ? Stats.of(times, iterations) : new Stats(iterations, nanos, 0, 0);
        double[] values = new double[options.fullStats() ? 3 : 1];
        values[0] = metric.average(t, size, window);
        if (options.fullStats()) {
            values[1] = metric.minimum(t, size, window);
            values[2] = metric.maximum(t, size, window);
        }
        IterationStatistics it = ofIterations(options.tails(), times, iterations, false,
                metric, size, window);
        return new ResultTable.Row(size, values, iterations, passed, it.tails(),
                it.statistics());
    }

    /**
     * One untimed epoch with filled buffers, checked on both ranks (see
     * {@link AtomicValidation}).
     *
     * @return whether every rank found its data right
     */
    private boolean validate(Epoch epoch, int count, Window w) throws MPIException {
        TypedBuffer windowMemory = TypedBuffer.wrap(w.memory(), options.type());
        validation.fill(rank, count, origin, compareBuffer, resultBuffer, windowMemory);
        comm.barrier();
        if (epoch.takesPart()) {
            epoch.begin();
            epoch.iteration(count);
            epoch.end();
        }
        comm.barrier();
        boolean both = kind.pattern() == Pattern.PING_PONG && sync.activeTarget();
        boolean ok = validation.check(rank, target, count, rank == 1 || both, rank == 0 || both,
                resultBuffer, windowMemory);
        // Restore the fills the measurement runs with (cas: a compare value that never matches).
        origin.fill(count, ORIGIN_FILL);
        if (compareBuffer != null) {
            compareBuffer.fill(1, ORIGIN_FILL);
        }
        return ranksWhere(!ok) == 0;
    }

    /** Origin slices and target displacements of the W operations of an epoch at a size. */
    private void prepareOperations(long base, int size) {
        for (int j = 0; j < window; j++) {
            long offset = (long) j * size;
            origins[j] = options.api() == Api.ARRAYS || j == 0 ? origin.raw()
                    : MPI.slice((ByteBuffer) origin.raw(), (int) offset);
            disps[j] = base + offset;
        }
    }

    private Group peerGroup() throws MPIException {
        Group world = comm.getGroup();
        Group peer = world.incl(new int[] {target});
        world.free();
        return peer;
    }

    /**
     * @param kind the benchmark
     * @param sync the synchronization
     * @return how an epoch's time becomes the reported value: a latency of one operation (an
     *         iteration counting two in the active-target modes of the latency programs), or a
     *         bandwidth one way or both ways
     */
    public static Metric metric(OneSidedKind kind, Synchronization sync) {
        switch (kind.pattern()) {
            case PING_PONG: return kind.trips(sync) == 2 ? Metric.LATENCY
                    : Metric.COLLECTIVE_LATENCY;
            case ONE_WAY:   return Metric.BANDWIDTH;
            case BOTH_WAYS: return Metric.BI_BANDWIDTH;
            default:        throw new AssertionError(kind);
        }
    }
}
