package mpi.compare;

import java.util.Locale;

/**
 * A variant against C, paired by round: the effect and the verdict of {@link PairedSignTest}.
 *
 * @param ratio    the median of the rounds' ratios, each the variant's value to C's of the
 *                 same round, taken as the table's ratio is (above 1: the variant is slower);
 *                 NaN with {@link Verdict#NO_RATIO}
 * @param interval the ratio's confidence interval ({@link MedianInterval}), or its range when
 *                 the rounds are too few; null with {@link Verdict#NO_RATIO}
 * @param pValue   the two-sided p-value of the sign test; NaN with {@link Verdict#NO_RATIO}
 * @param verdict  slower, faster, no difference found, too few runs or no ratio
 */
public record Comparison(double ratio, Interval interval, double pValue, Verdict verdict) {
    /** A comparison with a round whose value is 0. */
    static final Comparison NO_RATIO = new Comparison(Double.NaN, null, Double.NaN, Verdict.NO_RATIO);

    /**
     * @return the table's cell: {@code 1.031x [1.012,1.050] slower}; {@code 1.031x too few
     *         runs} (the range is no interval, and the CSV has it); {@code no ratio}
     */
    public String text() {
        return switch (verdict) {
            case NO_RATIO -> verdict.label();
            case TOO_FEW_RUNS -> x(ratio) + " " + verdict.label();
            default -> String.format(Locale.ROOT, "%s [%s,%s] %s", x(ratio),
                    Numbers.fixed(interval.low(), 3, false), Numbers.fixed(interval.high(), 3, false), verdict.label());
        };
    }

    private static String x(double ratio) {
        return Numbers.fixed(ratio, 3, false) + "x";
    }
}
