package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * OSULatencyMultiThread (osu_latency_mt) under real mpirun with -Xcheck:jni: both APIs, one,
 * several sender and several receiver threads, validation, bad input, and its C twin.
 *
 * <p>The runs of every mode share one launch of the suite runner ({@code mpi.suite.OSUSuite},
 * which starts MPI with {@code MPI.THREAD_MULTIPLE} for them), each run's table checked as if
 * it had run alone. Bad input and help are launches of their own.
 */
class LatencyMultiThreadIT {
    private static final String MAIN = "mpi.pt2pt.OSULatencyMultiThread";
    private static final List<String> SIZES = List.of("1", "2", "4", "8");
    /** The modes: API, threads, -c or -f. */
    private static final String[][] MODES = {{"buffer", "1", "-c"}, {"arrays", "1", "-c"},
        {"buffer", "2:2", "-c"}, {"arrays", "2:2", "-c"}, {"buffer", "4", "-f"},
        {"arrays", "4", "-f"}};

    /** With -f, --stats too; without the JIT warm-up (4 threads share 2 cores: its cap). */
    private static List<String> entry(String api, String threads, String extra) {
        List<String> entry = new java.util.ArrayList<>(List.of(MAIN, "-a", api, "-t", threads,
                extra, "-m", "8", "-i", "10", "-x", "2", "--jit-warmup", "off"));
        if (extra.equals("-f")) {
            entry.add("--stats");
        }
        return entry;
    }

    static List<Arguments> modes() {
        return Arrays.stream(MODES).map(m -> Arguments.of(m[0], m[1], m[2])).toList();
    }

    @ParameterizedTest(name = "-a {0} -t {1} {2}")
    @MethodSource("modes")
    void measuresEveryMode(String api, String threads, String extra) throws Exception {
        boolean validate = extra.equals("-c");
        List<List<String>> entries = Arrays.stream(MODES)
                .map(m -> entry(m[0], m[1], m[2])).toList();
        MpiRun.Result r = MpiRun.suite(2, List.of(), MpiRun.jar().toString(), entries,
                entries.size()).part(entry(api, threads, extra));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        String senders = threads.contains(":") ? threads.split(":")[0] : "1";
        String receivers = threads.contains(":") ? threads.split(":")[1] : threads;
        List<String> lines = r.stdoutLines();
        assertEquals("", lines.get(0), r.all());
        assertEquals("# OSU MPI-Java Multi-threaded Latency Test v7.4 (" + api + " API)",
                lines.get(1), r.all());
        assertEquals("# Datatype: MPI.BYTE.", lines.get(2), r.all());
        assertEquals("# Number of Sender threads: " + senders, lines.get(3), r.all());
        assertEquals("# Number of Receiver threads: " + receivers, lines.get(4), r.all());
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        String header = validate ? String.format("%-10s%18s%18s", "# Size", "Avg Latency(us)",
                "Validation") : String.format("%-10s%18s%18s%18s%12s", "# Size",
                "Avg Latency(us)", "Min Latency(us)", "Max Latency(us)", "Iterations")
                + StatsColumns.HEADER_END;
        int at = validate ? 5 : 6; // --stats: a # Statistics: line before the header
        assertEquals(header, lines.get(at), r.all());
        if (!validate) { // rank 0's round trips, halved: between the fastest and the slowest
            for (StatsColumns.Row row : StatsColumns.rows(r, 10)) {
                assertTrue(Double.parseDouble(row.cells()[2]) <= row.low()
                        && row.high() <= Double.parseDouble(row.cells()[3]),
                        String.join(" ", row.cells()));
            }
        }
        List<String> rows = lines.subList(at + 1, lines.size()).stream()
                .filter(l -> !l.isEmpty()).toList();
        assertEquals(SIZES, rows.stream().map(l -> l.split("\\s+")[0]).toList(), r.all());
        for (String row : rows) {
            String[] cells = row.trim().split("\\s+");
            assertTrue(Double.parseDouble(cells[1]) > 0, row);
            if (validate) {
                assertEquals("Pass", cells[2], row);
            } else {
                double min = Double.parseDouble(cells[2]);
                double max = Double.parseDouble(cells[3]);
                assertTrue(0 < min && min <= max, row);
                assertEquals("10", cells[4], row);
            }
        }
    }

    @ParameterizedTest(name = "{0} on {1} ranks")
    @CsvSource(delimiter = '|', value = {
        "-t 0          | 2 | '0'",
        "-t 128        | 2 | '128'",
        "-t 1:2:3      | 2 | '1:2:3'",
        "-t two        | 2 | 'two'",
        "-t 1:2 -c     | 2 | -t 1:2",
        "-c            | 2 | -t 1:2",
        "              | 3 | 3",
    })
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void rejectsBadInputWithOneLine(String args, int np, String named) throws Exception {
        String[] argv = args == null ? new String[0] : args.trim().split("\\s+");
        MpiRun.Result r = MpiRun.run(np, MAIN, argv);
        assertEquals(1, r.exitCode(), r.all());
        List<String> errors = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith("OSULatencyMultiThread: ")).toList();
        assertEquals(1, errors.size(), r.all());
        assertTrue(errors.get(0).contains(named), r.all());
        assertFalse(r.stderr().contains("\tat "), r.all());
    }

    @Test
    void helpListsTheThreadOption() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MAIN, "-h");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("-t,--num-threads <R|S:R>"), r.all());
        assertFalse(r.stdout().contains("num-test-calls"), r.all());
    }

    @Test
    void theCTwinPrintsTheSameTable() throws Exception {
        MpiRun.Result r = MpiRun.runNative(2, "osu_latency_mt", "-t", "2:2", "-m", "8", "-i",
                "10", "-x", "2");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals("# OSU MPI Multi-threaded Latency Test v7.4", lines.get(1), r.all());
        assertEquals("# Number of Sender threads: 2", lines.get(3), r.all());
        assertEquals("# Number of Receiver threads: 2", lines.get(4), r.all());
        List<String> rows = lines.subList(6, lines.size()).stream().filter(l -> !l.isEmpty()).toList();
        assertEquals(SIZES, rows.stream().map(l -> l.split("\\s+")[0]).toList(), r.all());
    }
}
