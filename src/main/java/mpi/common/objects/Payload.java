package mpi.common.objects;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mpi.common.options.Labelled;
import mpi.common.options.UsageException;

/**
 * The object graph of {@code -a objects} ({@code -O}): what one message carries before it is
 * serialized. A payload of {@code n} elements is a {@code double[n]}, or a list of
 * {@code n} {@link SampleRecord}s. Its values follow a pattern of the sending rank, the
 * destination block and the exchange, written by {@link #fill} and checked field by field by
 * {@link #wrongFields} ({@code -c}).
 */
public enum Payload implements Labelled {
    /** A {@code double[]}: one primitive array, the serializers' cheapest graph per byte. */
    DOUBLES,
    /** A list of small records, like the rows of a Spark data set. */
    RECORDS;

    /** The width of a record's name, {@code row} and its zero-padded index. */
    static final int NAME_DIGITS = 7;

    /** @return the name on the command line, e.g. {@code records} */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return what the header line calls it, e.g. {@code double[]} */
    public String description() {
        return this == DOUBLES ? "double[]" : "ArrayList of records (long, int, double,"
                + " boolean, 10-char String)";
    }

    /**
     * @param value the argument of {@code -O}
     * @return the payload it names
     * @throws UsageException unless it is {@code doubles} or {@code records}
     */
    public static Payload parse(String value) throws UsageException {
        return Labelled.find(values(), value).orElseThrow(() -> new UsageException(
                "-O must be doubles or records, got '" + value + "'"));
    }

    /**
     * @param n the elements: doubles, or records
     * @return a new payload of {@code n} elements, filled for sender 0, block 0, exchange 0
     */
    public Object build(int n) {
        Object p;
        if (this == DOUBLES) {
            p = new double[n];
        } else {
            List<SampleRecord> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                SampleRecord r = new SampleRecord();
                r.name = name(i);
                rows.add(r);
            }
            p = rows;
        }
        fill(p, 0, 0, 0);
        return p;
    }

    /** @return record {@code i}'s name: fixed width, so every record serializes alike */
    static String name(int i) {
        String digits = Integer.toString(i % 10_000_000);
        return "row" + "0".repeat(NAME_DIGITS - digits.length()) + digits;
    }

    /**
     * Writes the pattern of one exchange into a payload built by {@link #build}. Names stay:
     * they depend on the index alone.
     *
     * @param payload  the payload
     * @param sender   the sending rank
     * @param block    the destination block (0 but for scatter and all-to-all)
     * @param exchange the exchange's number
     */
    @SuppressWarnings("unchecked")
    public void fill(Object payload, int sender, int block, long exchange) {
        if (this == DOUBLES) {
            double[] d = (double[]) payload;
            for (int i = 0; i < d.length; i++) {
                d[i] = doubleAt(sender, block, exchange, i);
            }
            return;
        }
        List<SampleRecord> rows = (List<SampleRecord>) payload;
        for (int i = 0; i < rows.size(); i++) {
            SampleRecord r = rows.get(i);
            r.key = keyAt(sender, block, exchange, i);
            r.count = (int) (r.key * 31);
            r.value = doubleAt(sender, block, exchange, i);
            r.flag = ((i + exchange + sender) & 1) == 0;
        }
    }

    /**
     * Compares a received payload with the one {@link #fill} wrote for the same sender, block
     * and exchange, field by field.
     *
     * @param received what was deserialized
     * @param n        the elements expected
     * @param sender   the rank that sent it
     * @param block    its destination block
     * @param exchange the exchange's number
     * @return the fields that differ; a payload of the wrong class or length counts as
     *         every field wrong (at least 1)
     */
    @SuppressWarnings("unchecked")
    public long wrongFields(Object received, int n, int sender, int block, long exchange) {
        if (this == DOUBLES) {
            if (!(received instanceof double[] d) || d.length != n) {
                return Math.max(1, n);
            }
            long bad = 0;
            for (int i = 0; i < n; i++) {
                if (Double.doubleToRawLongBits(d[i])
                        != Double.doubleToRawLongBits(doubleAt(sender, block, exchange, i))) {
                    bad++;
                }
            }
            return bad;
        }
        if (!(received instanceof List<?> list) || list.size() != n) {
            return Math.max(1, 5L * n);
        }
        long bad = 0;
        for (int i = 0; i < n; i++) {
            if (!(list.get(i) instanceof SampleRecord r)) {
                bad += 5;
                continue;
            }
            long key = keyAt(sender, block, exchange, i);
            bad += r.key != key ? 1 : 0;
            bad += r.count != (int) (key * 31) ? 1 : 0;
            bad += Double.doubleToRawLongBits(r.value)
                    != Double.doubleToRawLongBits(doubleAt(sender, block, exchange, i)) ? 1 : 0;
            bad += r.flag != (((i + exchange + sender) & 1) == 0) ? 1 : 0;
            bad += !name(i).equals(r.name) ? 1 : 0;
        }
        return bad;
    }

    private static long keyAt(int sender, int block, long exchange, int i) {
        return ((long) sender << 48) ^ ((long) block << 32) ^ (exchange << 20) ^ i;
    }

    private static double doubleAt(int sender, int block, long exchange, int i) {
        return sender * 1e6 + block * 1e3 + exchange + i / 1024.0;
    }
}
