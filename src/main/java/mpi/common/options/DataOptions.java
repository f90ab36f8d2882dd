package mpi.common.options;

import mpi.common.data.DerivedLayout;

/**
 * C OMB 7.4's less common options on how messages are exchanged, each taken only by the
 * benchmarks whose {@link mpi.common.BenchmarkSpec#features()} list it (else unknown), and the
 * two that name what a JVM cannot do ({@code -P}, {@code -I}), known to every benchmark.
 *
 * @param validationWarmup {@code -u N}: with {@code -c}, each iteration's exchange is repeated N
 *                         times untimed before the timed one (C's default 5, at most 10);
 *                         0 without {@code -c}, as C forces it
 * @param multipleBuffers  {@code -b multiple}: buffers of each size's length allocated per
 *                         size, and one per window slot (C's default, {@code single}: one
 *                         buffer of the largest size for everything)
 * @param derived          {@code -D}: the derived datatype each message is sent as, or null
 * @param sessions         {@code -I}: start through MPI sessions (refused once MPI runs, see
 *                         {@link Sessions})
 */
public record DataOptions(int validationWarmup, boolean multipleBuffers, DerivedLayout derived,
        boolean sessions) {
    /** C OMB's default {@code -u}. */
    public static final int DEFAULT_VALIDATION_WARMUP = 5;
    /** C OMB's largest {@code -u}. */
    public static final int MAX_VALIDATION_WARMUP = 10;
    /** Every option at its default. */
    public static final DataOptions DEFAULT = new DataOptions(0, false, null, false);
}
