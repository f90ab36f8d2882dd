package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The sign test on the rounds' ratios: its p-values, verdicts, and their agreement with the interval. */
class PairedSignTestTest {
    private static List<String> values(double... v) {
        List<String> out = new ArrayList<>();
        for (double d : v) {
            out.add(Double.toString(d));
        }
        return out;
    }

    private static final List<String> C6 = values(10, 11, 12, 10, 13, 9);

    @Test
    void sixSlowerRoundsOfSixAreSlowerAt95ButTooFewAt99() {
        List<String> java = values(10.5, 11.4, 12.2, 10.9, 13.1, 9.6);
        Comparison c = PairedSignTest.compare(C6, java, Unit.MICROSECONDS, 0.95);
        assertEquals(Verdict.SLOWER, c.verdict());
        assertEquals(2 / 64.0, c.pValue(), 1e-15); // 2 P(B >= 6), B ~ Bin(6, 1/2)
        assertTrue(c.interval().atLevel() && c.interval().low() > 1, c.toString());
        assertEquals(13.1 / 13, c.interval().low(), 1e-12); // the smallest of the six ratios
        assertEquals(Verdict.TOO_FEW_RUNS, PairedSignTest.compare(C6, java, Unit.MICROSECONDS, 0.99).verdict());
    }

    @Test
    void fiveOfSixIsNoDifferenceFoundAndATieCountsForNeitherSide() {
        Comparison five = PairedSignTest.compare(C6, values(10.5, 11.4, 12.2, 10.9, 13.1, 8.6), Unit.MICROSECONDS, 0.95);
        assertEquals(Verdict.NO_DIFFERENCE, five.verdict());
        assertEquals(2 * 7 / 64.0, five.pValue(), 1e-15); // 2 P(B >= 5)
        // Five slower and a round printed alike: still five of six.
        Comparison tie = PairedSignTest.compare(C6, values(10.5, 11.4, 12.2, 10.9, 13.1, 9), Unit.MICROSECONDS, 0.95);
        assertEquals(Verdict.NO_DIFFERENCE, tie.verdict());
        assertEquals(five.pValue(), tie.pValue());
        assertEquals(1.0, tie.interval().low());
    }

    @Test
    void bandwidthIsSlowerWhenJavaMovesLessAndFasterWhenMore() {
        List<String> c = values(100, 110, 105, 98, 102, 101, 99);
        Comparison less = PairedSignTest.compare(c, values(90, 100, 95, 90, 92, 91, 90), Unit.MEGABYTES_PER_SECOND, 0.95);
        assertEquals(Verdict.SLOWER, less.verdict());
        assertTrue(less.ratio() > 1, less.toString()); // C/Java, as the table's ratio
        Comparison more = PairedSignTest.compare(c, values(120, 130, 125, 118, 122, 121, 119),
                Unit.MEGABYTES_PER_SECOND, 0.95);
        assertEquals(Verdict.FASTER, more.verdict());
        assertTrue(more.interval().high() < 1, more.toString());
    }

    @Test
    void aValueOfZeroHasNoRatio() {
        Comparison c = PairedSignTest.compare(values(0, 1, 1), values(1, 1, 1), Unit.MICROSECONDS, 0.95);
        assertEquals(Comparison.NO_RATIO, c);
        assertEquals("no ratio", c.text());
    }

    @Test
    void theTablesTextIsCompact() {
        assertEquals("1.031x [1.012,1.050] slower",
                new Comparison(1.0312, new Interval(1.0121, 1.0504, 0.96, true), 0.001, Verdict.SLOWER).text());
        assertEquals("0.998x [0.990,1.004] no difference found",
                new Comparison(0.998, new Interval(0.990, 1.004, 0.96, true), 0.6, Verdict.NO_DIFFERENCE).text());
        assertEquals("1.200x too few runs",
                new Comparison(1.2, new Interval(1.1, 1.3, 0.75, false), 1, Verdict.TOO_FEW_RUNS).text());
    }

    /**
     * The verdict comes from the test's p-value, the interval from order statistics: on 3,000
     * random comparisons (1 to 30 rounds, values printed to one decimal so that ties occur, at
     * several levels) they must agree: slower exactly when the interval lies above 1, faster
     * when below, a verdict exactly when p reaches the level, and too few runs exactly when the
     * interval is only the range.
     */
    @Test
    void theVerdictAgreesWithTheIntervalAndThePValue() {
        Random random = new Random(36);
        double[] levels = {0.5, 0.8, 0.9, 0.95, 0.99};
        Set<Verdict> seen = EnumSet.noneOf(Verdict.class);
        for (int i = 0; i < 3000; i++) {
            int n = 1 + random.nextInt(30);
            double level = levels[random.nextInt(levels.length)];
            double shift = random.nextInt(3) * 0.3 - 0.3; // faster, as C, or slower
            List<String> c = new ArrayList<>();
            List<String> v = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                double drift = 10 + random.nextGaussian();
                c.add(String.format(java.util.Locale.ROOT, "%.1f", drift + 0.5 * random.nextGaussian()));
                v.add(String.format(java.util.Locale.ROOT, "%.1f", drift + shift + 0.5 * random.nextGaussian()));
            }
            Comparison cmp = PairedSignTest.compare(c, v, Unit.MICROSECONDS, level);
            Interval ci = cmp.interval();
            String what = cmp + " " + c + " " + v + " at " + level;
            seen.add(cmp.verdict());
            assertEquals(!ci.atLevel(), cmp.verdict() == Verdict.TOO_FEW_RUNS, what);
            assertEquals(ci.atLevel() && ci.low() > 1, cmp.verdict() == Verdict.SLOWER, what);
            assertEquals(ci.atLevel() && ci.high() < 1, cmp.verdict() == Verdict.FASTER, what);
            assertEquals(cmp.pValue() <= 1 - level, cmp.verdict() == Verdict.SLOWER || cmp.verdict() == Verdict.FASTER,
                    what);
            assertTrue(ci.contains(cmp.ratio()), what);
        }
        assertEquals(EnumSet.of(Verdict.SLOWER, Verdict.FASTER, Verdict.NO_DIFFERENCE, Verdict.TOO_FEW_RUNS), seen);
    }
}
