package mpi.compare;

/**
 * What a benchmark's value measures, and so which way a ratio against C is taken: always so
 * that a ratio above 1 means Java is slower.
 */
public enum Unit {
    /** Latency in microseconds: lower is better, ratio Java/C. */
    MICROSECONDS("us", "J/C"),
    /** Bandwidth in MB/s: higher is better, ratio C/Java. */
    MEGABYTES_PER_SECOND("MB/s", "C/J"),
    /** Message rate in messages per second (osu_mbw_mr): higher is better, ratio C/Java. */
    MESSAGES_PER_SECOND("msg/s", "C/J");

    private final String label;
    private final String ratioKind;

    Unit(String label, String ratioKind) {
        this.label = label;
        this.ratioKind = ratioKind;
    }

    /** @return the unit as printed, {@code us}, {@code MB/s} or {@code msg/s} */
    public String label() {
        return label;
    }

    /** @return {@code J/C} for latencies, {@code C/J} for bandwidths */
    public String ratioKind() {
        return ratioKind;
    }

    /** @return whether lower values are better, so that Java - C in us is meaningful */
    public boolean isLatency() {
        return this == MICROSECONDS;
    }

    /**
     * @return the ratio above 1 when Java is slower: java/c for latencies, c/java for
     *         bandwidths; NaN when the divisor is 0
     */
    public double ratio(double java, double c) {
        double a = isLatency() ? java : c;
        double b = isLatency() ? c : java;
        return b != 0 ? a / b : Double.NaN;
    }
}
