package mpi.common.clock;

/**
 * The clock a run's times come from, for the table's header and the results' files: every
 * rank's {@link System#nanoTime()}, the JVM's monotonic clock (CLOCK_MONOTONIC on Linux),
 * which C OMB's MPI_Wtime also reads in Open MPI and MPICH; a resolution of nanoseconds where
 * MPI_Wtick may say microseconds, and no JNI or FFM call per reading. It is not global: each
 * rank's readings are only compared with its own, unless {@code --timing global} maps them to
 * rank 0's ({@link ClockSync}).
 *
 * @param source          the clock read, {@code System.nanoTime}
 * @param resolutionNanos the least step seen between two readings at rank 0, in nanoseconds
 * @param synchronization how ranks' readings are compared: {@code none}, or how they were
 *                        mapped to rank 0's clock
 * @param maxErrorNanos   with a synchronization, the largest bound over ranks of a mapped
 *                        reading's error from the round trips; else null
 */
public record ClockInfo(String source, long resolutionNanos, String synchronization,
        Long maxErrorNanos) {
    /** The clock's name. */
    public static final String SOURCE = "System.nanoTime";
    /** What {@link #synchronization} says of an HCA-style synchronization. */
    public static final String HCA = "hca: each rank's clock mapped to rank 0's by min-RTT"
            + " ping-pongs over a binary tree (" + ClockSync.FIT_POINTS + " fit points of "
            + ClockSync.EXCHANGES + " exchanges, the least drift their bounds allow), offsets"
            + " re-anchored before each size";

    /** @return each rank's own clock, with no synchronization */
    public static ClockInfo local() {
        return new ClockInfo(SOURCE, resolution(), "none", null);
    }

    /**
     * @param maxErrorNanos the largest error bound over ranks
     * @return the clock mapped to rank 0's by {@link ClockSync}
     */
    public static ClockInfo synchronizedByHca(long maxErrorNanos) {
        return new ClockInfo(SOURCE, resolution(), HCA, maxErrorNanos);
    }

    /** @return the least positive step between consecutive readings of the clock */
    static long resolution() {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 1000; i++) {
            long a = System.nanoTime();
            long b = System.nanoTime();
            while (b == a) {
                b = System.nanoTime();
            }
            least = Math.min(least, b - a);
        }
        return least;
    }
}
