package mpi.common.pt2pt;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.common.BenchmarkHarness;
import mpi.common.BenchmarkSpec;
import mpi.common.binding.PersistentCalls;
import mpi.common.data.ElementType;
import mpi.common.data.MessageType;
import mpi.common.data.TypedBuffer;
import mpi.common.objects.ObjectMessages;
import mpi.common.options.Api;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;
import mpi.common.stats.IterationStatistics;
import mpi.common.stats.Metric;
import mpi.common.stats.Percentiles;
import mpi.common.stats.Stats;

/**
 * The harness of a point-to-point benchmark. A subclass supplies {@link #iteration}, the
 * communication pattern of one iteration and nothing else; this class sets up the buffers,
 * runs and times the iterations at each message size, validates ({@code -c}), computes the
 * result, and {@link BenchmarkHarness} has rank 0 print it.
 *
 * <p>Method, as in C OMB: at each size, a barrier (untimed), warm-up iterations, then timed
 * iterations. Each timed iteration is one {@link #iteration} call, bracketed by
 * {@link System#nanoTime()} and nothing else, its time stored in a preallocated array: no
 * allocation, boxing or formatting happens between two iterations. Before the first size,
 * the same code runs untimed until the JIT has compiled it, so no size is measured in the
 * interpreter.
 *
 * <p>Validation ({@code -c}, see {@link Validation}) writes the message before each
 * iteration and checks what arrived after it, outside the timed bracket. Tail percentiles
 * ({@code -z}) come from rank 0's iterations, or for a benchmark averaged over ranks from
 * each iteration's average over ranks.
 *
 * <p>With {@code -a objects} the harness times {@link #objectIteration} instead: the same
 * pattern, with each message serialized ({@link #serialize}) before its send and
 * deserialized ({@link #deserialize}) after its receive (see {@link ObjectMessages}). Each
 * window slot then has its own send and receive buffer, direct and of the largest serialized
 * size, so that no message is written while an earlier one is in flight, and the size of a
 * row is the serialized size.
 */
public abstract class PointToPointBenchmark extends BenchmarkHarness {
    /** The tag of payload messages. */
    protected static final int TAG = 1;
    /** The tag of a bandwidth test's acknowledgement, distinct from the payload's. */
    protected static final int ACK_TAG = 2;
    /** The size of an acknowledgement, in bytes. */
    protected static final int ACK_BYTES = 4;

    // Set up before the first iteration; the subclass reads them and changes none.
    /** The rank this one exchanges messages with. */
    protected int peer;
    /** Whether this rank starts each exchange: sends first, or is the bandwidth sender. */
    protected boolean initiator;
    /** The message to send: a direct ByteBuffer or a Java array of {@link #type}, of the largest size. */
    protected Object sendBuf;
    /** Where messages are received: as {@link #sendBuf}, a separate buffer. */
    protected Object recvBuf;
    /** A buffer of {@link #ACK_BYTES} bytes for acknowledgements. */
    protected Object ack;
    /** The MPI datatype of the messages ({@code -T}); acknowledgements are MPI.BYTE. */
    protected Datatype type;
    /** Messages in flight each way per iteration: {@code -W} for windowed benchmarks, else 1. */
    protected int window;
    /** Room for the requests of one iteration's window ({@link PointToPointKind#requests}). */
    protected Request[] requests;
    /**
     * The send buffer of each window slot: all {@link #sendBuf} but with {@code -b multiple},
     * where each slot has its own, allocated for the size (C OMB's buffers per window slot).
     */
    protected Object[] sendBufs;
    /** The receive buffer of each window slot, as {@link #sendBufs}. */
    protected Object[] recvBufs;

    private final PointToPointKind kind;
    private final String title;
    private boolean fullStats;
    private Percentiles tails;
    private Validation validation;        // null without -c
    private int elementSize;
    private long[] times;
    private int pairs;                    // set for a kind that aggregates pairs
    private PersistentCalls persistent;   // null unless the kind uses persistent requests
    /** The persistent requests of the current size, freed after it. */
    private final java.util.List<Prequest> bound = new java.util.ArrayList<>();
    // -u, -b, -D (C OMB's less common options; see DataOptions)
    private mpi.common.options.DataOptions data;
    private MessageType messageType;                // the -T type, or -D's at each size
    private ElementType elementType;
    private Api api;
    private int elements;                           // elements of the message at this size
    private ObjectMessages objects;                 // -a objects, else null
    private boolean checkObjects;                   // -a objects -c
    private long exchange;                          // -a objects -c: the exchange's number
    private long wrongFields;                       // -a objects -c: since the last size
    private boolean sendsObjects;                   // -a objects -c: fills its payload
    private boolean receivesObjects;                // -a objects -c: checks what arrives

    /** @param kind which benchmark this is: its title, metric, defaults and process rule */
    protected PointToPointBenchmark(PointToPointKind kind) {
        this(kind, kind);
    }

    /**
     * A benchmark of {@code kind}'s pattern, metric and defaults under another spec, which
     * gives the title and the options (the transport benchmarks of mpi.transport).
     *
     * @param kind the communication pattern, metric and process rule
     * @param spec the title, defaults and options
     */
    protected PointToPointBenchmark(PointToPointKind kind, BenchmarkSpec spec) {
        super(spec);
        this.kind = kind;
        this.title = spec.title();
    }

    /**
     * One iteration of the benchmark's communication pattern with messages of {@code count}
     * elements of {@link #type} (the message size in bytes over the element size): the code
     * that is timed.
     *
     * @param count the elements per message
     * @throws MPIException if an MPI call fails
     */
    protected abstract void iteration(int count) throws MPIException;

    /**
     * {@code -a objects}: {@link #iteration}'s pattern with serialized objects. Before each
     * send of {@link #sendBufs}{@code [w]} it calls {@link #serialize}{@code (w)}, after each
     * receive into {@link #recvBufs}{@code [w]} (after the wait of a non-blocking one)
     * {@link #deserialize}{@code (w)}; {@code count} is the serialized size in bytes of
     * {@link #type} {@code MPI.BYTE}. Only the benchmarks that take {@code -a objects}
     * override it.
     *
     * @param count the bytes of each message
     * @throws MPIException if an MPI call fails
     */
    protected void objectIteration(int count) throws MPIException {
        throw new UnsupportedOperationException(program() + " sends no objects");
    }

    /**
     * Timed, {@code -a objects}: serializes the payload into window slot {@code slot}'s send
     * buffer.
     *
     * @param slot the window slot, 0 for a ping-pong
     */
    protected final void serialize(int slot) {
        objects.serialize(0, (java.nio.ByteBuffer) sendBufs[slot]);
    }

    /**
     * Timed, {@code -a objects}: deserializes the message in window slot {@code slot}'s
     * receive buffer.
     *
     * @param slot the window slot, 0 for a ping-pong
     */
    protected final void deserialize(int slot) {
        objects.deserialize(slot, (java.nio.ByteBuffer) recvBufs[slot]);
    }

    @Override
    protected final ResultTable table(Options options) {
        if (kind.aggregatesPairs()) {
            return pairsTable(options);
        }
        ResultTable table = new ResultTable(title, options.api(),
                options.type().datatype().getName(), kind.metric(),
                options.fullStats(), options.validate(), options.tails(), true);
        return table.withTransmitSize(options.data().derived(), options.type().size());
    }

    @Override
    protected int jitWarmupIterations() {
        return kind.jitWarmupIterations();
    }

    @Override
    protected final ResultTable.Row atSize(int size, int warmup, int iterations)
            throws MPIException {
        if (objects != null) {
            size = objects.size(size); // the row's size: the serialized size
        }
        elements = size / elementSize;
        int count = prepareSize(elements);
        bindRequests(count);
        comm.barrier();
        Stats t = measure(count, warmup, iterations);
        freeBound();
        releaseSize();
        Metric metric = kind.metric();
        int bytes = messageType.transmitBytes(size, elementSize); // -D: what bandwidth counts
        if (kind.aggregatesPairs()) {
            return pairsRow(t, size, bytes, iterations);
        }
        double[] values = new double[fullStats ? 3 : 1];
        values[0] = combined(metric.average(t, bytes, window), MPI.SUM);
        if (fullStats) {
            values[1] = combined(metric.minimum(t, bytes, window), MPI.MIN);
            values[2] = combined(metric.maximum(t, bytes, window), MPI.MAX);
        }
        IterationStatistics it = ofIterations(tails, times, iterations,
                kind.averagedOverRanks(), metric, bytes, window);
        return new ResultTable.Row(size, values, t.count(), passed(), it.tails(),
                it.statistics());
    }

    /** @return on every rank, whether no rank found wrong data at this size (-c); clears it */
    private boolean passed() throws MPIException {
        if (checkObjects) {
            boolean wrong = wrongFields != 0;
            wrongFields = 0;
            return ranksWhere(wrong) == 0;
        }
        return validation == null || ranksWhere(validation.takeCorrupted()) == 0;
    }

    @Override
    protected final int[] setUp(Options options) throws MPIException {
        if (kind.aggregatesPairs()) {
            pairs = kind.pairs(options, processes);
            peer = PointToPointKind.peerOfPairs(rank, pairs, MPI.PROC_NULL);
            initiator = PointToPointKind.initiator(rank, 2 * pairs);
        } else {
            peer = PointToPointKind.peer(rank, processes);
            initiator = PointToPointKind.initiator(rank, processes);
        }
        boolean idle = peer == MPI.PROC_NULL;
        // A ping-pong has one message in flight each way, whatever -W's default says: with
        // -b multiple one buffer pair per size, and validation checks only what arrives.
        window = kind.slots(options.window());
        requests = new Request[kind.requests(window)];
        api = options.api();
        // -a objects: serialized bytes, whatever -T's default says
        ElementType t = api == Api.OBJECTS ? ElementType.BYTE : options.type();
        type = t.datatype();
        elementType = t;
        data = options.data();
        messageType = new MessageType(type, data.derived());
        elementSize = t.size();
        // Sizes stay in bytes; one below an element's size has nothing to send (as collectives).
        int[] sizes = java.util.Arrays.stream(options.sizes().toArray())
                .filter(size -> size == 0 || size >= elementSize).toArray();
        fullStats = options.fullStats();
        tails = options.tails();
        if (api == Api.OBJECTS) {
            sizes = setUpObjects(options, sizes, idle);
        } else {
            setUpBuffers(options, idle);
        }
        times = new long[Math.max(kind.jitWarmupIterations(),
                options.iterations().maxIterations(sizes))];
        return sizes;
    }

    /** The buffers of {@code -a buffer} and {@code -a arrays}, and their validation. */
    private void setUpBuffers(Options options, boolean idle) throws MPIException {
        ElementType t = elementType;
        int max = messageType.reach(options.sizes().max() / elementSize);
        TypedBuffer send = TypedBuffer.allocate(options.api(), t, max);
        TypedBuffer received = TypedBuffer.allocate(options.api(), t, max);
        sendBuf = send.raw();
        recvBuf = received.raw();
        sendBufs = new Object[window];
        recvBufs = new Object[sendBufs.length];
        java.util.Arrays.fill(sendBufs, sendBuf);
        java.util.Arrays.fill(recvBufs, recvBuf);
        ack = options.api() == Api.BUFFER ? MPI.newByteBuffer(ACK_BYTES) : new byte[ACK_BYTES];
        // Touch every page now: a first touch inside a timed iteration would be measured.
        send.fill(max, 1);
        received.fill(max, 2);
        if (kind.persistent()) {
            persistent = PersistentCalls.of(options.api() == Api.ARRAYS, comm);
        }
        if (options.validate()) {
            validation = new Validation(send, received, processes, rank, peer,
                    !idle && kind.sendsPayload(initiator), !idle && kind.receivesPayload(initiator));
        }
        if (validation != null) {
            validation.derived(messageType.layout());
        }
    }

    /**
     * {@code -a objects}: sizes the payloads, and gives each window slot a direct send and
     * receive buffer of the largest serialized size (pages touched by the allocation, which
     * zeroes them).
     *
     * @return the nominal sizes run (see {@link ObjectMessages#plan})
     */
    private int[] setUpObjects(Options options, int[] sizes, boolean idle) {
        objects = new ObjectMessages(options.objects(), 1, window);
        int[] run = objects.plan(sizes);
        int max = Math.max(1, objects.maxBytes());
        sendBufs = new Object[window];
        recvBufs = new Object[window];
        for (int w = 0; w < window; w++) {
            sendBufs[w] = MPI.newByteBuffer(max);
            recvBufs[w] = MPI.newByteBuffer(max);
        }
        sendBuf = sendBufs[0];
        recvBuf = recvBufs[0];
        ack = MPI.newByteBuffer(ACK_BYTES);
        checkObjects = options.validate();
        sendsObjects = !idle && kind.sendsPayload(initiator);
        receivesObjects = !idle && kind.receivesPayload(initiator);
        return run;
    }

    // ---- persistent requests, bound to one message size ----

    /**
     * Untimed, before the barrier that starts each size: a benchmark whose requests are bound
     * to the message size (persistent requests, as C OMB creates them per size after filling
     * the buffers) creates them here with {@link #sendInit}, {@link #recvInit} or
     * {@link #persistentWindow}. The harness frees them after the size. By default, nothing.
     *
     * @param count the elements per message at this size
     * @throws MPIException if an MPI call fails
     */
    protected void bindRequests(int count) throws MPIException {
    }

    /**
     * @param count the elements per message
     * @return a persistent send of {@link #sendBuf} to {@link #peer}, freed after the size
     * @throws MPIException if the call fails
     */
    protected final Prequest sendInit(int count) throws MPIException {
        Prequest p = persistent.sendInit(sendBuf, count, type, peer, TAG);
        bound.add(p);
        return p;
    }

    /**
     * @param count the elements per message
     * @return a persistent receive into {@link #recvBuf} from {@link #peer}, freed after the size
     * @throws MPIException if the call fails
     */
    protected final Prequest recvInit(int count) throws MPIException {
        Prequest p = persistent.recvInit(recvBuf, count, type, peer, TAG);
        bound.add(p);
        return p;
    }

    /**
     * @param sends whether the requests send (else receive)
     * @param count the elements per message
     * @return {@link #window} persistent sends of {@link #sendBuf} (or receives into
     *         {@link #recvBuf}), as C OMB's bandwidth tests make them: all on one buffer
     * @throws MPIException if a call fails
     */
    protected final Prequest[] persistentWindow(boolean sends, int count) throws MPIException {
        Prequest[] requests = new Prequest[window];
        for (int w = 0; w < window; w++) {
            Prequest p = sends ? persistent.sendInit(sendBufs[w], count, type, peer, TAG)
                    : persistent.recvInit(recvBufs[w], count, type, peer, TAG);
            bound.add(p);
            requests[w] = p;
        }
        return requests;
    }

    private void freeBound() throws MPIException {
        for (Prequest p : bound) {
            p.free();
        }
        bound.clear();
    }

    private Stats measure(int count, int warmup, int iterations) throws MPIException {
        for (int i = 0; i < warmup; i++) {
            step(count);
        }
        for (int i = 0; i < iterations; i++) {
            times[i] = step(count);
        }
        return Stats.of(times, iterations);
    }

    /** One iteration: timed, with validation's untimed work before and after it. */
    private long step(int count) throws MPIException {
        if (kind.barrierEveryIteration()) {
            comm.barrier();
        }
        if (objects != null) {
            return objectStep(count);
        }
        if (validation != null) {
            validation.before(elements);
            // Not in the JIT warm-up: it compiles the same iteration() without the repeats.
            int repeats = inJitWarmup() ? 0 : data.validationWarmup();
            for (int u = 0; u < repeats; u++) {
                iteration(count); // -u: untimed repeats of the exchange, as C OMB
            }
        }
        long time = timeIteration(count);
        if (validation != null) {
            validation.after(elements);
        }
        return time;
    }

    /**
     * {@code -a objects}: one iteration, timed, with validation's untimed work around it: the
     * payload written with this rank's pattern of the exchange, and each slot's object graph
     * checked against the peer's.
     */
    private long objectStep(int count) throws MPIException {
        if (checkObjects) {
            if (sendsObjects) {
                objects.fill(0, rank, exchange);
            }
            int repeats = inJitWarmup() ? 0 : data.validationWarmup();
            for (int u = 0; u < repeats; u++) {
                objectIteration(count); // -u: untimed repeats of the exchange, as C OMB
            }
        }
        long time = timeObjectIteration(count);
        if (checkObjects) {
            if (receivesObjects) {
                for (int w = 0; w < window; w++) {
                    wrongFields += objects.wrongFields(w, peer, 0, exchange);
                }
            }
            exchange++;
        }
        return time;
    }

    /** The timed bracket of {@code -a objects}, a method of its own as {@link #timeIteration}. */
    private long timeObjectIteration(int count) throws MPIException {
        long start = System.nanoTime();
        objectIteration(count);
        return System.nanoTime() - start;
    }

    // ---- -D (a derived datatype per message) and -b multiple (buffers per size and slot) ----

    /**
     * Untimed, before a size: with {@code -D}, builds its datatype (as C OMB, per size); with
     * {@code -b multiple}, allocates its buffers, one pair per window slot.
     *
     * @return the count each call passes: 1 instance of the derived type, or the elements
     */
    private int prepareSize(int n) throws MPIException {
        if (data.multipleBuffers()) {
            int reach = messageType.reach(n);
            TypedBuffer[] sends = TypedBuffer.perSlot(api, elementType, reach, 1, sendBufs);
            TypedBuffer[] receives = TypedBuffer.perSlot(api, elementType, reach, 2, recvBufs);
            sendBuf = sendBufs[0];
            recvBuf = recvBufs[0];
            if (validation != null) {
                validation.slots(sends, receives);
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

    /** The timed bracket, a method of its own so that the JIT compiles it during warm-up. */
    private long timeIteration(int count) throws MPIException {
        long start = System.nanoTime();
        iteration(count);
        return System.nanoTime() - start;
    }

    // ---- the aggregate of many pairs (osu_mbw_mr) ----

    /** The title line is followed by C OMB's pairs and window line. */
    @Override
    protected String[] context(Options options, String binding) {
        if (!kind.aggregatesPairs()) {
            return super.context(options, binding);
        }
        return new String[] {"# [ pairs: " + pairs + " ] [ window size: " + window + " ]",
                binding};
    }

    /** MB/s and Messages/s; with {@code -f} the min and max MB/s and the iterations. */
    private ResultTable pairsTable(Options options) {
        Metric m = kind.metric();
        java.util.List<String> headers = options.fullStats()
                ? java.util.List.of(m.header(), "Messages/s", m.minHeader(), m.maxHeader())
                : java.util.List.of(m.header(), "Messages/s");
        return new ResultTable(title, options.api(), options.type().datatype().getName(),
                true, headers, options.fullStats(), options.validate(),
                options.tails().headers(m.tailUnit()));
    }

    /**
     * As C OMB's osu_mbw_mr: the senders' times are summed and averaged over the pairs, and
     * the aggregate is the rate of that mean time times the pairs; receivers and idle ranks
     * add nothing. With {@code -f}, min and max are the pairs times the rate of the slowest
     * and the fastest single iteration of any sender. Tails are rank 0's own iterations.
     */
    private ResultTable.Row pairsRow(Stats t, int size, int bytes, int iterations)
            throws MPIException {
        Metric metric = kind.metric();
        double total = overRanks(initiator ? t.sum() : 0, MPI.SUM) * processes;
        double meanIteration = total / pairs / t.count();
        double[] values = new double[fullStats ? 4 : 2];
        values[0] = pairs * metric.ofIteration(meanIteration, bytes, window);
        values[1] = pairs * window * 1e9 / meanIteration;
        if (fullStats) {
            values[2] = pairs * overRanks(initiator ? metric.minimum(t, bytes, window)
                    : Double.POSITIVE_INFINITY, MPI.MIN);
            values[3] = pairs * overRanks(initiator ? metric.maximum(t, bytes, window) : 0,
                    MPI.MAX);
        }
        IterationStatistics it = ofIterations(tails, times, iterations, false, metric, bytes,
                window);
        boolean passed = validation == null || ranksWhere(validation.takeCorrupted()) == 0;
        return new ResultTable.Row(size, values, t.count(), passed, it.tails(),
                it.statistics());
    }

    /**
     * @return rank 0's {@code value}, or for a benchmark averaged over ranks, the reduction of
     *         every rank's value with {@code op} (a SUM divided by the number of ranks)
     */
    private double combined(double value, Op op) throws MPIException {
        return kind.averagedOverRanks() ? overRanks(value, op) : value;
    }
}
