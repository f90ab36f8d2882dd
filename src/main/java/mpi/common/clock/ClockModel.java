package mpi.common.clock;

/**
 * A linear map from one process's clock to a reference clock (rank 0's): reference =
 * local + offset + drift x (local - epoch), in nanoseconds of {@link System#nanoTime()}. The
 * epoch keeps the products small: nanoTime values are large, a drift of a few parts per
 * million is not.
 *
 * @param epoch  a local time near the fit's points, where the offset applies as it is
 * @param offset the reference time less the local time at the epoch, in nanoseconds
 * @param drift  how much faster the reference clock runs, per nanosecond of the local one
 */
public record ClockModel(long epoch, double offset, double drift) {
    /** The reference clock's own model. */
    public static final ClockModel IDENTITY = new ClockModel(0, 0, 0);

    /**
     * @param local a time of the local clock
     * @return the same instant on the reference clock
     */
    public double toReference(long local) {
        return local + offset + drift * (local - epoch);
    }

    /**
     * @param reference a time of the reference clock
     * @return the local time of the same instant, rounded to the nanosecond
     */
    public long toLocal(double reference) {
        return epoch + Math.round((reference - epoch - offset) / (1 + drift));
    }

    /**
     * @param next the map from this model's reference clock to another (a parent's to rank 0)
     * @return the map from the local clock to {@code next}'s reference
     */
    public ClockModel then(ClockModel next) {
        double atEpoch = offset + next.offset + next.drift * ((epoch - next.epoch) + offset);
        return new ClockModel(epoch, atEpoch, drift + next.drift + drift * next.drift);
    }

    /**
     * @param local     a local time of a new pairing with the reference
     * @param reference the reference's time at that instant
     * @return this model moved to pass through that pairing, its drift kept
     */
    public ClockModel through(long local, long reference) {
        return new ClockModel(local, reference - local, drift);
    }
}
