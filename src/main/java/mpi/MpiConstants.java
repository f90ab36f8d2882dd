package mpi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The table of the MPI constants the binding reads from the library ({@value #RESOURCE}): one
 * row per constant, with its name, the C expression the JNI backend compiles (build.sh
 * generates the JNI switch from it), and its values under the MPI-5 standard ABI and Open MPI's
 * ABI, which the FFM backend reads. A constant's id, what crosses the seam
 * ({@link Seam.Environment#mpiConstant}), is its row's index.
 */
final class MpiConstants {
    /** Where the table is, in the jar and in src/main/resources. */
    static final String RESOURCE = "/mpi/constants.tsv";

    /**
     * One constant.
     *
     * @param id       its row's index
     * @param name     its name in Java: {@code MPI.name} when public
     * @param c        the C expression of its value ({@code MPI_COMM_WORLD})
     * @param standard its value under the MPI-5 standard ABI, as the table writes it
     * @param openMpi  its value under Open MPI's ABI: a number, or {@code &symbol}
     */
    record Row(int id, String name, String c, String standard, String openMpi) {
    }

    private static final List<Row> ROWS = read();
    private static final Map<String, Row> BY_NAME = byName(ROWS);

    private MpiConstants() {
    }

    /** @return every row, in id order */
    static List<Row> rows() {
        return ROWS;
    }

    /**
     * @return the id of the constant called {@code name}
     * @throws IllegalArgumentException if the table has no such row (a binding defect)
     */
    static int id(String name) {
        Row row = BY_NAME.get(name);
        if (row == null) {
            throw new IllegalArgumentException(RESOURCE + " has no constant " + name);
        }
        return row.id();
    }

    /** @return the value of the constant called {@code name} in the run's MPI library */
    static long value(String name) {
        return Backends.ENVIRONMENT.mpiConstant(id(name));
    }

    /**
     * Parses a value column: decimal or {@code 0x} hexadecimal, signed.
     *
     * @throws NumberFormatException if it is neither
     */
    static long parse(String value) {
        boolean negative = value.startsWith("-");
        String digits = negative ? value.substring(1) : value;
        long v = digits.startsWith("0x") ? Long.parseLong(digits.substring(2), 16)
                : Long.parseLong(digits);
        return negative ? -v : v;
    }

    private static List<Row> read() {
        try (InputStream in = MpiConstants.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the binding's jar lacks " + RESOURCE);
            }
            return rowsOf(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))
                    .lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param lines the table's lines
     * @return its rows; '#' lines and blank ones are comments
     * @throws IllegalStateException naming the line if one has not four columns
     */
    static List<Row> rowsOf(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        int number = 0;
        for (String line : lines) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            if (cells.length != 4) {
                throw new IllegalStateException(RESOURCE + " line " + number + ": "
                        + cells.length + " columns, not 4: " + line);
            }
            rows.add(new Row(rows.size(), cells[0], cells[1], cells[2], cells[3]));
        }
        return List.copyOf(rows);
    }

    private static Map<String, Row> byName(List<Row> rows) {
        Map<String, Row> map = new HashMap<>();
        for (Row row : rows) {
            if (map.put(row.name(), row) != null) {
                throw new IllegalStateException(RESOURCE + ": " + row.name() + " twice");
            }
        }
        return map;
    }
}
