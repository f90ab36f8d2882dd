package mpi.common.stats;

/**
 * Summary of the timed iterations at one message size: their number, total, shortest and
 * longest time, in nanoseconds.
 *
 * @param count the number of iterations
 * @param sum   their total time
 * @param min   the shortest iteration
 * @param max   the longest iteration
 */
public record Stats(int count, long sum, long min, long max) {
    /**
     * @param samples the time of each iteration, in nanoseconds
     * @param count   how many leading entries of {@code samples} to summarise (at least 1)
     * @return the summary of {@code samples[0 .. count-1]}
     */
    public static Stats of(long[] samples, int count) {
        if (count < 1 || count > samples.length) {
            throw new IllegalArgumentException("count " + count + " is not in 1.." + samples.length);
        }
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            long t = samples[i];
            sum += t;
            min = Math.min(min, t);
            max = Math.max(max, t);
        }
        return new Stats(count, sum, min, max);
    }

    /** @return the mean iteration time in nanoseconds */
    public double mean() {
        return (double) sum / count;
    }
}
