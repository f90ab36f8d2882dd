package mpi.common.graph;

/** What a graph's values are, with C OMB 7.4's axis labels for them. */
public enum Quantity {
    /** Microseconds per call or one-way trip. */
    LATENCY("Lat(us)", "Latency (us)"),
    /** Decimal MB/s. */
    BANDWIDTH("BW(MB/s)", "Bandwidth (MB/s)");

    private final String axis;
    private final String overviewAxis;

    Quantity(String axis, String overviewAxis) {
        this.axis = axis;
        this.overviewAxis = overviewAxis;
    }

    /** @return the value axis of a size's plot, e.g. {@code Lat(us)} */
    public String axis() {
        return axis;
    }

    /** @return the value axis of the overview, e.g. {@code Latency (us)} */
    public String overviewAxis() {
        return overviewAxis;
    }
}
