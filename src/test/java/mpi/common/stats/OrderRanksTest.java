package mpi.common.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

import org.junit.jupiter.api.Test;

class OrderRanksTest {
    /** By hand: P(B <= 1) for B ~ binomial(10, 1/2) is 11/1024, so 1 - 22/1024 = 0.9785. */
    @Test
    void tenValuesAt95PercentAreBoundedByTheSecondAndTheNinth() {
        OrderRanks r = OrderRanks.of(10, 0.95);
        assertEquals(2, r.lower());
        assertEquals(9, r.upper());
        assertEquals(1 - 22.0 / 1024, r.coverage(), 1e-12);
        assertTrue(r.reachesLevel());
        // The next pair inwards, 3 and 8, covers 1 - 2 x 56/1024 = 0.89: short of 0.95.
        assertEquals(new OrderRanks(3, 8, 1 - 112.0 / 1024, true), OrderRanks.of(10, 0.89));
    }

    @Test
    void tooFewValuesGiveTheRangeFlaggedAsShortOfTheLevel() {
        // Five values: the range covers the median with 1 - 2/32 = 0.9375 < 0.95.
        assertEquals(new OrderRanks(1, 5, 0.9375, false), OrderRanks.of(5, 0.95));
        // Six reach it: 1 - 2/64.
        assertEquals(new OrderRanks(1, 6, 0.96875, true), OrderRanks.of(6, 0.95));
        assertEquals(6, OrderRanks.fewestReaching(0.95));
        assertEquals(8, OrderRanks.fewestReaching(0.99));
        assertEquals(2, OrderRanks.fewestReaching(0.5));
        // One value bounds nothing.
        assertEquals(new OrderRanks(1, 1, 0, false), OrderRanks.of(1, 0.95));
        assertThrows(IllegalArgumentException.class, () -> OrderRanks.of(0, 0.95));
    }

    /**
     * Against exact binomial sums: for every n up to 80 and several levels, the ranks are the
     * innermost pair whose coverage reaches the level, and the coverage is the exact one.
     */
    @Test
    void theRanksAreTheInnermostThatReachTheLevelExactly() {
        MathContext mc = MathContext.DECIMAL128;
        for (double level : new double[] {0.5, 0.8, 0.9, 0.95, 0.99, 0.999}) {
            for (int n = 1; n <= 80; n++) {
                BigDecimal total = new BigDecimal(BigInteger.TWO.pow(n));
                BigDecimal below = BigDecimal.ZERO; // P(B <= l - 1), growing with l
                int best = 0;
                BigDecimal bestCoverage = null;
                BigInteger choose = BigInteger.ONE; // C(n, l - 1)
                for (int l = 1; 2 * l <= n + 1; l++) {
                    below = below.add(new BigDecimal(choose).divide(total, mc));
                    BigDecimal coverage = BigDecimal.ONE.subtract(below.multiply(
                            BigDecimal.valueOf(2)));
                    if (coverage.compareTo(BigDecimal.valueOf(level)) >= 0) {
                        best = l;
                        bestCoverage = coverage;
                    }
                    choose = choose.multiply(BigInteger.valueOf(n - l + 1))
                            .divide(BigInteger.valueOf(l));
                }
                OrderRanks r = OrderRanks.of(n, level);
                String at = "n " + n + ", level " + level;
                assertEquals(best > 0, r.reachesLevel(), at);
                if (best > 0) {
                    assertEquals(best, r.lower(), at);
                    assertEquals(bestCoverage.doubleValue(), r.coverage(), 1e-9, at);
                    assertTrue(r.coverage() >= level, at);
                } else {
                    assertEquals(1, r.lower(), at);
                    assertTrue(r.coverage() < level, at);
                }
                assertEquals(n + 1 - r.lower(), r.upper(), at);
            }
        }
    }

    @Test
    void largeCountsStayNearTheMiddle() {
        // n = 10000: the ranks are about n/2 -/+ 1.96 sqrt(n)/2, i.e. 4902 and 5099.
        OrderRanks r = OrderRanks.of(10_000, 0.95);
        assertEquals(4902, r.lower(), 1);
        assertEquals(10_001 - r.lower(), r.upper());
        assertTrue(r.coverage() >= 0.95 && r.coverage() < 0.955, r.toString());
        assertFalse(OrderRanks.of(10_000, 0.5).lower() < r.lower());
    }
}
