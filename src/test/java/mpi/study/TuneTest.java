package mpi.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Tune command on synthetic results files, written here in the form {@code -o} writes
 * them (the fields Tune reads): the choice, the tuning files parsed back under the MPIs'
 * grammars, and each refusal as one line with exit code 2 and nothing written.
 */
class TuneTest {
    private static final String OPEN_MPI = "Open MPI v4.1.4";
    private static final String MPICH = "MPICH Version: 4.0";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** One row: size, median, its interval, and whether the interval reaches its level. */
    record Row(long size, double median, double low, double high, boolean atLevel) {
        static Row of(long size, double median, double halfWidth) {
            return new Row(size, median, median - halfWidth, median + halfWidth, true);
        }
    }

    /** A results file as -o writes it, with the fields Tune reads. */
    private Path file(String name, String benchmark, String library, int ranks,
            String algorithm, Integer value, double level, Row... rows) throws IOException {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("format", "omb-j-results");
        doc.put("formatVersion", 2);
        ObjectNode context = doc.putObject("context");
        context.put("benchmark", benchmark);
        context.put("mpiLibrary", library);
        context.put("ranks", ranks);
        ObjectNode options = context.putObject("options");
        ObjectNode statistics = options.putObject("statistics");
        if (!Double.isNaN(level)) { // NaN: a file without the level
            statistics.put("level", level);
        }
        options.put("algorithm", algorithm);
        if (value != null) {
            options.put("algorithmVariable", "coll_tuned_x_algorithm");
            options.put("algorithmValue", value);
        }
        doc.putArray("columns").add("Size").add("Avg Latency(us)");
        ArrayNode results = doc.putArray("results");
        for (Row r : rows) {
            ObjectNode record = results.addObject();
            record.put("Size", r.size);
            record.put("Avg Latency(us)", r.median);
            ObjectNode s = record.putObject("statistics");
            s.put("median", r.median);
            s.put("medianLow", r.low);
            s.put("medianHigh", r.high);
            s.put("medianCoverage", r.atLevel ? 0.96 : 0.5);
            s.put("medianReachesLevel", r.atLevel);
        }
        Path f = dir.resolve(name);
        Files.writeString(f, JSON.writeValueAsString(doc));
        return f;
    }

    private Path scatter(int ranks, String algorithm, Integer value, Row... rows)
            throws IOException {
        return file("OSUScatter-" + ranks + "-" + algorithm + ".json", "OSUScatter", OPEN_MPI,
                ranks, algorithm, value, 0.95, rows);
    }

    /** What a run printed and returned. */
    record Run(int exit, String out, String err) {
    }

    private static Run tune(Object... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] strings = Arrays.stream(args).map(Object::toString).toArray(String[]::new);
        int exit = TuneCommand.run(strings, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Scatter on 2 and 4 processes: on 2, binomial's interval at 1 byte lies below the
     * default's (switch), at 1024 they overlap (stay); on 4 the default is the fastest.
     */
    private void scatterSweep() throws IOException {
        scatter(2, "ignore", 0, Row.of(1, 10, 0.5), Row.of(1024, 20, 1));
        scatter(2, "basic_linear", 1, Row.of(1, 12, 0.5), Row.of(1024, 25, 1));
        scatter(2, "binomial", 2, Row.of(1, 5, 0.5), Row.of(1024, 19.5, 1));
        scatter(4, "ignore", 0, Row.of(1, 8, 0.5), Row.of(1024, 30, 1));
        scatter(4, "binomial", 2, Row.of(1, 9, 0.5), Row.of(1024, 31, 1));
    }

    @Test
    void choosesTheFastestOnlyWhereItsIntervalLiesBelowTheDefaults() throws Exception {
        scatterSweep();
        Path rules = dir.resolve("rules.txt");
        Run r = tune("--rules", rules, dir);
        assertEquals(0, r.exit, r.err);
        assertEquals("", r.err);
        List<String> rows = r.out.lines().filter(l -> !l.startsWith("#")).toList();
        assertEquals(List.of(
                "          2     1  ignore   binomial  binomial  faster",
                "          2  1024  ignore   binomial  ignore    no difference found",
                "          4     1  ignore   ignore    ignore    no difference found",
                "          4  1024  ignore   ignore    ignore    no difference found"), rows,
                r.out);
        assertTrue(r.out.contains("# Processes  Size  Default  Fastest   Chosen    Verdict"),
                r.out);

        List<OpenMpiRulesTest.Parsed> parsed = OpenMpiRulesTest.parse(Files.readString(rules));
        assertEquals(1, parsed.size());
        assertEquals(15, parsed.get(0).id); // scatter
        assertEquals(List.of(2L, 4L), parsed.get(0).commSizes);
        // P = 2: binomial (2) from 0, then 0, Open MPI's own choice, from 1024; P = 4: 0.
        assertEquals(List.of(List.of(0L, 2L, 0L, 0L), List.of(1024L, 0L, 0L, 0L)),
                parsed.get(0).rules.get(0));
        assertEquals(List.of(List.of(0L, 0L, 0L, 0L)), parsed.get(0).rules.get(1));
    }

    @Test
    void theNumberTheMpiReportedWinsOverTheBuiltInTable() throws Exception {
        // A made-up number (binomial is 2 in Open MPI 4.1's table): the file's must be used.
        scatter(2, "ignore", 0, Row.of(1, 10, 0.5));
        scatter(2, "binomial", 7, Row.of(1, 5, 0.5));
        Path rules = dir.resolve("rules.txt");
        assertEquals(0, tune("--rules", rules, dir).exit);
        assertEquals(List.of(List.of(0L, 7L, 0L, 0L)),
                OpenMpiRulesTest.parse(Files.readString(rules)).get(0).rules.get(0));
    }

    @Test
    void filesWithoutTheNumberFallBackToOpenMpi41sTable() throws Exception {
        scatter(2, "ignore", null, Row.of(1, 10, 0.5));
        scatter(2, "linear_nb", null, Row.of(1, 5, 0.5));
        Path rules = dir.resolve("rules.txt");
        Run r = tune("--rules", rules, dir);
        assertEquals(0, r.exit, r.err);
        assertEquals(List.of(List.of(0L, 3L, 0L, 0L)),
                OpenMpiRulesTest.parse(Files.readString(rules)).get(0).rules.get(0));
    }

    @Test
    void intervalsShortOfTheirLevelKeepTheDefault() throws Exception {
        scatter(2, "ignore", 0, new Row(1, 10, 9.9, 10.1, false));
        scatter(2, "binomial", 2, new Row(1, 1, 0.9, 1.1, false));
        Run r = tune(dir);
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("2     1  ignore   binomial  ignore  too few runs"), r.out);
    }

    @Test
    void mpichGetsItsSelectionJsonWithAStandInForAuto() throws Exception {
        file("a.json", "OSUBcast", MPICH, 2, "auto", 0, 0.95, Row.of(1, 10, 0.5),
                Row.of(65536, 100, 5));
        file("b.json", "OSUBcast", MPICH, 2, "binomial", 1, 0.95, Row.of(1, 5, 0.5),
                Row.of(65536, 101, 5));
        file("c.json", "OSUBcast", MPICH, 2, "scatter_ring_allgather", 5, 0.95,
                Row.of(1, 20, 0.5), Row.of(65536, 99, 5));
        Path json = dir.resolve("mpich.json");
        Run r = tune("--mpich-json", json, dir.resolve("a.json"), dir.resolve("b.json"),
                dir.resolve("c.json"));
        assertEquals(0, r.exit, r.err);
        JsonNode root = JSON.readTree(json.toFile());
        MpichTuningJsonTest.checkTree(root);
        JsonNode two = root.get("collective=bcast").get("comm_type=intra").get("comm_size=any");
        // 1 byte: binomial, significantly faster; 65536: no difference, so auto stays, which
        // the file cannot name: the fastest other algorithm stands in.
        assertEquals(List.of("algorithm=MPIR_Bcast_intra_binomial"),
                MpichTuningJsonTest.keys(two.get("avg_msg_size<=65535")));
        assertEquals(List.of("algorithm=MPIR_Bcast_intra_scatter_ring_allgather"),
                MpichTuningJsonTest.keys(two.get("avg_msg_size=any")));
    }

    @Test
    void theCollectiveComesFromTheBenchmarksName() {
        assertEquals(new SweepFile.Operation("scatter", false),
                SweepFile.operation("OSUScatter"));
        assertEquals(new SweepFile.Operation("allreduce", false),
                SweepFile.operation("OSUAllReduce"));
        assertEquals(new SweepFile.Operation("reduce_scatter_block", false),
                SweepFile.operation("OSUReduceScatterBlock"));
        assertEquals(new SweepFile.Operation("bcast", true), SweepFile.operation("OSUIbcast"));
        assertEquals(new SweepFile.Operation("allreduce", true),
                SweepFile.operation("OSUIallReduce"));
        assertNull(SweepFile.operation("OSULatency"));
        assertNull(SweepFile.operation("Scatter"));
    }

    /** A refusal: exit 2, one line on stderr saying {@code expected}, nothing written. */
    private void refused(String expected, Object... args) {
        Run r = tune(args);
        assertEquals(TuneCommand.BAD_INPUT, r.exit, r.out + r.err);
        assertTrue(r.err.startsWith("Tune: "), r.err);
        assertTrue(r.err.contains(expected), r.err);
        assertEquals(1, r.err.lines().count(), r.err);
        assertFalse(r.err.contains("Exception"), r.err);
        assertEquals("", r.out);
        assertFalse(Files.exists(dir.resolve("out.rules")), "a refusal wrote the rules");
    }

    @Test
    void badCommandLinesAreRefused() throws Exception {
        refused("no PATH; usage:");
        refused("unknown option --fast", "--fast", dir);
        refused("--rules needs a value", dir, "--rules");
        refused("--level takes a number between 0 and 1, got 95", "--level", "95", dir);
        refused("no such file or directory", dir.resolve("missing"));
        refused("no results JSON files in it", dir);
    }

    @Test
    void filesThatAreNoSweepAreRefused() throws Exception {
        Path rules = dir.resolve("out.rules");
        Path csv = dir.resolve("x.csv");
        Files.writeString(csv, "# Size,Latency\n");
        refused("not JSON; give its .json twin", "--rules", rules, csv);
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"format\": \"something\"}");
        refused("not an OMB-J results file", other);
        Path noAlgorithm = file("plain.json", "OSUScatter", OPEN_MPI, 2, "default", null, 0.95,
                Row.of(1, 10, 0.5));
        refused("a run without --algorithm", "--rules", rules, noAlgorithm);
        Path p2p = file("lat.json", "OSULatency", OPEN_MPI, 2, "default", null, 0.95,
                Row.of(1, 10, 0.5));
        refused("OSULatency is not a collective benchmark", p2p);
        ObjectNode doc = (ObjectNode) JSON.readTree(scatter(2, "ignore", 0, Row.of(1, 1, 0.1))
                .toFile());
        ((ObjectNode) doc.get("results").get(0)).putNull("statistics");
        Path bare = dir.resolve("bare.json");
        Files.writeString(bare, JSON.writeValueAsString(doc));
        refused("its rows have no statistics; rerun the sweep with -o DIR", bare);
    }

    @Test
    void sweepsThatCannotMakeOneChoiceAreRefused() throws Exception {
        Path rules = dir.resolve("out.rules");
        Path ignore = scatter(2, "ignore", 0, Row.of(1, 10, 0.5), Row.of(2, 10, 0.5));
        Path binomial = scatter(2, "binomial", 2, Row.of(1, 5, 0.5));
        Path bcast = file("bcast.json", "OSUBcast", OPEN_MPI, 2, "ignore", 0, 0.95,
                Row.of(1, 10, 0.5));
        refused("mixed collectives: scatter", "--rules", rules, ignore, bcast);
        refused("no run of the MPI's own choice", binomial);
        refused("two runs of binomial on 2 processes", ignore, binomial, binomial);
        Path four = scatter(4, "binomial", 2, Row.of(1, 5, 0.5));
        refused("no run of the MPI's own choice (ignore) on 4 processes", ignore, four);
        Path wider = scatter(2, "basic_linear", 1, Row.of(1, 5, 0.5), Row.of(4, 5, 0.5));
        refused("size 4 on 2 processes, where ignore was not measured", ignore, wider);
        refused("below 0.99; rerun the sweep with --level 0.99", "--level", "0.99", ignore);
        Path noLevel = file("nolevel.json", "OSUScatter", OPEN_MPI, 2, "basic_linear", 1,
                Double.NaN, Row.of(1, 5, 0.5));
        refused("no confidence level recorded", ignore, noLevel);
        Path mpich = file("mpich.json", "OSUScatter", MPICH, 2, "binomial", 1, 0.95,
                Row.of(1, 5, 0.5));
        refused("mixed MPI libraries", ignore, mpich);
        refused("--mpich-json: the sweep ran on Open MPI v4.1.4, not MPICH", "--rules", rules,
                "--mpich-json", dir.resolve("x.json"), ignore, binomial);
        assertFalse(Files.exists(dir.resolve("x.json")));
    }

    @Test
    void nonBlockingCollectivesGetATableButNoRulesFile() throws Exception {
        Path rules = dir.resolve("out.rules");
        List<Path> files = new ArrayList<>();
        files.add(file("i0.json", "OSUIbcast", OPEN_MPI, 2, "ignore", 0, 0.95,
                Row.of(1, 10, 0.5)));
        files.add(file("i1.json", "OSUIbcast", OPEN_MPI, 2, "linear", 1, 0.95,
                Row.of(1, 5, 0.5)));
        Run table = tune(files.get(0), files.get(1));
        assertEquals(0, table.exit, table.err);
        assertTrue(table.out.contains("# Tune: ibcast on Open MPI"), table.out);
        refused("--rules: ibcast is non-blocking; Open MPI's rules file holds only the blocking"
                + " collectives", "--rules", rules, files.get(0), files.get(1));
    }
}
