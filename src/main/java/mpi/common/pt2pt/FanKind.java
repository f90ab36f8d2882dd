package mpi.common.pt2pt;

import java.util.EnumSet;
import java.util.Set;

import mpi.common.BenchmarkSpec;
import mpi.common.binding.Extension;
import mpi.common.options.Api;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.stats.Metric;

/**
 * The congestion benchmarks, osu_bw_fan_in and osu_bw_fan_out: every process of the parent
 * host exchanges windows of messages with its partners on all the other hosts at once
 * ({@link HostLayout}). Their C OMB 7.4 defaults are osu_bw's.
 */
public enum FanKind implements BenchmarkSpec {
    /** osu_bw_fan_in: the children send, each parent receives from all its children. */
    FAN_IN("Bandwidth Fan-In Test",
            "aggregate bandwidth of every child host sending to the parent host at once"
            + " (2 or more hosts)"),
    /** osu_bw_fan_out: each parent sends to all its children, the children receive. */
    FAN_OUT("Bandwidth Fan-Out Test",
            "aggregate bandwidth of the parent host sending to every child host at once"
            + " (2 or more hosts)");

    private static final MessageSizes SIZES = new MessageSizes(1, 1 << 22);
    private static final IterationPolicy ITERATIONS = new IterationPolicy(100, 10, 20, 2);
    /** Timed iterations of a JIT warm-up round: as osu_bw's, a window of calls each. */
    private static final int JIT_WARMUP = 1000;

    private final String title;
    private final String description;

    FanKind(String title, String description) {
        this.title = title;
        this.description = description;
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
        return SIZES;
    }

    @Override
    public IterationPolicy defaultIterations() {
        return ITERATIONS;
    }

    @Override
    public Set<Feature> features() {
        // C OMB 7.4's fan programs take -b and -D (and no -c, -u: -c is this port's)
        return EnumSet.of(Feature.SIZES, Feature.VALIDATION, Feature.WINDOW,
                Feature.MEMORY_LIMIT_REJECTS, Feature.DATATYPE, Feature.BUFFERS,
                Feature.DERIVED_TYPES);
    }

    /** With {@code -a arrays}, non-blocking calls on Java arrays. */
    @Override
    public Set<Extension> extensions(Options options) {
        return options.api() == Api.ARRAYS ? Set.of(Extension.NON_BLOCKING_ARRAYS) : Set.of();
    }

    /** The host layout is checked once MPI runs ({@link Hosts}); here only a pair is needed. */
    @Override
    public void checkProcesses(int processes) throws UsageException {
        if (processes < 2) {
            throw new UsageException("needs at least 2 processes, on 2 or more hosts, got "
                    + processes);
        }
    }

    /** @return what the benchmark reports: MB/s */
    public Metric metric() {
        return Metric.BANDWIDTH;
    }

    /** @return timed iterations of a JIT warm-up round */
    public int jitWarmupIterations() {
        return JIT_WARMUP;
    }

    /**
     * @param parent whether the rank is on the parent host
     * @return whether it sends the payload (the children in fan-in, the parents in fan-out);
     *         the senders' times make the result, as in C OMB
     */
    public boolean sends(boolean parent) {
        return parent == (this == FAN_OUT);
    }
}
