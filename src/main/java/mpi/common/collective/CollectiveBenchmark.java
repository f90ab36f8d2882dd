package mpi.common.collective;

import mpi.Datatype;
import mpi.GraphComm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.BenchmarkHarness;
import mpi.common.binding.BlockingCalls;
import mpi.common.binding.NonBlockingCalls;
import mpi.common.clock.ClockInfo;
import mpi.common.clock.ClockSync;
import mpi.common.data.ElementPattern;
import mpi.common.data.ElementType;
import mpi.common.data.TypedBuffer;
import mpi.common.objects.ObjectMessages;
import mpi.common.options.Api;
import mpi.common.options.IterationPolicy;
import mpi.common.options.Options;
import mpi.common.options.Root;
import mpi.common.options.Timing;
import mpi.common.output.ResultTable;
import mpi.common.stats.IterationStatistics;
import mpi.common.stats.Metric;
import mpi.common.stats.Stats;
import mpi.common.topology.Neighborhood;

/**
 * The harness of a blocking collective benchmark. A subclass supplies {@link #call}, the one
 * MPI call that is measured, and {@link #callInPlace}, its in-place form where MPI has one;
 * this class sets up the buffers, the counts and the root, runs and times the calls at each
 * message size, validates ({@code -c}), combines the ranks' results, and
 * {@link BenchmarkHarness} has rank 0 print them.
 *
 * <p>Method, as C OMB's osu_bcast and the others: at each size, a barrier, then for the
 * warm-up and the timed iterations, the call alone bracketed by {@link System#nanoTime()} in
 * a method of its own, then an untimed barrier, so that calls cannot pipeline. Each rank
 * averages its timed calls; rank 0 reports the average over ranks of these averages (a SUM
 * divided by the number of ranks) and, with {@code -f}, their minimum and maximum and the
 * iterations. Tail percentiles ({@code -z}) come, as in C OMB, from each iteration's time
 * averaged over ranks. Before the first size, the same code runs untimed until the JIT has
 * compiled it (see {@link BenchmarkHarness}).
 *
 * <p>Buffers are allocated once, for the largest size run: see {@link Collective} for their
 * sizes. With {@code -l} there is one buffer, {@link #recvBuf}.
 *
 * <p>Validation ({@code -c}): before each call every rank writes the
 * {@link ElementPattern} of its rank, the call, the element and the destination block into
 * the data it sends, and a barrier follows (untimed); after the call every rank compares what
 * it holds with the result the collective must deliver, computed from the pattern of every
 * rank ({@link Collective#check}). Per size, the number of ranks that found a wrong element
 * decides Pass or Fail; a Fail makes the exit code 1.
 *
 * <p>A neighborhood collective ({@link Collective#neighborhood}) runs on the
 * distributed-graph communicator {@link #neighborhood}, which {@link #setUp} builds from
 * {@code -N} ({@link Neighborhood}); the barriers and the reductions of the results stay on
 * all processes. Validation then checks block k against this rank's k-th source.
 *
 * <p>A benchmark built on this harness with another measurement (a non-blocking
 * collective's) overrides {@link #atSize} and {@link #table}, and reuses the buffers,
 * {@link #prepareSize}, {@link #beforeCall}, {@link #afterCall} and {@link #passed}.
 *
 * <p>With {@code -a objects} ({@link ObjectBlocks}), the timed bracket holds the
 * serialization of the blocks this rank sends, the call on their bytes ({@code MPI.BYTE},
 * each block's count its serialized size) and the deserialization of the blocks it
 * receives; validation fills the payloads and checks the object graphs field by field.
 */
public abstract class CollectiveBenchmark extends BenchmarkHarness {
    /**
     * Timed calls per round of the JIT warm-up: more than C2's compile threshold (5000
     * invocations), so that a round in which nothing is compiled means nothing is pending.
     */
    protected static final int JIT_WARMUP_ITERATIONS = 6000;
    /**
     * {@code --timing global}: untimed calls before a size's windows, at least (more with
     * {@code -x}); the median of their times sizes the window.
     */
    static final int MIN_UNTIMED_CALLS = 10;

    // Set up before the first call; the subclass reads them and changes none.
    /** The MPI datatype of the elements ({@code -T}). */
    protected Datatype type;
    /** The send buffer (a broadcast's one buffer); null in place and for a barrier. */
    protected Object sendBuf;
    /** The receive buffer; in place ({@code -l}) the one buffer; null for a broadcast. */
    protected Object recvBuf;
    /** The count argument of the call, in elements (see {@link Collective#callCount}). */
    protected int count;
    /** Each rank's count, in elements, for the v-variants and reduce-scatter. */
    protected int[] counts;
    /** Each rank's displacement, in elements, for the v-variants. */
    protected int[] displs;
    /** The root of the current call ({@code -k}); 0 for a collective without one. */
    protected int root;
    // For MPI_Alltoallw, whose blocks each have a datatype and a displacement in bytes.
    /** Each rank's displacement in bytes: {@link #displs} times the element size. */
    protected int[] byteDispls;
    /** Each rank's datatype: {@link #type} for every rank, as in C OMB. */
    protected Datatype[] types;
    /** The blocking calls Open MPI declares on direct buffers only, on the run's buffers. */
    protected BlockingCalls blocking;
    // For the neighborhood collectives ({@code -N}).
    /** The distributed-graph communicator of a neighborhood collective; null for the others. */
    protected GraphComm neighborhood;
    /** The non-blocking calls on {@link #neighborhood}, for the run's kind of buffer. */
    protected NonBlockingCalls onNeighborhood;

    private final CollectiveSpec spec;
    private final Collective collective;
    private Options options;
    private Root rootOption;
    private boolean inPlace;
    private int elementSize;
    private CollectiveCall view;          // counts and displacements; the buffers for -c
    private boolean validating;
    private long exchange;
    private long wrongElements;
    private long[] times;
    /** {@code --timing max} and {@code root}'s values of the iterations; else null. */
    private CallTiming callTiming;
    /** {@code --timing global}'s windows on synchronized clocks; else null. */
    private GlobalWindows windows;
    /** {@code --timing global}: the ranks' clocks mapped to rank 0's; else null. */
    private ClockSync clockSync;
    /** {@code --timing global}: the untimed calls' times, which size the windows. */
    private long[] untimedTimes;
    // -a objects (ObjectBlocks): null otherwise
    private ObjectMessages objects;
    private java.nio.ByteBuffer[] sendBlocks;   // slices of sendBuf, one per block, per size
    private java.nio.ByteBuffer[] recvBlocks;   // slices of recvBuf (a broadcast's: sendBuf)
    private int sending;                        // blocks this rank serializes in this call
    private int receiving;                      // blocks this rank deserializes in this call
    private boolean checkObjects;               // -a objects -c
    private long wrongFields;                   // -a objects -c: since the last size

    /** @param collective the collective measured: the blocking benchmark of C OMB */
    protected CollectiveBenchmark(Collective collective) {
        this(CollectiveSpec.blocking(collective));
    }

    /** @param spec the benchmark: its collective, title and options */
    protected CollectiveBenchmark(CollectiveSpec spec) {
        super(spec);
        this.spec = spec;
        this.collective = spec.collective();
    }

    /**
     * The measured MPI call, with the fields of this class as its arguments: the code that
     * is timed.
     *
     * @throws MPIException if the call fails
     */
    protected abstract void call() throws MPIException;

    /**
     * The in-place form of {@link #call} ({@code -l}), where MPI has one: {@link #recvBuf} is
     * the one buffer.
     *
     * @throws MPIException if the call fails
     */
    protected void callInPlace() throws MPIException {
        throw new UnsupportedOperationException(program() + " has no in-place form");
    }

    /** @return the collective measured */
    protected final Collective collective() {
        return collective;
    }

    /** @return the benchmark's settings */
    protected final Options options() {
        return options;
    }

    @Override
    protected int[] setUp(Options o) throws MPIException {
        options = o;
        rootOption = o.root();
        inPlace = o.inPlace();
        validating = o.validate();
        // -a objects: serialized bytes, whatever -T's default says
        ElementType t = o.api() == Api.OBJECTS ? ElementType.BYTE : o.type();
        elementSize = t.size();
        type = t.datatype();
        SizePlan plan = SizePlan.of(o, collective, processes);
        if (o.api() == Api.OBJECTS) {
            return setUpObjects(o, plan);
        }
        if (rank == 0 && plan.skipped().length > 0) {
            System.err.println(program() + ": " + plan.skipMessage());
            System.err.flush();
        }
        if (rank == 0 && plan.tooLarge().length > 0) {
            System.err.println(program() + ": " + plan.tooLargeMessage(processes));
            System.err.flush();
        }
        int elements = plan.largest() / elementSize;
        int sendElements = (int) collective.sendElements(elements, processes);
        int recvElements = (int) collective.receiveElements(elements, processes);
        TypedBuffer send = null;
        TypedBuffer recv = null;
        if (inPlace) {
            recv = TypedBuffer.allocate(o.api(), t, Math.max(sendElements, recvElements));
        } else {
            send = sendElements > 0 ? TypedBuffer.allocate(o.api(), t, sendElements) : null;
            recv = recvElements > 0 ? TypedBuffer.allocate(o.api(), t, recvElements) : null;
        }
        // Touch every page now: a first touch inside a timed call would be measured.
        if (send != null) {
            send.fill(send.capacity(), 1);
            sendBuf = send.raw();
        }
        if (recv != null) {
            recv.fill(recv.capacity(), 2);
            recvBuf = recv.raw();
        }
        view = new CollectiveCall(processes, rank, inPlace, send, recv,
                new ElementPattern(t, processes, collective.reduction()));
        counts = view.counts();
        displs = view.displs();
        byteDispls = new int[processes];
        types = new Datatype[processes];
        java.util.Arrays.fill(types, type);
        blocking = BlockingCalls.of(o.api() == Api.ARRAYS, comm);
        if (collective.neighborhood()) {
            Neighborhood hood = Neighborhood.create(comm, o.topology(), System.out);
            neighborhood = hood.comm();
            onNeighborhood = NonBlockingCalls.of(o.api() == Api.ARRAYS, neighborhood);
            view.neighbors(hood.neighbors().sources(), hood.neighbors().destinations());
        }
        times = new long[Math.max(jitWarmupIterations(),
                o.iterations().maxIterations(plan.run()))];
        setUpTiming(o);
        return plan.run();
    }

    /**
     * {@code -a objects}: sizes the payloads, and allocates direct buffers of a block per rank
     * at the largest serialized size (pages touched by the allocation, which zeroes them).
     *
     * @return the nominal sizes run (see {@link ObjectMessages#plan})
     */
    private int[] setUpObjects(Options o, SizePlan plan) {
        objects = new ObjectMessages(o.objects(), processes, processes);
        int[] run = objects.plan(plan.run());
        int blockBytes = Math.max(1, objects.maxBytes());
        sendBuf = MPI.newByteBuffer(processes * blockBytes);
        recvBuf = MPI.newByteBuffer(processes * blockBytes);
        sendBlocks = new java.nio.ByteBuffer[processes];
        recvBlocks = new java.nio.ByteBuffer[processes];
        validating = false; // the element checks of Collective do not apply: see afterCall
        checkObjects = o.validate();
        view = new CollectiveCall(processes, rank, false, null, null,
                new ElementPattern(ElementType.BYTE, processes, false));
        counts = view.counts();
        displs = view.displs();
        byteDispls = new int[processes];
        types = new Datatype[processes];
        java.util.Arrays.fill(types, type);
        blocking = BlockingCalls.of(false, comm);
        times = new long[Math.max(jitWarmupIterations(), o.iterations().maxIterations(run))];
        setUpTiming(o);
        return run;
    }

    /** Frees the neighbourhood's communicator: a suite's next benchmarks make their own. */
    @Override
    protected void release() throws MPIException {
        if (neighborhood != null) {
            neighborhood.free();
            neighborhood = null;
        }
    }

    @Override
    protected ResultTable table(Options o) {
        ResultTable table = new ResultTable(spec.title(), o.api(),
                collective.hasData() ? o.type().datatype().getName() : null,
                Metric.COLLECTIVE_LATENCY,
                o.fullStats(), o.validate(), o.tails(), collective.hasData());
        if (o.timing() == Timing.GLOBAL) {
            table.withWindowColumns();
        }
        return table.withTransmitSize(o.data().derived(), o.type().size());
    }

    @Override
    protected int jitWarmupIterations() {
        return JIT_WARMUP_ITERATIONS;
    }

    private void setUpTiming(Options o) throws MPIException {
        callTiming = null;
        windows = null;
        if (o.timing() == Timing.GLOBAL) {
            clockSync = ClockSync.synchronize(comm);
            windows = new GlobalWindows(comm, clockSync, times.length);
            IterationPolicy it = o.iterations();
            untimedTimes = new long[Math.max(MIN_UNTIMED_CALLS, Math.max(it.warmup(1),
                    it.warmup(IterationPolicy.LARGE_MESSAGE + 1)))];
        } else if (o.timing() != Timing.OMB) {
            callTiming = new CallTiming(o.timing(), comm, times.length);
        }
    }

    /**
     * @return with {@code --timing global}, the clocks mapped to rank 0's and the largest
     *         error bound over ranks; else each rank's own clock
     */
    @Override
    protected ClockInfo clock() throws MPIException {
        if (clockSync == null) {
            return super.clock();
        }
        long[] bound = {clockSync.errorBound()};
        long[] most = new long[1];
        comm.allReduce(bound, most, 1, MPI.LONG, MPI.MAX);
        return ClockInfo.synchronizedByHca(most[0]);
    }

    @Override
    protected ResultTable.Row atSize(int size, int warmup, int iterations) throws MPIException {
        size = prepareSize(size);
        if (windows != null) {
            return inWindows(size, warmup, iterations);
        }
        if (callTiming != null) {
            callTiming.beforeLoop();
        }
        comm.barrier();
        for (int i = 0; i < warmup; i++) {
            step(i);
        }
        for (int i = 0; i < iterations; i++) {
            times[i] = step(warmup + i);
        }
        if (callTiming != null) {
            return byIteration(size, callTiming.perIteration(times, iterations), iterations,
                    iterations);
        }
        Stats t = Stats.of(times, iterations);
        double average = t.mean() / 1e3; // this rank's, in microseconds
        boolean full = options.fullStats();
        double[] values = new double[full ? 3 : 1];
        values[0] = overRanks(average, MPI.SUM);
        if (full) {
            values[1] = overRanks(average, MPI.MIN);
            values[2] = overRanks(average, MPI.MAX);
        }
        IterationStatistics it = ofIterations(options.tails(), times, iterations, true,
                Metric.COLLECTIVE_LATENCY, size, 1);
        return new ResultTable.Row(size, values, iterations, passed(), it.tails(),
                it.statistics());
    }

    /**
     * {@code --timing global}: the untimed calls as C OMB's (their times size the window), then
     * each timed call started in its window, with no barrier between calls.
     */
    private ResultTable.Row inWindows(int size, int warmup, int iterations)
            throws MPIException {
        comm.barrier();
        int untimed = Math.max(MIN_UNTIMED_CALLS, warmup);
        for (int i = 0; i < untimed; i++) {
            untimedTimes[i] = step(i);
        }
        windows.beforeLoop(untimedTimes, untimed, inJitWarmup());
        for (int i = 0; i < iterations; i++) {
            beforeCall(untimed + i); // the root of -k; no barrier (no -c)
            windowedCall(i);
        }
        long[] values = windows.values(iterations);
        int valid = windows.valid(); // rank 0's; the row is rank 0's
        ResultTable.Row row = byIteration(size, values, valid, iterations);
        return new ResultTable.Row(row.size(), row.values(), row.iterations(), row.passed(),
                row.tails(), row.statistics(), new ResultTable.Windows(windows.window() / 1e3,
                iterations - valid));
    }

    /** One call of {@code --timing global}: its window awaited, the call timed by its ends. */
    private void windowedCall(int i) throws MPIException {
        long at = windows.await(i);
        long entry = System.nanoTime();
        measuredCall();
        long exit = System.nanoTime();
        windows.record(i, at == GlobalWindows.LATE, entry, exit);
    }

    /**
     * A row of {@code --timing}'s values (not C OMB's timing): its value the mean of the
     * iterations' values, {@code -f}'s the least and the most of them.
     *
     * @param values     at rank 0, each iteration's value in nanoseconds
     * @param n          how many values (fewer than the iterations where some were invalid)
     * @param iterations the timed iterations
     */
    private ResultTable.Row byIteration(int size, long[] values, int n, int iterations)
            throws MPIException {
        boolean passed = passed();
        IterationStatistics it = ofIterations(options.tails(), values, n, false,
                Metric.COLLECTIVE_LATENCY, size, 1);
        double[] row = new double[options.fullStats() ? 3 : 1];
        if (n == 0) {
            java.util.Arrays.fill(row, Double.NaN);
        } else {
            Stats t = Stats.of(values, n);
            row[0] = t.mean() / 1e3;
            if (options.fullStats()) {
                row[1] = t.min() / 1e3;
                row[2] = t.max() / 1e3;
            }
        }
        return new ResultTable.Row(size, row, iterations, passed, it.tails(), it.statistics());
    }

    /** One call: timed, with the root, validation's untimed work and a barrier around it. */
    private long step(int call) throws MPIException {
        beforeCall(call);
        long time = callTiming != null && callTiming.confirmsCalls() ? timeConfirmedCall()
                : timeCall();
        afterCall();
        comm.barrier();
        return time;
    }

    /** The timed bracket, a method of its own so that the JIT compiles it during warm-up. */
    private long timeCall() throws MPIException {
        long start = System.nanoTime();
        measuredCall();
        return System.nanoTime() - start;
    }

    /**
     * The timed bracket of {@code --timing root}: as {@link #timeCall}, and a barrier after the
     * call, which ends when every rank has finished it (rank 0's time counts, less the
     * barrier's own: {@link CallTiming}).
     */
    private long timeConfirmedCall() throws MPIException {
        long start = System.nanoTime();
        measuredCall();
        comm.barrier();
        return System.nanoTime() - start;
    }

    /**
     * What a timed bracket holds: the call in its form ({@code -l} in place), and with
     * {@code -a objects} the blocks this rank sends serialized before it and the blocks it
     * receives deserialized after it.
     */
    private void measuredCall() throws MPIException {
        if (objects != null) {
            for (int k = 0; k < sending; k++) {
                objects.serialize(k, sendBlocks[k]);
            }
            call();
            for (int k = 0; k < receiving; k++) {
                objects.deserialize(k, recvBlocks[k]);
            }
        } else if (inPlace) {
            callInPlace();
        } else {
            call();
        }
    }

    /**
     * Sets {@link #count}, {@link #counts} and {@link #displs} for calls of {@code size}
     * bytes.
     *
     * @param size the message size in bytes
     * @return the size of the row: {@code size}, or with {@code -a objects} the serialized
     *         size of a block
     * @throws MPIException if the derived datatype of {@code -D} cannot be built
     */
    protected final int prepareSize(int size) throws MPIException {
        if (objects != null) {
            size = objects.size(size);
            java.nio.ByteBuffer send = (java.nio.ByteBuffer) sendBuf;
            java.nio.ByteBuffer recv = (java.nio.ByteBuffer) recvBuf;
            for (int k = 0; k < processes; k++) {
                sendBlocks[k] = send.slice(k * size, size);
                recvBlocks[k] = collective == Collective.BCAST ? sendBlocks[k]
                        : recv.slice(k * size, size);
            }
        }
        int elements = size / elementSize;
        view.size(collective, elements);
        count = collective.callCount(elements, processes);
        for (int r = 0; r < processes; r++) {
            byteDispls[r] = displs[r] * elementSize;
        }
        deriveType();
        return size;
    }

    // ---- -D: each block sent as one instance of a derived type over its elements ----

    private Datatype baseType;     // the -T type; type holds the derived one at a size
    private Datatype derived;      // this size's, freed at the next size
    private int[] derivedCounts;   // a v-collective's counts and displacements, in instances
    private int[] derivedDispls;

    /** Untimed: as C OMB, a new derived type of the block's elements at each size. */
    private void deriveType() throws MPIException {
        mpi.common.data.DerivedLayout layout = options.data().derived();
        if (layout == null || count == 0) {
            return;
        }
        if (derived != null) {
            derived.free();
        }
        if (baseType == null) {
            baseType = type;
        }
        derived = layout.create(baseType, count);
        type = derived;
        java.util.Arrays.fill(types, derived);
        count = 1;
        if (collective.variable()) {
            // Each block one instance, rank r's at r extents: where the blocks of the plain
            // collective go. The view keeps the element counts, which validation reads.
            if (derivedCounts == null) {
                derivedCounts = new int[processes];
                derivedDispls = new int[processes];
            }
            for (int r = 0; r < processes; r++) {
                derivedCounts[r] = 1;
                derivedDispls[r] = r;
            }
            counts = derivedCounts;
            displs = derivedDispls;
        }
    }

    /**
     * Untimed work before a call: sets {@link #root} and, when validating, writes this rank's
     * data and waits at a barrier for every rank to have written its own.
     *
     * @param call the call's number at this size, from 0, warm-up included
     * @throws MPIException if the barrier fails
     */
    protected final void beforeCall(int call) throws MPIException {
        root = rootOption.at(call, processes);
        if (objects != null) {
            sending = ObjectBlocks.sent(collective, rank, root, processes);
            receiving = ObjectBlocks.received(collective, rank, root, processes);
            if (checkObjects) {
                for (int k = 0; k < sending; k++) {
                    objects.fill(k, rank, exchange);
                }
                int repeats = inJitWarmup() ? 0 : options.data().validationWarmup();
                for (int u = 0; u < repeats; u++) {
                    comm.barrier();
                    measuredCall(); // -u: untimed repeats, as for the other APIs
                }
                comm.barrier();
            }
        }
        if (validating) {
            view.root(root);
            view.pattern.exchange(exchange);
            collective.fill(view);
            // -u: C OMB's untimed repeats, each after a barrier; not in the JIT warm-up.
            int repeats = inJitWarmup() ? 0 : options.data().validationWarmup();
            if (repeats > 0) {
                for (int u = 0; u < repeats; u++) {
                    comm.barrier();
                    measuredCall();
                }
                // Written again, unlike C: in place (-l) the repeats' results would be the
                // timed call's input, and validation would check a different exchange.
                collective.fill(view);
            }
            comm.barrier();
        }
    }

    /** Untimed work after a call: when validating, checks what this rank holds. */
    protected final void afterCall() {
        if (checkObjects) {
            for (int k = 0; k < receiving; k++) {
                wrongFields += objects.wrongFields(k, ObjectBlocks.sender(collective, k, root),
                        ObjectBlocks.senderBlock(collective, rank), exchange);
            }
            exchange++;
        }
        if (validating) {
            wrongElements += collective.check(view);
            exchange++;
        }
    }

    /**
     * @return on every rank, whether no rank found a wrong element since the last call (true
     *         without validation); clears the record
     * @throws MPIException if the reduction fails
     */
    protected final boolean passed() throws MPIException {
        if (checkObjects) {
            boolean wrong = wrongFields != 0;
            wrongFields = 0;
            return ranksWhere(wrong) == 0;
        }
        if (!validating) {
            return true;
        }
        boolean wrong = wrongElements != 0;
        wrongElements = 0;
        return ranksWhere(wrong) == 0;
    }
}
