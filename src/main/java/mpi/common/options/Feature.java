package mpi.common.options;

import mpi.common.BenchmarkSpec;

/**
 * An option that only some benchmarks take. A benchmark's {@link BenchmarkSpec#features()}
 * lists those it takes; the parser rejects the others as unknown and the usage text leaves
 * them out. The options every benchmark takes ({@code -x -i -a -f -z -h -v}) are not listed.
 */
public enum Feature {
    /** {@code -m [MIN:]MAX}: message sizes (not for a benchmark without data, such as a barrier). */
    SIZES,
    /** {@code -c}: validation of the data received. */
    VALIDATION,
    /** {@code -W N}: messages in flight per iteration (bandwidth). */
    WINDOW,
    /** {@code -M BYTES}, point-to-point: a maximum message size above the limit is refused. */
    MEMORY_LIMIT_REJECTS,
    /** {@code -M BYTES}, collectives: sizes whose buffers exceed the limit are skipped. */
    MEMORY_LIMIT_SKIPS,
    /** {@code -k ROOT}: the root of a rooted collective, a rank or {@code rotate}. */
    ROOT,
    /** {@code -l}: the in-place form of a collective. */
    IN_PLACE,
    /** {@code -T TYPE}: the element type of the messages and the MPI datatype. */
    DATATYPE,
    /** {@code -t CALLS}: test calls during the dummy compute of a non-blocking collective. */
    TEST_CALLS,
    /** {@code -w create|allocate|dynamic}: how a one-sided benchmark creates its window. */
    WINDOW_CREATION,
    /** {@code -s MODE}: how a one-sided benchmark synchronizes (see {@link BenchmarkSpec#synchronizations()}). */
    SYNCHRONIZATION,
    /** {@code -N cart:D:R|graph:FILE}: the neighbourhood of a neighborhood collective. */
    TOPOLOGY,
    /** {@code -p P}: the sender/receiver pairs of a multi-pair benchmark (osu_mbw_mr). */
    PAIRS,
    /** {@code -t R|S:R}: sender and receiver threads (osu_latency_mt); not with {@link #TEST_CALLS}. */
    THREADS,
    /** {@code -u N}: untimed repeats of each iteration with {@code -c} (C OMB's validation warm-up). */
    VALIDATION_WARMUP,
    /** {@code -b single|multiple}: one buffer, or one per size and per window slot. */
    BUFFERS,
    /** {@code -D cont|vect:STRIDE:BLOCK|indx:FILE}: a derived datatype per message. */
    DERIVED_TYPES,
    /**
     * {@code --timing omb|max|root}: how a collective's time per call is taken over its ranks
     * ({@link Timing}); a benchmark without it refuses the option with
     * {@link mpi.common.BenchmarkSpec#timingRefusal()}.
     */
    TIMING,
    /**
     * {@code --algorithm NAME|NUMBER|list|all}: the MPI's algorithm for a collective, through
     * its control variables ({@code mpi.common.collective.algorithms}).
     */
    ALGORITHM,
    /** {@code -a objects} with {@code -S java|kryo} and {@code -O doubles|records}: serialized Java objects. */
    OBJECTS,
    /**
     * A shuffle's shape ({@code OSUShuffle}): {@code -n} map outputs, {@code -e} partitions,
     * {@code -F} fetches in flight, {@code -j} threads, {@code -Z} skew, {@code -t} transport,
     * {@code -S} serializer; {@code -a} is {@code objects} only and {@code -z} names the
     * fetch latency percentiles.
     */
    SHUFFLE
}
