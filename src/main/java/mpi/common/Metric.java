package mpi.common;

/**
 * What a point-to-point benchmark reports and how it is computed from its iteration times,
 * with the column headers C OMB uses for it. Latency is one-way: each timed iteration is a
 * round trip, so it counts twice. Bandwidth is in decimal MB/s of payload; each timed
 * iteration moves a window of messages.
 */
public enum Metric {
    /** One-way latency of a ping-pong, in microseconds (osu_latency). */
    LATENCY("Avg Latency(us)", "Min Latency(us)", "Max Latency(us)", 0),
    /** One-way latency of concurrent ping-pongs, averaged over ranks (osu_multi_lat). */
    MULTI_LATENCY("Latency (us)", "Min Latency(us)", "Max Latency(us)", 0),
    /** Payload rate from one rank to the other, in MB/s (osu_bw). */
    BANDWIDTH("Bandwidth (MB/s)", "Min BW (MB/s)", "Max BW (MB/s)", 1),
    /** Payload rate of both directions together, in MB/s (osu_bibw). */
    BI_BANDWIDTH("Bandwidth (MB/s)", "Min BW (MB/s)", "Max BW (MB/s)", 2);

    private final String header;
    private final String minHeader;
    private final String maxHeader;
    /** 0 for a latency; else the number of directions a bandwidth counts. */
    private final int directions;

    Metric(String header, String minHeader, String maxHeader, int directions) {
        this.header = header;
        this.minHeader = minHeader;
        this.maxHeader = maxHeader;
        this.directions = directions;
    }

    /** @return the column header of the main value, e.g. {@code Avg Latency(us)} */
    public String header() {
        return header;
    }

    /** @return the column header of the smallest per-iteration value ({@code -f}) */
    public String minHeader() {
        return minHeader;
    }

    /** @return the column header of the largest per-iteration value ({@code -f}) */
    public String maxHeader() {
        return maxHeader;
    }

    /**
     * @param t      the iteration times at this size
     * @param size   the message size in bytes
     * @param window the messages per iteration in each direction (bandwidth only)
     * @return the value over all iterations: mean one-way latency, or total bytes over total time
     */
    public double average(Stats t, int size, int window) {
        return directions == 0 ? oneWayMicros(t.sum()) / t.count()
                : rate((double) size * window * t.count(), t.sum());
    }

    /** @return the smallest value of a single iteration (bandwidth: of the slowest one) */
    public double minimum(Stats t, int size, int window) {
        return directions == 0 ? oneWayMicros(t.min()) : rate((double) size * window, t.max());
    }

    /** @return the largest value of a single iteration (bandwidth: of the fastest one) */
    public double maximum(Stats t, int size, int window) {
        return directions == 0 ? oneWayMicros(t.max()) : rate((double) size * window, t.min());
    }

    private static double oneWayMicros(double roundTripNanos) {
        return roundTripNanos / 2 / 1e3;
    }

    /** Bytes per nanosecond times 1e3 is decimal MB/s; no bytes is no rate, however short. */
    private double rate(double bytes, long nanos) {
        return bytes == 0 ? 0 : directions * bytes * 1e3 / nanos;
    }
}
