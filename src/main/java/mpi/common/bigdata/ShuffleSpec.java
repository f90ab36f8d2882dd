package mpi.common.bigdata;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

import mpi.common.BenchmarkSpec;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.Options;
import mpi.common.options.ProcessCountException;
import mpi.common.options.UsageException;

/**
 * The shuffle's spec ({@code OSUShuffle}): sizes are block sizes, every option of
 * {@link Feature#SHUFFLE}, {@code -c}; 2 processes or more, at least one partition per rank.
 * MPI starts with MPI_THREAD_MULTIPLE for every transport, so that all run under the same
 * MPI whatever {@code -j} is.
 */
public final class ShuffleSpec implements BenchmarkSpec {
    /** The spec. */
    public static final ShuffleSpec SPEC = new ShuffleSpec();

    private ShuffleSpec() {
    }

    @Override
    public String title() {
        return "Shuffle Test";
    }

    @Override
    public String description() {
        return "every rank holds M map outputs of R blocks, one per reducer partition, and"
                + " fetches its partitions' blocks from every rank, at most F in flight, over T"
                + " threads, deserializing each; sizes are a block's serialized size";
    }

    @Override
    public MessageSizes defaultSizes() {
        return new MessageSizes(1024, 65536);
    }

    /** Fewer than OMB's: a shuffle moves M x R blocks per rank and deserializes them all. */
    @Override
    public IterationPolicy defaultIterations() {
        return new IterationPolicy(50, 5, 20, 2);
    }

    @Override
    public Set<Feature> features() {
        return EnumSet.of(Feature.SIZES, Feature.VALIDATION, Feature.SHUFFLE);
    }

    @Override
    public String objectsRefusal() {
        return "unused: a shuffle always sends objects";
    }

    /** A shuffle's row is the slowest rank's mean time, with per-rank rows of its own. */
    @Override
    public Optional<String> statisticsRefusal() {
        return Optional.of("a shuffle's rows are not made of per-iteration values (Time is the"
                + " mean of each shuffle's slowest rank); its per-rank table and -z's fetch"
                + " latency percentiles show the spread");
    }

    @Override
    public void checkProcesses(int processes) throws UsageException {
        if (processes < 2) {
            throw new UsageException("needs at least 2 processes, got " + processes);
        }
    }

    @Override
    public void checkOptions(Options options, int processes) throws UsageException {
        int partitions = options.shuffle().partitions();
        if (partitions < processes) {
            throw new ProcessCountException("-e " + partitions + " partitions for " + processes
                    + " ranks: every rank reduces a partition, so -e is at least " + processes);
        }
    }

    @Override
    public boolean threadMultiple() {
        return true;
    }
}
