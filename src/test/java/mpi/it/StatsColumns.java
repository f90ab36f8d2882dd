package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

/** The columns {@code --stats} adds to a table, as the ITs read them from a run's output. */
final class StatsColumns {
    /** What the header of a table with {@code --stats} ends with. */
    static final String HEADER_END = String.format("%18s%18s%18s%12s", "Median", "CI Low",
            "CI High", "N");

    private StatsColumns() {
    }

    /**
     * A row of a table with {@code --stats}.
     *
     * @param cells  every cell of the row, the statistics' last
     * @param median the Median column
     * @param low    CI Low
     * @param high   CI High
     * @param n      N
     */
    record Row(String[] cells, double median, double low, double high, int n) {
    }

    /**
     * Asserts the shape of a table printed with {@code --stats} (one table on stdout): the
     * {@code # Statistics:} line right before the header, the header ending with the four
     * columns, and every row's {@code CI Low <= Median <= CI High}.
     *
     * @param r the run
     * @return its rows, at least one
     */
    static List<Row> rows(MpiRun.Result r) {
        return rows(r, new Extra[0]);
    }

    /** The columns other options add after N, in the table's order. */
    enum Extra {
        /** {@code --outliers}': how many values the filter left out, a count. */
        OUTLIERS("Outliers", "\\d+"),
        /** {@code --precision}'s: yes or no. */
        PRECISE("Precise", "yes|no"),
        /** {@code --timing global}'s window, in microseconds. */
        WINDOW("Window(us)", 18, "\\d+\\.\\d{2}"),
        /** {@code --timing global}'s late calls, a count. */
        INVALID("Invalid", "\\d+");

        private final String header;
        private final int width;
        private final String cell;

        Extra(String header, String cell) {
            this(header, 12, cell);
        }

        Extra(String header, int width, String cell) {
            this.header = header;
            this.width = width;
            this.cell = cell;
        }
    }

    /**
     * As {@link #rows(MpiRun.Result)}, for a table whose header ends with {@code extras} after
     * N, and each row with a cell of each.
     *
     * @param r      the run
     * @param extras the columns after N, in order
     * @return its rows, at least one
     */
    static List<Row> rows(MpiRun.Result r, Extra... extras) {
        List<String> lines = r.stdoutLines();
        int statistics = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("# Statistics: Median of the N iterations' values;")) {
                statistics = i;
                break;
            }
        }
        assertTrue(statistics >= 0 && statistics + 1 < lines.size(), "no # Statistics: line\n"
                + r.all());
        String header = lines.get(statistics + 1);
        StringBuilder end = new StringBuilder(HEADER_END);
        for (Extra e : extras) {
            end.append(String.format("%" + e.width + "s", e.header));
        }
        assertTrue(header.startsWith("# ") && header.endsWith(end.toString()), header + "\n" + r.all());
        List<Row> rows = new ArrayList<>();
        for (String line : lines.subList(statistics + 2, lines.size())) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.trim().split(" +");
            int last = cells.length - 1 - extras.length;
            for (int e = 0; e < extras.length; e++) {
                assertTrue(cells[last + 1 + e].matches(extras[e].cell), line + "\n" + r.all());
            }
            Row row = new Row(cells, Double.parseDouble(cells[last - 3]),
                    Double.parseDouble(cells[last - 2]), Double.parseDouble(cells[last - 1]),
                    Integer.parseInt(cells[last]));
            assertTrue(row.low() <= row.median() && row.median() <= row.high(),
                    "CI Low <= Median <= CI High: " + line + "\n" + r.all());
            rows.add(row);
        }
        assertFalse(rows.isEmpty(), r.all());
        return rows;
    }

    /**
     * Asserts {@link #rows} and that every row's N is {@code iterations} and its median
     * positive (a time, or the rate of a message of at least one byte).
     *
     * @param r          the run
     * @param iterations the timed iterations of every size
     * @return the rows
     */
    static List<Row> rows(MpiRun.Result r, int iterations) {
        List<Row> rows = rows(r);
        for (Row row : rows) {
            assertEquals(iterations, row.n(), String.join(" ", row.cells()));
            assertTrue(row.median() > 0, String.join(" ", row.cells()));
        }
        return rows;
    }
}
