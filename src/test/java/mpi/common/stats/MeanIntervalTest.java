package mpi.common.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {
    /** Tables of Student's t: t(0.975, 9) = 2.2622; the one-sided t(0.95, 9) is 1.8331. */
    @Test
    void theQuantileIsTheTwoSidedOne() {
        assertEquals(2.262157, MeanInterval.quantile(0.95, 10), 1e-6);
        assertEquals(3.249836, MeanInterval.quantile(0.99, 10), 1e-6);
        assertEquals(12.706205, MeanInterval.quantile(0.95, 2), 1e-6);
    }

    /** 1..5: mean 3, variance 2.5, t(0.975, 4) = 2.776445: 3 -/+ 2.776445 x sqrt(0.5). */
    @Test
    void aHandCheckedInterval() {
        Interval i = MeanInterval.of(3, 2.5, 5, 0.95);
        assertEquals(3 - 1.963243, i.low(), 1e-6);
        assertEquals(3 + 1.963243, i.high(), 1e-6);
    }

    @Test
    void oneValueBoundsNoMean() {
        assertEquals(Interval.UNDEFINED, MeanInterval.of(7, 0, 1, 0.95));
        assertEquals(false, Interval.UNDEFINED.contains(7));
    }
}
