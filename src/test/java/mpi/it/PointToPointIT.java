package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every point-to-point benchmark in both APIs under real mpirun, with validation, checked
 * against C OMB's table format: the preamble, one row per size in order, plausible values,
 * "Pass" everywhere, nothing else on stdout, no JNI warning.
 *
 * <p>The runs but the validation failures go through the suite runner
 * ({@code mpi.suite.OSUSuite}): the runs on 2 ranks share a few launches, those on 4 ranks
 * one ({@link #launch}), each run's table checked as if it had run alone.
 */
class PointToPointIT {
    /** The most runs per launch: a launch stays well under MpiRun's timeout. */
    private static final int PER_LAUNCH = 14;
    /** -f with default iterations: benchmark, API. */
    private static final String[][] FULL = {{"OSULatency", "buffer"}, {"OSULatency", "arrays"},
        {"OSUBandwidth", "buffer"}, {"OSUBandwidth", "arrays"}};
    /** User iterations above 8 KiB: -i, -x. */
    private static final int[] USER_ITERATIONS = {7, 1};
    /** Tail percentiles: benchmark, list (null for the default), API. */
    private static final String[][] TAILS = {{"OSULatency", null, "buffer"},
        {"OSUBandwidth", "50,99.9", "arrays"}, {"OSUMultiLatency", "90", "buffer"}};
    /** Element types: benchmark, API, type, datatype line, first size. */
    private static final String[][] TYPES = {
        {"OSULatency", "buffer", "double", "MPI.DOUBLE", "8"},
        {"OSULatency", "arrays", "char", "MPI.CHAR", "2"},
        {"OSUBandwidth", "arrays", "int", "MPI.INT", "4"},
        {"OSUBandwidth", "buffer", "short", "MPI.SHORT", "2"},
        {"OSUBiBandwidth", "arrays", "long", "MPI.LONG", "8"},
        {"OSUMultiLatency", "arrays", "float", "MPI.FLOAT", "4"},
        // staged non-blocking copies of every array type: bandwidth tests on arrays
        {"OSUBandwidth", "arrays", "short", "MPI.SHORT", "2"},
        {"OSUBandwidth", "arrays", "double", "MPI.DOUBLE", "8"},
        {"OSUBiBandwidth", "arrays", "char", "MPI.CHAR", "2"},
        {"OSUBiBandwidth", "arrays", "float", "MPI.FLOAT", "4"},
    };

    /**
     * A run of the launches, without the JIT warm-up: these runs check tables and data (the
     * warm-up of every benchmark runs in README's "suite all -c", ReadmeCommandsIT).
     */
    private static List<String> entry(String bench, String... args) {
        List<String> entry = new ArrayList<>(List.of("mpi.pt2pt." + bench, "--jit-warmup",
                "off"));
        entry.addAll(List.of(args));
        return entry;
    }

    private static List<String> validated(String bench, String api) {
        List<String> entry = entry(bench, SMALL_RUN);
        entry.addAll(List.of("-a", api));
        return entry;
    }

    private static List<String> full(String bench, String api) {
        return entry(bench, "-f", "--stats", "-m", "8:16384", "-a", api);
    }

    private static List<String> userIterations(int iterations, int warmup) {
        return entry("OSULatency", "-f", "-m", "4096:65536", "-i", Integer.toString(iterations),
                "-x", Integer.toString(warmup));
    }

    private static List<String> tails(String bench, String list, String api) {
        List<String> entry = entry(bench, "-m", "1:1024", "-i", "200", "-x", "5", "-c", "-a", api,
                "-z");
        if (list != null) {
            entry.add(list);
        }
        return entry;
    }

    private static List<String> typed(String bench, String api, String type) {
        return entry(bench, "-c", "-m", "1:16384", "-i", "10", "-x", "2", "-a", api, "-T", type);
    }

    /** Every run of this class on {@code np} ranks that a suite launch takes. */
    private static List<List<String>> launch(int np) {
        List<List<String>> entries = new ArrayList<>();
        for (Arguments a : benchmarks()) {
            Object[] o = a.get();
            if ((int) o[1] == np) {
                entries.add(validated((String) o[0], (String) o[2]));
            }
        }
        if (np == 2) {
            for (String[] f : FULL) {
                entries.add(full(f[0], f[1]));
            }
            entries.add(userIterations(USER_ITERATIONS[0], USER_ITERATIONS[1]));
            for (String[] t : TAILS) {
                entries.add(tails(t[0], t[1], t[2]));
            }
            for (String[] t : TYPES) {
                entries.add(typed(t[0], t[1], t[2]));
            }
        }
        return entries;
    }

    /** What the run {@code entry} on {@code np} ranks printed, from its suite launch. */
    private static MpiRun.Result run(int np, List<String> entry) throws Exception {
        return MpiRun.suite(np, List.of(), MpiRun.jar().toString(), launch(np), PER_LAUNCH)
                .part(entry);
    }
    /** Sizes 1 .. 32 KiB: small and large messages (over OMB's 8 KiB threshold, and the staging-share threshold). */
    private static final String[] SMALL_RUN = {"-c", "-m", "1:32768", "-i", "20", "-x", "3"};

    static List<Arguments> benchmarks() {
        List<Arguments> all = new ArrayList<>();
        for (String api : new String[] {"buffer", "arrays"}) {
            all.add(Arguments.of("OSULatency", 2, api, "Latency Test", "Avg Latency(us)"));
            all.add(Arguments.of("OSUBandwidth", 2, api, "Bandwidth Test", "Bandwidth (MB/s)"));
            all.add(Arguments.of("OSUBiBandwidth", 2, api, "Bi-Directional Bandwidth Test", "Bandwidth (MB/s)"));
            all.add(Arguments.of("OSUMultiLatency", 2, api, "Multi Latency Test", "Latency (us)"));
            all.add(Arguments.of("OSUMultiLatency", 4, api, "Multi Latency Test", "Latency (us)"));
        }
        return all;
    }

    @ParameterizedTest(name = "{0} on {1} ranks, {2} API")
    @MethodSource("benchmarks")
    void validatedRunPrintsOmbTable(String bench, int np, String api, String title, String column)
            throws Exception {
        MpiRun.Result r = run(np, validated(bench, api));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());

        List<String> lines = r.stdoutLines();
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        assertEquals("", lines.get(0), r.all());
        assertEquals("# OSU MPI-Java " + title + " v7.4 (" + api + " API)", lines.get(1), r.all());
        assertEquals("# Datatype: MPI.BYTE.", lines.get(2), r.all());
        assertEquals(String.format("%-10s%18s%18s", "# Size", column, "Validation"), lines.get(3), r.all());
        Pattern row = Pattern.compile("^(\\d+) +(\\d+\\.\\d{2}) +Pass$");
        int expectedSize = 1;
        int rows = 0;
        for (String line : lines.subList(4, lines.size())) {
            if (line.isEmpty()) {
                continue; // the final newline
            }
            Matcher m = row.matcher(line);
            assertTrue(m.matches(), "not a passing row: '" + line + "'\n" + r.all());
            assertEquals(expectedSize, Integer.parseInt(m.group(1)), r.all());
            assertEquals(String.format("%-10d%18.2f%18s", expectedSize, Double.parseDouble(m.group(2)), "Pass"), line);
            assertTrue(Double.parseDouble(m.group(2)) > 0, "a measured value is not positive: " + line);
            expectedSize *= 2;
            rows++;
        }
        assertEquals(16, rows, r.all());
    }

    static List<Arguments> fullRuns() {
        return java.util.Arrays.stream(FULL).map(f -> Arguments.of(f[0], f[1])).toList();
    }

    /**
     * -f and --stats: min, max and the iterations, then the median of rank 0's iterations in
     * its interval, both between the fastest and slowest iteration, N the iterations.
     */
    @ParameterizedTest(name = "{0}, {1} API, -f --stats, default iterations")
    @MethodSource("fullRuns")
    void fullStatisticsAddMinMaxAndIterations(String bench, String api) throws Exception {
        MpiRun.Result r = run(2, full(bench, api));
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdoutLines();
        assertTrue(lines.get(4).startsWith("# Size") && lines.get(4).endsWith("Iterations"
                + StatsColumns.HEADER_END), r.all());
        boolean latency = bench.equals("OSULatency");
        List<StatsColumns.Row> rows = StatsColumns.rows(r);
        for (StatsColumns.Row row : rows) {
            String[] cols = row.cells();
            String line = String.join(" ", cols);
            assertEquals(9, cols.length, line);
            int size = Integer.parseInt(cols[0]);
            double avg = Double.parseDouble(cols[1]);
            double min = Double.parseDouble(cols[2]);
            double max = Double.parseDouble(cols[3]);
            assertTrue(min <= avg && avg <= max, "min <= avg <= max: " + line);
            // C OMB 7.4 defaults: small counts up to 8192 bytes, large ones above.
            int expected = latency ? (size > 8192 ? 1000 : 10000) : (size > 8192 ? 20 : 100);
            assertEquals(expected, Integer.parseInt(cols[4]), "iterations: " + line);
            assertEquals(expected, row.n(), "N: " + line);
            assertTrue(min <= row.low() && row.high() <= max && row.median() > 0,
                    "the median's interval lies between the extreme iterations: " + line);
        }
        assertEquals(12, rows.size(), r.all());
    }

    static List<Arguments> userIterationRuns() {
        return List.of(Arguments.of(USER_ITERATIONS[0], USER_ITERATIONS[1]));
    }

    @ParameterizedTest(name = "user -i {0} -x {1} honoured above 8 KiB")
    @MethodSource("userIterationRuns")
    void userIterationsAreHonouredAtEverySize(int iterations, int warmup) throws Exception {
        MpiRun.Result r = run(2, userIterations(iterations, warmup));
        assertEquals(0, r.exitCode(), r.all());
        List<String> rows = r.stdoutLines().subList(4, 9);
        for (String line : rows) {
            assertTrue(line.endsWith(" " + iterations), "iterations column: " + line);
        }
    }

    @ParameterizedTest(name = "corrupted data fails validation, {0} API")
    @CsvSource({"buffer", "arrays"})
    void corruptedDataShowsFailAndExitsNonZero(String api) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.CorruptingLatency", "-c", "-m", "1:64",
                "-i", "10", "-x", "1", "-a", api, "--jit-warmup", "off");
        assertNotEquals(0, r.exitCode(), r.all());
        List<String> rows = r.stdoutLines().subList(4, 11);
        for (String line : rows) {
            assertTrue(line.matches("^\\d+ +\\d+\\.\\d{2} +Fail$"), "row should fail: '" + line + "'\n" + r.all());
        }
    }

    static List<Arguments> tailRuns() {
        return java.util.Arrays.stream(TAILS).map(t -> Arguments.of(t[0], t[1], t[2])).toList();
    }

    @ParameterizedTest(name = "{0} -z {1}, {2} API")
    @MethodSource("tailRuns")
    void tailPercentilesAddColumns(String bench, String list, String api) throws Exception {
        MpiRun.Result r = run(2, tails(bench, list, api));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        boolean bandwidth = bench.equals("OSUBandwidth");
        String unit = bandwidth ? "Tail BW(MB/s)" : "Tail Lat(us)";
        String[] ps = list == null ? new String[] {"50", "90", "99"} : list.split(",");
        StringBuilder header = new StringBuilder(String.format("%-10s%18s%18s", "# Size",
                bandwidth ? "Bandwidth (MB/s)" : bench.equals("OSULatency") ? "Avg Latency(us)"
                        : "Latency (us)", "Validation"));
        for (String p : ps) {
            String h = "P" + p + " " + unit;
            header.append(String.format("%" + Math.max(18, h.length() + 1) + "s", h));
        }
        List<String> lines = r.stdoutLines();
        assertEquals(header.toString(), lines.get(3), r.all());
        int rows = 0;
        for (String line : lines.subList(4, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] cols = line.trim().split(" +");
            assertEquals(3 + ps.length, cols.length, line);
            assertEquals("Pass", cols[2], line);
            for (int i = 3; i < cols.length; i++) {
                assertTrue(Double.parseDouble(cols[i]) > 0, line);
                if (i > 3) {
                    assertTrue(Double.parseDouble(cols[i - 1]) <= Double.parseDouble(cols[i]),
                            "percentiles rise: " + line);
                }
            }
            rows++;
        }
        assertEquals(11, rows, r.all());
    }

    static List<Arguments> typedRuns() {
        return java.util.Arrays.stream(TYPES).map(t -> Arguments.of(t[0], t[1], t[2], t[3],
                Integer.parseInt(t[4]))).toList();
    }

    @ParameterizedTest(name = "{0} -T {2}, {1} API")
    @MethodSource("typedRuns")
    void datatypeSetsElementsAndIsValidated(String bench, String api, String type,
            String datatype, int first) throws Exception {
        MpiRun.Result r = run(2, typed(bench, api, type));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertEquals("# Datatype: " + datatype + ".", r.stdoutLines().get(2), r.all());
        int expected = first; // sizes stay in bytes: those below one element are not run
        for (String line : r.stdoutLines().subList(4, r.stdoutLines().size())) {
            if (line.isEmpty()) {
                continue;
            }
            assertTrue(line.matches("^" + expected + " +\\d+\\.\\d{2} +Pass$"), line + "\n" + r.all());
            expected *= 2;
        }
        assertEquals(32768, expected, r.all());
    }
}
