package mpi.common;

import java.util.EnumSet;
import java.util.Set;

/**
 * A collective benchmark as the option parser, the usage text and the runner see it: its
 * {@link Collective}, title and options. C OMB 7.4's defaults: sizes 1 B .. 1 MiB (from one
 * element of the default type: 4 B for reductions, whose default type is float), 1000
 * iterations and 100 warm-up up to 8 KiB, 100 and 10 above; at least 2 processes.
 *
 * <p>Options: every collective with data takes {@code -m}, {@code -c}, {@code -T} and
 * {@code -M} (sizes over the limit skipped); a rooted one {@code -k}; one with an in-place
 * form {@code -l}. A barrier takes only the common options. A benchmark built on a
 * collective, such as its non-blocking twin, may add options ({@code -t}).
 */
public final class CollectiveSpec implements BenchmarkSpec {
    private static final int MAX_SIZE = 1 << 20;
    private static final IterationPolicy COUNTS = new IterationPolicy(1000, 100, 100, 10);

    private final Collective collective;
    private final String title;
    private final String description;
    private final Set<Feature> features;

    /**
     * @param collective the collective measured
     * @param title      the test's name in the title line, e.g. {@code Broadcast Latency Test}
     * @param description one line for the usage text
     * @param extra      options taken beyond those of the collective, e.g.
     *                   {@link Feature#TEST_CALLS}
     */
    public CollectiveSpec(Collective collective, String title, String description,
            Set<Feature> extra) {
        this.collective = collective;
        this.title = title;
        this.description = description;
        Set<Feature> f = EnumSet.noneOf(Feature.class);
        if (collective.hasData()) {
            f.addAll(EnumSet.of(Feature.SIZES, Feature.VALIDATION, Feature.DATATYPE,
                    Feature.MEMORY_LIMIT_SKIPS));
        }
        if (collective.rooted()) {
            f.add(Feature.ROOT);
        }
        if (collective.hasInPlace()) {
            f.add(Feature.IN_PLACE);
        }
        f.addAll(extra);
        this.features = f;
    }

    /**
     * @param collective the collective measured
     * @return the spec of its blocking benchmark: "&lt;label&gt; Latency Test"
     */
    public static CollectiveSpec blocking(Collective collective) {
        return new CollectiveSpec(collective, collective.label() + " Latency Test",
                "latency of " + collective.mpiName() + ", timed call by call"
                + (collective == Collective.BARRIER ? "" : " with a barrier after each")
                + ", averaged over ranks", EnumSet.noneOf(Feature.class));
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

    @Override
    public void checkProcesses(int processes) throws UsageException {
        if (processes < 2) {
            throw new UsageException("needs at least 2 processes, got " + processes);
        }
    }

    @Override
    public void checkOptions(Options options, int processes) throws UsageException {
        options.root().check(processes);
        if (SizePlan.of(options, collective, processes).run().length == 0) {
            throw new UsageException("every message size of " + options.sizes().min() + ":"
                    + options.sizes().max() + " would need buffers over the memory limit of "
                    + options.memoryLimit() + " bytes per process (-M)");
        }
    }
}
