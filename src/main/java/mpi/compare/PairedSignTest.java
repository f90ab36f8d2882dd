package mpi.compare;

import java.util.List;

import org.apache.commons.math3.stat.inference.AlternativeHypothesis;
import org.apache.commons.math3.stat.inference.BinomialTest;

/**
 * Whether a variant differs from C: the sign test on the rounds' paired ratios, with the
 * median ratio and its order-statistic interval as the effect.
 *
 * <p>Paired by round, because the runs of one round share the machine's state (clock
 * frequency, other load, the cache and memory placement of that minute), which the ratio
 * cancels. A ratio, because the effect of a binding is multiplicative: a few per cent at
 * every size, not a fixed number of microseconds. The sign test (a binomial test of how many
 * rounds the variant was slower in), rather than Wilcoxon's signed-rank test, for three
 * reasons: it tests the very quantity reported, the median of the ratios, so that the verdict
 * is "slower" exactly when the whole interval lies above 1 and never contradicts it (the
 * signed-rank test is about a pseudo-median, and about the median only for a symmetric
 * distribution); it gives a round one vote however far off it is, where a rank test gives an
 * outlier launch the largest weight; and it is the same on ratios and their logarithms. What
 * it costs is rounds: at 95 %, 6 of 6 or 12 of 15 must agree.
 *
 * <p>A round whose ratio is exactly 1 (values printed alike) counts against both directions:
 * it stays in n but is no vote for either side. That is the conservative choice, and it is
 * what keeps the test and the interval, which has the same n, in agreement.
 */
public final class PairedSignTest {
    private PairedSignTest() {
    }

    /**
     * @param reference C's values, one per round, in round order
     * @param variant   the variant's values, one per round, in round order; a variant that
     *                  stopped (its binding lacks a call) is paired over the rounds it ran
     * @param unit      which way the ratio is taken (above 1: the variant is slower)
     * @param level     the confidence level, in (0, 1)
     * @return the effect and the verdict
     */
    public static Comparison compare(List<String> reference, List<String> variant, Unit unit, double level) {
        int n = Math.min(reference.size(), variant.size());
        if (n == 0) {
            throw new IllegalArgumentException("no paired rounds");
        }
        double[] ratios = new double[n];
        int slower = 0;
        int faster = 0;
        for (int r = 0; r < n; r++) {
            ratios[r] = unit.ratio(Double.parseDouble(variant.get(r)), Double.parseDouble(reference.get(r)));
            if (!Double.isFinite(ratios[r])) {
                return Comparison.NO_RATIO;
            }
            slower += ratios[r] > 1 ? 1 : 0;
            faster += ratios[r] < 1 ? 1 : 0;
        }
        double p = pValue(n, Math.max(slower, faster));
        Interval interval = MedianInterval.of(ratios, level);
        Verdict verdict = !interval.atLevel() ? Verdict.TOO_FEW_RUNS
                : 2 * tail(n, Math.max(slower, faster)) > 1 - level ? Verdict.NO_DIFFERENCE
                : slower > faster ? Verdict.SLOWER : Verdict.FASTER;
        return new Comparison(Stats.median(ratios), interval, p, verdict);
    }

    /**
     * @param n    the rounds
     * @param most the rounds of the more frequent direction
     * @return the two-sided p-value: twice the chance of so many or more in one direction
     *         when each is as likely as the other, at most 1
     */
    static double pValue(int n, int most) {
        return Math.min(1, 2 * tail(n, most));
    }

    /**
     * P(B >= most), B ~ Bin(n, 1/2), as the lower tail P(B <= n - most), which is what
     * {@link MedianInterval#rank} compares with the level: no subtraction from 1 to round.
     */
    private static double tail(int n, int most) {
        return new BinomialTest().binomialTest(n, n - most, 0.5, AlternativeHypothesis.LESS_THAN);
    }
}
