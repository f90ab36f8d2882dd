package mpi.common.clock;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Estimates a {@link ClockModel} from ping-pongs with the reference, as HCA (Hunold and
 * Carpen-Amarie) and SKaMPI do: at each of several fit points spread over time, the exchange
 * with the least round-trip time gives one pairing, the midpoint of its two local readings
 * against the other clock's reading (wrong by at most half that round trip, whatever the two
 * directions' delays); a linear fit over the fit points gives the drift, and the model is the
 * line of that drift through the quickest pairing. The drift is kept only
 * where the fit finds it at 99 % (its slope's interval excludes 0): clocks of one host share a
 * time base, and a slope fitted to noise over a fraction of a second would, over a run of
 * seconds, move the estimate more than the drift it models.
 */
public final class ClockEstimate {
    /** How sure a drift must be to be kept: the significance of the slope's test. */
    static final double DRIFT_SIGNIFICANCE = 0.01;

    private ClockEstimate() {
    }

    /** What pauses the measuring side between fit points. */
    @FunctionalInterface
    public interface Pause {
        /** @throws Exception if the pause fails */
        void pause() throws Exception;
    }

    /**
     * A model and how good its pairings were.
     *
     * @param model       the local clock's map to the reference
     * @param minRoundTrip the least round trip of all exchanges, in nanoseconds: the best
     *                    pairing is wrong by at most half of it
     */
    public record Result(ClockModel model, long minRoundTrip) {
    }

    /**
     * @param link      the exchanges with the reference
     * @param fitPoints how many pairings to fit, at least 1
     * @param exchanges exchanges per fit point, at least 1; the quickest counts
     * @param pause     what runs between two fit points (spreads them over time)
     * @return the estimate
     * @throws Exception if an exchange or a pause fails
     */
    public static Result estimate(PingPong link, int fitPoints, int exchanges, Pause pause)
            throws Exception {
        if (fitPoints < 1 || exchanges < 1) {
            throw new IllegalArgumentException(fitPoints + " fit points of " + exchanges
                    + " exchanges");
        }
        long[] sample = new long[3];
        long[] local = new long[fitPoints];
        long[] remote = new long[fitPoints];
        long[] trips = new long[fitPoints];
        for (int f = 0; f < fitPoints; f++) {
            if (f > 0) {
                pause.pause();
            }
            trips[f] = Long.MAX_VALUE;
            for (int e = 0; e < exchanges; e++) {
                link.exchange(sample);
                long trip = sample[2] - sample[0];
                if (trip < trips[f]) {
                    trips[f] = trip;
                    local[f] = sample[0] + trip / 2;
                    remote[f] = sample[1];
                }
            }
        }
        return new Result(fit(local, remote, trips), min(trips));
    }

    /**
     * @param local  each fit point's local midpoint
     * @param remote the reference's reading paired with it
     * @param trips  each fit point's round trip
     * @return the model: through the quickest pairing, with the fitted drift where significant
     */
    static ClockModel fit(long[] local, long[] remote, long[] trips) {
        int best = 0;
        for (int f = 1; f < trips.length; f++) {
            if (trips[f] < trips[best]) {
                best = f;
            }
        }
        ClockModel quickest = new ClockModel(local[best], remote[best] - local[best], 0);
        if (local.length < 3) {
            return quickest;
        }
        long epoch = local[0];
        SimpleRegression line = new SimpleRegression();
        for (int f = 0; f < local.length; f++) {
            line.addData(local[f] - epoch, remote[f] - local[f]);
        }
        double p = line.getSignificance();
        if (!(p < DRIFT_SIGNIFICANCE)) {
            return quickest;
        }
        // Through the quickest pairing, the surest: the line's own intercept averages the
        // others' errors, each up to half its slower round trip.
        return new ClockModel(local[best], remote[best] - local[best], line.getSlope());
    }

    private static long min(long[] values) {
        long m = Long.MAX_VALUE;
        for (long v : values) {
            m = Math.min(m, v);
        }
        return m;
    }
}
