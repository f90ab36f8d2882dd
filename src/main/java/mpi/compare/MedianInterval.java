package mpi.compare;

import java.util.Arrays;

import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * The distribution-free confidence interval for a median: of n values sorted, the k-th
 * smallest and the k-th largest, {@code [x(k), x(n+1-k)]}. The true median lies below x(k)
 * only when fewer than k values fall below it, which for independent values of one
 * continuous distribution has the binomial probability {@code P(B <= k-1)}, B ~ Bin(n, 1/2);
 * so the interval holds the median with probability {@code 1 - 2 P(B <= k-1)}, whatever the
 * distribution's shape: timing noise is skewed, and a mean's t interval would assume it is
 * not. k is the largest rank whose coverage still reaches the level.
 *
 * <p>With too few values no k does: even the range {@code [x(1), x(n)]} covers only
 * {@code 1 - 2^(1-n)} (at 95 %, fewer than 6 values). Then {@link #of} returns the range,
 * marked as not an interval at the level, rather than a narrower claim than the values make.
 */
public final class MedianInterval {
    private MedianInterval() {
    }

    /**
     * @param n     the number of values
     * @param level the confidence level, in (0, 1)
     * @return the largest rank k, at most n/2, with {@code [x(k), x(n+1-k)]} covering the
     *         median at {@code level} or more; 0 when none does
     */
    public static int rank(int n, double level) {
        int k = 0;
        // 2 P(B <= k-1) <= alpha, written as the sign test's condition (PairedSignTest), so
        // that an interval and the test of the same values agree to the last bit.
        while (k + 1 <= n / 2 && 2 * below(n, k) <= 1 - level) {
            k++;
        }
        return k;
    }

    /**
     * @param n     the number of values
     * @param level the confidence level, in (0, 1)
     * @return whether n values are enough for an interval at {@code level}
     */
    public static boolean enough(int n, double level) {
        return rank(n, level) > 0;
    }

    /**
     * @return the fewest values that give an interval at {@code level} (6 at 0.95), for the
     *         note that says how many runs a verdict needs
     */
    public static int fewest(double level) {
        int n = 2;
        while (!enough(n, level)) {
            n++;
        }
        return n;
    }

    /**
     * @param n the number of values
     * @param k a rank, 1 to n/2 (or 1 for n = 1: the single value)
     * @return the probability that {@code [x(k), x(n+1-k)]} holds the median
     */
    public static double coverage(int n, int k) {
        return 1 - 2 * below(n, k - 1);
    }

    /**
     * @param values the values, at least one, in any order
     * @param level  the confidence level, in (0, 1)
     * @return the interval at {@code level}, or the values' range marked as not reaching it
     */
    public static Interval of(double[] values, double level) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] x = values.clone();
        Arrays.sort(x);
        int n = x.length;
        int k = rank(n, level);
        if (k == 0) {
            return new Interval(x[0], x[n - 1], coverage(n, 1), false);
        }
        return new Interval(x[k - 1], x[n - k], coverage(n, k), true);
    }

    /** @return P(B <= j), B ~ Bin(n, 1/2) */
    static double below(int n, int j) {
        return binomial(n).cumulativeProbability(j);
    }

    /** Bin(n, 1/2), with no random generator: nothing here samples from it. */
    static BinomialDistribution binomial(int n) {
        return new BinomialDistribution(null, n, 0.5);
    }
}
