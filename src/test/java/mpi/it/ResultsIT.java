package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import mpi.common.results.ResultsSchemaCheck;

/**
 * {@code -o DIR} under real mpirun: a point-to-point and a collective benchmark, in both APIs
 * with {@code -c}, {@code -f} and {@code -z}, alone (and {@code --stats}) and in one OSUSuite
 * run (without), write their table also as JSON (valid against the schema shipped in the jar)
 * and CSV, with every column and row the table on stdout shows, each row's statistics and the
 * run's context; stdout is the table alone.
 */
class ResultsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * How the CSV reads (as ResultsCsv.READ, which the shaded jar the ITs run on has with the
     * relocated commons-csv): comments, a header.
     */
    private static final CSVFormat CSV = CSVFormat.RFC4180.builder().setCommentMarker('#')
            .setHeader().setSkipHeaderRecord(true).build();
    private static final String LATENCY = "mpi.pt2pt.OSULatency";
    private static final String ALLREDUCE = "mpi.collective.OSUAllReduce";
    private static final List<String> OPTIONS = List.of("-m", "4:64", "-i", "10", "-x", "2",
            "-c", "-f", "-z");

    @TempDir
    Path dir;

    private static List<String> args(String api, Path out, boolean stats) {
        List<String> args = new ArrayList<>(OPTIONS);
        args.addAll(List.of("-a", api, "-o", out.toString()));
        if (stats) {
            args.add("--stats");
        }
        return args;
    }

    /**
     * Alone: the latency in buffers, the allreduce in arrays; in one suite run the other two,
     * then the latency again (which takes the next free name). Five runs in two launches.
     */
    @Test
    void aloneAndInASuiteEveryRunWritesTheTableAsJsonAndCsv() throws Exception {
        Path alone = dir.resolve("alone");
        for (String[] run : List.of(new String[] {LATENCY, "buffer"},
                new String[] {ALLREDUCE, "arrays"})) {
            MpiRun.Result r = MpiRun.run(2, run[0], args(run[1], alone, true)
                    .toArray(new String[0]));
            assertEquals(0, r.exitCode(), r.all());
            assertEquals(List.of(), r.warnings(), r.all());
            String name = run[0].substring(run[0].lastIndexOf('.') + 1);
            check(alone.resolve(name), name, run[1], r);
        }

        Path suite = dir.resolve("suite");
        List<String> args = new ArrayList<>();
        List<String[]> runs = List.of(new String[] {"OSULatency", "arrays"},
                new String[] {"OSUAllReduce", "buffer"}, new String[] {"OSULatency", "buffer"});
        for (String[] run : runs) {
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.add(run[0]);
            args.addAll(args(run[1], suite, false));
        }
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> statuses = new ArrayList<>();
        List<MpiRun.Result> parts = new ArrayList<>();
        MpiRun.cutSuite(r, runs.size(), statuses, parts);
        assertEquals(List.of("passed", "passed", "passed"), statuses, r.all());
        List<String> stems = List.of("OSULatency", "OSUAllReduce", "OSULatency-2");
        for (int i = 0; i < runs.size(); i++) {
            check(suite.resolve(stems.get(i)), runs.get(i)[0], runs.get(i)[1], parts.get(i));
        }
        try (var files = Files.list(suite)) {
            assertEquals(6, files.count());
        }
    }

    @Test
    void aDirectoryThatCannotBeMadeStopsTheRunBeforeItMeasures() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        MpiRun.Result r = MpiRun.run(2, LATENCY, "-m", "4:8", "-i", "5", "-x", "1", "-o",
                file.resolve("sub").toString());
        assertEquals(1, r.exitCode(), r.all());
        List<String> errors = r.stderr().lines().filter(l -> l.startsWith("OSULatency:"))
                .toList();
        assertEquals(1, errors.size(), r.all());
        assertTrue(errors.get(0).startsWith("OSULatency: cannot write the results to "
                + file.resolve("sub") + " (-o): "), r.all());
        assertFalse(r.stdout().lines().anyMatch(l -> l.matches("\\d+ .*")), r.all());
    }

    /**
     * The files of a run against its table: the JSON valid, its context right, its columns
     * the table's header, its records the table's rows (the values as printed, rounded); the
     * CSV the same records, read back.
     */
    private static void check(Path stem, String benchmark, String api, MpiRun.Result run)
            throws Exception {
        Path jsonFile = Path.of(stem + ".json");
        Path csvFile = Path.of(stem + ".csv");
        assertTrue(Files.isRegularFile(jsonFile) && Files.isRegularFile(csvFile),
                stem + "\n" + run.all());
        String text = Files.readString(jsonFile);
        assertEquals(List.of(), ResultsSchemaCheck.errors(text), text);
        JsonNode doc = JSON.readTree(text);
        JsonNode context = doc.get("context");
        assertEquals(benchmark, context.get("benchmark").textValue());
        assertEquals(2, context.get("ranks").intValue());
        assertEquals(2, context.get("hosts").size());
        JsonNode warmUp = context.get("jitWarmUp");
        assertTrue(warmUp.get("steady").isBoolean() && warmUp.get("loopIterations").longValue() > 0,
                text);
        // A warm-up stopped at its cap said so above the header, one that was steady did not.
        assertEquals(!warmUp.get("steady").booleanValue(),
                run.stdout().contains(mpi.common.WarmUpRule.CAP_LINE), run.all());
        assertEquals(api, context.get("options").get("api").textValue());
        assertTrue(context.get("options").get("validate").booleanValue());
        assertTrue(context.get("options").get("fullStats").booleanValue());
        assertEquals(run.bindingLine(), context.get("bindingLine").textValue());
        assertTrue(context.get("mpiLibraryVersion").textValue()
                .startsWith(context.get("mpiLibrary").textValue()), text);

        List<String> table = run.stdout().lines().toList();
        String title = table.stream().filter(l -> l.startsWith("# OSU MPI-Java ")).findFirst()
                .orElseThrow();
        assertEquals(title.substring(2), context.get("title").textValue());
        String header = table.stream().filter(l -> l.startsWith("# Size")).findFirst()
                .orElseThrow();
        List<String> columns = new ArrayList<>(Arrays.asList(header.substring(2).strip()
                .split("\\s{2,}")));
        List<String> written = new ArrayList<>();
        doc.get("columns").forEach(c -> written.add(c.textValue()));
        assertEquals(columns, written, run.all());
        assertTrue(written.containsAll(List.of("Iterations", "Validation", "P99 Tail Lat(us)")),
                written.toString());
        boolean stats = written.contains("Median");
        assertEquals(stats, context.get("options").get("statistics").get("columns")
                .booleanValue(), text);
        if (stats) { // the table's last columns: the median in its interval, N the iterations
            assertEquals(List.of("Median", "CI Low", "CI High", "N"),
                    written.subList(written.size() - 4, written.size()));
            assertEquals(5, StatsColumns.rows(run, 10).size(), run.all()); // -m 4:64
        }

        List<String> rows = table.stream().filter(l -> l.matches("\\d+ .*")).toList();
        JsonNode records = doc.get("results");
        assertEquals(rows.size(), records.size(), text + "\n" + run.all());
        for (int i = 0; i < rows.size(); i++) {
            String[] cells = rows.get(i).strip().split("\\s+");
            JsonNode record = records.get(i);
            for (int c = 0; c < columns.size(); c++) {
                JsonNode v = record.get(columns.get(c));
                String shown = v.isTextual() ? v.textValue() : v.isIntegralNumber()
                        ? Long.toString(v.longValue())
                        : String.format(Locale.ROOT, "%.2f", v.doubleValue());
                assertEquals(cells[c], shown, "row " + i + " " + columns.get(c) + "\n" + text);
            }
            // With or without --stats, each record's statistics: 10 values, reaching 95 %.
            JsonNode s = record.get("statistics");
            assertEquals(10, s.get("repetitions").intValue(), text);
            assertEquals(record.get("Iterations").intValue(), s.get("repetitions").intValue());
            assertTrue(s.get("medianLow").doubleValue() <= s.get("median").doubleValue()
                    && s.get("median").doubleValue() <= s.get("medianHigh").doubleValue(), text);
            assertTrue(s.get("meanLow").doubleValue() <= s.get("mean").doubleValue()
                    && s.get("mean").doubleValue() <= s.get("meanHigh").doubleValue(), text);
            assertTrue(s.get("medianReachesLevel").booleanValue(), text);
            assertTrue(s.get("precise").isNull(), "no --precision: " + text);
            assertEquals(0.95, s.get("level").doubleValue(), text);
            if (stats) {
                assertEquals(s.get("median").doubleValue(), record.get("Median").doubleValue());
                assertEquals(s.get("medianLow").doubleValue(), record.get("CI Low").doubleValue());
            }
        }

        try (Reader in = Files.newBufferedReader(csvFile);
                CSVParser csv = CSV.parse(in)) {
            List<String> csvHeader = new ArrayList<>(written);
            for (String field : List.of("repetitions", "mean", "median", "meanLow", "meanHigh",
                    "medianLow", "medianHigh", "level", "medianCoverage", "medianReachesLevel",
                    "precise", "outliers")) {
                csvHeader.add("statistics." + field);
            }
            assertEquals(csvHeader, csv.getHeaderNames());
            List<CSVRecord> back = csv.getRecords();
            assertEquals(records.size(), back.size());
            for (int i = 0; i < back.size(); i++) {
                JsonNode s = records.get(i).get("statistics");
                assertEquals("10", back.get(i).get("statistics.repetitions"));
                assertEquals(s.get("median").doubleValue(),
                        Double.parseDouble(back.get(i).get("statistics.median")));
                assertEquals("true", back.get(i).get("statistics.medianReachesLevel"));
                assertEquals("", back.get(i).get("statistics.precise"), "no --precision");
                assertEquals("0", back.get(i).get("statistics.outliers"), "no --outliers");
                for (String column : written) {
                    JsonNode v = records.get(i).get(column);
                    String cell = back.get(i).get(column);
                    if (v.isTextual() || v.isIntegralNumber()) {
                        assertEquals(v.asText(), cell, column);
                    } else {
                        assertEquals(v.doubleValue(), Double.parseDouble(cell), column);
                    }
                }
            }
        }
        assertTrue(Files.readString(csvFile).contains("\n# benchmark: " + benchmark + "\n"));
    }
}
