package mpi.common.threads;

import java.util.EnumSet;
import java.util.Set;

import mpi.common.BenchmarkSpec;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.Options;
import mpi.common.options.UsageException;

/**
 * The multi-threaded point-to-point benchmarks: C OMB 7.4's defaults and rules for
 * osu_latency_mt. Exactly 2 processes, MPI started with {@code MPI_THREAD_MULTIPLE}.
 */
public enum MultiThreadSpec implements BenchmarkSpec {
    /** osu_latency_mt: ping-pongs between S sender threads on rank 0 and R receiver threads on rank 1. */
    LATENCY;

    @Override
    public String title() {
        return "Multi-threaded Latency Test";
    }

    @Override
    public String description() {
        return "one-way latency of ping-pongs between S sender threads on rank 0 and R"
                + " receiver threads on rank 1 (-t), under MPI_THREAD_MULTIPLE";
    }

    @Override
    public MessageSizes defaultSizes() {
        return new MessageSizes(1, 1 << 22);
    }

    @Override
    public IterationPolicy defaultIterations() {
        return new IterationPolicy(10000, 100, 1000, 10);
    }

    @Override
    public Set<Feature> features() {
        // C OMB 7.4's osu_latency_mt takes -u and -D too (not -b).
        return EnumSet.of(Feature.SIZES, Feature.VALIDATION, Feature.MEMORY_LIMIT_REJECTS,
                Feature.DATATYPE, Feature.THREADS, Feature.VALIDATION_WARMUP,
                Feature.DERIVED_TYPES);
    }

    @Override
    public void checkProcesses(int processes) throws UsageException {
        if (processes != 2) {
            throw new UsageException("needs exactly 2 processes, got " + processes);
        }
    }

    /** As C OMB: validation pairs each sender thread's iterations with one receiver thread's. */
    @Override
    public void checkOptions(Options options, int processes) throws UsageException {
        ThreadCounts t = options.threads();
        if (options.validate() && t.senders() != t.receivers()) {
            throw new UsageException("-c needs as many sender as receiver threads (-t S:R with"
                    + " S = R), got -t " + t.label());
        }
    }

    @Override
    public boolean threadMultiple() {
        return true;
    }
}
