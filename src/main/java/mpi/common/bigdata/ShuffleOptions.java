package mpi.common.bigdata;

import java.math.BigDecimal;
import java.util.Locale;

import mpi.common.objects.SerializerKind;
import mpi.common.options.UsageException;

/**
 * The shape of a shuffle ({@code OSUShuffle}): M map outputs per rank ({@code -n}), R reducer
 * partitions ({@code -e}) spread over the ranks round-robin, at most F fetches in flight per
 * rank ({@code -F}), T fetching threads per rank ({@code -j}), the Zipf skew of the
 * partitions' sizes ({@code -Z}, 0 for equal partitions) and the transport ({@code -t}).
 *
 * @param mapOutputs      M, map outputs per rank
 * @param partitions      R, reducer partitions in all
 * @param fetchesInFlight F, fetches in flight per rank at most (Spark's maxReqsInFlight)
 * @param threads         T, threads that fetch and deserialize, per rank
 * @param skew            the Zipf exponent of the partitions' sizes, 0 or more
 * @param transport       how the blocks travel
 */
public record ShuffleOptions(int mapOutputs, int partitions, int fetchesInFlight, int threads,
        double skew, ShuffleTransport transport) {
    /** Four map outputs per rank, eight partitions, eight fetches in flight, one thread. */
    public static final ShuffleOptions DEFAULT =
            new ShuffleOptions(4, 8, 8, 1, 0, ShuffleTransport.MPI);
    /** The most threads per rank ({@code -j}). */
    public static final int MAX_THREADS = 64;
    /**
     * The most blocks per map output times map outputs ({@code -n} times {@code -e}): a
     * fetch's MPI tag is 1 plus its block's index, and MPI guarantees tags up to 32767.
     */
    public static final int MAX_BLOCKS = 32766;
    /** The largest skew ({@code -Z}): beyond it every partition but the first is one record. */
    public static final double MAX_SKEW = 10;

    /**
     * @throws IllegalArgumentException if a count is out of its range (the parser's checks
     *         name the option)
     */
    public ShuffleOptions {
        if (mapOutputs < 1 || partitions < 1 || fetchesInFlight < 1 || threads < 1
                || threads > MAX_THREADS || (long) mapOutputs * partitions > MAX_BLOCKS
                || !(skew >= 0 && skew <= MAX_SKEW)) {
            throw new IllegalArgumentException("bad shuffle shape " + this);
        }
    }

    /**
     * Checks the counts and the skew together, as the parser read them.
     *
     * @return the options
     * @throws UsageException naming the option that is out of range
     */
    public static ShuffleOptions of(int mapOutputs, int partitions, int fetchesInFlight,
            int threads, double skew, ShuffleTransport transport) throws UsageException {
        if (threads > MAX_THREADS) {
            throw new UsageException("-j " + threads + " is too many threads (at most "
                    + MAX_THREADS + ")");
        }
        if ((long) mapOutputs * partitions > MAX_BLOCKS) {
            throw new UsageException("-n " + mapOutputs + " map outputs of -e " + partitions
                    + " partitions make " + (long) mapOutputs * partitions + " blocks per rank,"
                    + " more than " + MAX_BLOCKS + " (a fetch's MPI tag names its block)");
        }
        return new ShuffleOptions(mapOutputs, partitions, fetchesInFlight, threads, skew,
                transport);
    }

    /**
     * @param value the argument of {@code -Z}
     * @return the skew it gives
     * @throws UsageException unless it is a decimal number from 0 to {@value #MAX_SKEW}
     */
    public static double parseSkew(String value) throws UsageException {
        BigDecimal s = value.matches("\\d{1,3}(\\.\\d{1,6})?") ? new BigDecimal(value) : null;
        if (s == null || s.compareTo(BigDecimal.valueOf(MAX_SKEW)) > 0) {
            throw new UsageException("-Z needs a Zipf exponent from 0 to " + (int) MAX_SKEW
                    + " (0: partitions of equal size), got '" + value + "'");
        }
        return s.doubleValue();
    }

    /**
     * @param serializer the serializer of the records ({@code -S})
     * @return the header line naming the shuffle's shape
     */
    public String headerLine(SerializerKind serializer) {
        return String.format(Locale.ROOT, "# Shuffle: transport %s, serializer %s, M %d map"
                + " outputs per rank, R %d partitions, F %d fetches in flight, T %d thread%s,"
                + " skew %s", transport.label(), serializer.label(), mapOutputs, partitions,
                fetchesInFlight, threads, threads == 1 ? "" : "s",
                BigDecimal.valueOf(skew).stripTrailingZeros().toPlainString());
    }
}
