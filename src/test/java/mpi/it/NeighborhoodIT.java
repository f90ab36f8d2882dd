package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The neighborhood benchmarks under real mpirun with -Xcheck:jni, validated: every program
 * in both APIs, one of the two on the default ring (cart:1:1, 3 ranks) and the other on an
 * irregular graph file (4 ranks, oversubscribed), in turn; and a topology too large for the
 * processes is one usage line and exit 1. Runs are tiny (1 B .. 1 KiB, 5 iterations): the
 * class must stay within a few minutes.
 *
 * <p>The validated runs go through the suite runner ({@code mpi.suite.OSUSuite}): those on
 * the ring share one launch on 3 ranks, those on the graph one on 4 ({@link #launch}), each
 * run's lines (topology lines, then its table) checked as if it had run alone. A topology
 * that does not fit is a launch of its own: its exit code and its one line are the test.
 */
class NeighborhoodIT {
    /** The lines a neighborhood benchmark prints before its table: its topology's. */
    private static final Pattern TOPOLOGY_LINES = Pattern.compile(
            "Dimensions size = .*|Time took to create topology graph:.*");
    /** Every run of a launch: all ten programs on the ring or on the graph. */
    private static final int PER_LAUNCH = 10;
    /** Validated, without the JIT warm-up: these runs check (3 and 4 ranks share 2 cores). */
    private static final String[] SMALL_RUN = {"-c", "-m", "1:1024", "-i", "5", "-x", "1",
        "--jit-warmup", "off"};
    private static final String GRAPH = Path.of("src/test/resources/mpi/neighborhood/graph4.txt")
            .toAbsolutePath().toString();
    private static final String[][] BENCHMARKS = {
        // class, title
        {"OSUNeighborAllgather", "Neighborhood Allgather Latency Test"},
        {"OSUNeighborAllgatherv", "Neighborhood Allgatherv Latency Test"},
        {"OSUNeighborAlltoall", "Neighborhood Alltoall Latency Test"},
        {"OSUNeighborAlltoallv", "Neighborhood All-to-Allv Latency Test"},
        {"OSUNeighborAlltoallw", "Neighborhood All-to-Allw Latency Test"},
        {"OSUIneighborAllgather", "Non-blocking Neighborhood Allgather Latency Test"},
        {"OSUIneighborAllgatherv", "Non-blocking Neighborhood Allgatherv Latency Test"},
        {"OSUIneighborAlltoall", "Non-blocking Neighborhood Alltoall Latency Test"},
        {"OSUIneighborAlltoallv", "Non-blocking Neighborhood All-to-Allv Latency Test"},
        {"OSUIneighborAlltoallw", "Non-blocking Neighborhood All-to-Allw Latency Test"},
    };

    /** Each program in both APIs, the ring with one and the graph with the other, in turn. */
    static List<Arguments> runs() {
        List<Arguments> all = new ArrayList<>();
        for (int i = 0; i < BENCHMARKS.length; i++) {
            boolean ringFirst = i % 2 == 0;
            all.add(Arguments.of(BENCHMARKS[i][0], BENCHMARKS[i][1], "buffer", ringFirst));
            all.add(Arguments.of(BENCHMARKS[i][0], BENCHMARKS[i][1], "arrays", !ringFirst));
        }
        return all;
    }

    /** A validated run of {@code bench} in {@code api}, on the ring or on the graph. */
    private static List<String> entry(String bench, String api, boolean ring) {
        List<String> entry = new ArrayList<>(List.of("mpi.neighborhood." + bench));
        entry.addAll(List.of(SMALL_RUN));
        entry.addAll(List.of("-a", api));
        if (!ring) {
            entry.addAll(List.of("-N", "graph:" + GRAPH));
        }
        return entry;
    }

    /** The runs of {@link #runs} on the ring (3 ranks) or on the graph (4 ranks). */
    private static List<List<String>> launch(boolean ring) {
        return runs().stream().map(Arguments::get)
                .filter(a -> (boolean) a[3] == ring)
                .map(a -> entry((String) a[0], (String) a[2], ring)).toList();
    }

    @ParameterizedTest(name = "{0}, {2} API, ring {3}")
    @MethodSource("runs")
    void validatedRunPrintsTopologyLinesAndPassingTable(String bench, String title, String api,
            boolean ring) throws Exception {
        MpiRun.Result r = MpiRun.suite(ring ? 3 : 4, List.of(), MpiRun.jar().toString(),
                launch(ring), PER_LAUNCH, TOPOLOGY_LINES).part(entry(bench, api, ring));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        List<String> lines = new ArrayList<>(r.stdoutLines());
        if (ring) {
            assertEquals("Dimensions size = 3 ", lines.remove(0), r.all());
        }
        assertTrue(lines.remove(0)
                .matches("Time took to create topology graph:\\d+\\.\\d{2} us\\."), r.all());
        boolean nonBlocking = bench.startsWith("OSUI");
        String header = nonBlocking
                ? String.format("%-10s%18s%18s%18s%18s%18s", "# Size", "Overall(us)",
                        "Compute(us)", "Pure Comm.(us)", "Overlap(%)", "Validation")
                : String.format("%-10s%18s%18s", "# Size", "Avg Latency(us)", "Validation");
        assertEquals(List.of("", "# OSU MPI-Java " + title + " v7.4 (" + api + " API)",
                "# Datatype: MPI.BYTE.", header), lines.subList(0, 4), r.all());
        Pattern row = Pattern.compile(nonBlocking
                ? "^(\\d+)( +\\d+\\.\\d{2}){4} +Pass$" : "^(\\d+) +\\d+\\.\\d{2} +Pass$");
        List<String> rows = lines.subList(4, lines.size()).stream().filter(l -> !l.isEmpty())
                .collect(Collectors.toList());
        int expected = 1;
        for (String line : rows) {
            var m = row.matcher(line);
            assertTrue(m.matches(), "not a passing row: '" + line + "'\n" + r.all());
            assertEquals(expected, Integer.parseInt(m.group(1)), r.all());
            expected *= 2;
        }
        assertEquals(2048, expected, "sizes 1 .. 1024\n" + r.all());
    }

    @ParameterizedTest(name = "{0} {2} on {1} ranks")
    @CsvSource({
        "OSUNeighborAlltoall,   4, -N cart:2:1,     -N cart:2:1 needs at least 3 processes along"
            + " each dimension; 4 processes make a grid of 2 x 2",
        "OSUIneighborAllgather, 2, -c,              -N cart:1:1 needs at least 3 processes along"
            + " each dimension; 2 processes make a grid of 2",
        "OSUNeighborAllgatherv, 3, -N graph:GRAPH, line 5: rank 3 does not exist: 3 processes"
            + " (ranks 0..2)",
    })
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void aTopologyThatDoesNotFitIsOneUsageLine(String bench, int np, String args, String named)
            throws Exception {
        String[] argv = args.replace("GRAPH", GRAPH).trim().split(" +");
        MpiRun.Result r = MpiRun.run(np, "mpi.neighborhood." + bench, argv);
        assertEquals(1, r.exitCode(), r.all());
        List<String> ours = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith(bench + ": ")).collect(Collectors.toList());
        assertEquals(1, ours.size(), "exactly one error line\n" + r.all());
        assertTrue(ours.get(0).contains(named), ours.get(0));
        assertFalse(r.all().contains("Exception") || r.all().contains("\tat "),
                "no stack trace\n" + r.all());
        assertEquals("", r.stdout().trim(), "no table\n" + r.all());
    }
}
