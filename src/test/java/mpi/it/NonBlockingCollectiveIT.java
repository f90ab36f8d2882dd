package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every non-blocking collective benchmark in both APIs on 2, 3 and 4 ranks under real
 * mpirun, validated: C OMB's overlap table (overall, compute, pure communication, overlap),
 * one passing row per size; then test calls, in-place forms, roots and full statistics.
 *
 * <p>The runs go through the suite runner ({@code mpi.suite.OSUSuite}): all runs on the same
 * number of ranks in the same API share a few launches ({@link #launch}), each run's table
 * checked as if it had run alone.
 */
class NonBlockingCollectiveIT {
    /**
     * The most runs per launch on 2, 3, 4 ranks: a launch stays well under MpiRun's timeout
     * (a run takes seconds on 2 ranks, up to 20 on 4 oversubscribed ones).
     */
    private static int perLaunch(int np) {
        return np == 2 ? 20 : np == 3 ? 10 : 6;
    }
    private static final String[] SMALL_RUN = {"-c", "-m", "1:4096", "-i", "5", "-x", "1"};
    private static final String[][] BENCHMARKS = {
        // class, title, datatype, first size
        {"OSUIbcast", "Non-blocking Broadcast Latency Test", "MPI.BYTE", "1"},
        {"OSUIreduce", "Non-blocking Reduce Latency Test", "MPI.FLOAT", "4"},
        {"OSUIallReduce", "Non-blocking Allreduce Latency Test", "MPI.FLOAT", "4"},
        {"OSUIgather", "Non-blocking Gather Latency Test", "MPI.BYTE", "1"},
        {"OSUIgatherv", "Non-blocking Gatherv Latency Test", "MPI.BYTE", "1"},
        {"OSUIscatter", "Non-blocking Scatter Latency Test", "MPI.BYTE", "1"},
        {"OSUIscatterv", "Non-blocking Scatterv Latency Test", "MPI.BYTE", "1"},
        {"OSUIallgather", "Non-blocking Allgather Latency Test", "MPI.BYTE", "1"},
        {"OSUIallgatherv", "Non-blocking Allgatherv Latency Test", "MPI.BYTE", "1"},
        {"OSUIalltoall", "Non-blocking All-to-All Personalized Exchange Latency Test", "MPI.BYTE", "1"},
        {"OSUIalltoallv", "Non-blocking All-to-Allv Personalized Exchange Latency Test", "MPI.BYTE", "1"},
        {"OSUIreduceScatter", "Non-blocking Reduce_scatter Latency Test", "MPI.FLOAT", "4"},
    };
    /** Later additions, run on 2 and 3 ranks only: CI time. */
    private static final String[][] ON_2_AND_3_RANKS = {
        // class, title, datatype, first size
        {"OSUIalltoallw", "Non-blocking All-to-Allw Personalized Exchange Latency Test", "MPI.BYTE", "1"},
        {"OSUIreduceScatterBlock", "Non-blocking Reduce_scatter_block Latency Test", "MPI.FLOAT", "4"},
    };
    private static final String HEADER = String.format("%-10s%18s%18s%18s%18s%18s", "# Size",
            "Overall(us)", "Compute(us)", "Pure Comm.(us)", "Overlap(%)", "Validation");
    private static final Pattern ROW = Pattern.compile(
            "^(\\d+) +(\\d+\\.\\d{2}) +(\\d+\\.\\d{2}) +(\\d+\\.\\d{2}) +(\\d+\\.\\d{2}) +Pass$");

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
    private static final String[][] BARRIER = {{"2", "buffer"}, {"3", "arrays"}, {"4", "buffer"}};
    /** Runs with more options: benchmark, ranks, API, options, datatype, first size. */
    private static final String[][] WITH_OPTIONS = {
        {"OSUIbcast", "3", "arrays", "-k rotate -t 4", "MPI.BYTE", "1"},
        {"OSUIreduce", "4", "buffer", "-l -k 3 -T int", "MPI.INT", "4"},
        {"OSUIallReduce", "3", "arrays", "-l -T double -t 2", "MPI.DOUBLE", "8"},
        {"OSUIgather", "3", "arrays", "-l -k rotate", "MPI.BYTE", "1"},
        {"OSUIgatherv", "4", "buffer", "-l -k 2 -T char", "MPI.CHAR", "2"},
        {"OSUIscatter", "3", "buffer", "-l -k 1 -T short", "MPI.SHORT", "2"},
        {"OSUIscatterv", "3", "arrays", "-l -k rotate", "MPI.BYTE", "1"},
        {"OSUIallgather", "4", "arrays", "-l -T long", "MPI.LONG", "8"},
        {"OSUIallgatherv", "3", "buffer", "-l", "MPI.BYTE", "1"},
        {"OSUIalltoall", "3", "buffer", "-l -T float", "MPI.FLOAT", "4"},
        {"OSUIalltoallv", "3", "arrays", "-l -t 8", "MPI.BYTE", "1"},
        {"OSUIreduceScatter", "3", "arrays", "-l -T int", "MPI.INT", "4"},
        {"OSUIreduceScatterBlock", "3", "buffer", "-l -T double -t 2", "MPI.DOUBLE", "8"},
    };
    /** The benchmarks run with -f -z, on 2 ranks in the buffer API. */
    private static final String[] FULL = {"OSUIallReduce", "OSUIbcast"};

    private static List<String> entry(String bench, List<String> args) {
        List<String> entry = new ArrayList<>(List.of("mpi.collective." + bench));
        entry.addAll(args);
        return entry;
    }

    private static List<String> validated(String bench, String api) {
        List<String> args = new ArrayList<>(List.of(SMALL_RUN));
        args.addAll(List.of("-a", api));
        return entry(bench, args);
    }

    private static List<String> barrier(String api) {
        return entry("OSUIbarrier", List.of("-i", "20", "-x", "2", "-a", api, "-t", "3"));
    }

    private static List<String> withOptions(String bench, String api, String more) {
        List<String> args = new ArrayList<>(List.of(SMALL_RUN));
        args.addAll(List.of("-a", api));
        args.addAll(List.of(more.trim().split(" +")));
        return entry(bench, args);
    }

    private static List<String> full(String bench) {
        return entry(bench, List.of("-f", "-z", "-m", "8:16384", "-x", "2", "-i", "30",
                "--stats"));
    }

    /**
     * Every run of this class on {@code np} ranks in API {@code api}: the validated tables,
     * the barrier, the runs with more options, full statistics.
     */
    private static List<List<String>> launch(int np, String api) {
        LaunchPlan plan = new LaunchPlan(np, api)
                .each(BENCHMARKS, b -> validated(b[0], api))
                .each(np <= 3 ? ON_2_AND_3_RANKS : new String[0][], b -> validated(b[0], api))
                .where(BARRIER, 0, b -> barrier(api))
                .where(WITH_OPTIONS, 1, o -> withOptions(o[0], api, o[3]));
        for (String bench : FULL) {
            plan.when(np == 2 && api.equals("buffer"), () -> full(bench));
        }
        return plan.entries();
    }

    /** What the run {@code entry} printed, from the launches of its ranks and API. */
    private static MpiRun.Result run(int np, String api, List<String> entry) throws Exception {
        return MpiRun.suite(np, List.of(), MpiRun.jar().toString(), launch(np, api),
                perLaunch(np))
                .part(LaunchPlan.as(entry));
    }

    /** Asserts the preamble and a passing row per size from {@code first} to 4096, doubling. */
    private static void assertPassingTable(MpiRun.Result r, String title, String api,
            String datatype, int first) {
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = r.stdoutLines();
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        assertEquals(List.of("", "# OSU MPI-Java " + title + " v7.4 (" + api + " API)",
                "# Datatype: " + datatype + ".", HEADER), lines.subList(0, 4), r.all());
        int expected = first;
        for (String line : lines.subList(4, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = ROW.matcher(line);
            assertTrue(m.matches(), "not a passing row: '" + line + "'\n" + r.all());
            assertEquals(expected, Integer.parseInt(m.group(1)), r.all());
            double overall = Double.parseDouble(m.group(2));
            double pure = Double.parseDouble(m.group(4));
            double overlap = Double.parseDouble(m.group(5));
            assertTrue(overall > 0 && pure > 0, "times are measured: " + line);
            assertTrue(overlap >= 0 && overlap <= 100, "overlap is a percentage: " + line);
            expected *= 2;
        }
        assertEquals(8192, expected, "sizes up to 4096\n" + r.all());
    }

    @ParameterizedTest(name = "{0} on {1} ranks, {2} API")
    @MethodSource("benchmarks")
    void validatedRunPrintsOverlapTable(String bench, int np, String api, String title,
            String datatype, int first) throws Exception {
        assertPassingTable(run(np, api, validated(bench, api)), title, api, datatype, first);
    }

    static List<Arguments> barriers() {
        return java.util.Arrays.stream(BARRIER)
                .map(b -> Arguments.of(Integer.parseInt(b[0]), b[1])).toList();
    }

    @ParameterizedTest(name = "OSUIbarrier on {0} ranks, {1} API")
    @MethodSource("barriers")
    void barrierPrintsOneRow(int np, String api) throws Exception {
        MpiRun.Result r = run(np, api, barrier(api));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals("# OSU MPI-Java Non-blocking Barrier Latency Test v7.4 (" + api + " API)",
                lines.get(1), r.all());
        assertTrue(lines.get(2).startsWith("# Overall(us)"), r.all());
        assertTrue(lines.get(3).trim().matches("(\\d+\\.\\d{2} +){3}\\d+\\.\\d{2}"), r.all());
    }

    static List<Arguments> optionRuns() {
        return java.util.Arrays.stream(WITH_OPTIONS).map(o -> Arguments.of(o[0],
                Integer.parseInt(o[1]), o[2], o[3], o[4], Integer.parseInt(o[5]))).toList();
    }

    @ParameterizedTest(name = "{0} {3} on {1} ranks, {2} API")
    @MethodSource("optionRuns")
    void optionsValidate(String bench, int np, String api, String more, String datatype,
            int first) throws Exception {
        String title = java.util.stream.Stream.concat(java.util.Arrays.stream(BENCHMARKS),
                java.util.Arrays.stream(ON_2_AND_3_RANKS)).filter(b -> b[0].equals(bench))
                .findFirst().orElseThrow()[1];
        assertPassingTable(run(np, api, withOptions(bench, api, more)), title, api, datatype,
                first);
    }

    static List<String> fullBenchmarks() {
        return List.of(FULL);
    }

    /** With --stats too: the median of each iteration's Overall averaged over ranks. */
    @ParameterizedTest(name = "{0} -f -z --stats")
    @MethodSource("fullBenchmarks")
    void fullStatisticsAndTails(String bench) throws Exception {
        MpiRun.Result r = run(2, "buffer", full(bench));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(String.format("%-10s%18s%18s%18s%18s%18s%18s%12s%18s%18s%18s", "# Size",
                "Overall(us)", "Compute(us)", "Pure Comm.(us)", "Overlap(%)", "Min Overall(us)",
                "Max Overall(us)", "Iterations", "P50 Tail Lat(us)", "P90 Tail Lat(us)",
                "P99 Tail Lat(us)") + StatsColumns.HEADER_END, r.stdoutLines().get(4), r.all());
        StatsColumns.rows(r, 30);
        for (String line : r.stdoutLines().subList(5, r.stdoutLines().size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] cols = line.trim().split(" +");
            assertEquals(15, cols.length, line);
            double overall = Double.parseDouble(cols[1]);
            double min = Double.parseDouble(cols[5]);
            double max = Double.parseDouble(cols[6]);
            assertTrue(min <= overall && overall <= max, "min <= overall <= max: " + line);
            assertEquals("30", cols[7], line);
            assertTrue(Double.parseDouble(cols[8]) <= Double.parseDouble(cols[10]), "P50 <= P99: " + line);
        }
    }
}
