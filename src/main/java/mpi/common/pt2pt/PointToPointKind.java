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
import mpi.common.options.ProcessCountException;
import mpi.common.options.UsageException;
import mpi.common.stats.Metric;

/**
 * The point-to-point benchmarks: what each measures and reports, its C OMB 7.4
 * defaults, the processes it needs, and which ranks send and receive payload.
 *
 * <p>Ranks form pairs: rank r and rank r + n/2 for n processes (0 and 1 for two). The
 * <em>initiator</em> of a pair, the lower rank, starts each exchange: it sends first in a
 * ping-pong and is the sender of a one-way bandwidth test.
 */
public enum PointToPointKind implements BenchmarkSpec {
    /** osu_latency: ping-pong between two processes. */
    LATENCY("Latency Test", "one-way latency of a ping-pong between 2 processes",
            Metric.LATENCY, 0, false, true, Counts.LATENCY),
    /** osu_bw: a window of messages from rank 0 to rank 1, then an acknowledgement back. */
    BANDWIDTH("Bandwidth Test", "bandwidth from rank 0 to rank 1 of 2 processes",
            Metric.BANDWIDTH, 1, true, true, Counts.BANDWIDTH),
    /** osu_bibw: a window of messages each way at once between two processes. */
    BI_BANDWIDTH("Bi-Directional Bandwidth Test",
            "bandwidth of both directions at once between 2 processes",
            Metric.BI_BANDWIDTH, 2, false, true, Counts.BANDWIDTH),
    /** osu_multi_lat: concurrent ping-pongs of n/2 pairs, latency averaged over all ranks. */
    MULTI_LATENCY("Multi Latency Test",
            "one-way latency of concurrent ping-pongs, rank r with rank r + n/2 (n even)",
            Metric.MULTI_LATENCY, 0, false, false, Counts.LATENCY),
    /** osu_latency_persistent: osu_latency's ping-pong with persistent requests. */
    LATENCY_PERSISTENT("Latency Persistent Test",
            "one-way latency of a ping-pong between 2 processes, with persistent requests",
            Metric.LATENCY, 0, false, true, Counts.LATENCY),
    /** osu_bw_persistent: osu_bw with a window of persistent requests. */
    BANDWIDTH_PERSISTENT("Bandwidth Persistent Test",
            "bandwidth from rank 0 to rank 1 of 2 processes, with persistent requests",
            Metric.BANDWIDTH, 1, true, true, Counts.BANDWIDTH),
    /** osu_bibw_persistent: osu_bibw with windows of persistent requests. */
    BI_BANDWIDTH_PERSISTENT("Bi-Directional Bandwidth Persistent Test",
            "bandwidth of both directions at once between 2 processes, with persistent requests",
            Metric.BI_BANDWIDTH, 2, false, true, Counts.BANDWIDTH),
    /**
     * osu_mbw_mr: P pairs at once, each a window of messages from rank i to rank i + P, then an
     * acknowledgement back; aggregate bandwidth and message rate.
     */
    MULTI_BANDWIDTH("Multiple Bandwidth / Message Rate Test",
            "aggregate bandwidth and message rate of P pairs, rank i sending to rank i + P",
            Metric.MULTI_BANDWIDTH, 1, true, false, Counts.MULTI_BANDWIDTH);

    private static final MessageSizes SIZES = new MessageSizes(1, 1 << 22);

    /**
     * Iteration counts of C OMB 7.4, and how many iterations a JIT warm-up round runs: enough
     * calls of the timed code for C2 to compile it (a tier-4 compile takes 5000 calls, or
     * loop back-edges counted with them, plus time for the compiler thread to finish). A
     * bandwidth iteration makes a window of calls, 64 by default, so it needs fewer; fewer also
     * keeps the garbage of its Requests (40 bytes a call) from growing the young generation
     * and with it the resident memory.
     */
    private enum Counts {
        LATENCY(new IterationPolicy(10000, 100, 1000, 10), 20000),
        BANDWIDTH(new IterationPolicy(100, 10, 20, 2), 1000),
        /** osu_mbw_mr's class: the same counts at every size, no switch above 8 KiB. */
        MULTI_BANDWIDTH(new IterationPolicy(100, 10, 100, 10), 1000);

        final IterationPolicy policy;
        final int jitWarmup;

        Counts(IterationPolicy policy, int jitWarmup) {
            this.policy = policy;
            this.jitWarmup = jitWarmup;
        }
    }

    private final String title;
    private final String description;
    private final Metric metric;
    /** Payload goes from the initiator to its peer only (else both ways). */
    private final boolean oneWay;
    /** Exactly 2 processes (else any even number of at least 2). */
    private final boolean twoProcesses;
    /** Requests per window slot: bandwidth posts a send or a receive, bi-bandwidth both. */
    private final int requestsPerMessage;
    private final Counts counts;

    PointToPointKind(String title, String description, Metric metric, int requestsPerMessage,
            boolean oneWay, boolean twoProcesses, Counts counts) {
        this.title = title;
        this.description = description;
        this.metric = metric;
        this.requestsPerMessage = requestsPerMessage;
        this.oneWay = oneWay;
        this.twoProcesses = twoProcesses;
        this.counts = counts;
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
        return counts.policy;
    }

    /** @return whether the benchmark sends a window of messages per iteration ({@code -W}) */
    public boolean windowed() {
        return requestsPerMessage > 0;
    }

    @Override
    public Set<Feature> features() {
        Set<Feature> features = EnumSet.of(Feature.SIZES, Feature.VALIDATION,
                Feature.MEMORY_LIMIT_REJECTS, Feature.DATATYPE);
        if (windowed()) {
            features.add(Feature.WINDOW);
        }
        if (this == MULTI_BANDWIDTH) {
            features.add(Feature.PAIRS);
        }
        if (this == LATENCY || this == BANDWIDTH || this == BI_BANDWIDTH
                || this == MULTI_LATENCY) {
            features.add(Feature.OBJECTS);
        }
        // C OMB 7.4's pt2pt and mbw_mr programs take -u, -b and -D too.
        features.addAll(EnumSet.of(Feature.VALIDATION_WARMUP, Feature.BUFFERS,
                Feature.DERIVED_TYPES));
        return features;
    }

    /**
     * With {@code -a arrays}, the persistent benchmarks create persistent requests on Java
     * arrays, and the other windowed ones make non-blocking calls on them.
     */
    @Override
    public Set<Extension> extensions(Options options) {
        if (options.api() != Api.ARRAYS) {
            return Set.of();
        }
        if (persistent()) {
            return Set.of(Extension.PERSISTENT_ARRAYS);
        }
        return windowed() ? Set.of(Extension.NON_BLOCKING_ARRAYS) : Set.of();
    }

    /** @return whether the benchmark communicates through persistent requests */
    public boolean persistent() {
        return this == LATENCY_PERSISTENT || this == BANDWIDTH_PERSISTENT
                || this == BI_BANDWIDTH_PERSISTENT;
    }

    @Override
    public void checkProcesses(int processes) throws UsageException {
        if (this == MULTI_BANDWIDTH) {
            // Any number: ranks from 2P on stay idle (C OMB's odd rank skipped barriers).
            if (processes < 2) {
                throw new UsageException("needs at least 2 processes, got " + processes);
            }
            return;
        }
        if (twoProcesses && processes != 2) {
            throw new UsageException("needs exactly 2 processes, got " + processes);
        }
        if (processes < 2 || processes % 2 != 0) {
            throw new UsageException("needs an even number of processes (at least 2), got "
                    + processes);
        }
    }

    /** {@code -p P} must leave a partner for every sender: 2P processes at least. */
    @Override
    public void checkOptions(Options options, int processes) throws UsageException {
        if (this == MULTI_BANDWIDTH && 2L * pairs(options, processes) > processes) {
            // A process count, as a root -k that is not a rank: a group skips it.
            throw new ProcessCountException("-p " + options.pairs() + " needs "
                    + 2L * options.pairs() + " processes, got " + processes);
        }
    }

    /**
     * @param options   the parsed options ({@code -p})
     * @param processes the number of processes
     * @return the pairs that exchange messages: {@code -p} for osu_mbw_mr (by default, and
     *         for the other benchmarks, half the processes)
     */
    public int pairs(Options options, int processes) {
        return this == MULTI_BANDWIDTH && options.pairs() > 0 ? options.pairs() : processes / 2;
    }

    /**
     * @return whether the result is the pairs' aggregate, from the senders' times (osu_mbw_mr):
     *         the rate of the senders' mean time, times the pairs, with a message rate column
     */
    public boolean aggregatesPairs() {
        return this == MULTI_BANDWIDTH;
    }

    /** @return whether all ranks meet at a barrier, untimed, before every iteration (osu_mbw_mr) */
    public boolean barrierEveryIteration() {
        return this == MULTI_BANDWIDTH;
    }

    /** @return what the benchmark reports */
    public Metric metric() {
        return metric;
    }

    /** @return whether every rank's result counts (averaged at rank 0), not rank 0's alone */
    public boolean averagedOverRanks() {
        return this == MULTI_LATENCY;
    }

    /**
     * @param window the {@code -W} given or defaulted, which only a windowed benchmark takes
     * @return the messages in flight each way per iteration, so the buffer pairs
     *         {@code -b multiple} allocates per size: a window's for a windowed benchmark (C OMB's
     *         bandwidth tests), one for a ping-pong (C OMB's latency tests allocate one pair per
     *         size), whatever {@code window} says
     */
    public int slots(int window) {
        return windowed() ? window : 1;
    }

    /** @return the size of the request array one iteration fills, for a window of {@code window} */
    public int requests(int window) {
        return requestsPerMessage * window;
    }

    /** @return timed iterations of the JIT warm-up, the same on every rank */
    public int jitWarmupIterations() {
        return counts.jitWarmup;
    }

    /** @return whether a rank of this role sends payload (so fills it when validating) */
    public boolean sendsPayload(boolean initiator) {
        return initiator || !oneWay;
    }

    /** @return whether a rank of this role receives payload (so checks it when validating) */
    public boolean receivesPayload(boolean initiator) {
        return !initiator || !oneWay;
    }

    /** @return the rank that {@code rank} exchanges messages with, of {@code processes} */
    public static int peer(int rank, int processes) {
        return (rank + processes / 2) % processes;
    }

    /** @return whether {@code rank} starts each exchange of its pair: the lower rank */
    public static boolean initiator(int rank, int processes) {
        return rank < processes / 2;
    }

    /**
     * @param rank  a rank
     * @param pairs the pairs: ranks 0 .. P-1 with P .. 2P-1
     * @return the rank that {@code rank} exchanges messages with, or {@code idle} (the caller's
     *         {@code MPI.PROC_NULL}) for a rank from 2P on, which takes part in no pair
     */
    public static int peerOfPairs(int rank, int pairs, int idle) {
        return rank < 2 * pairs ? (rank + pairs) % (2 * pairs) : idle;
    }
}
