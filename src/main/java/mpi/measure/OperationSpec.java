package mpi.measure;

import java.util.EnumSet;
import java.util.Set;

import mpi.common.BenchmarkSpec;
import mpi.common.collective.CollectiveSpec;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.UsageException;

/**
 * A user's operation as the option parser takes it: the blocking collectives' defaults (sizes
 * 1 B to 1 MiB; 1,000 iterations and 100 warm-up up to 8 KiB, 100 and 10 above), message
 * sizes and {@code --timing}, on any number of processes.
 */
final class OperationSpec implements BenchmarkSpec {
    private final String name;

    OperationSpec(String name) {
        this.name = name;
    }

    @Override
    public String title() {
        return name;
    }

    @Override
    public String description() {
        return "a user's operation (mpi.measure.Measurement)";
    }

    @Override
    public MessageSizes defaultSizes() {
        return new MessageSizes(1, 1 << 20);
    }

    @Override
    public IterationPolicy defaultIterations() {
        return CollectiveSpec.COUNTS;
    }

    @Override
    public Set<Feature> features() {
        return EnumSet.of(Feature.SIZES, Feature.TIMING);
    }

    @Override
    public String objectsRefusal() {
        return "an operation of the user's serializes what it sends itself, inside its call";
    }

    @Override
    public void checkProcesses(int processes) throws UsageException {
    }
}
