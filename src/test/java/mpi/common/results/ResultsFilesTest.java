package mpi.common.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.output.ResultTable;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.stats.Metric;

/**
 * The results' files ({@code -o}): the option, the JSON valid against the schema shipped in
 * the jar, the CSV read back equal to what was written, the file names.
 */
class ResultsFilesTest {
    @TempDir
    Path dir;

    private Options options(String... args) throws UsageException {
        return new OptionParser(PointToPointKind.LATENCY).parse(args);
    }

    /** A table of every kind of column: values, iterations, validation, tails. */
    private static final List<ResultTable.Row> ROWS = List.of(
            new ResultTable.Row(1, new double[] {0.51, 0.5, 0.75}, 20, true,
                    new double[] {0.5, 0.6, 0.7}),
            new ResultTable.Row(2, new double[] {1.0 / 3, 0.25, 1e-9}, 20, false,
                    new double[] {0.123456789, 12345.6789, 3.0}));

    private RunContext context(Options o, ResultTable table) {
        return new RunContext("OSULatency", table.titleText(), table.datatype(), "7.4", "0.2.0",
                "OMB-J JNI binding 0.2.0", "0.2.0", "# Binding: OMB-J JNI binding 0.2.0, Open MPI"
                + " v4.1.4", "Open MPI v4.1.4", "Open MPI v4.1.4, package: Debian OpenMPI,\n"
                + "second line", "17", "Debian", "OpenJDK 64-Bit Server VM 17", 2,
                List.of("node1", "node2"), OptionValues.of(o), "2026-11-23T21:40:00.123Z");
    }

    private record Written(ResultTable table, RunContext context, List<List<Object>> cells) {
    }

    private Written written() throws UsageException {
        Options o = options("-m", "1:2", "-c", "-f", "-z", "-o", dir.toString());
        ResultTable table = new ResultTable("Latency Test", o.api(), "MPI.BYTE", Metric.LATENCY,
                o.fullStats(), o.validate(), o.tails(), true);
        List<List<Object>> cells = new ArrayList<>();
        for (ResultTable.Row r : ROWS) {
            cells.add(table.cells(r));
        }
        return new Written(table, context(o, table), cells);
    }

    @Test
    void theOptionNamesADirectory() throws Exception {
        assertEquals(dir, options("-o", dir.toString()).results().dir());
        assertEquals(dir, options("--output-dir", dir.toString()).results().dir());
        assertFalse(options().results().enabled());
        Path file = Files.writeString(dir.resolve("f"), "x");
        UsageException e = assertThrows(UsageException.class, () -> options("-o", file.toString()));
        assertEquals("-o " + file + " is a file, not a directory", e.getMessage());
        assertThrows(UsageException.class, () -> options("-o", ""));
    }

    @Test
    void theJsonHoldsEveryColumnAndTheContextAndMeetsTheSchema() throws Exception {
        Written w = written();
        StringWriter out = new StringWriter();
        ResultsJson.write(ResultsJson.document(w.context(), w.table().columns(), w.cells()), out);
        assertEquals(List.of(), ResultsSchemaCheck.errors(out.toString()), out.toString());

        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertEquals(List.of("Size", "Avg Latency(us)", "Min Latency(us)", "Max Latency(us)",
                "Iterations", "Validation", "P50 Tail Lat(us)", "P90 Tail Lat(us)",
                "P99 Tail Lat(us)"), new ObjectMapper().convertValue(doc.get("columns"),
                        List.class));
        JsonNode second = doc.get("results").get(1);
        assertEquals(2, second.get("Size").intValue());
        assertEquals(1.0 / 3, second.get("Avg Latency(us)").doubleValue());
        assertEquals("Fail", second.get("Validation").textValue());
        assertEquals(12345.6789, second.get("P90 Tail Lat(us)").doubleValue());
        JsonNode options = doc.get("context").get("options");
        assertEquals(1, options.get("sizes").get("min").intValue());
        assertEquals("buffer", options.get("api").textValue());
        assertTrue(options.get("validate").booleanValue());
        assertEquals("50,90,99", options.get("tails").textValue());
        assertEquals(dir.toString(), options.get("results").textValue());
        assertEquals("node2", doc.get("context").get("hosts").get(1).textValue());
    }

    @Test
    void theSchemaRejectsWhatIsNotAResultsFile() throws Exception {
        Written w = written();
        ObjectNode doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        ((ObjectNode) doc.get("results").get(0)).put("Validation", "Maybe");
        assertFalse(ResultsSchemaCheck.errors(doc).isEmpty());
        doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        ((ObjectNode) doc.get("context")).put("date", "yesterday");
        assertFalse(ResultsSchemaCheck.errors(doc).isEmpty());
        doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        doc.remove("context");
        assertFalse(ResultsSchemaCheck.errors(doc).isEmpty());
    }

    @Test
    void aValueThatIsNotAFiniteNumberIsNullInJsonAndEmptyInCsv() throws Exception {
        Written w = written();
        List<List<Object>> cells = List.of(new ArrayList<>(w.cells().get(0)));
        cells.get(0).set(1, Double.POSITIVE_INFINITY);
        ObjectNode doc = ResultsJson.document(w.context(), w.table().columns(), cells);
        assertTrue(doc.get("results").get(0).get("Avg Latency(us)").isNull());
        assertEquals(List.of(), ResultsSchemaCheck.errors(doc));
        assertEquals("", ResultsCsv.cell(Double.NaN));
    }

    @Test
    void theCsvReadsBackEqualToWhatWasWritten() throws Exception {
        Written w = written();
        StringBuilder out = new StringBuilder();
        ResultsCsv.write(w.context(), w.table().columns(), w.cells(), out);
        try (CSVParser csv = ResultsCsv.READ.builder().build().parse(new StringReader(
                out.toString()))) {
            assertEquals(w.table().columns(), csv.getHeaderNames(), out.toString());
            List<CSVRecord> records = csv.getRecords();
            assertEquals(w.cells().size(), records.size());
            for (int i = 0; i < records.size(); i++) {
                List<Object> written = w.cells().get(i);
                CSVRecord read = records.get(i);
                assertEquals(written.size(), read.size());
                for (int c = 0; c < written.size(); c++) {
                    Object cell = written.get(c);
                    String text = read.get(c);
                    Object back = cell instanceof Double ? (Object) Double.valueOf(text)
                            : cell instanceof Integer ? (Object) Integer.valueOf(text) : text;
                    assertEquals(cell, back, "row " + i + " column " + c);
                }
            }
        }
        List<String> comments = out.toString().lines().filter(l -> l.startsWith("#")).toList();
        assertEquals("# omb-j-results 1", comments.get(0));
        assertTrue(comments.contains("# benchmark: OSULatency"), comments.toString());
        assertTrue(comments.contains("# hosts: [\"node1\",\"node2\"]"), comments.toString());
        // A value of more than one line is JSON, so that every context line is one line.
        assertTrue(comments.contains("# mpiLibraryVersion: \"Open MPI v4.1.4, package: Debian"
                + " OpenMPI,\\nsecond line\""), comments.toString());
        JsonNode options = new ObjectMapper().readTree(comments.stream()
                .filter(l -> l.startsWith("# options: ")).findFirst().orElseThrow()
                .substring("# options: ".length()));
        // The same text (a long read back is an int node: compare the JSON, not the nodes).
        assertEquals(ResultsJson.context(w.context()).get("options").toString(),
                options.toString());
    }

    @Test
    void aTakenNameIsNeverOverwritten() throws IOException {
        ResultFiles files = new ResultFiles(dir.resolve("new/sub"));
        files.prepare();
        assertTrue(Files.isDirectory(dir.resolve("new/sub")));
        assertEquals(dir.resolve("new/sub/OSULatency"), files.freeStem("OSULatency"));
        Files.writeString(dir.resolve("new/sub/OSULatency.csv"), "");
        assertEquals(dir.resolve("new/sub/OSULatency-2"), files.freeStem("OSULatency"));
        Files.writeString(dir.resolve("new/sub/OSULatency-2.json"), "");
        assertEquals(dir.resolve("new/sub/OSULatency-3"), files.freeStem("OSULatency"));
    }

    @Test
    void everyOptionIsInTheContext() throws UsageException {
        Map<String, Object> values = OptionValues.of(options("-m", "4:64", "-i", "7", "-x", "3"));
        assertEquals(Options.class.getRecordComponents().length, values.size());
        assertEquals(Map.of("min", 4, "max", 64), values.get("sizes"));
        assertEquals(Map.of("iterations", 7, "warmup", 3, "largeAbove", 8192,
                "iterationsLarge", 7, "warmupLarge", 3), values.get("iterations"));
        assertEquals("byte", values.get("type"));
        assertEquals("0", values.get("root"));
        assertNull(OptionValues.value(null));
    }
}
