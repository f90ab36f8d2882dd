package mpi.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

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
}
