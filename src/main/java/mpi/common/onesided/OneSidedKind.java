package mpi.common.onesided;

import java.util.EnumSet;
import java.util.Set;

import mpi.common.BenchmarkSpec;
import mpi.common.binding.Extension;
import mpi.common.data.ElementType;
import mpi.common.options.Api;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.Options;
import mpi.common.options.UsageException;

/**
 * The nine one-sided benchmarks of C OMB 7.4 (c/mpi/one-sided): what each measures, its
 * title, defaults and options, how its ranks take part ({@link Pattern}) and how it reports
 * ({@link #latency()}). Every one runs on exactly 2 processes: rank 0 is the origin.
 */
public enum OneSidedKind implements BenchmarkSpec {
    /** osu_put_latency. */
    PUT_LATENCY("MPI_Put Latency Test", "latency of MPI_Put with its synchronization",
            Pattern.PING_PONG, Counts.LATENCY, Data.BYTES),
    /** osu_get_latency. */
    GET_LATENCY("MPI_Get latency Test", "latency of MPI_Get with its synchronization",
            Pattern.PING_PONG, Counts.LATENCY, Data.BYTES),
    /** osu_put_bw. */
    PUT_BANDWIDTH("MPI_Put Bandwidth Test", "bandwidth of a window of MPI_Put per epoch",
            Pattern.ONE_WAY, Counts.BANDWIDTH, Data.BYTES),
    /** osu_get_bw. */
    GET_BANDWIDTH("MPI_Get Bandwidth Test", "bandwidth of a window of MPI_Get per epoch",
            Pattern.ONE_WAY, Counts.BANDWIDTH, Data.BYTES),
    /** osu_put_bibw: active target only. */
    PUT_BI_BANDWIDTH("MPI_Put Bi-directional Bandwidth Test",
            "bandwidth of both ranks putting a window to each other per epoch",
            Pattern.BOTH_WAYS, Counts.BANDWIDTH, Data.BYTES),
    /** osu_acc_latency. */
    ACC_LATENCY("MPI_Accumulate latency Test",
            "latency of MPI_Accumulate (MPI.SUM) with its synchronization",
            Pattern.PING_PONG, Counts.LATENCY, Data.TYPED),
    /** osu_get_acc_latency: MPI.BYTE only, create and lock by default. */
    GET_ACC_LATENCY("MPI_Get_accumulate latency Test",
            "latency of MPI_Get_accumulate (MPI.SUM) with its synchronization",
            Pattern.PING_PONG, Counts.LATENCY, Data.BYTES),
    /** osu_fop_latency: one element. */
    FOP_LATENCY("MPI_Fetch_and_op latency Test",
            "latency of MPI_Fetch_and_op (MPI.SUM) on one element with its synchronization",
            Pattern.PING_PONG, Counts.ATOMIC, Data.ONE_ELEMENT),
    /** osu_cas_latency: one element. */
    CAS_LATENCY("MPI_Compare_and_swap latency Test",
            "latency of MPI_Compare_and_swap on one element with its synchronization",
            Pattern.PING_PONG, Counts.ATOMIC, Data.ONE_ELEMENT);

    /** How the two ranks take part in an epoch. */
    public enum Pattern {
        /**
         * Latency: rank 0 operates on rank 1; in the active-target modes rank 1 then operates
         * on rank 0, and an iteration counts twice.
         */
        PING_PONG,
        /** Bandwidth: rank 0 operates on rank 1, a window per epoch; rank 1 only exposes. */
        ONE_WAY,
        /** Bi-directional bandwidth: both ranks operate on each other in the same epoch. */
        BOTH_WAYS
    }

    /**
     * C OMB's loop classes (§1 of the catalogue): LAT, BW, and the atomics' fixed counts; and
     * the iterations of a JIT warm-up round: enough calls for C2 to compile the epoch (5000
     * invocations), a bandwidth epoch being a window of calls.
     */
    private enum Counts {
        LATENCY(new IterationPolicy(10000, 100, 1000, 10), 5000),
        BANDWIDTH(new IterationPolicy(100, 10, 20, 2), 200),
        ATOMIC(new IterationPolicy(10000, 100, 10000, 100), 5000);

        final IterationPolicy policy;
        final int jitWarmup;

        Counts(IterationPolicy policy, int jitWarmup) {
            this.policy = policy;
            this.jitWarmup = jitWarmup;
        }
    }

    /** What the messages are. */
    private enum Data {
        /** MPI.BYTE messages of every size. */
        BYTES,
        /** Messages of the -T type, size / type size elements. */
        TYPED,
        /** One element of the -T type; -m sets the window's size. */
        ONE_ELEMENT
    }

    /**
     * The types of fop and cas: C OMB's. (Open MPI 4.1.4's osc/rdma also crashes in
     * MPI_Compare_and_swap on 8-byte elements of an allocated window.)
     */
    private static final Set<ElementType> ATOMIC_TYPES =
            EnumSet.of(ElementType.BYTE, ElementType.INT, ElementType.FLOAT);
    private static final MessageSizes SIZES = new MessageSizes(1, 1 << 22);

    private final String title;
    private final String description;
    private final Pattern pattern;
    private final Counts counts;
    private final Data data;

    OneSidedKind(String title, String description, Pattern pattern, Counts counts, Data data) {
        this.title = title;
        this.description = description;
        this.pattern = pattern;
        this.counts = counts;
        this.data = data;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public String description() {
        return description + ", 2 processes";
    }

    @Override
    public MessageSizes defaultSizes() {
        return SIZES;
    }

    @Override
    public IterationPolicy defaultIterations() {
        return counts.policy;
    }

    @Override
    public Set<Feature> features() {
        Set<Feature> f = EnumSet.of(Feature.SIZES, Feature.WINDOW_CREATION,
                Feature.SYNCHRONIZATION);
        if (pattern != Pattern.PING_PONG) {
            f.add(Feature.WINDOW);
        }
        if (data != Data.BYTES) {
            f.add(Feature.DATATYPE);
            f.add(Feature.VALIDATION);
        }
        return f;
    }

    /** get_acc_latency never sets C OMB's defaults, so gets the first of each: create, lock. */
    @Override
    public WindowCreation defaultWindowCreation() {
        return this == GET_ACC_LATENCY ? WindowCreation.CREATE : WindowCreation.ALLOCATE;
    }

    @Override
    public Synchronization defaultSynchronization() {
        return this == GET_ACC_LATENCY ? Synchronization.LOCK
                : pattern == Pattern.BOTH_WAYS ? Synchronization.PSCW : Synchronization.FLUSH;
    }

    /** put_bibw is active target only (both ranks must operate in every epoch). */
    @Override
    public Set<Synchronization> synchronizations() {
        return pattern == Pattern.BOTH_WAYS
                ? EnumSet.of(Synchronization.PSCW, Synchronization.FENCE)
                : EnumSet.allOf(Synchronization.class);
    }

    @Override
    public void checkProcesses(int processes) throws UsageException {
        if (processes != 2) {
            throw new UsageException("needs exactly 2 processes, got " + processes);
        }
    }

    @Override
    public void checkOptions(Options options, int processes) throws UsageException {
        if (data == Data.ONE_ELEMENT && !ATOMIC_TYPES.contains(options.type())) {
            throw new UsageException("-T must be byte, int or float (C OMB's mpi_char, mpi_int"
                    + " and mpi_float) for " + (this == FOP_LATENCY ? "fetch-and-op"
                    : "compare-and-swap") + ", got '" + options.type().label() + "'");
        }
        if (data == Data.BYTES && options.sizes().largest() < 1) {
            throw new UsageException("no message size of " + options.sizes().min() + ":"
                    + options.sizes().max() + " is 1 byte or more (-m)");
        }
        long largest = (long) options.sizes().largest() * window(options);
        if (largest > MessageSizes.MAX_SIZE) {
            throw new UsageException("a window of " + largest + " bytes (the largest size times"
                    + " -W) is larger than the " + MessageSizes.MAX_SIZE + " bytes a Java array"
                    + " or ByteBuffer holds; lower -m or -W");
        }
    }

    /**
     * The binding calls beyond Open MPI's: the one-sided overloads on Java arrays
     * ({@code -a arrays}); a dynamic window's address and 64-bit displacements
     * ({@code -w dynamic}); the memory of an allocated window, to validate it
     * ({@code -c -w allocate}).
     */
    @Override
    public Set<Extension> extensions(Options options) {
        Set<Extension> e = EnumSet.noneOf(Extension.class);
        if (options.api() == Api.ARRAYS) {
            e.add(Extension.ONE_SIDED_ARRAYS);
        }
        if (options.windowCreation() == WindowCreation.DYNAMIC) {
            e.add(Extension.DYNAMIC_WINDOWS);
        }
        if (options.validate() && options.windowCreation() == WindowCreation.ALLOCATE) {
            e.add(Extension.ALLOCATED_WINDOW_MEMORY);
        }
        return e;
    }

    /** @return how the ranks take part in an epoch */
    public Pattern pattern() {
        return pattern;
    }

    /** @return whether the benchmark reports a latency (else a bandwidth) */
    public boolean latency() {
        return pattern == Pattern.PING_PONG;
    }

    /** @return whether the message is one element whatever the size (fop, cas) */
    public boolean oneElement() {
        return data == Data.ONE_ELEMENT;
    }

    /**
     * An epoch of the active-target modes takes several calls on both ranks (and on a busy
     * machine tens of microseconds), so their JIT warm-up rounds are shorter: the rounds go
     * on until the JIT is quiet either way.
     *
     * @param sync the synchronization
     * @return timed iterations of a JIT warm-up round
     */
    public int jitWarmupIterations(Synchronization sync) {
        return sync.activeTarget() ? counts.jitWarmup / 5 : counts.jitWarmup;
    }

    /** @return operations per epoch: the window ({@code -W}) of a bandwidth test, else 1 */
    public int window(Options options) {
        return pattern == Pattern.PING_PONG ? 1 : options.window();
    }

    /**
     * The lock type of the passive-target modes, as C OMB: exclusive for every lock of
     * get_acc_latency and for the per-epoch lock ({@code -s lock}) of fop and cas, shared
     * otherwise.
     *
     * @param sync the synchronization
     * @return true for {@code MPI.LOCK_EXCLUSIVE}, false for {@code MPI.LOCK_SHARED}
     */
    public boolean exclusiveLock(Synchronization sync) {
        return this == GET_ACC_LATENCY
                || (data == Data.ONE_ELEMENT && sync == Synchronization.LOCK);
    }

    /**
     * @param sync the synchronization
     * @return how many one-way operations a timed iteration counts for a latency: 2 in the
     *         active-target modes, where rank 0 and then rank 1 operate, else 1
     */
    public int trips(Synchronization sync) {
        return pattern == Pattern.PING_PONG && sync.activeTarget() ? 2 : 1;
    }
}
