package mpi.compare;

import java.util.Optional;

/** Reads a value out of the table an OMB benchmark (C twin or Java) prints. */
public final class OmbOutput {
    private OmbOutput() {
    }

    /**
     * The table's rows are the lines not starting with '#': the size in the first column, the
     * value in the second. Other lines (blank, or a message) are skipped.
     *
     * @param stdout what the benchmark printed
     * @param size   the size in bytes whose row is wanted
     * @return the value as printed (e.g. {@code 0.24}), from the last row for {@code size}
     */
    public static Optional<String> valueAt(String stdout, int size) {
        return valueAt(stdout, size, 1);
    }

    /**
     * As {@link #valueAt(String, int)}, for a table whose value is in another column (such as
     * osu_mbw_mr's Messages/s, column 2).
     *
     * @param column the column of the value, the size's being 0
     */
    public static Optional<String> valueAt(String stdout, int size, int column) {
        String found = null;
        for (String line : stdout.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (line.startsWith("#") || f.length <= column || !isSize(f[0], size)
                    || !isNumber(f[column])) {
                continue;
            }
            found = f[column];
        }
        return Optional.ofNullable(found);
    }

    /**
     * A row of the table.
     *
     * @param size  its size in bytes, as printed
     * @param value its value, as printed
     */
    public record Row(long size, String value) {
    }

    /**
     * The row whose size is nearest to {@code size}, for a table whose sizes are not the ones
     * asked for: {@code -a objects} prints the serialized size (guide 13.3), such as 10 for 8
     * with Kryo and a double[]. Of two rows equally near, the smaller; of rows of one size,
     * the last, as {@link #valueAt(String, int, int)}.
     *
     * @param column the column of the value, the size's being 0
     * @return the row, empty when the table has none
     */
    public static Optional<Row> nearestRow(String stdout, int size, int column) {
        Row best = null;
        for (String line : stdout.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (line.startsWith("#") || f.length <= column || !isNumber(f[column])) {
                continue;
            }
            long rowSize;
            try {
                rowSize = Long.parseLong(f[0]);
            } catch (NumberFormatException e) {
                continue;
            }
            if (best == null || Math.abs(rowSize - size) < Math.abs(best.size() - size)
                    || rowSize == best.size()
                    || (Math.abs(rowSize - size) == Math.abs(best.size() - size) && rowSize < best.size())) {
                best = new Row(rowSize, f[column]);
            }
        }
        return Optional.ofNullable(best);
    }

    private static boolean isSize(String field, int size) {
        try {
            return Long.parseLong(field) == size;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isNumber(String field) {
        try {
            return Double.isFinite(Double.parseDouble(field));
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
