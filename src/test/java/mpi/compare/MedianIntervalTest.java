package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The order-statistic interval of a median: its ranks, exact coverage, and coverage in simulation. */
class MedianIntervalTest {
    @Test
    void ranksAreTheWidestThatStillReachTheLevel() {
        // n = 15: P(B <= 3) = 576/32768, so [x(4), x(12)] covers 1 - 2 * 576/32768.
        assertEquals(4, MedianInterval.rank(15, 0.95));
        assertEquals(1 - 2 * 576 / 32768.0, MedianInterval.coverage(15, 4), 1e-12);
        assertTrue(MedianInterval.coverage(15, 5) < 0.95); // one rank further in would not do
        assertEquals(1, MedianInterval.rank(6, 0.95));
        assertEquals(1 - 2 / 64.0, MedianInterval.coverage(6, 1), 1e-12);
        assertEquals(2, MedianInterval.rank(10, 0.95));
        // At 95 %, six values at least; at 99 %, eight.
        assertEquals(0, MedianInterval.rank(5, 0.95));
        assertEquals(6, MedianInterval.fewest(0.95));
        assertEquals(0, MedianInterval.rank(7, 0.99));
        assertEquals(8, MedianInterval.fewest(0.99));
        assertEquals(2, MedianInterval.fewest(0.5));
        // A low level never gives a single order statistic: it would cover nothing.
        assertEquals(3, MedianInterval.rank(7, 0.01));
        assertEquals(3, MedianInterval.rank(6, 0.01));
    }

    @Test
    void theIntervalIsOfTheSortedValues() {
        double[] values = {9, 1, 14, 3, 12, 5, 7, 2, 11, 15, 4, 8, 6, 13, 10};
        Interval i = MedianInterval.of(values, 0.95);
        assertEquals(new Interval(4, 12, 1 - 2 * 576 / 32768.0, true), i);
        assertEquals(9.0, values[0], "the values are left as they were");
        assertTrue(i.contains(4) && i.contains(12) && !i.contains(3.99));
    }

    /** Too few for the level: the range, marked as short of it, with what it does cover. */
    @Test
    void tooFewValuesGiveTheirRangeMarkedAsNoInterval() {
        Interval five = MedianInterval.of(new double[] {3, 1, 5, 2, 4}, 0.95);
        assertEquals(new Interval(1, 5, 1 - 2 / 32.0, false), five);
        assertEquals(new Interval(7, 7, 0, false), MedianInterval.of(new double[] {7}, 0.95));
        assertThrows(IllegalArgumentException.class, () -> MedianInterval.of(new double[0], 0.95));
    }

    /**
     * 2,000 samples of 15 from a skewed distribution (lognormal, as timings are): the 95 %
     * interval holds the true median in about 96.5 % of them (its exact coverage), and within
     * what 2,000 samples allow: at least 93 %, and less than the 99.99 % of the mere range.
     */
    @Test
    void coversTheTrueMedianAsOftenAsItSays() {
        Random random = new Random(20261128);
        double trueMedian = Math.exp(1.0);
        int samples = 2000;
        int covered = 0;
        for (int s = 0; s < samples; s++) {
            double[] x = new double[15];
            for (int i = 0; i < x.length; i++) {
                x[i] = Math.exp(1.0 + 0.5 * random.nextGaussian());
            }
            covered += MedianInterval.of(x, 0.95).contains(trueMedian) ? 1 : 0;
        }
        double coverage = covered / (double) samples;
        assertTrue(coverage >= 0.93, "coverage " + coverage);
        // The exact 0.9648 give or take four standard errors (0.0041 each).
        assertEquals(MedianInterval.coverage(15, 4), coverage, 0.0165, "coverage " + coverage);
        assertFalse(coverage > 0.99, "no wider than it must be: " + coverage);
    }

    @Test
    void mediansAreTheShellVersions() {
        assertEquals(2.5, Stats.median(new double[] {4, 1, 3, 2}));
        assertEquals(3.0, Stats.median(List.of("3", "9", "1", "4", "2").stream().mapToDouble(Double::parseDouble)
                .toArray()));
        assertEquals("95 %", Numbers.percent(0.95));
        assertEquals("97.5 %", Numbers.percent(0.975));
        assertEquals("99.9 %", Numbers.percent(0.999));
    }
}
