package mpi.common.stats;

/**
 * A two-sided interval of a statistic, such as a confidence interval for a row's mean. An
 * interval that cannot be computed (a mean's from one value) has NaN ends.
 *
 * @param low  its lower end
 * @param high its upper end, at least {@code low}
 */
public record Interval(double low, double high) {
    /** The interval of a statistic that one value cannot bound: both ends NaN. */
    public static final Interval UNDEFINED = new Interval(Double.NaN, Double.NaN);

    /**
     * @param x a value
     * @return whether {@code low <= x <= high} (never for {@link #UNDEFINED})
     */
    public boolean contains(double x) {
        return low <= x && x <= high;
    }
}
