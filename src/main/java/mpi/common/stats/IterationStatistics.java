package mpi.common.stats;

/**
 * What a row takes from its per-iteration values: the tail percentiles ({@code -z}) and its
 * precision ({@link RowStatistics}, for {@code --stats} and the results' files).
 *
 * @param tails      a value per tail percentile, in order; empty without {@code -z}
 * @param statistics the row's precision, or null where none is kept (without {@code --stats}
 *                   and {@code -o}) or at a rank other than 0
 */
public record IterationStatistics(double[] tails, RowStatistics statistics) {
    /** No percentiles, no statistics. */
    public static final IterationStatistics NONE = new IterationStatistics(new double[0], null);
}
