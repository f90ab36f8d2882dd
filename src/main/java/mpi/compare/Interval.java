package mpi.compare;

/**
 * A confidence interval for a median from two of the values' order statistics (see {@link
 * MedianInterval}), or, when the values are too few for one at the level asked, their range.
 *
 * @param low      the lower end
 * @param high     the upper end
 * @param coverage the probability that such an interval holds the true median, for values
 *                 drawn independently from one continuous distribution (exact, from the
 *                 binomial distribution; ties only raise it)
 * @param atLevel  whether {@code coverage} reaches the level asked; when false, low and high
 *                 are the smallest and the largest value, which is not an interval at that level
 */
public record Interval(double low, double high, double coverage, boolean atLevel) {
    /** @return whether {@code x} lies in the interval, ends included */
    public boolean contains(double x) {
        return low <= x && x <= high;
    }
}
