package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The persistent point-to-point benchmarks in both APIs under real mpirun, with validation:
 * the preamble, one passing row per size in order, no JNI warning; datatypes, windows and
 * full statistics; and a stale persistent send caught by validation.
 */
class PersistentPointToPointIT {
    /** Sizes 1 .. 32 KiB: small and large messages, below and above the staging-share threshold. */
    private static final String[] SMALL_RUN = {"-c", "-m", "1:32768", "-i", "20", "-x", "3"};

    static List<Arguments> benchmarks() {
        List<Arguments> all = new ArrayList<>();
        for (String api : new String[] {"buffer", "arrays"}) {
            all.add(Arguments.of("OSULatencyPersistent", api, "Latency Persistent Test", "Avg Latency(us)"));
            all.add(Arguments.of("OSUBandwidthPersistent", api, "Bandwidth Persistent Test", "Bandwidth (MB/s)"));
            all.add(Arguments.of("OSUBiBandwidthPersistent", api, "Bi-Directional Bandwidth Persistent Test",
                    "Bandwidth (MB/s)"));
        }
        return all;
    }

    @ParameterizedTest(name = "{0}, {1} API")
    @MethodSource("benchmarks")
    void validatedRunPrintsOmbTable(String bench, String api, String title, String column)
            throws Exception {
        List<String> args = new ArrayList<>(List.of(SMALL_RUN));
        args.addAll(List.of("-a", api));
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt." + bench, args.toArray(new String[0]));
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
        for (String line : lines.subList(4, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = row.matcher(line);
            assertTrue(m.matches(), "not a passing row: '" + line + "'\n" + r.all());
            assertEquals(expectedSize, Integer.parseInt(m.group(1)), r.all());
            assertTrue(Double.parseDouble(m.group(2)) > 0, "a measured value is not positive: " + line);
            expectedSize *= 2;
        }
        assertEquals(65536, expectedSize, "16 rows\n" + r.all());
    }

    @ParameterizedTest(name = "{0} -T {2} -W {3}, {1} API")
    @CsvSource({
        "OSULatencyPersistent,     buffer, double, 64, MPI.DOUBLE, 8",
        "OSUBandwidthPersistent,   arrays, int,    8,  MPI.INT,    4",
        "OSUBiBandwidthPersistent, arrays, long,   5,  MPI.LONG,   8",
    })
    void datatypesAndWindowsAreValidated(String bench, String api, String type, int window,
            String datatype, int first) throws Exception {
        List<String> args = new ArrayList<>(List.of("-c", "-m", "1:16384", "-i", "10", "-x", "2",
                "-a", api, "-T", type));
        if (!bench.startsWith("OSULatency")) {
            args.addAll(List.of("-W", Integer.toString(window)));
        }
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt." + bench, args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertEquals("# Datatype: " + datatype + ".", r.stdoutLines().get(2), r.all());
        int expected = first;
        for (String line : r.stdoutLines().subList(4, r.stdoutLines().size())) {
            if (line.isEmpty()) {
                continue;
            }
            assertTrue(line.matches("^" + expected + " +\\d+\\.\\d{2} +Pass$"), line + "\n" + r.all());
            expected *= 2;
        }
        assertEquals(32768, expected, r.all());
    }

    @ParameterizedTest(name = "{0} -f, {1} API")
    @CsvSource({"OSUBandwidthPersistent,arrays"})
    void fullStatisticsAddMinMaxAndIterations(String bench, String api) throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt." + bench, "-f", "-m", "8:1024", "-i", "30",
                "-x", "3", "-a", api);
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdoutLines();
        assertTrue(lines.get(3).startsWith("# Size") && lines.get(3).endsWith("Iterations"), r.all());
        int rows = 0;
        for (String line : lines.subList(4, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] cols = line.trim().split(" +");
            assertEquals(5, cols.length, line);
            double avg = Double.parseDouble(cols[1]);
            double min = Double.parseDouble(cols[2]);
            double max = Double.parseDouble(cols[3]);
            assertTrue(min <= avg && avg <= max, "min <= avg <= max: " + line);
            assertEquals(30, Integer.parseInt(cols[4]), line);
            rows++;
        }
        assertEquals(8, rows, r.all());
    }

    @Test
    void latencyTakesNoWindow() throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt.OSULatencyPersistent", "-W", "4");
        assertEquals(1, r.exitCode(), r.all());
        assertEquals("", r.stdout().trim(), r.all());
        assertTrue(r.stderr().startsWith("OSULatencyPersistent: "), r.all());
    }

    @Test
    void threeProcessesAreRefused() throws Exception {
        MpiRun.Result r = MpiRun.run(3, "mpi.pt2pt.OSUBandwidthPersistent", "-m", "8");
        assertEquals(1, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("OSUBandwidthPersistent: needs exactly 2 processes, got 3"),
                r.all());
    }

    @Test
    void staleDataFailsValidation() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.StalePersistentLatency", "-c",
                "-m", "1:64", "-i", "10", "-x", "1");
        assertNotEquals(0, r.exitCode(), r.all());
        List<String> rows = r.stdoutLines().subList(4, 11);
        for (String line : rows) {
            assertTrue(line.matches("^\\d+ +\\d+\\.\\d{2} +Fail$"), "row should fail: '" + line + "'\n" + r.all());
        }
    }
}
