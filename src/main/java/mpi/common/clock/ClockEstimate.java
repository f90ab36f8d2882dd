package mpi.common.clock;

/**
 * Estimates a {@link ClockModel} from ping-pongs with the reference, as HCA (Hunold and
 * Carpen-Amarie) and SKaMPI do: at each of several fit points spread over time, the exchange
 * with the least round-trip time gives one pairing, the midpoint of its two local readings
 * against the other clock's reading (wrong by at most half that round trip, whatever the two
 * directions' delays). Each pairing thus bounds the offset at its instant, and the drifts that
 * some line through every one of those intervals has are a range: the model takes the least of
 * them (0 where the range holds it: clocks of one host share a time base) through the quickest
 * pairing. Being never larger than the true drift, nor of the other sign, that drift leaves the
 * model wrong by at most the true drift times the time since, as no model at all would be; a
 * statistical fit cannot promise that, since the pairings' errors are bounded, not random, and
 * a slope fitted to them over a fraction of a second can, over a run of seconds, move the
 * estimate further than the drift it models.
 */
public final class ClockEstimate {
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
     * @return the model: through the quickest pairing, with the least drift every pairing
     *         allows
     */
    static ClockModel fit(long[] local, long[] remote, long[] trips) {
        int best = 0;
        for (int f = 1; f < trips.length; f++) {
            if (trips[f] < trips[best]) {
                best = f;
            }
        }
        return new ClockModel(local[best], remote[best] - local[best],
                leastDrift(local, remote, trips));
    }

    /**
     * @return of the drifts for which a line passes through every pairing's interval (its
     *         offset, give or take half its round trip), the one nearest 0; 0 where there is
     *         none (a clock that stepped), or one pairing only
     */
    static double leastDrift(long[] local, long[] remote, long[] trips) {
        double low = Double.NEGATIVE_INFINITY;
        double high = Double.POSITIVE_INFINITY;
        for (int i = 0; i < local.length; i++) {
            for (int j = 0; j < local.length; j++) {
                double span = local[j] - local[i];
                // the offset at j less that at i, at least and at most, over the time between
                double change = (double) (remote[j] - local[j]) - (remote[i] - local[i]);
                double slack = (trips[i] + trips[j]) / 2.0;
                if (span == 0 && Math.abs(change) > slack) {
                    return 0; // two pairings of one instant that no offset satisfies
                }
                if (span <= 0) {
                    continue;
                }
                low = Math.max(low, (change - slack) / span);
                high = Math.min(high, (change + slack) / span);
            }
        }
        if (low > high || (low <= 0 && high >= 0)) {
            return 0;
        }
        return low > 0 ? low : high;
    }

    private static long min(long[] values) {
        long m = Long.MAX_VALUE;
        for (long v : values) {
            m = Math.min(m, v);
        }
        return m;
    }
}
