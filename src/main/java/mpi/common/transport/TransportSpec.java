package mpi.common.transport;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import mpi.common.BenchmarkSpec;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;

/**
 * The spec of a transport benchmark: the MPI benchmark's ({@link PointToPointKind}) title with
 * the transport named, its defaults and options, except that messages are bytes (no
 * {@code -T}: a socket carries bytes; {@code -D} refused with its reason: there is no MPI
 * datatype to build) and no size is 0 (a TCP stream has no empty messages). {@code -b multiple}
 * means what it means for MPI: a send and a receive buffer per window slot, per size.
 * It makes no MPI call beyond Open MPI's Java API, on any binding.
 *
 * @param kind      the MPI benchmark whose measurement this repeats
 * @param transport the transport it runs over
 */
public record TransportSpec(PointToPointKind kind, Transport transport) implements BenchmarkSpec {
    @Override
    public String title() {
        return kind.title() + " over " + transport.title();
    }

    @Override
    public String description() {
        return kind.description() + ", over " + transport.title()
                + " (MPI only connects and synchronises them)";
    }

    @Override
    public MessageSizes defaultSizes() {
        return kind.defaultSizes();
    }

    @Override
    public IterationPolicy defaultIterations() {
        return kind.defaultIterations();
    }

    @Override
    public Set<Feature> features() {
        Set<Feature> features = EnumSet.copyOf(kind.features());
        features.remove(Feature.DATATYPE);
        features.removeAll(refusals().keySet());
        return features;
    }

    /** {@code -D}: the MPI benchmark sends a derived datatype, which a socket has no notion of. */
    @Override
    public Map<Feature, String> refusals() {
        return Map.of(Feature.DERIVED_TYPES, "a JVM transport sends plain bytes and has no MPI"
                + " derived datatype to build; -D is for the MPI benchmarks");
    }

    @Override
    public void checkProcesses(int processes) throws UsageException {
        kind.checkProcesses(processes);
    }

    @Override
    public void checkOptions(Options options, int processes) throws UsageException {
        if (options.sizes().min() == 0) {
            throw new UsageException("a TCP stream has no 0-byte messages: start the sizes at 1"
                    + " (-m 1:" + options.sizes().max() + ")");
        }
    }
}
