package mpi.common.stats;

import java.math.BigDecimal;

import mpi.common.options.IterationPolicy;
import mpi.common.options.UsageException;

/**
 * Repetitions that stop when the answer is precise ({@code --precision LEVEL:ERROR[:MIN[:MAX]]}):
 * a size is measured with MIN iterations, then again with twice as many, and so on, until the
 * median's distribution-free interval at LEVEL ({@link RowStatistics#medianInterval()}) lies
 * within ERROR of the median on both sides, or MAX iterations were measured. Each attempt is a
 * whole measurement of its own (warm-up, timed loop, reductions), the row is the last one's,
 * and it says whether it reached the precision. Doubling keeps the attempts few: a row that
 * needs n iterations stops at fewer than 2n (one doubling past n), having measured fewer than
 * 4n in all.
 *
 * <p>The median's interval, not the mean's: timing noise is skewed (a preempted iteration
 * takes milliseconds among microseconds), which the order-statistic interval is immune to
 * while a t interval widens with every outlier and assumes a normal mean.
 *
 * @param level the confidence level, in (0, 1)
 * @param error the largest half-width of the interval, relative to the median, in (0, 1)
 * @param min   the iterations of the first attempt, at least 1
 * @param max   the most iterations of an attempt, at least {@code min}; 0 for the default:
 *              {@value #DEFAULT_MAX_FACTOR} times the benchmark's default iterations at each
 *              size
 */
public record Precision(double level, double error, int min, int max) {
    /** The first attempt's iterations when the option does not say. */
    public static final int DEFAULT_MIN = 100;
    /** Without MAX, an attempt runs at most this many times the size's default iterations. */
    public static final int DEFAULT_MAX_FACTOR = 10;
    private static final String FORM = "--precision LEVEL:ERROR[:MIN[:MAX]], e.g. 0.95:0.02 or"
            + " 0.95:0.02:100:100000";

    /**
     * @param text the option's value
     * @return the precision it asks for
     * @throws UsageException if it is not of the form {@value #FORM} with LEVEL and ERROR in
     *         (0, 1) and 1 &lt;= MIN &lt;= MAX
     */
    public static Precision parse(String text) throws UsageException {
        String[] parts = text.split(":", -1);
        if (parts.length < 2 || parts.length > 4) {
            throw new UsageException(FORM + ", got '" + text + "'");
        }
        double level = fraction(parts[0], "LEVEL", text);
        double error = fraction(parts[1], "ERROR", text);
        int min = parts.length > 2 ? count(parts[2], "MIN", text) : DEFAULT_MIN;
        int max = parts.length > 3 ? count(parts[3], "MAX", text) : 0;
        if (max != 0 && max < min) {
            throw new UsageException("--precision: MAX " + max + " is below MIN " + min
                    + ", got '" + text + "'");
        }
        return new Precision(level, error, min, max);
    }

    private static double fraction(String value, String name, String text)
            throws UsageException {
        BigDecimal d = value.matches("\\d{0,9}\\.?\\d{1,9}") ? new BigDecimal(value) : null;
        if (d == null || d.signum() <= 0 || d.compareTo(BigDecimal.ONE) >= 0) {
            throw new UsageException("--precision: " + name + " must be a number between 0 and"
                    + " 1, got '" + value + "' in '" + text + "' (" + FORM + ")");
        }
        return d.doubleValue();
    }

    private static int count(String value, String name, String text) throws UsageException {
        if (!value.matches("[1-9]\\d{0,8}")) {
            throw new UsageException("--precision: " + name + " must be a whole number from 1"
                    + " to 999999999, got '" + value + "' in '" + text + "' (" + FORM + ")");
        }
        return Integer.parseInt(value);
    }

    /**
     * @param defaults the benchmark's iterations (with the user's -x)
     * @return the iterations the timed loops must hold: MAX at every size, or
     *         {@value #DEFAULT_MAX_FACTOR} times the defaults
     */
    public IterationPolicy maxIterations(IterationPolicy defaults) {
        return max != 0 ? defaults.override(max, null) : defaults.times(DEFAULT_MAX_FACTOR);
    }

    /**
     * @param size     the message size
     * @param policy   the policy of {@link #maxIterations}
     * @return the iterations of the first attempt at this size
     */
    public int first(int size, IterationPolicy policy) {
        return Math.min(min, policy.iterations(size));
    }

    /**
     * @param n     the iterations of the attempt just made
     * @param limit the most iterations of an attempt at this size
     * @return the iterations of the next attempt: twice as many, at most {@code limit}
     */
    public static int next(int n, int limit) {
        return (int) Math.min(limit, 2L * n);
    }

    /**
     * @param s an attempt's statistics, at this precision's level
     * @return whether they reach it: the median's interval reaches the level and lies within
     *         ERROR of the median on both sides
     */
    public boolean reached(RowStatistics s) {
        return s.medianReachesLevel() && relativeHalfWidth(s) <= error;
    }

    /**
     * @param s a row's statistics
     * @return the larger distance from the median to an end of its interval, over the median
     *         (infinite for a median of 0)
     */
    public static double relativeHalfWidth(RowStatistics s) {
        double half = Math.max(s.median() - s.medianInterval().low(),
                s.medianInterval().high() - s.median());
        return s.median() == 0 ? Double.POSITIVE_INFINITY : half / Math.abs(s.median());
    }

    @Override
    public String toString() {
        return BigDecimal.valueOf(level).toPlainString() + ":"
                + BigDecimal.valueOf(error).toPlainString() + ":" + min
                + (max != 0 ? ":" + max : "");
    }
}
