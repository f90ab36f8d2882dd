package mpi.common.bigdata;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.stats.Percentiles;

/**
 * A size's results, reduced over the ranks after its shuffles (untimed): per rank, its mean
 * time, its bytes and records per second and its fetches' latency percentiles; in all, the
 * mean over shuffles of the slowest rank's time, every rank's bytes and records over it, and
 * the percentiles of every fetch of every rank.
 */
public final class ShuffleStats {
    /** The value columns before the fetch latency percentiles. */
    public static final List<String> COLUMNS = List.of("Time (ms)", "MB/s", "Records/s");
    /** What the percentile columns hold, e.g. {@code P50 Fetch Lat(us)}. */
    public static final String FETCH_UNIT = "Fetch Lat(us)";

    private final double[] aggregate;
    private final double[][] ranks;
    private final boolean passed;

    private ShuffleStats(double[] aggregate, double[][] ranks, boolean passed) {
        this.aggregate = aggregate;
        this.ranks = ranks;
        this.passed = passed;
    }

    /**
     * Reduces a size's results. Collective.
     *
     * @param comm      the ranks
     * @param layout    this rank's blocks
     * @param times     this rank's time per timed shuffle, in ns
     * @param latencies this rank's fetch latencies in us, every fetch of every timed shuffle
     * @param wrong     the fields validation found wrong at this rank (0 without {@code -c})
     * @param tails     the fetch latency percentiles
     * @return at rank 0, the results; elsewhere, whether validation passed only
     * @throws MPIException if a reduction fails
     */
    public static ShuffleStats of(Intracomm comm, ShuffleLayout layout, long[] times,
            double[] latencies, long wrong, Percentiles tails) throws MPIException {
        int ranks = comm.getSize();
        int iterations = times.length;
        long[] slowest = new long[iterations];
        comm.allReduce(times, slowest, iterations, MPI.LONG, MPI.MAX);
        long[] mine = {layout.bytesReduced(), layout.recordsReduced(), wrong};
        long[] sums = new long[3];
        comm.allReduce(mine, sums, 3, MPI.LONG, MPI.SUM);
        double[] own = row(mean(times), layout.bytesReduced(), layout.recordsReduced(),
                tails.of(latencies.clone(), latencies.length));
        int width = own.length;
        double[] all = new double[ranks * width];
        comm.gather(own, width, MPI.DOUBLE, all, width, MPI.DOUBLE, 0);
        int[] counts = new int[ranks];
        comm.gather(new int[] {latencies.length}, 1, MPI.INT, counts, 1, MPI.INT, 0);
        int[] displs = new int[ranks];
        for (int r = 1; r < ranks; r++) {
            displs[r] = displs[r - 1] + counts[r - 1];
        }
        int total = displs[ranks - 1] + counts[ranks - 1];
        double[] every = new double[Math.max(1, total)];
        comm.gatherv(latencies, latencies.length, MPI.DOUBLE, every, counts, displs, MPI.DOUBLE,
                0);
        boolean passed = sums[2] == 0;
        if (comm.getRank() != 0) {
            return new ShuffleStats(null, null, passed);
        }
        double[][] perRank = new double[ranks][];
        for (int r = 0; r < ranks; r++) {
            perRank[r] = Arrays.copyOfRange(all, r * width, (r + 1) * width);
        }
        double[] aggregate = row(mean(slowest), sums[0], sums[1], tails.of(every, total));
        return new ShuffleStats(aggregate, perRank, passed);
    }

    /** @return Time (ms), MB/s, Records/s, then the percentiles */
    static double[] row(double meanNanos, long bytes, long records, double[] percentiles) {
        double seconds = meanNanos / 1e9;
        double[] row = new double[COLUMNS.size() + percentiles.length];
        row[0] = meanNanos / 1e6;
        row[1] = bytes / 1e6 / seconds;
        row[2] = records / seconds;
        System.arraycopy(percentiles, 0, row, COLUMNS.size(), percentiles.length);
        return row;
    }

    private static double mean(long[] values) {
        double sum = 0;
        for (long v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** @return the row of all ranks (rank 0) */
    public double[] aggregate() {
        return aggregate;
    }

    /** @return whether validation found nothing wrong on any rank */
    public boolean passed() {
        return passed;
    }

    /**
     * @param tails the fetch latency percentiles
     * @return the per-rank table's header line
     */
    public static String perRankHeader(Percentiles tails) {
        StringBuilder h = new StringBuilder(String.format(Locale.ROOT, "%-10s%6s", "# Size",
                "Rank"));
        List<String> columns = new ArrayList<>(COLUMNS);
        columns.addAll(tails.headers(FETCH_UNIT));
        for (String c : columns) {
            h.append(String.format(Locale.ROOT, "%18s", c));
        }
        return h.toString();
    }

    /**
     * @param size the block size
     * @return the per-rank table's lines of this size (rank 0)
     */
    public List<String> perRankLines(int size) {
        List<String> lines = new ArrayList<>();
        for (int r = 0; r < ranks.length; r++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-10d%6d", size,
                    r));
            for (double v : ranks[r]) {
                line.append(String.format(Locale.ROOT, "%18.2f", v));
            }
            lines.add(line.toString());
        }
        return lines;
    }
}
