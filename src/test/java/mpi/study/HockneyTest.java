package mpi.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Hockney's model and its piecewise form on synthetic points from known parameters. */
class HockneyTest {
    private static final double ALPHA = 1.5;
    private static final double BETA = 2.0e-4;
    /** The rendezvous segment: a handshake's latency more, a faster copy. */
    private static final double ALPHA_RNDV = 6.0;
    private static final double BETA_RNDV = 1.0e-4;
    /** The first rendezvous size: messages up to 8 KiB go eagerly. */
    private static final long SWITCH = 16384;
    private static final double NOISE = 0.01;

    @Test
    void fitRecoversAlphaAndBetaWithin5Percent() {
        List<Measurement> points = Synthetic.pointToPoint((p, m) -> ALPHA + BETA * m, NOISE, 5,
                42);
        Hockney h = Hockney.fit(points);
        assertWithin(ALPHA, h.alpha(), 0.05, "alpha");
        assertWithin(BETA, h.beta(), 0.05, "beta");
        assertTrue(h.rSquared() > 0.99, "R squared " + h.rSquared());
    }

    @Test
    void piecewiseFindsTheSwitchAndBothSegments() {
        List<Measurement> points = Synthetic.pointToPoint(HockneyTest::protocols, NOISE, 5, 7);
        PiecewiseHockney ph = PiecewiseHockney.fit(points);
        // Within one size step of the true switch (a factor two either way here).
        assertTrue(ph.switchBytes() >= SWITCH / 2 && ph.switchBytes() <= SWITCH * 2,
                "switch found at " + ph.switchBytes() + ", true " + SWITCH);
        assertTrue(ph.stepsFrom(SWITCH / 2) <= 1, "steps from eager limit "
                + ph.stepsFrom(SWITCH / 2));
        assertWithin(ALPHA, ph.below().alpha(), 0.05, "eager alpha");
        assertWithin(BETA, ph.below().beta(), 0.05, "eager beta");
        assertWithin(ALPHA_RNDV, ph.above().alpha(), 0.05, "rendezvous alpha");
        assertWithin(BETA_RNDV, ph.above().beta(), 0.05, "rendezvous beta");
    }

    @Test
    void aSingleLineFitsBothProtocolsWorseThanTwoSegments() {
        List<Measurement> points = Synthetic.pointToPoint(HockneyTest::protocols, NOISE, 5, 7);
        Hockney one = Hockney.fit(points);
        PiecewiseHockney two = PiecewiseHockney.fit(points);
        double oneError = rmsRelative(points, one::time);
        double twoError = rmsRelative(points, two::time);
        // Two segments leave the noise (1 %); one line leaves the protocols' difference too.
        assertTrue(twoError < 0.015, "two segments' error " + twoError);
        assertTrue(oneError > 3 * twoError, "one line " + oneError + ", two " + twoError);
    }

    private static double rmsRelative(List<Measurement> points,
            java.util.function.LongToDoubleFunction model) {
        double s = 0;
        for (Measurement p : points) {
            double r = (model.applyAsDouble(p.bytes()) - p.latency()) / p.latency();
            s += r * r;
        }
        return Math.sqrt(s / points.size());
    }

    @Test
    void theEagerLimitBreaksTiesAndIsReportedAgainstTheSwitch() {
        List<Measurement> points = Synthetic.pointToPoint(HockneyTest::protocols, NOISE, 5, 7);
        PiecewiseHockney ph = PiecewiseHockney.fit(points, SWITCH / 2);
        assertEquals(0, ph.stepsFrom(SWITCH / 2), "switch " + ph.switchBytes());
        // A configured limit far from the data's switch is many steps away: the control
        // tells that the MPI did not switch where it was told to.
        assertTrue(ph.stepsFrom(256) >= 5, "steps " + ph.stepsFrom(256));
    }

    @Test
    void tooFewSizesAreRefused() {
        List<Measurement> points = List.of(Measurement.pointToPoint(1, 1),
                Measurement.pointToPoint(2, 1.1), Measurement.pointToPoint(4, 1.2));
        assertThrows(IllegalArgumentException.class, () -> PiecewiseHockney.fit(points));
    }

    private static double protocols(int processes, long m) {
        return m < SWITCH ? ALPHA + BETA * m : ALPHA_RNDV + BETA_RNDV * m;
    }

    static void assertWithin(double expected, double actual, double relative, String what) {
        assertTrue(Math.abs(actual - expected) <= relative * Math.abs(expected),
                what + ": " + actual + " not within " + relative * 100 + " % of " + expected);
    }
}
