package mpi.common.collective;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import mpi.common.BenchmarkSpec;
import mpi.common.binding.Extension;
import mpi.common.collective.algorithms.AlgorithmOption;
import mpi.common.data.ElementType;
import mpi.common.options.Api;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.Options;
import mpi.common.options.ProcessCountException;
import mpi.common.options.UsageException;
import mpi.common.topology.Neighborhood;

/**
 * A collective benchmark as the option parser, the usage text and the runner see it: its
 * {@link Collective}, title and options. C OMB 7.4's defaults: sizes 1 B .. 1 MiB (from one
 * element of the default type: 4 B for reductions, whose default type is float), 1000
 * iterations and 100 warm-up up to 8 KiB, 100 and 10 above; at least 2 processes.
 *
 * <p>Options: every collective with data takes {@code -m}, {@code -c}, {@code -T} and
 * {@code -M} (sizes over the limit skipped); a rooted one {@code -k}; one with an in-place
 * form {@code -l}; a neighborhood collective {@code -N}. A barrier takes only the common
 * options. A benchmark built on a
 * collective, such as its non-blocking twin, may add options ({@code -t}).
 */
public final class CollectiveSpec implements BenchmarkSpec {
    private static final int MAX_SIZE = 1 << 20;
    /** C OMB's collective counts: 1,000 and 100 warm-up up to 8 KiB, 100 and 10 above. */
    public static final IterationPolicy COUNTS = new IterationPolicy(1000, 100, 100, 10);

    private final Collective collective;
    private final String title;
    private final String description;
    private final Set<Feature> features;
    private final Form form;

    /** Which MPI call of the collective a benchmark makes. */
    private enum Form {
        /** {@code MPI_Bcast}. */
        BLOCKING,
        /** {@code MPI_Ibcast}, overlapped with computation. */
        NON_BLOCKING,
        /** {@code MPI_Bcast_init}, then {@code MPI_Start} and {@code MPI_Wait} per call. */
        PERSISTENT
    }

    /**
     * @param collective the collective measured
     * @param title      the test's name in the title line, e.g. {@code Broadcast Latency Test}
     * @param description one line for the usage text
     * @param extra      options taken beyond those of the collective, e.g.
     *                   {@link Feature#TEST_CALLS}
     * @param form       the call the benchmark makes
     */
    private CollectiveSpec(Collective collective, String title, String description,
            Set<Feature> extra, Form form) {
        this.collective = collective;
        this.form = form;
        this.title = title;
        this.description = description;
        Set<Feature> f = EnumSet.noneOf(Feature.class);
        if (collective.hasData()) {
            // C OMB 7.4's collectives take -u with -c, as its pt2pt programs do.
            f.addAll(EnumSet.of(Feature.SIZES, Feature.VALIDATION, Feature.DATATYPE,
                    Feature.MEMORY_LIMIT_SKIPS, Feature.VALIDATION_WARMUP));
        }
        if (collective.rooted()) {
            f.add(Feature.ROOT);
        }
        if (collective.hasInPlace()) {
            f.add(Feature.IN_PLACE);
        }
        if (collective.neighborhood()) {
            f.add(Feature.TOPOLOGY);
        }
        f.addAll(extra);
        if (takesDerivedTypes(collective)) {
            f.add(Feature.DERIVED_TYPES);
        }
        if (form == Form.BLOCKING && ObjectBlocks.moves(collective)) {
            f.add(Feature.OBJECTS);
        }
        if (form != Form.PERSISTENT && !collective.neighborhood()) {
            f.add(Feature.ALGORITHM);
        }
        this.features = f;
    }

    /**
     * Reductions: mpi4py's lower-case ones pickle the objects and reduce them with Python
     * operators, for which MPI has no Java counterpart to measure. Non-blocking collectives:
     * their overlap method times computation against the call, and serialization is the
     * caller's own work before the start and after the wait, which nothing overlaps.
     */
    @Override
    public String objectsRefusal() {
        if (collective.reduction()) {
            return "reductions are not measured with objects: mpi4py's lower-case reductions"
                    + " pickle and reduce with Python operators, and MPI has no Java-object"
                    + " reduction to compare (use -a buffer or arrays)";
        }
        if (form == Form.NON_BLOCKING && ObjectBlocks.moves(collective)) {
            return "the non-blocking collectives measure overlap with computation, and"
                    + " serialization is the caller's own work before the start and after the"
                    + " wait, which nothing overlaps: run the blocking benchmark with -a objects";
        }
        if (form == Form.PERSISTENT && ObjectBlocks.moves(collective)) {
            return "a persistent collective binds its buffers and counts once, and serialized"
                    + " objects change size from call to call: run the blocking benchmark with"
                    + " -a objects";
        }
        return BenchmarkSpec.super.objectsRefusal();
    }

    /**
     * @param collective the collective measured
     * @return the spec of its blocking benchmark: "&lt;label&gt; Latency Test"
     */
    public static CollectiveSpec blocking(Collective collective) {
        return new CollectiveSpec(collective, collective.label() + " Latency Test",
                "latency of " + collective.mpiName() + ", timed call by call"
                + (collective == Collective.BARRIER ? "" : " with a barrier after each")
                + ", averaged over ranks", EnumSet.of(Feature.TIMING), Form.BLOCKING);
    }

    /**
     * @param c the collective measured
     * @return the spec of its non-blocking benchmark, C OMB's overlap test:
     *         "Non-blocking &lt;label&gt; Latency Test", with {@code -t}
     */
    public static CollectiveSpec nonBlocking(Collective c) {
        String call = "MPI_I" + c.mpiName().substring("MPI_".length()).toLowerCase(Locale.ROOT);
        return new CollectiveSpec(c, "Non-blocking " + c.label() + " Latency Test",
                "overlap of " + call + " with computation: overall, compute and pure"
                + " communication times, averaged over ranks", EnumSet.of(Feature.TEST_CALLS),
                Form.NON_BLOCKING);
    }

    /**
     * @param c the collective measured
     * @return the spec of its persistent benchmark, as C OMB 7.4's
     *         {@code collective/persistent} programs: "&lt;label&gt; Persistent Latency Test"
     */
    public static CollectiveSpec persistent(Collective c) {
        String init = c.mpiName() + "_init";
        return new CollectiveSpec(c, c.label() + " Persistent Latency Test",
                "latency of a request of " + init + " (made once per size, untimed) started"
                + " and completed call by call (MPI_Start, MPI_Wait), averaged over ranks",
                EnumSet.of(Feature.TIMING), Form.PERSISTENT);
    }

    /**
     * @return the collective as {@code --algorithm} looks it up: its name in lower case as
     *         the MPIs' control variables spell it ({@code bcast}, {@code reduce_scatter_block})
     */
    public String algorithmOperation() {
        return collective.name().toLowerCase(Locale.ROOT);
    }

    /** @return whether the benchmark calls the collective's non-blocking form */
    public boolean nonBlocking() {
        return form == Form.NON_BLOCKING;
    }

    @Override
    public String timingRefusal() {
        return form == Form.NON_BLOCKING ? "a non-blocking collective's row splits each rank's time into"
                + " communication and the computation it overlaps, as C OMB's does; --timing"
                + " applies to the blocking collectives" : BenchmarkSpec.super.timingRefusal();
    }

    /** @return the collective measured */
    public Collective collective() {
        return collective;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public MessageSizes defaultSizes() {
        return collective.hasData() ? new MessageSizes(defaultType().size(), MAX_SIZE)
                : new MessageSizes(0, 0);
    }

    @Override
    public IterationPolicy defaultIterations() {
        return COUNTS;
    }

    @Override
    public Set<Feature> features() {
        return EnumSet.copyOf(features);
    }

    @Override
    public ElementType defaultType() {
        return collective.reduction() ? ElementType.FLOAT : ElementType.BYTE;
    }

    /**
     * A persistent collective the MPI library is known to restart wrong
     * ({@link PersistentDefects}).
     */
    @Override
    public Optional<String> libraryRefusal(String library) {
        return form == Form.PERSISTENT ? PersistentDefects.refusal(collective, library)
                : Optional.empty();
    }

    /**
     * Persistent collectives, non-blocking calls on Java arrays ({@code -a arrays}), all-to-all
     * in place ({@code -l}), the blocking all-to-allw on Java arrays and the neighborhood
     * all-to-allw are beyond Open MPI's Java API.
     */
    @Override
    public Set<Extension> extensions(Options options) {
        Set<Extension> needed = EnumSet.noneOf(Extension.class);
        if (form == Form.PERSISTENT) {
            needed.add(Extension.PERSISTENT_COLLECTIVES);
        }
        if (form == Form.NON_BLOCKING && collective.hasData() && options.api() == Api.ARRAYS) {
            needed.add(Extension.NON_BLOCKING_ARRAYS);
        }
        if (options.inPlace()
                && (collective == Collective.ALLTOALL || collective == Collective.ALLTOALLV)) {
            needed.add(Extension.IN_PLACE_ALL_TO_ALL);
        }
        if (form == Form.BLOCKING && collective == Collective.ALLTOALLW
                && options.api() == Api.ARRAYS) {
            needed.add(Extension.ALL_TO_ALLW_ARRAYS);
        }
        if (collective == Collective.NEIGHBOR_ALLTOALLW) {
            needed.add(Extension.NEIGHBOR_ALL_TO_ALL_W);
        }
        if (options.algorithm().kind() != AlgorithmOption.Kind.DEFAULT) {
            needed.add(Extension.CONTROL_VARIABLES);
        }
        return needed;
    }

    @Override
    public void checkProcesses(int processes) throws UsageException {
        if (processes < 2) {
            throw new UsageException("needs at least 2 processes, got " + processes);
        }
    }

    @Override
    public void checkOptions(Options options, int processes) throws UsageException {
        options.root().check(processes);
        if (collective.neighborhood()) {
            Neighborhood.check(options.topology(), processes);
        }
        SizePlan plan = SizePlan.of(options, collective, processes);
        if (plan.run().length == 0) {
            throw new ProcessCountException(plan.nothingToRun(options.sizes(), processes));
        }
        checkDerived(options, plan);
    }

    // ---- -D: a derived datatype per block (C OMB's -D on the alltoall, gather/scatter and
    // bcast programs, their v-variants and the neighborhood ones; never on reductions or the
    // barrier; not on the w-variants, whose C form overlaps the blocks: see guide 29) ----

    /** @return whether the benchmark of {@code c} takes {@code -D} */
    static boolean takesDerivedTypes(Collective c) {
        return switch (c) {
            case BCAST, GATHER, SCATTER, ALLGATHER, ALLTOALL, NEIGHBOR_ALLGATHER,
                    NEIGHBOR_ALLTOALL, GATHERV, SCATTERV, ALLGATHERV, ALLTOALLV,
                    NEIGHBOR_ALLGATHERV, NEIGHBOR_ALLTOALLV -> true;
            default -> false;
        };
    }

    /**
     * A block of a derived type is one instance over the block's n elements: its span must
     * fit in them (an indexed file may reach further); validation follows the elements of
     * {@code cont} only, where a block is carried whole.
     */
    private static void checkDerived(Options options, SizePlan plan) throws UsageException {
        mpi.common.data.DerivedLayout d = options.data().derived();
        if (d == null) {
            return;
        }
        if (options.validate() && d.kind() != mpi.common.data.DerivedLayout.Kind.CONTIGUOUS) {
            throw new UsageException("-c with -D " + d.label() + ": collectives validate"
                    + " -D cont only (C OMB validates no -D run)");
        }
        int n = plan.run()[0] / options.type().size();
        if (d.span(n) > n) {
            throw new UsageException("-D " + d.label() + " reaches " + d.span(n)
                    + " elements, more than the " + n + " of the smallest message: raise -m");
        }
    }
}
