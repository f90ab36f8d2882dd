package mpi.common.stats;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * Tukey's outlier filter, as ReproMPI applies it to a measurement's repetitions: a value below
 * Q1 - k IQR or above Q3 + k IQR is an outlier, where Q1 and Q3 are the quartiles and IQR = Q3
 * - Q1 (Tukey's k is 1.5). The quartiles interpolate between order statistics as R's and
 * numpy's defaults do, so that a reader can check them.
 *
 * @param k how many interquartile ranges beyond the quartiles a value may lie, positive
 */
public record TukeyFences(double k) {
    /** Tukey's own factor. */
    public static final double TUKEY_K = 1.5;
    /** The name a command line gives the filter by. */
    public static final String NAME = "tukey";

    /** @param k positive and finite */
    public TukeyFences {
        if (!(k > 0) || Double.isInfinite(k)) {
            throw new IllegalArgumentException("k " + k + " is not a positive number");
        }
    }

    /**
     * The values a filtered row keeps: one run of the sorted values, since the fences cut only
     * its two ends.
     *
     * @param from the first value kept
     * @param to   one past the last value kept
     */
    public record Kept(int from, int to) {
        /** @return how many values are kept */
        public int count() {
            return to - from;
        }
    }

    /**
     * @param sorted values whose first {@code n} are in ascending order
     * @param n      how many, at least 1
     * @return the run of them within the fences (never empty: the quartiles lie within them)
     */
    public Kept kept(double[] sorted, int n) {
        Percentile quartiles = new Percentile().withEstimationType(EstimationType.R_7);
        quartiles.setData(sorted, 0, n);
        double q1 = quartiles.evaluate(25);
        double q3 = quartiles.evaluate(75);
        double low = q1 - k * (q3 - q1);
        double high = q3 + k * (q3 - q1);
        int from = 0;
        while (sorted[from] < low) {
            from++;
        }
        int to = n;
        while (sorted[to - 1] > high) {
            to--;
        }
        return new Kept(from, to);
    }

    /** @return how a command line gives this filter: {@code tukey:K} */
    public String label() {
        return NAME + ":" + (k == Math.rint(k) ? String.valueOf((long) k) : String.valueOf(k));
    }
}
