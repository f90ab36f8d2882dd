package mpi.common.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The estimate on fake clocks: a reference clock and a local one with a known offset and drift,
 * and exchanges whose two directions take different, random times. At every instant of the fit
 * and of five seconds after it, the model is within half the least round trip plus the drift
 * times the time since that quickest exchange.
 */
class ClockEstimateTest {
    /** True time, in nanoseconds; both clocks read it. */
    private double now;

    private long reference(double t) {
        return Math.round(7_000_000_000.0 + t); // the reference: offset 7 s, no drift
    }

    @ParameterizedTest(name = "offset {0} ns, drift {1}, seed {2}")
    @CsvSource({"0, 0, 1", "1500000000, 0, 2", "-2000000000, 2e-6, 3", "350000, -5e-5, 4",
        "123456789, 1e-4, 5", "-1, -1e-4, 6", "900000000000, 1e-7, 7", "42, 3e-5, 8"})
    void theModelIsWithinHalfTheQuickestRoundTripPlusDrift(long offset, double drift, long seed)
            throws Exception {
        Random random = new Random(seed);
        now = 1e9;
        // local(t) = offset + t (1 + drift): runs 'drift' faster than the reference
        java.util.function.DoubleToLongFunction local = t -> Math.round(offset + t * (1 + drift));
        double[] quickest = {Double.MAX_VALUE, 0}; // round trip, and when
        PingPong link = sample -> {
            sample[0] = local.applyAsLong(now);
            double there = 1_000 + 4_000 * random.nextDouble(); // asymmetric: slower out
            double back = 200 + 600 * random.nextDouble();
            sample[1] = reference(now + there);
            now += there + back;
            sample[2] = local.applyAsLong(now);
            now += 300; // the side's own work between exchanges
            if (sample[2] - sample[0] < quickest[0]) {
                quickest[0] = sample[2] - sample[0];
                quickest[1] = now;
            }
        };
        double start = now;
        ClockEstimate.Result r = ClockEstimate.estimate(link, 10, 20, () -> now += 20e6);
        assertEquals((long) quickest[0], r.minRoundTrip());
        double truth = -drift / (1 + drift); // the reference's rate against the local clock's
        double found = r.model().drift();
        // never more than the truth, nor of the other sign: at worst, no drift at all
        assertTrue(found * truth >= 0 && Math.abs(found) <= Math.abs(truth) * (1 + 1e-9),
                "drift " + found + " against " + truth);
        if (Math.abs(drift) >= 3e-5) { // 6 us or more over the fit's 200 ms: found
            assertTrue(Math.abs(found) >= 0.5 * Math.abs(truth), "drift " + found + " against "
                    + truth);
        }
        for (double t = start; t < now + 5e9; t += 1e6) {
            double error = Math.abs(r.model().toReference(local.applyAsLong(t)) - reference(t));
            double bound = quickest[0] / 2 + Math.abs(drift) * Math.abs(t - quickest[1]) + 2;
            assertTrue(error <= bound, "at " + (t - start) / 1e6 + " ms: error " + error
                    + " ns, bound " + bound + " ns, " + r.model());
        }
    }

    /**
     * The failure of a fitted slope: one clock (no drift), and the way out slowing fit point
     * after fit point as a load grows, so that the pairings' offsets fall in a line well within
     * their round trips. A regression finds that slope significant; the estimate keeps no drift,
     * and five seconds on is as good as at the fit.
     */
    @Test
    void aTrendInTheDelaysIsNoDrift() throws Exception {
        now = 1e9;
        int[] exchange = {0};
        PingPong link = sample -> {
            sample[0] = Math.round(now);
            double there = 500 + 40 * (exchange[0]++ / 20); // 40 ns slower each fit point
            sample[1] = reference(now + there);
            now += there + 500;
            sample[2] = Math.round(now);
            now += 300;
        };
        ClockEstimate.Result r = ClockEstimate.estimate(link, 10, 20, () -> now += 10e6);
        assertEquals(0, r.model().drift(), r.model().toString());
        double later = now + 5e9;
        double error = Math.abs(r.model().toReference(Math.round(later)) - reference(later));
        assertTrue(error <= r.minRoundTrip() / 2.0 + 1, "error " + error + " ns, " + r.model());
    }

    @Test
    void theLeastDriftIsTheEndOfTheRangeNearestZero() {
        long[] local = {0, 100_000_000, 200_000_000};
        long[] trips = {1_000, 1_000, 1_000};
        // offsets rising 10 us each 100 ms, give or take 0.5 us: each neighbouring pair allows
        // drifts 9e-5 to 1.1e-4, the first and last 9.5e-5 to 1.05e-4
        long[] remote = {local[0] + 0, local[1] + 10_000, local[2] + 20_000};
        assertEquals(9.5e-5, ClockEstimate.leastDrift(local, remote, trips), 1e-12);
        long[] falling = {local[0] + 0, local[1] - 10_000, local[2] - 20_000};
        assertEquals(-9.5e-5, ClockEstimate.leastDrift(local, falling, trips), 1e-12);
        long[] still = {local[0] + 300, local[1] - 300, local[2] + 300};
        assertEquals(0, ClockEstimate.leastDrift(local, still, trips));
        long[] stepped = {local[0], local[1] + 50_000, local[2]}; // no line fits: none
        assertEquals(0, ClockEstimate.leastDrift(local, stepped, trips));
        assertEquals(0, ClockEstimate.leastDrift(new long[] {5}, new long[] {9}, new long[] {1}));
        // each pair's slack is half the sum of its two round trips: 2 us and 4 us trips give
        // 3 us over 100 ms between points 0 and 1, so 1e-4 - 3e-5 = 7e-5 at least
        long[] unequal = {2_000, 4_000, 40_000};
        assertEquals(7e-5, ClockEstimate.leastDrift(local, remote, unequal), 1e-12);
        // two pairings of one instant 5 us apart with trips of 1 us: no offset fits both, though
        // a third, slow pairing (40 us) alone would allow drifts of 8.975e-4 and more
        long[] twice = {0, 0, 200_000_000};
        long[] apart = {0, 5_000, 200_000_000 + 200_000};
        assertEquals(0, ClockEstimate.leastDrift(twice, apart, new long[] {1_000, 1_000, 40_000}));
    }

    @Test
    void aModelMapsBackAndComposes() {
        ClockModel child = new ClockModel(5_000_000_000L, 12_345.5, 3e-6);
        ClockModel parent = new ClockModel(9_000_000_000L, -2_000_000.25, -1e-5);
        ClockModel both = child.then(parent);
        for (long t = 4_000_000_000L; t < 20_000_000_000L; t += 999_999_937L) {
            assertEquals(parent.toReference(Math.round(child.toReference(t))),
                    both.toReference(t), 1.0);
            assertEquals(t, child.toLocal(child.toReference(t)));
        }
        assertEquals(123.0, ClockModel.IDENTITY.toReference(123));
        ClockModel moved = child.through(7_000_000_000L, 7_000_500_000L);
        assertEquals(7_000_500_000.0, moved.toReference(7_000_000_000L), 1e-6);
        assertEquals(child.drift(), moved.drift());
    }
}
