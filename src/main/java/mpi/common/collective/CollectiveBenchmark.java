package mpi.common.collective;

import mpi.Datatype;
import mpi.GraphComm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.BenchmarkHarness;
import mpi.common.binding.BlockingCalls;
import mpi.common.binding.NonBlockingCalls;
import mpi.common.data.ElementPattern;
import mpi.common.data.ElementType;
import mpi.common.data.TypedBuffer;
import mpi.common.objects.ObjectMessages;
import mpi.common.options.Api;
import mpi.common.options.Options;
import mpi.common.options.Root;
import mpi.common.output.ResultTable;
import mpi.common.topology.Neighborhood;

/**
 * The harness of a blocking collective benchmark. A subclass supplies {@link #call}, the one
 * MPI call that is measured, and {@link #callInPlace}, its in-place form where MPI has one;
 * this class sets up the buffers, the counts and the root, runs and times the calls at each
 * message size, validates ({@code -c}), combines the ranks' results, and
 * {@link BenchmarkHarness} has rank 0 print them.
 *
 * <p>Method, as C OMB's osu_bcast and the others: the loop of {@link TimedCallBenchmark}
 * (and its {@code --timing} methods). Before the first size, the same code runs untimed until
 * the JIT has compiled it (see {@link BenchmarkHarness}).
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
public abstract class CollectiveBenchmark extends TimedCallBenchmark {
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

    /** @return whether the calls are in place ({@code -l}): {@link #callInPlace} is measured */
    protected final boolean inPlace() {
        return inPlace;
    }

    /**
     * Untimed, at each size before anything else (by default nothing): a benchmark that binds
     * the buffers and counts into requests frees the last size's here.
     *
     * @throws MPIException if freeing fails
     */
    protected void leavingSize() throws MPIException {
    }

    /**
     * Untimed, before each call once {@link #root} is set, and before any validation repeat
     * (by default nothing): a benchmark that binds the buffers, counts and root into a
     * request makes it here if it has none for them yet.
     *
     * @throws MPIException if an MPI call fails
     */
    protected void rootChosen() throws MPIException {
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
        prepareLoop(o, plan.run());
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
        prepareLoop(o, run);
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
        return latencyTable(spec.title(), o.api(), o, collective.hasData()
                ? o.type().datatype().getName() : null, collective.hasData())
                .withTransmitSize(o.data().derived(), o.type().size());
    }

    /**
     * What a timed bracket holds: the call in its form ({@code -l} in place), and with
     * {@code -a objects} the blocks this rank sends serialized before it and the blocks it
     * receives deserialized after it.
     */
    @Override
    protected final void measuredCall() throws MPIException {
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
    @Override
    protected final int prepareSize(int size) throws MPIException {
        leavingSize();
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
    @Override
    protected final void beforeCall(int call) throws MPIException {
        root = rootOption.at(call, processes);
        rootChosen();
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
    @Override
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
    @Override
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
