package mpi.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The benchmarks that have a C twin: the twin's name, the Java class, the unit, the ranks. */
public enum Bench {
    /** Ping-pong latency, osu_latency and OSULatency. */
    LATENCY("mpi.pt2pt.OSULatency", Unit.MICROSECONDS, true, "8,1M"),
    /** Bandwidth one way, osu_bw and OSUBandwidth. */
    BW("mpi.pt2pt.OSUBandwidth", Unit.MEGABYTES_PER_SECOND, true, "64K,1M,4M"),
    /** Bandwidth both ways, osu_bibw and OSUBiBandwidth. */
    BIBW("mpi.pt2pt.OSUBiBandwidth", Unit.MEGABYTES_PER_SECOND, true, "64K,1M,4M"),
    /** Broadcast latency, osu_bcast and OSUBcast. */
    BCAST("mpi.collective.OSUBcast", Unit.MICROSECONDS, false, "8,1M"),
    /** Allreduce latency, osu_allreduce and OSUAllReduce. */
    ALLREDUCE("mpi.collective.OSUAllReduce", Unit.MICROSECONDS, false, "8,1M"),
    /** Latency of concurrent pairs, osu_multi_lat and OSUMultiLatency. */
    MULTI_LAT("mpi.pt2pt.OSUMultiLatency", Unit.MICROSECONDS, false, "8,1M"),
    /** MPI_Put latency (window allocate, flush), osu_put_latency and OSUPutLatency. */
    PUT_LATENCY("mpi.onesided.OSUPutLatency", Unit.MICROSECONDS, true, "8,1M"),
    /** MPI_Get latency (window allocate, flush), osu_get_latency and OSUGetLatency. */
    GET_LATENCY("mpi.onesided.OSUGetLatency", Unit.MICROSECONDS, true, "8,1M"),
    /** MPI_Put bandwidth (window allocate, flush), osu_put_bw and OSUPutBandwidth. */
    PUT_BW("mpi.onesided.OSUPutBandwidth", Unit.MEGABYTES_PER_SECOND, true, "64K,1M,4M"),
    /**
     * Message rate of one pair, osu_mbw_mr and OSUMultiBandwidth: its Messages/s column (the
     * third; at one size its ratio is the MB/s column's).
     */
    MBW_MR("mpi.pt2pt.OSUMultiBandwidth", Unit.MESSAGES_PER_SECOND, true, "8,1M", 2),
    /** Multi-threaded latency, 1 sender and 1 receiver thread: osu_latency_mt -t 1:1. */
    LATENCY_MT("mpi.pt2pt.OSULatencyMultiThread", Unit.MICROSECONDS, true, "8,1M"),
    /** Multi-threaded latency, 1 sender and 4 receiver threads: osu_latency_mt -t 1:4. */
    LATENCY_MT4("mpi.pt2pt.OSULatencyMultiThread", Unit.MICROSECONDS, true, "8,1M");

    /** What runs when no bench is named: all but multi_lat. */
    public static final List<Bench> DEFAULTS = List.of(LATENCY, BW, BIBW, BCAST, ALLREDUCE);

    private final String javaClass;
    private final Unit unit;
    private final boolean twoRanks;
    private final String defaultSizes;
    private final int column;

    Bench(String javaClass, Unit unit, boolean twoRanks, String defaultSizes) {
        this(javaClass, unit, twoRanks, defaultSizes, 1);
    }

    Bench(String javaClass, Unit unit, boolean twoRanks, String defaultSizes, int column) {
        this.javaClass = javaClass;
        this.unit = unit;
        this.twoRanks = twoRanks;
        this.defaultSizes = defaultSizes;
        this.column = column;
    }

    /** @return the column of a row that holds the value compared, after the size (column 0) */
    public int column() {
        return column;
    }

    /** @return the name on the command line and in the table, e.g. {@code multi_lat} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the C twin's file name in CDIR, e.g. {@code osu_latency} */
    public String twin() {
        return this == LATENCY_MT4 ? "osu_latency_mt" : "osu_" + label();
    }

    /** @return the arguments the bench passes to both the C twin and the Java benchmark */
    public List<String> args() {
        return switch (this) {
            case LATENCY_MT -> List.of("-t", "1:1");
            case LATENCY_MT4 -> List.of("-t", "1:4");
            default -> List.of();
        };
    }

    /** @return the Java benchmark's main class */
    public String javaClass() {
        return javaClass;
    }

    /**
     * @param transport what carries the messages
     * @return the Java class that measures this bench over {@code transport}
     */
    public String javaClass(Transport transport) {
        return transport.javaClass(javaClass);
    }

    /**
     * @return whether the benchmark takes {@code -a objects} (guide 13.3): the point-to-point
     *         latency and bandwidths, multi_lat and bcast
     */
    public boolean hasObjects() {
        return this == LATENCY || this == BW || this == BIBW || this == MULTI_LAT || this == BCAST;
    }

    /** @return whether the JVM transports ({@code -t nio,netty}) have this bench */
    public boolean overTransports() {
        return this == LATENCY || this == BW || this == BIBW;
    }

    /** @return what its value measures */
    public Unit unit() {
        return unit;
    }

    /**
     * @param np the processes asked for with -p
     * @return the ranks to run on: the point-to-point pair benches always use 2
     */
    public int ranks(int np) {
        return twoRanks ? 2 : np;
    }

    /** @return the sizes used without -s, e.g. {@code 8,1M} */
    public String defaultSizes() {
        return defaultSizes;
    }

    /** @return the bench named {@code label} */
    public static Bench parse(String label) throws BadArgumentException {
        for (Bench b : values()) {
            if (b.label().equals(label)) {
                return b;
            }
        }
        throw new BadArgumentException("unknown bench '" + label + "' ("
                + Arrays.stream(values()).map(Bench::label).collect(Collectors.joining(", ")) + ")");
    }
}
