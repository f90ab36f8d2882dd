package mpi.common.stats;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import mpi.common.options.UsageException;

/**
 * The tail percentiles a benchmark reports ({@code -z}): a column per percentile, computed
 * from the per-iteration values at each size with the nearest-rank method (the smallest value
 * with at least p% of the values at or below it).
 */
public final class Percentiles {
    /** No tail columns: {@code -z} not given. */
    public static final Percentiles NONE = new Percentiles(List.of());
    /** {@code -z} without a list, as C OMB: P50, P90, P99. */
    public static final Percentiles DEFAULT = new Percentiles(List.of(
            new BigDecimal(50), new BigDecimal(90), new BigDecimal(99)));
    private static final BigDecimal HUNDRED = new BigDecimal(100);

    private final List<BigDecimal> values;

    private Percentiles(List<BigDecimal> values) {
        this.values = Collections.unmodifiableList(new ArrayList<>(values));
    }

    /**
     * @param list the argument of {@code -z}: null (none given) for the default, or a comma
     *             separated list of numbers in (0, 100], e.g. {@code 50,95,99.9}
     * @return the percentiles, in the order given
     * @throws UsageException if an item is not a number in (0, 100]
     */
    public static Percentiles parse(String list) throws UsageException {
        if (list == null) {
            return DEFAULT;
        }
        List<BigDecimal> values = new ArrayList<>();
        for (String item : list.split(",", -1)) {
            BigDecimal p = item.matches("\\d{1,3}(\\.\\d{1,6})?") ? new BigDecimal(item) : null;
            if (p == null || p.signum() <= 0 || p.compareTo(HUNDRED) > 0) {
                throw new UsageException("-z needs percentiles in (0, 100] separated by commas,"
                        + " e.g. -z 50,95,99.9, got '" + list + "'");
            }
            values.add(p);
        }
        return new Percentiles(values);
    }

    /** @return whether there are no tail columns */
    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** @return the number of percentiles */
    public int size() {
        return values.size();
    }

    /** @return percentile {@code i} as written: {@code 50}, {@code 99.9} */
    public String label(int i) {
        return values.get(i).stripTrailingZeros().toPlainString();
    }

    /**
     * @param unit what the column holds, e.g. {@code Tail Lat(us)}
     * @return the column headers, e.g. {@code P50 Tail Lat(us)}
     */
    public List<String> headers(String unit) {
        List<String> headers = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            headers.add("P" + label(i) + " " + unit);
        }
        return headers;
    }

    /**
     * @param p the percentile, in (0, 100]
     * @param n the number of values, at least 1
     * @return the index of the nearest-rank percentile in the sorted values:
     *         {@code ceil(p n / 100) - 1}, at least 0
     */
    static int nearestRankIndex(BigDecimal p, int n) {
        int rank = p.multiply(BigDecimal.valueOf(n)).divide(HUNDRED, 0, RoundingMode.CEILING)
                .intValueExact();
        return Math.max(1, Math.min(n, rank)) - 1;
    }

    /**
     * @param samples the values, e.g. one per iteration; the first {@code n} are sorted in place
     * @param n       how many leading entries to use, at least 1
     * @return each percentile of {@code samples[0 .. n-1]}, in this object's order
     */
    public double[] of(double[] samples, int n) {
        if (n < 1 || n > samples.length) {
            throw new IllegalArgumentException("n " + n + " is not in 1.." + samples.length);
        }
        Arrays.sort(samples, 0, n);
        double[] result = new double[values.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = samples[nearestRankIndex(values.get(i), n)];
        }
        return result;
    }

    @Override
    public String toString() {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            labels.add(label(i));
        }
        return String.join(",", labels);
    }
}
