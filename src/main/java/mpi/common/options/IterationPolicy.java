package mpi.common.options;

/**
 * How many timed and warm-up iterations a benchmark runs at each message size: one pair of
 * counts for small messages and one for large ones (above {@value #LARGE_MESSAGE} bytes), as
 * in C OMB. A count the user gives ({@code -i}, {@code -x}) replaces both defaults, so it
 * holds at every size.
 */
public final class IterationPolicy {
    /** Sizes above this many bytes are large (C OMB's {@code LARGE_MESSAGE_SIZE}). */
    public static final int LARGE_MESSAGE = 8192;

    private final int smallIterations;
    private final int smallWarmup;
    private final int largeIterations;
    private final int largeWarmup;

    /**
     * @param smallIterations timed iterations up to {@value #LARGE_MESSAGE} bytes
     * @param smallWarmup     untimed iterations before them
     * @param largeIterations timed iterations above {@value #LARGE_MESSAGE} bytes
     * @param largeWarmup     untimed iterations before them
     */
    public IterationPolicy(int smallIterations, int smallWarmup, int largeIterations,
            int largeWarmup) {
        if (smallIterations < 1 || largeIterations < 1 || smallWarmup < 0 || largeWarmup < 0) {
            throw new IllegalArgumentException("iterations must be positive, warm-up not negative");
        }
        this.smallIterations = smallIterations;
        this.smallWarmup = smallWarmup;
        this.largeIterations = largeIterations;
        this.largeWarmup = largeWarmup;
    }

    /**
     * @param iterations the user's timed iterations for every size, or null to keep the defaults
     * @param warmup     the user's warm-up iterations for every size, or null to keep the defaults
     * @return this policy with the user's counts in place of the defaults
     */
    public IterationPolicy override(Integer iterations, Integer warmup) {
        return new IterationPolicy(
                iterations != null ? iterations : smallIterations,
                warmup != null ? warmup : smallWarmup,
                iterations != null ? iterations : largeIterations,
                warmup != null ? warmup : largeWarmup);
    }

    /**
     * @param factor how many times the timed iterations, at least 1
     * @return this policy with that many times its timed iterations at every size, the same
     *         warm-up
     */
    public IterationPolicy times(int factor) {
        return new IterationPolicy((int) Math.min(Integer.MAX_VALUE, (long) smallIterations * factor),
                smallWarmup, (int) Math.min(Integer.MAX_VALUE, (long) largeIterations * factor),
                largeWarmup);
    }

    /** @return the number of timed iterations at {@code size} bytes */
    public int iterations(int size) {
        return size > LARGE_MESSAGE ? largeIterations : smallIterations;
    }

    /** @return the number of untimed warm-up iterations before them */
    public int warmup(int size) {
        return size > LARGE_MESSAGE ? largeWarmup : smallWarmup;
    }

    /** @return the most timed iterations of any size in {@code sizes} (0 if there is none) */
    public int maxIterations(int[] sizes) {
        int max = 0;
        for (int size : sizes) {
            max = Math.max(max, iterations(size));
        }
        return max;
    }
}
