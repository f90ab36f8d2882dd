package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every blocking collective benchmark in both APIs on 2, 3 and 4 ranks under real mpirun
 * (4 ranks oversubscribe a 2-core machine: MpiRun lets idle ranks yield), validated, checked
 * against C OMB's table format; then the collective options (in place, rotating and fixed
 * roots, element types, full statistics, tail percentiles, the memory limit) and a
 * validation failure.
 *
 * <p>The runs but the validation failures go through the suite runner
 * ({@code mpi.suite.OSUSuite}): all runs on the same number of ranks in the same API share a
 * few launches ({@link #launch}), each run's table checked as if it had run alone.
 */
class CollectiveIT {
    /** Sizes 1 B .. 4 KiB, few iterations: fast, yet every size validated. */
    private static final String[] SMALL_RUN = {"-c", "-m", "1:4096", "-i", "5", "-x", "1"};
    private static final String[][] BENCHMARKS = {
        // class, title, datatype, first size
        {"OSUAllgather", "Allgather Latency Test", "MPI.BYTE", "1"},
        {"OSUAllgatherv", "Allgatherv Latency Test", "MPI.BYTE", "1"},
        {"OSUAllReduce", "Allreduce Latency Test", "MPI.FLOAT", "4"},
        {"OSUAlltoall", "All-to-All Personalized Exchange Latency Test", "MPI.BYTE", "1"},
        {"OSUAlltoallv", "All-to-Allv Personalized Exchange Latency Test", "MPI.BYTE", "1"},
        {"OSUBcast", "Broadcast Latency Test", "MPI.BYTE", "1"},
        {"OSUGather", "Gather Latency Test", "MPI.BYTE", "1"},
        {"OSUGatherv", "Gatherv Latency Test", "MPI.BYTE", "1"},
        {"OSUReduce", "Reduce Latency Test", "MPI.FLOAT", "4"},
        {"OSUReduceScatter", "Reduce_scatter Latency Test", "MPI.FLOAT", "4"},
        {"OSUReduceScatterBlock", "Reduce_scatter_block Latency Test", "MPI.FLOAT", "4"},
        {"OSUScatter", "Scatter Latency Test", "MPI.BYTE", "1"},
        {"OSUScatterv", "Scatterv Latency Test", "MPI.BYTE", "1"},
    };
    /** Later additions, run on 2 and 3 ranks only: CI time. */
    private static final String[][] ON_2_AND_3_RANKS = {
        // class, title, datatype, first size
        {"OSUAlltoallw", "All-to-Allw Personalized Exchange Latency Test", "MPI.BYTE", "1"},
    };

    static List<Arguments> benchmarks() {
        List<Arguments> all = new ArrayList<>();
        for (int np = 2; np <= 4; np++) {
            for (String api : new String[] {"buffer", "arrays"}) {
                for (String[] b : BENCHMARKS) {
                    all.add(Arguments.of(b[0], np, api, b[1], b[2], Integer.parseInt(b[3])));
                }
                for (String[] b : np <= 3 ? ON_2_AND_3_RANKS : new String[0][]) {
                    all.add(Arguments.of(b[0], np, api, b[1], b[2], Integer.parseInt(b[3])));
                }
            }
        }
        return all;
    }

    /** The barrier's runs: ranks, API. */
    private static final String[][] BARRIER = {{"2", "buffer"}, {"2", "arrays"},
        {"3", "buffer"}, {"3", "arrays"}, {"4", "buffer"}, {"4", "arrays"}};
    /** In-place runs: benchmark, ranks, API, more options. */
    private static final String[][] IN_PLACE = {
        {"OSUAllgather", "3", "buffer", "-T int"},
        {"OSUAllgatherv", "3", "arrays", "-T char"},
        {"OSUAllReduce", "3", "arrays", "-T double"},
        {"OSUAlltoall", "3", "arrays", "-T short"},
        {"OSUAlltoallv", "4", "buffer", "-T long"},
        {"OSUGather", "3", "buffer", "-k 2"},
        {"OSUGatherv", "4", "arrays", "-k rotate"},
        {"OSUReduce", "3", "buffer", "-k rotate -T int"},
        {"OSUReduceScatter", "3", "arrays", "-T char"},
        {"OSUReduceScatterBlock", "3", "buffer", "-T byte"},
        {"OSUScatter", "4", "arrays", "-k rotate -T float"},
        {"OSUScatterv", "3", "buffer", "-k 1"},
    };
    /** Roots and types: benchmark, ranks, API, more options, datatype, first size. */
    private static final String[][] ROOTS_AND_TYPES = {
        {"OSUBcast", "3", "arrays", "-k rotate", "MPI.BYTE", "1"},
        {"OSUBcast", "4", "buffer", "-k 3 -T double", "MPI.DOUBLE", "8"},
        {"OSUReduce", "3", "arrays", "-k rotate -T char", "MPI.CHAR", "2"},
        {"OSUReduce", "4", "buffer", "-k 2 -T long", "MPI.LONG", "8"},
        {"OSUGatherv", "3", "buffer", "-k rotate -T int", "MPI.INT", "4"},
        {"OSUScatter", "3", "buffer", "-k 2 -T short", "MPI.SHORT", "2"},
        {"OSUScatterv", "4", "arrays", "-k rotate -T double", "MPI.DOUBLE", "8"},
        {"OSUAllReduce", "2", "arrays", "-T int", "MPI.INT", "4"},
        {"OSUAllReduce", "3", "buffer", "-T byte", "MPI.BYTE", "1"},
        {"OSUAlltoallv", "3", "arrays", "-T float", "MPI.FLOAT", "4"},
        {"OSUAllgather", "4", "arrays", "-T char", "MPI.CHAR", "2"},
    };
    /** Full statistics and tails: benchmark, ranks, API. */
    private static final String[][] FULL = {{"OSUAllReduce", "3", "buffer"},
        {"OSUAlltoall", "3", "arrays"}};
    /** The barrier with -f -z, in the buffer API: ranks. */
    private static final int[] BARRIER_FULL = {2, 3};
    /** User iterations above 8 KiB, on 2 ranks in the buffer API: -i, -x. */
    private static final int[] USER_ITERATIONS = {7, 1};
    /** The memory limit's run, in the buffer API. */
    private static final int MEMORY_LIMIT_RANKS = 4;

    /**
     * The most runs per launch on 2, 3, 4 ranks: a launch stays well under MpiRun's timeout.
     */
    private static int perLaunch(int np) {
        return np == 2 ? 30 : np == 3 ? 15 : 8;
    }

    private static List<String> entry(String bench, String... args) {
        List<String> entry = new ArrayList<>(List.of("mpi.collective." + bench));
        entry.addAll(Arrays.asList(args));
        return entry;
    }

    private static List<String> validated(String bench, String api) {
        return entry(bench, args(SMALL_RUN, "-a", api));
    }

    private static List<String> barrier(String api) {
        return entry("OSUBarrier", "-i", "20", "-x", "2", "-a", api);
    }

    private static List<String> inPlace(String bench, String api, String more) {
        return entry(bench, args(SMALL_RUN, args(new String[] {"-l", "-a", api},
                more.trim().split(" +"))));
    }

    private static List<String> rootsAndTypes(String bench, String api, String more) {
        return entry(bench, args(SMALL_RUN, args(new String[] {"-a", api},
                more.trim().split(" +"))));
    }

    private static List<String> full(String bench, String api) {
        return entry(bench, "-f", "-z", "50,99.9", "-m", "4:16384", "-a", api, "-x", "5");
    }

    private static List<String> barrierFull() {
        return entry("OSUBarrier", "-f", "-z", "-i", "200", "--stats");
    }

    private static List<String> userIterations(int iterations, int warmup) {
        return entry("OSUBcast", "-f", "-m", "4096:65536", "-i", Integer.toString(iterations),
                "-x", Integer.toString(warmup));
    }

    private static List<String> memoryLimit() {
        // Gather on 4 ranks: size + 4 x size bytes per rank; 40960 allows up to 8192
        return entry("OSUGather", "-M", "40960", "-m", "1024:65536", "-c", "-i", "5", "-x", "1");
    }

    /** Every run of this class on {@code np} ranks in API {@code api} (no -a: buffer). */
    private static List<List<String>> launch(int np, String api) {
        boolean buffer = api.equals("buffer");
        return new LaunchPlan(np, api)
                .each(BENCHMARKS, b -> validated(b[0], api))
                .each(np <= 3 ? ON_2_AND_3_RANKS : new String[0][], b -> validated(b[0], api))
                .where(BARRIER, 0, b -> barrier(api))
                .where(IN_PLACE, 1, o -> inPlace(o[0], api, o[3]))
                .where(ROOTS_AND_TYPES, 1, o -> rootsAndTypes(o[0], api, o[3]))
                .where(FULL, 1, o -> full(o[0], api))
                .when(buffer && Arrays.stream(BARRIER_FULL).anyMatch(n -> n == np),
                        CollectiveIT::barrierFull)
                .when(buffer && np == 2,
                        () -> userIterations(USER_ITERATIONS[0], USER_ITERATIONS[1]))
                .when(buffer && np == MEMORY_LIMIT_RANKS, CollectiveIT::memoryLimit)
                .entries();
    }

    /** What the run {@code entry} printed, from the launches of its ranks and API. */
    private static MpiRun.Result run(int np, String api, List<String> entry) throws Exception {
        return MpiRun.suite(np, List.of(), MpiRun.jar().toString(), launch(np, api),
                perLaunch(np)).part(LaunchPlan.as(entry));
    }

    private static String[] args(String[] base, String... more) {
        List<String> all = new ArrayList<>(Arrays.asList(base));
        all.addAll(Arrays.asList(more));
        return all.toArray(new String[0]);
    }

    /** The rows after the four preamble lines, without the final empty line. */
    private static List<String> rows(MpiRun.Result r) {
        List<String> lines = r.stdoutLines();
        return lines.subList(4, lines.size()).stream().filter(l -> !l.isEmpty())
                .collect(Collectors.toList());
    }

    /**
     * Asserts a validated table: the preamble, a passing row per size from {@code first} to
     * 4096 doubling, exit 0 and no warning.
     */
    private static void assertPassingTable(MpiRun.Result r, String title, String api,
            String datatype, int first) {
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = r.stdoutLines();
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        assertEquals("", lines.get(0), r.all());
        assertEquals("# OSU MPI-Java " + title + " v7.4 (" + api + " API)", lines.get(1), r.all());
        assertEquals("# Datatype: " + datatype + ".", lines.get(2), r.all());
        assertEquals(String.format("%-10s%18s%18s", "# Size", "Avg Latency(us)", "Validation"),
                lines.get(3), r.all());
        Pattern row = Pattern.compile("^(\\d+) +(\\d+\\.\\d{2}) +Pass$");
        int expected = first;
        for (String line : rows(r)) {
            Matcher m = row.matcher(line);
            assertTrue(m.matches(), "not a passing row: '" + line + "'\n" + r.all());
            assertEquals(expected, Integer.parseInt(m.group(1)), r.all());
            double value = Double.parseDouble(m.group(2));
            assertEquals(String.format("%-10d%18.2f%18s", expected, value, "Pass"), line);
            assertTrue(value >= 0, line);
            expected *= 2;
        }
        assertEquals(8192, expected, "sizes up to 4096\n" + r.all());
    }

    @ParameterizedTest(name = "{0} on {1} ranks, {2} API")
    @MethodSource("benchmarks")
    void validatedRunPrintsOmbTable(String bench, int np, String api, String title,
            String datatype, int first) throws Exception {
        MpiRun.Result r = run(np, api, validated(bench, api));
        assertPassingTable(r, title, api, datatype, first);
    }

    static List<Arguments> barriers() {
        return Arrays.stream(BARRIER).map(b -> Arguments.of(Integer.parseInt(b[0]), b[1]))
                .toList();
    }

    @ParameterizedTest(name = "OSUBarrier on {0} ranks, {1} API")
    @MethodSource("barriers")
    void barrierPrintsOneValueAsOsuBarrier(int np, String api) throws Exception {
        MpiRun.Result r = run(np, api, barrier(api));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals(List.of("", "# OSU MPI-Java Barrier Latency Test v7.4 (" + api + " API)",
                "# Avg Latency(us)"), lines.subList(0, 3), r.all());
        assertEquals(1, rows(lines.subList(0, lines.size()), 3).size(), r.all());
        String value = lines.get(3);
        assertTrue(value.matches("^ +\\d+\\.\\d{2}$") && value.length() >= 17, value);
    }

    private static List<String> rows(List<String> lines, int from) {
        return lines.subList(from, lines.size()).stream().filter(l -> !l.isEmpty())
                .collect(Collectors.toList());
    }

    static List<Arguments> inPlaceRuns() {
        return Arrays.stream(IN_PLACE).map(o -> Arguments.of(o[0], Integer.parseInt(o[1]), o[2],
                o[3])).toList();
    }

    @ParameterizedTest(name = "{0} -l {3} on {1} ranks, {2} API")
    @MethodSource("inPlaceRuns")
    void inPlaceFormsValidate(String bench, int np, String api, String more) throws Exception {
        MpiRun.Result r = run(np, api, inPlace(bench, api, more));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> rows = rows(r);
        assertTrue(rows.size() >= 10, r.all());
        for (String line : rows) {
            assertTrue(line.matches("^\\d+ +\\d+\\.\\d{2} +Pass$"), line + "\n" + r.all());
        }
    }

    static List<Arguments> rootAndTypeRuns() {
        return Arrays.stream(ROOTS_AND_TYPES).map(o -> Arguments.of(o[0], Integer.parseInt(o[1]),
                o[2], o[3], o[4], Integer.parseInt(o[5]))).toList();
    }

    @ParameterizedTest(name = "{0} {3} on {1} ranks, {2} API")
    @MethodSource("rootAndTypeRuns")
    void rootsAndTypesValidate(String bench, int np, String api, String more, String datatype,
            int first) throws Exception {
        MpiRun.Result r = run(np, api, rootsAndTypes(bench, api, more));
        String title = Arrays.stream(BENCHMARKS).filter(b -> b[0].equals(bench)).findFirst()
                .orElseThrow()[1];
        assertPassingTable(r, title, api, datatype, first);
    }

    static List<Arguments> fullRuns() {
        return Arrays.stream(FULL).map(o -> Arguments.of(o[0], Integer.parseInt(o[1]), o[2]))
                .toList();
    }

    @ParameterizedTest(name = "{0} -f -z on {1} ranks, {2} API")
    @MethodSource("fullRuns")
    void fullStatisticsAndTailPercentiles(String bench, int np, String api) throws Exception {
        MpiRun.Result r = run(np, api, full(bench, api));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertEquals(String.format("%-10s%18s%18s%18s%12s%18s%19s", "# Size", "Avg Latency(us)",
                "Min Latency(us)", "Max Latency(us)", "Iterations", "P50 Tail Lat(us)",
                "P99.9 Tail Lat(us)"), r.stdoutLines().get(3), r.all());
        List<String> rows = rows(r);
        assertEquals(13, rows.size(), r.all());
        for (String line : rows) {
            String[] cols = line.trim().split(" +");
            assertEquals(7, cols.length, line);
            int size = Integer.parseInt(cols[0]);
            double avg = Double.parseDouble(cols[1]);
            double min = Double.parseDouble(cols[2]);
            double max = Double.parseDouble(cols[3]);
            assertTrue(min <= avg && avg <= max, "min <= avg <= max over ranks: " + line);
            // C OMB 7.4 defaults: 1000 up to 8192 bytes, 100 above
            assertEquals(size > 8192 ? 100 : 1000, Integer.parseInt(cols[4]), line);
            double p50 = Double.parseDouble(cols[5]);
            double p999 = Double.parseDouble(cols[6]);
            assertTrue(0 < p50 && p50 <= p999, "P50 <= P99.9: " + line);
        }
    }

    static java.util.stream.IntStream barrierFullRanks() {
        return Arrays.stream(BARRIER_FULL);
    }

    /** With --stats too: the median of the calls' times averaged over ranks, N = -i. */
    @ParameterizedTest(name = "OSUBarrier -f -z --stats on {0} ranks")
    @MethodSource("barrierFullRanks")
    void barrierFullAndTails(int np) throws Exception {
        MpiRun.Result r = run(np, "buffer", barrierFull());
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals("# Avg Latency(us)   Min Latency(us)   Max Latency(us)  Iterations"
                + "  P50 Tail Lat(us)  P90 Tail Lat(us)  P99 Tail Lat(us)"
                + StatsColumns.HEADER_END, lines.get(3), r.all());
        List<StatsColumns.Row> rows = StatsColumns.rows(r, 200);
        assertEquals(1, rows.size(), r.all());
        String[] cols = rows.get(0).cells();
        assertEquals(11, cols.length, r.all());
        assertEquals("200", cols[3], r.all());
    }

    static List<Arguments> userIterationRuns() {
        return List.of(Arguments.of(USER_ITERATIONS[0], USER_ITERATIONS[1]));
    }

    @ParameterizedTest(name = "user -i {0} -x {1} honoured above 8 KiB")
    @MethodSource("userIterationRuns")
    void userIterationsAreHonouredAtEverySize(int iterations, int warmup) throws Exception {
        MpiRun.Result r = run(2, "buffer", userIterations(iterations, warmup));
        assertEquals(0, r.exitCode(), r.all());
        List<String> rows = rows(r);
        assertEquals(5, rows.size(), r.all());
        for (String line : rows) {
            assertTrue(line.endsWith(" " + iterations), "iterations column: " + line);
        }
    }

    static java.util.stream.IntStream memoryLimitRanks() {
        return java.util.stream.IntStream.of(MEMORY_LIMIT_RANKS);
    }

    @ParameterizedTest(name = "-M skips sizes on {0} ranks")
    @MethodSource("memoryLimitRanks")
    void sizesOverTheMemoryLimitAreSkippedWithOneMessage(int np) throws Exception {
        MpiRun.Result r = run(np, "buffer", memoryLimit());
        assertEquals(0, r.exitCode(), r.all());
        List<String> skipped = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith("OSUGather: ")).collect(Collectors.toList());
        assertEquals(List.of("OSUGather: skipped message sizes 16384, 32768, 65536: their buffers"
                + " would exceed the memory limit of 40960 bytes per process (-M)"), skipped,
                r.all());
        List<String> rows = rows(r);
        assertEquals(List.of("1024", "2048", "4096", "8192"), rows.stream()
                .map(l -> l.split(" +")[0]).collect(Collectors.toList()), r.all());
    }

    @ParameterizedTest(name = "corrupted data fails validation, {0} API, {1} ranks, {2}")
    @CsvSource({"buffer,2,byte,7", "arrays,3,int,5"})
    void corruptedDataShowsFailAndExitsNonZero(String api, int np, String type, int sizes)
            throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(np, "mpi.it.CorruptingGather", "-c",
                "-m", "1:64", "-i", "5", "-x", "1", "-a", api, "-k", "rotate", "-T", type);
        assertNotEquals(0, r.exitCode(), r.all());
        List<String> rows = rows(r);
        assertEquals(sizes, rows.size(), r.all());
        for (String line : rows) {
            assertTrue(line.matches("^\\d+ +\\d+\\.\\d{2} +Fail$"), "row should fail: '" + line
                    + "'\n" + r.all());
        }
    }
}
