package mpi.common.stats;

import java.util.Arrays;

import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * The precision of one row, from its per-iteration values (those the tail percentiles of
 * {@code -z} are taken of): how many, their mean with its Student t interval
 * ({@link MeanInterval}), their median with its distribution-free interval from order
 * statistics ({@link OrderRanks}), both at one confidence level.
 *
 * @param repetitions    the number of values n (those the outlier filter kept)
 * @param mean           their mean
 * @param median         their median (the mean of the middle two for an even n)
 * @param meanInterval   the two-sided interval of the mean; undefined for one value
 * @param medianInterval the two-sided distribution-free interval of the median
 * @param medianCoverage the exact probability that {@code medianInterval} covers the median
 * @param medianReachesLevel whether that probability is at least {@code level}; if not, the
 *                       interval is the sample's range (too few values)
 * @param level          the confidence level asked for, in (0, 1)
 * @param precise        with {@code --precision}, whether the row reached it ({@link Precision});
 *                       else null
 * @param outliers       how many values an outlier filter ({@code --outliers}, {@link TukeyFences})
 *                       left out before all of the above; 0 without one
 */
public record RowStatistics(int repetitions, double mean, double median, Interval meanInterval,
        Interval medianInterval, double medianCoverage, boolean medianReachesLevel,
        double level, Boolean precise, int outliers) {
    /** The default confidence level: 95 %. */
    public static final double DEFAULT_LEVEL = 0.95;

    /**
     * @param values the per-iteration values; the first {@code n} are sorted in place
     * @param n      how many leading entries to use, at least 1
     * @param level  the confidence level, in (0, 1)
     * @return their summary
     */
    public static RowStatistics of(double[] values, int n, double level) {
        return of(values, n, level, null);
    }

    /**
     * @param values  the per-iteration values; the first {@code n} are sorted in place
     * @param n       how many leading entries to use, at least 1
     * @param level   the confidence level, in (0, 1)
     * @param fences  the outlier filter, or null for none
     * @return the summary of the values the filter keeps
     */
    public static RowStatistics of(double[] values, int n, double level, TukeyFences fences) {
        if (n < 1 || n > values.length) {
            throw new IllegalArgumentException("n " + n + " is not in 1.." + values.length);
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("level " + level + " is not in (0, 1)");
        }
        Arrays.sort(values, 0, n); // the order statistics
        int from = 0;
        int kept = n;
        if (fences != null) {
            TukeyFences.Kept k = fences.kept(values, n);
            from = k.from();
            kept = k.count();
        }
        double mean = StatUtils.mean(values, from, kept);
        double variance = StatUtils.variance(values, mean, from, kept);
        OrderRanks ranks = OrderRanks.of(kept, level);
        return new RowStatistics(kept, mean, new Median().evaluate(values, from, kept),
                MeanInterval.of(mean, variance, kept, level),
                new Interval(values[from + ranks.lower() - 1], values[from + ranks.upper() - 1]),
                ranks.coverage(), ranks.reachesLevel(), level, null, n - kept);
    }

    /**
     * @param level the confidence level, in (0, 1)
     * @return the statistics of no values (a {@code --timing global} row whose every call
     *         started late): 0 repetitions, everything else undefined
     */
    public static RowStatistics none(double level) {
        return new RowStatistics(0, Double.NaN, Double.NaN, Interval.UNDEFINED,
                Interval.UNDEFINED, 0, false, level, null, 0);
    }

    /**
     * @param reached whether the row reached the precision {@code --precision} asked for
     * @return these statistics, saying so
     */
    public RowStatistics withPrecise(boolean reached) {
        return new RowStatistics(repetitions, mean, median, meanInterval, medianInterval,
                medianCoverage, medianReachesLevel, level, reached, outliers);
    }
}
