package mpi.common.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mpi.common.options.IterationPolicy;
import mpi.common.options.UsageException;

class PrecisionTest {
    @Test
    void parsesLevelErrorAndTheOptionalCounts() throws UsageException {
        assertEquals(new Precision(0.95, 0.02, 100, 0), Precision.parse("0.95:0.02"));
        assertEquals(new Precision(0.99, 0.05, 30, 0), Precision.parse(".99:.05:30"));
        assertEquals(new Precision(0.9, 0.1, 10, 10), Precision.parse("0.9:0.1:10:10"));
        assertEquals("0.95:0.02:100", Precision.parse("0.95:0.02").toString());
        assertEquals("0.9:0.1:10:20", Precision.parse("0.9:0.1:10:20").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0.95", "0.95:", ":0.02", "1:0.02", "0:0.02", "0.95:1",
        "0.95:-0.1", "95:2", "0.95:0.02:0", "0.95:0.02:x", "0.95:0.02:100:50",
        "0.95:0.02:1:2:3", "0.95:0.02:1e3", "0.95:0.02:1000000000"})
    void refusesWhatIsNotLevelErrorMinMax(String text) {
        UsageException e = assertThrows(UsageException.class, () -> Precision.parse(text));
        assertTrue(e.getMessage().startsWith("--precision"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void theMostIterationsAreMaxOrTenTimesTheDefaults() throws UsageException {
        IterationPolicy defaults = new IterationPolicy(10_000, 100, 1000, 10);
        IterationPolicy tenfold = Precision.parse("0.95:0.02").maxIterations(defaults);
        assertEquals(100_000, tenfold.iterations(8));
        assertEquals(10_000, tenfold.iterations(1 << 20));
        assertEquals(100, tenfold.warmup(8), "the warm-up stays");
        IterationPolicy capped = Precision.parse("0.95:0.02:100:500").maxIterations(defaults);
        assertEquals(500, capped.iterations(8));
        assertEquals(500, capped.iterations(1 << 20));
        assertEquals(50, Precision.parse("0.95:0.02:100:50000").first(8,
                new IterationPolicy(50, 0, 50, 0)), "never more than the most");
    }

    @Test
    void attemptsDoubleUpToTheLimit() {
        assertEquals(200, Precision.next(100, 100_000));
        assertEquals(1000, Precision.next(800, 1000));
        assertEquals(Integer.MAX_VALUE, Precision.next(Integer.MAX_VALUE - 1, Integer.MAX_VALUE));
    }

    @Test
    void reachedWhenTheMediansIntervalIsWithinTheErrorOnBothSides() {
        RowStatistics s = RowStatistics.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 10, 0.95);
        // ranks 2 and 9: [2, 9] around 5.5; 3.5 on each side, 64 % of the median
        assertEquals(3.5 / 5.5, Precision.relativeHalfWidth(s), 1e-12);
        assertTrue(new Precision(0.95, 0.64, 10, 0).reached(s));
        assertFalse(new Precision(0.95, 0.63, 10, 0).reached(s));
        RowStatistics few = RowStatistics.of(new double[] {5, 5, 5, 5, 5}, 5, 0.95);
        assertEquals(0, Precision.relativeHalfWidth(few));
        assertFalse(new Precision(0.95, 0.5, 5, 0).reached(few), "5 values cannot reach 95 %");
    }

    /**
     * The stopping count against its closed form, on uniform values 1 + U(0, 1) (median 1.5):
     * the order statistic of rank k of n uniform values has mean k / (n + 1), so the interval
     * of ranks l and u = n + 1 - l ({@link OrderRanks}) reaches u / (n + 1) - 1/2 above the
     * median on average, and ERROR is met on average from the first n where that, over 1.5,
     * is at most ERROR: n* = 1084 at 0.02, 478 at 0.03. Doubling from 100, the stop is the
     * first attempt at or above n* (1600 and 800) in most runs, and one attempt either side
     * in the others, as the interval's ends vary around their means.
     */
    @ParameterizedTest
    @ValueSource(doubles = {0.02, 0.03})
    void theStoppingCountMatchesItsClosedFormWithinOneAttempt(double error) {
        Precision p = new Precision(0.95, error, 100, 0);
        int nStar = 6;
        while ((OrderRanks.of(nStar, 0.95).upper() / (nStar + 1.0) - 0.5) / 1.5 > error) {
            nStar++;
        }
        assertEquals(error == 0.02 ? 1084 : 478, nStar);
        int expected = 100;
        while (expected < nStar) {
            expected *= 2;
        }
        Random random = new Random(20261128);
        int atExpected = 0;
        int runs = 300;
        for (int run = 0; run < runs; run++) {
            int stop = stoppingCount(p, 100_000, random);
            assertTrue(stop == expected / 2 || stop == expected || stop == 2 * expected,
                    "stopped at " + stop + ", not within one attempt of " + expected);
            atExpected += stop == expected ? 1 : 0;
        }
        assertTrue(atExpected > runs / 2, atExpected + " of " + runs + " at " + expected);
    }

    @Test
    void aLimitTooLowIsReachedWithoutThePrecision() {
        Precision p = new Precision(0.95, 0.001, 100, 0);
        assertEquals(800, stoppingCount(p, 800, new Random(1)), "stops at the limit");
    }

    /** The harness's loop (BenchmarkHarness.precisely) on uniform values from 1 to 2. */
    private static int stoppingCount(Precision p, int limit, Random random) {
        int n = Math.min(p.min(), limit);
        while (true) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = 1 + random.nextDouble();
            }
            if (p.reached(RowStatistics.of(values, n, p.level())) || n >= limit) {
                return n;
            }
            n = Precision.next(n, limit);
        }
    }
}
