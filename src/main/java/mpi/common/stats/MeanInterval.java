package mpi.common.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The confidence interval of a mean from Student's t: mean ± t × s / √n, where s is the
 * sample's standard deviation and t the two-sided quantile t<sub>1-(1-level)/2, n-1</sub>. The
 * two-sided quantile is the point: a one-sided t<sub>level, n-1</sub> (MPIBlib's choice) gives
 * an interval that covers the mean less often than it claims (about 90 % for 95 %).
 */
public final class MeanInterval {
    private MeanInterval() {
    }

    /**
     * @param level the confidence level, in (0, 1)
     * @param n     the number of values, at least 2
     * @return the two-sided quantile of Student's t with {@code n - 1} degrees of freedom
     */
    public static double quantile(double level, int n) {
        // No random generator: only the inverse distribution function is used.
        return new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - level) / 2);
    }

    /**
     * @param mean     the sample's mean
     * @param variance the sample's variance (divided by {@code n - 1})
     * @param n        the number of values
     * @param level    the confidence level, in (0, 1)
     * @return the interval; {@link Interval#UNDEFINED} for fewer than 2 values
     */
    public static Interval of(double mean, double variance, int n, double level) {
        if (n < 2) {
            return Interval.UNDEFINED;
        }
        double half = quantile(level, n) * Math.sqrt(variance / n);
        return new Interval(mean - half, mean + half);
    }
}
