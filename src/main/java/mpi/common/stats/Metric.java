package mpi.common.stats;

/**
 * What a benchmark reports and how it is computed from its iteration times, with the column
 * headers C OMB uses for it. A ping-pong's latency is one-way: each timed iteration is a
 * round trip, so it counts twice; a collective's latency is that of one call. Bandwidth is in
 * decimal MB/s of payload; each timed iteration moves a window of messages.
 */
public enum Metric {
    /** One-way latency of a ping-pong, in microseconds (osu_latency). */
    LATENCY("Avg Latency(us)", "Min Latency(us)", "Max Latency(us)", 0, 2),
    /** One-way latency of concurrent ping-pongs, averaged over ranks (osu_multi_lat). */
    MULTI_LATENCY("Latency (us)", "Min Latency(us)", "Max Latency(us)", 0, 2),
    /** Payload rate from one rank to the other, in MB/s (osu_bw). */
    BANDWIDTH("Bandwidth (MB/s)", "Min BW (MB/s)", "Max BW (MB/s)", 1, 1),
    /**
     * Payload rate of many pairs together, in MB/s (osu_mbw_mr): the harness multiplies one
     * pair's rate by the pairs (see {@code PointToPointBenchmark}).
     */
    MULTI_BANDWIDTH("MB/s", "Min MB/s", "Max MB/s", 1, 1),
    /** Payload rate of both directions together, in MB/s (osu_bibw). */
    BI_BANDWIDTH("Bandwidth (MB/s)", "Min BW (MB/s)", "Max BW (MB/s)", 2, 1),
    /**
     * Latency of one collective call, in microseconds (osu_bcast and the others); its min and
     * max columns are over the ranks' averages, computed by the collective harness.
     */
    COLLECTIVE_LATENCY("Avg Latency(us)", "Min Latency(us)", "Max Latency(us)", 0, 1);

    private static final String LATENCY_TAIL = "Tail Lat(us)";
    private static final String BANDWIDTH_TAIL = "Tail BW(MB/s)";

    private final String header;
    private final String minHeader;
    private final String maxHeader;
    /** 0 for a latency; else the number of directions a bandwidth counts. */
    private final int directions;
    /** For a latency: the one-way trips a timed iteration makes (2 for a ping-pong). */
    private final int trips;

    Metric(String header, String minHeader, String maxHeader, int directions, int trips) {
        this.header = header;
        this.minHeader = minHeader;
        this.maxHeader = maxHeader;
        this.directions = directions;
        this.trips = trips;
    }

    /** @return the column header of the main value, e.g. {@code Avg Latency(us)} */
    public String header() {
        return header;
    }

    /** @return the column header of the smallest value ({@code -f}) */
    public String minHeader() {
        return minHeader;
    }

    /** @return the column header of the largest value ({@code -f}) */
    public String maxHeader() {
        return maxHeader;
    }

    /** @return what a tail percentile column holds ({@code -z}), e.g. {@code Tail Lat(us)} */
    public String tailUnit() {
        return directions == 0 ? LATENCY_TAIL : BANDWIDTH_TAIL;
    }

    /**
     * @param t      the iteration times at this size
     * @param size   the message size in bytes
     * @param window the messages per iteration in each direction (bandwidth only)
     * @return the value over all iterations: mean latency, or total bytes over total time
     */
    public double average(Stats t, int size, int window) {
        return directions == 0 ? latencyMicros(t.sum()) / t.count()
                : rate((double) size * window * t.count(), t.sum());
    }

    /** @return the smallest value of a single iteration (bandwidth: of the slowest one) */
    public double minimum(Stats t, int size, int window) {
        return directions == 0 ? latencyMicros(t.min()) : rate((double) size * window, t.max());
    }

    /** @return the largest value of a single iteration (bandwidth: of the fastest one) */
    public double maximum(Stats t, int size, int window) {
        return directions == 0 ? latencyMicros(t.max()) : rate((double) size * window, t.min());
    }

    /**
     * @param nanos  the time of one iteration (or an average of such times)
     * @param size   the message size in bytes
     * @param window the messages per iteration in each direction (bandwidth only)
     * @return the value of that iteration, as a tail percentile reports it
     */
    public double ofIteration(double nanos, int size, int window) {
        return directions == 0 ? latencyMicros(nanos) : rate((double) size * window, nanos);
    }

    private double latencyMicros(double nanos) {
        return nanos / trips / 1e3;
    }

    /** Bytes per nanosecond times 1e3 is decimal MB/s; no bytes is no rate, however short. */
    private double rate(double bytes, double nanos) {
        return bytes == 0 ? 0 : directions * bytes * 1e3 / nanos;
    }
}
