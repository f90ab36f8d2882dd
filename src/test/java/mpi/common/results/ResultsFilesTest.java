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

import mpi.common.collective.algorithms.Algorithm;
import mpi.common.collective.algorithms.AlgorithmOption;
import mpi.common.options.Api;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.output.ResultTable;
import mpi.common.output.Version;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.stats.Metric;
import mpi.common.stats.RowStatistics;

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

    /**
     * A table of every kind of column: values, iterations, validation, tails, and with
     * {@code --stats} the statistics' (the second row's from one iteration: no mean interval).
     */
    private static final List<ResultTable.Row> ROWS = List.of(
            new ResultTable.Row(1, new double[] {0.51, 0.5, 0.75}, 20, true,
                    new double[] {0.5, 0.6, 0.7}, RowStatistics.of(new double[] {0.5, 0.75, 0.51,
                        0.6, 0.55, 0.52, 0.53, 0.54, 0.7, 0.56}, 10, 0.95)),
            new ResultTable.Row(2, new double[] {1.0 / 3, 0.25, 1e-9}, 20, false,
                    new double[] {0.123456789, 12345.6789, 3.0},
                    RowStatistics.of(new double[] {1.0 / 3}, 1, 0.95)));

    private record Written(ResultTable table, RunContext context, List<ResultRow> cells) {
    }

    private Written written(String... more) throws UsageException {
        List<String> args = new ArrayList<>(List.of("-m", "1:2", "-c", "-f", "-z", "-o",
                dir.toString()));
        args.addAll(List.of(more));
        Options o = options(args.toArray(new String[0]));
        ResultTable table = new ResultTable("Latency Test", o.api(), "MPI.BYTE", Metric.LATENCY,
                o.fullStats(), o.validate(), o.tails(), true);
        if (o.statistics().columns()) {
            table.withStatistics(o.statistics().level());
        }
        List<ResultRow> cells = new ArrayList<>();
        for (ResultTable.Row r : ROWS) {
            cells.add(new ResultRow(table.cells(r), r.statistics()));
        }
        return new Written(table, ResultsSchemaCheck.context("OSULatency", table, o), cells);
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
        assertEquals(2, doc.get("formatVersion").intValue());
        assertEquals(RunContext.STATISTICS, doc.get("context").get("statistics").textValue());
        assertEquals(0.95, options.get("statistics").get("level").doubleValue());
        assertFalse(options.get("statistics").get("columns").booleanValue());
        // Without --stats the table has no statistics' columns, but every record has them.
        JsonNode first = doc.get("results").get(0).get("statistics");
        assertEquals(StatisticsFields.NAMES, fieldNames(first));
        assertEquals(10, first.get("repetitions").intValue());
        assertEquals(0.545, first.get("median").doubleValue(), 1e-12);
        assertEquals(0.51, first.get("medianLow").doubleValue()); // ranks 2 and 9 of 10
        assertEquals(0.7, first.get("medianHigh").doubleValue());
        assertTrue(first.get("medianReachesLevel").booleanValue());
        assertTrue(first.get("meanLow").doubleValue() < first.get("mean").doubleValue());
        JsonNode one = doc.get("results").get(1).get("statistics");
        assertTrue(one.get("meanLow").isNull() && one.get("meanHigh").isNull(), one.toString());
        assertFalse(one.get("medianReachesLevel").booleanValue());
    }

    @Test
    void withStatsTheTableColumnsAreInTheRecordsToo() throws Exception {
        Written w = written("--stats", "--level", "0.9");
        ObjectNode doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        assertEquals(List.of(), ResultsSchemaCheck.errors(doc), doc.toString());
        JsonNode columns = doc.get("columns");
        assertEquals("P99 Tail Lat(us)", columns.get(columns.size() - 5).textValue());
        assertEquals(List.of("Median", "CI Low", "CI High", "N"), List.of(
                columns.get(columns.size() - 4).textValue(),
                columns.get(columns.size() - 3).textValue(),
                columns.get(columns.size() - 2).textValue(),
                columns.get(columns.size() - 1).textValue()));
        JsonNode first = doc.get("results").get(0);
        assertEquals(first.get("statistics").get("median"), first.get("Median"));
        assertEquals(first.get("statistics").get("medianLow"), first.get("CI Low"));
        assertEquals(first.get("statistics").get("medianHigh"), first.get("CI High"));
        assertEquals(10, first.get("N").intValue());
        assertTrue(doc.get("context").get("options").get("statistics").get("columns")
                .booleanValue());
    }

    @Test
    void aRowWithoutStatisticsHasNullInJsonAndEmptyCellsInCsv() throws Exception {
        Written w = written();
        List<ResultRow> rows = List.of(new ResultRow(w.cells().get(0).cells(), null));
        ObjectNode doc = ResultsJson.document(w.context(), w.table().columns(), rows);
        assertTrue(doc.get("results").get(0).get("statistics").isNull());
        assertEquals(List.of(), ResultsSchemaCheck.errors(doc));
        StringBuilder out = new StringBuilder();
        ResultsCsv.write(w.context(), w.table().columns(), rows, out);
        try (CSVParser csv = ResultsCsv.READ.builder().build().parse(new StringReader(
                out.toString()))) {
            CSVRecord record = csv.getRecords().get(0);
            for (String column : StatisticsFields.csvColumns()) {
                assertEquals("", record.get(column), column);
            }
        }
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /**
     * A run in each API (-a buffer, arrays, objects: every label of {@link Api}) meets the
     * schema: its title names its API, as its options do. A title or API the suite never
     * prints does not.
     */
    @Test
    void aRunInEveryApiMeetsTheSchemaAndNoOtherApiDoes() throws Exception {
        for (Api api : Api.values()) {
            Written w = written("-a", api.label());
            assertEquals(api, options("-a", api.label()).api());
            ObjectNode doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
            JsonNode context = doc.get("context");
            assertEquals("OSU MPI-Java Latency Test v" + Version.OMB + " (" + api.label()
                    + " API)", context.get("title").textValue());
            assertEquals(api.label(), context.get("options").get("api").textValue());
            assertEquals(List.of(), ResultsSchemaCheck.errors(doc), doc.toString());
        }
        Written w = written();
        ObjectNode doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        ((ObjectNode) doc.get("context")).put("title",
                "OSU MPI-Java Latency Test v7.4 (bytes API)");
        assertEquals(1, ResultsSchemaCheck.errors(doc).size(), doc.get("context").toString());
        doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        ((ObjectNode) doc.get("context").get("options")).put("api", "bytes");
        assertEquals(1, ResultsSchemaCheck.errors(doc).size(), doc.get("context").toString());
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
        // Statistics: every record has them, complete, and a level is in (0, 1).
        doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        ((ObjectNode) doc.get("results").get(0)).remove("statistics");
        assertFalse(ResultsSchemaCheck.errors(doc).isEmpty());
        doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        ((ObjectNode) doc.get("results").get(0).get("statistics")).remove("medianCoverage");
        assertFalse(ResultsSchemaCheck.errors(doc).isEmpty());
        doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        ((ObjectNode) doc.get("results").get(0).get("statistics")).put("level", 95);
        assertFalse(ResultsSchemaCheck.errors(doc).isEmpty());
        doc = ResultsJson.document(w.context(), w.table().columns(), w.cells());
        doc.put("formatVersion", 1);
        assertFalse(ResultsSchemaCheck.errors(doc).isEmpty());
    }

    @Test
    void aValueThatIsNotAFiniteNumberIsNullInJsonAndEmptyInCsv() throws Exception {
        Written w = written();
        List<Object> infinite = new ArrayList<>(w.cells().get(0).cells());
        infinite.set(1, Double.POSITIVE_INFINITY);
        List<ResultRow> cells = List.of(new ResultRow(infinite, w.cells().get(0).statistics()));
        ObjectNode doc = ResultsJson.document(w.context(), w.table().columns(), cells);
        assertTrue(doc.get("results").get(0).get("Avg Latency(us)").isNull());
        assertEquals(List.of(), ResultsSchemaCheck.errors(doc));
        assertEquals("", ResultsCsv.cell(Double.NaN));
    }

    @Test
    void theCsvReadsBackEqualToWhatWasWritten() throws Exception {
        Written w = written("--stats");
        StringBuilder out = new StringBuilder();
        ResultsCsv.write(w.context(), w.table().columns(), w.cells(), out);
        try (CSVParser csv = ResultsCsv.READ.builder().build().parse(new StringReader(
                out.toString()))) {
            List<String> header = new ArrayList<>(w.table().columns());
            header.addAll(StatisticsFields.csvColumns());
            assertEquals(header, csv.getHeaderNames(), out.toString());
            assertTrue(header.containsAll(List.of("N", "statistics.medianReachesLevel")));
            List<CSVRecord> records = csv.getRecords();
            assertEquals(w.cells().size(), records.size());
            for (int i = 0; i < records.size(); i++) {
                List<Object> written = new ArrayList<>(w.cells().get(i).cells());
                written.addAll(StatisticsFields.of(w.cells().get(i).statistics()).values());
                CSVRecord read = records.get(i);
                assertEquals(written.size(), read.size());
                for (int c = 0; c < written.size(); c++) {
                    Object cell = written.get(c);
                    String text = read.get(c);
                    Object back = cell == null ? (text.isEmpty() ? null : text)
                            : cell instanceof Double d && !Double.isFinite(d)
                            ? (text.isEmpty() ? cell : text)
                            : cell instanceof Double ? (Object) Double.valueOf(text)
                            : cell instanceof Integer ? (Object) Integer.valueOf(text)
                            : cell instanceof Boolean && text.matches("true|false")
                                    ? (Object) Boolean.valueOf(text) : text;
                    assertEquals(cell, back, "row " + i + " column " + header.get(c));
                }
            }
        }
        List<String> comments = out.toString().lines().filter(l -> l.startsWith("#")).toList();
        assertEquals("# omb-j-results 2", comments.get(0));
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

    /** A run of one algorithm keeps the MPI's number for it beside the name. */
    @Test
    void aSelectedAlgorithmKeepsItsNumber() throws UsageException {
        Options plain = options();
        assertFalse(OptionValues.of(plain).containsKey("algorithmValue"));
        Map<String, Object> values = OptionValues.of(plain.withAlgorithm(AlgorithmOption.selected(
                "coll_tuned_scatter_algorithm", new Algorithm(2, "binomial"))));
        assertEquals("binomial", values.get("algorithm"));
        assertEquals("coll_tuned_scatter_algorithm", values.get("algorithmVariable"));
        assertEquals(2, values.get("algorithmValue"));
        assertEquals(Options.class.getRecordComponents().length + 2, values.size());
    }
}
