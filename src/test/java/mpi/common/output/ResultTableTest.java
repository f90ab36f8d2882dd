package mpi.common.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import mpi.common.options.Api;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.stats.Metric;
import mpi.common.stats.Percentiles;
import mpi.common.stats.RowStatistics;

class ResultTableTest {
    private static ResultTable table(Metric metric, Api api, boolean full, boolean validate) {
        String title = metric == Metric.LATENCY ? "Latency Test" : "Bandwidth Test";
        return new ResultTable(title, api, "MPI.BYTE", metric, full, validate);
    }

    @Test
    void preambleMatchesOmb() {
        assertEquals(List.of("",
                "# OSU MPI-Java Latency Test v7.4 (buffer API)",
                "# Datatype: MPI.BYTE.",
                "# Size       Avg Latency(us)"),
                table(Metric.LATENCY, Api.BUFFER, false, false).preamble());
        assertEquals("# OSU MPI-Java Bandwidth Test v7.4 (arrays API)",
                table(Metric.BANDWIDTH, Api.ARRAYS, false, false).preamble().get(1));
        assertEquals("# OSU MPI-Java Bi-Directional Bandwidth Test v7.4 (buffer API)",
                new ResultTable(PointToPointKind.BI_BANDWIDTH.title(), Api.BUFFER, "MPI.BYTE",
                        Metric.BI_BANDWIDTH, false, false).preamble().get(1));
        assertEquals("# OSU MPI-Java Multi Latency Test v7.4 (buffer API)",
                new ResultTable(PointToPointKind.MULTI_LATENCY.title(), Api.BUFFER, "MPI.BYTE",
                        Metric.MULTI_LATENCY, false, false).preamble().get(1));
    }

    @Test
    void plainHeaders() {
        assertEquals("# Size       Avg Latency(us)", table(Metric.LATENCY, Api.BUFFER, false, false).header());
        assertEquals("# Size      Bandwidth (MB/s)", table(Metric.BANDWIDTH, Api.BUFFER, false, false).header());
        assertEquals("# Size          Latency (us)",
                new ResultTable("Multi Latency Test", Api.BUFFER, "MPI.BYTE", Metric.MULTI_LATENCY,
                        false, false).header());
    }

    @Test
    void fullStatsHeaders() {
        assertEquals("# Size       Avg Latency(us)   Min Latency(us)   Max Latency(us)  Iterations",
                table(Metric.LATENCY, Api.BUFFER, true, false).header());
        assertEquals("# Size      Bandwidth (MB/s)     Min BW (MB/s)     Max BW (MB/s)  Iterations",
                table(Metric.BANDWIDTH, Api.BUFFER, true, false).header());
    }

    @Test
    void validationHeaders() {
        assertEquals("# Size       Avg Latency(us)        Validation",
                table(Metric.LATENCY, Api.BUFFER, false, true).header());
        assertEquals("# Size      Bandwidth (MB/s)     Min BW (MB/s)     Max BW (MB/s)  Iterations        Validation",
                table(Metric.BANDWIDTH, Api.BUFFER, true, true).header());
    }

    @Test
    void plainRows() {
        ResultTable t = table(Metric.LATENCY, Api.BUFFER, false, false);
        assertEquals("1                       0.23", t.row(1, 0.23, 9, 9, 9, false));
        assertEquals("4194304               371.01", t.row(4194304, 371.005001, 0, 0, 0, true));
        assertEquals("0                       0.00", t.row(0, 0.0, 0, 0, 0, true));
        assertEquals("8            123456789012.35", t.row(8, 123456789012.345, 0, 0, 0, true));
    }

    @Test
    void fullRows() {
        ResultTable t = table(Metric.LATENCY, Api.BUFFER, true, false);
        assertEquals("8                       1.25              0.90             12.50       10000",
                t.row(8, 1.25, 0.9, 12.5, 10000, false));
    }

    @Test
    void validationRows() {
        ResultTable t = table(Metric.BANDWIDTH, Api.BUFFER, false, true);
        assertEquals("1024                 4567.89              Pass", t.row(1024, 4567.891, 0, 0, 0, true));
        assertEquals("1024                 4567.89              Fail", t.row(1024, 4567.891, 0, 0, 0, false));
        ResultTable full = table(Metric.BANDWIDTH, Api.BUFFER, true, true);
        assertEquals("2                       1.00              0.50              2.00         100              Fail",
                full.row(2, 1, 0.5, 2, 100, false));
    }

    @Test
    void rowsUseADecimalPointWhateverTheLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("1                       1.50              1.25              1.75           2",
                    table(Metric.LATENCY, Api.BUFFER, true, false).row(1, 1.5, 1.25, 1.75, 2, true));
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void collectiveTableWithEverything() {
        ResultTable t = new ResultTable("Broadcast Latency Test", Api.ARRAYS, "MPI.FLOAT",
                Metric.COLLECTIVE_LATENCY, true, true, Percentiles.DEFAULT, true);
        assertEquals(List.of("",
                "# OSU MPI-Java Broadcast Latency Test v7.4 (arrays API)",
                "# Datatype: MPI.FLOAT.",
                "# Size       Avg Latency(us)   Min Latency(us)   Max Latency(us)  Iterations"
                + "        Validation  P50 Tail Lat(us)  P90 Tail Lat(us)  P99 Tail Lat(us)"),
                t.preamble());
        assertEquals("4                       1.25              1.00              1.50        1000"
                + "              Pass              1.20              1.40              1.49",
                t.row(new ResultTable.Row(4, new double[] {1.25, 1, 1.5}, 1000, true,
                        new double[] {1.2, 1.4, 1.49})));
    }

    @Test
    void tailColumnsAreAtLeastEighteenWideAndApart() throws UsageException {
        ResultTable t = new ResultTable("Bandwidth Test", Api.BUFFER, "MPI.BYTE", Metric.BANDWIDTH,
                false, false, Percentiles.parse("50,99.9"), true);
        assertEquals("# Size      Bandwidth (MB/s) P50 Tail BW(MB/s) P99.9 Tail BW(MB/s)", t.header());
        assertEquals("8                     100.00            101.00              102.00",
                t.row(new ResultTable.Row(8, new double[] {100}, 0, true, new double[] {101, 102})));
    }

    @Test
    void barrierHasNoSizeColumnAsOsuBarrier() {
        ResultTable t = new ResultTable("Barrier Latency Test", Api.BUFFER, null,
                Metric.COLLECTIVE_LATENCY, false, false, Percentiles.NONE, false);
        assertEquals(List.of("", "# OSU MPI-Java Barrier Latency Test v7.4 (buffer API)",
                "# Avg Latency(us)"), t.preamble());
        assertEquals("             1.23", t.row(new ResultTable.Row(0, new double[] {1.234}, 1000,
                true, new double[0])));
        ResultTable full = new ResultTable("Barrier Latency Test", Api.BUFFER, null,
                Metric.COLLECTIVE_LATENCY, true, false, Percentiles.DEFAULT, false);
        assertEquals("# Avg Latency(us)   Min Latency(us)   Max Latency(us)  Iterations"
                + "  P50 Tail Lat(us)  P90 Tail Lat(us)  P99 Tail Lat(us)", full.header());
        assertEquals("             1.23              1.00              2.00        1000"
                + "              1.10              1.50              1.90",
                full.row(new ResultTable.Row(0, new double[] {1.234, 1, 2}, 1000, true,
                        new double[] {1.1, 1.5, 1.9})));
    }

    @Test
    void anyColumns() {
        ResultTable t = new ResultTable("Non-blocking Broadcast Latency Test", Api.BUFFER,
                "MPI.BYTE", true, List.of("Overall(us)", "Compute(us)", "Pure Comm.(us)",
                        "Overlap(%)"), false, true, List.of());
        assertEquals("# Size           Overall(us)       Compute(us)    Pure Comm.(us)"
                + "        Overlap(%)        Validation", t.header());
        assertEquals("16                      3.00              2.00              1.50"
                + "             50.00              Fail",
                t.row(new ResultTable.Row(16, new double[] {3, 2, 1.5, 50}, 0, false,
                        new double[0])));
    }

    @Test
    void aRowMustMatchTheColumns() {
        ResultTable t = table(Metric.LATENCY, Api.BUFFER, true, false);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> t.row(new ResultTable.Row(1, new double[] {1}, 1, true, new double[0])));
    }

    /** A row of ten latencies: median 5.5, its 95 % interval ranks 2 and 9 (2 and 9). */
    private static final RowStatistics TEN = RowStatistics.of(new double[] {10, 9, 8, 7, 6, 5,
        4, 3, 2, 1}, 10, 0.95);

    @Test
    void statsColumnsComeLastAfterEverythingCOmbPrints() {
        ResultTable t = new ResultTable("Latency Test", Api.BUFFER, "MPI.BYTE", Metric.LATENCY,
                true, true, Percentiles.DEFAULT, true).withTransmitSize(size -> 2L * size)
                .withStatistics(0.95);
        String plain = "# Size       Avg Latency(us)   Min Latency(us)   Max Latency(us)"
                + "  Iterations        Validation  P50 Tail Lat(us)  P90 Tail Lat(us)"
                + "  P99 Tail Lat(us)"
                + "     Transmit Size";
        assertEquals(plain + "            Median            CI Low           CI High           N",
                t.header());
        String row = t.row(new ResultTable.Row(4, new double[] {5.5, 1, 10}, 10, true,
                new double[] {5, 9, 10}, TEN));
        assertEquals("4                       5.50              1.00             10.00          10"
                + "              Pass              5.00              9.00             10.00"
                + "                 8              5.50              2.00              9.00"
                + "          10", row);
        // The widths: 18 for the three values, 12 for N, as the value and Iterations columns.
        assertEquals(plain.length() + 3 * 18 + 12, t.header().length());
        assertEquals(t.header().length(), row.length());
        assertEquals(List.of("Size", "Avg Latency(us)", "Min Latency(us)", "Max Latency(us)",
                "Iterations", "Validation", "P50 Tail Lat(us)", "P90 Tail Lat(us)",
                "P99 Tail Lat(us)", "Transmit Size", "Median", "CI Low", "CI High", "N"),
                t.columns());
        List<Object> cells = t.cells(new ResultTable.Row(4, new double[] {5.5, 1, 10}, 10, true,
                new double[] {5, 9, 10}, TEN));
        assertEquals(List.of(5.5, 2.0, 9.0, 10), cells.subList(cells.size() - 4, cells.size()));
    }

    @Test
    void statsSayWhatTheIntervalIsBeforeTheHeader() {
        ResultTable t = new ResultTable("Barrier Latency Test", Api.BUFFER, null,
                Metric.COLLECTIVE_LATENCY, false, false, Percentiles.NONE, false)
                .withStatistics(0.99);
        assertEquals(List.of("", "# OSU MPI-Java Barrier Latency Test v7.4 (buffer API)",
                "# Binding: x",
                "# Statistics: Median of the N iterations' values; CI Low, CI High: its"
                + " distribution-free 99% confidence interval (order statistics; below N = 8"
                + " the values' range, short of 99%)",
                "# Avg Latency(us)            Median            CI Low           CI High"
                + "           N"), t.preamble("# Binding: x"));
        assertEquals("             5.50              5.50              2.00              9.00"
                + "          10", t.row(new ResultTable.Row(0, new double[] {5.5}, 10, true,
                        new double[0], TEN)));
    }

    @Test
    void withoutStatsATableIsAsBeforeAndARowNeedsNoStatistics() {
        ResultTable t = table(Metric.LATENCY, Api.BUFFER, false, false);
        assertEquals("1                       0.23", t.row(new ResultTable.Row(1,
                new double[] {0.23}, 9, true, new double[0], TEN)));
        assertEquals(List.of("Size", "Avg Latency(us)"), t.columns());
        ResultTable stats = table(Metric.LATENCY, Api.BUFFER, false, false).withStatistics(0.95);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> stats.row(new ResultTable.Row(1, new double[] {1}, 1, true,
                        new double[0])));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> stats.withStatistics(1));
    }
}
