package mpi.common.stats;

import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * Which order statistics bound a distribution-free confidence interval for a median: the
 * {@code lower}-th and {@code upper}-th smallest of n values (1-based, {@code upper = n + 1 -
 * lower}). Whatever the distribution (continuous), the number of values below the median is
 * binomial(n, 1/2), so [X<sub>(l)</sub>, X<sub>(n+1-l)</sub>] covers it with probability
 * 1 - 2 P(B ≤ l - 1): the ranks are the innermost pair whose coverage is at least the level.
 * When n is too small for even the sample's range to reach it (n ≤ 5 at 0.95), the ranks are
 * the range's, 1 and n, and {@link #reachesLevel} is false.
 *
 * @param lower        the rank of the lower end, 1-based
 * @param upper        the rank of the upper end, 1-based
 * @param coverage     the exact probability that the interval covers the median
 * @param reachesLevel whether that probability is at least the level asked for
 */
public record OrderRanks(int lower, int upper, double coverage, boolean reachesLevel) {
    /**
     * @param n     the number of values, at least 1
     * @param level the confidence level, in (0, 1)
     * @return the ranks of the interval for the median
     */
    public static OrderRanks of(int n, double level) {
        if (n < 1) {
            throw new IllegalArgumentException("no values to bound a median of: n = " + n);
        }
        BinomialDistribution below = new BinomialDistribution(null, n, 0.5);
        double tail = (1 - level) / 2;
        // The largest k with P(B <= k) <= tail; the inverse gives the smallest with >= tail,
        // and the steps below make it exact whatever its rounding.
        int k = below.inverseCumulativeProbability(tail);
        while (k >= 0 && below.cumulativeProbability(k) > tail) {
            k--;
        }
        while (k + 1 < n && below.cumulativeProbability(k + 1) <= tail) {
            k++;
        }
        boolean reaches = k >= 0;
        int lower = reaches ? k + 1 : 1;
        return new OrderRanks(lower, n + 1 - lower,
                1 - 2 * below.cumulativeProbability(lower - 1), reaches);
    }

    /**
     * @param level the confidence level, in (0, 1)
     * @return the fewest values whose range reaches it: 6 at 0.95, 8 at 0.99
     */
    public static int fewestReaching(double level) {
        int n = 1;
        while (!of(n, level).reachesLevel()) {
            n++;
        }
        return n;
    }
}
