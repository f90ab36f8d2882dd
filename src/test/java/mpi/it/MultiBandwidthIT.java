package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * OSUMultiBandwidth (osu_mbw_mr) under real mpirun: both APIs, validated, with several pair
 * counts and idle ranks; its C twin's table beside the Java one; bad input.
 */
class MultiBandwidthIT {
    private static final String MAIN = "mpi.pt2pt.OSUMultiBandwidth";
    private static final String TITLE = "Multiple Bandwidth / Message Rate Test";

    @ParameterizedTest(name = "{0} ranks, -p {1}, {2} API")
    @CsvSource({
        "2, , buffer", "2, , arrays",
        "4, , buffer", "4, , arrays",
        "3, 1, arrays",   // an idle rank: its peer is MPI.PROC_NULL
        "4, 1, buffer",   // two idle ranks
    })
    void validatedRunsPrintTheAggregateOfThePairs(int np, Integer p, String api) throws Exception {
        List<String> args = new ArrayList<>(List.of("-c", "-m", "1:16384", "-i", "10", "-x", "2",
                "-W", "16", "-a", api));
        if (p != null) {
            args.addAll(List.of("-p", p.toString()));
        }
        MpiRun.Result r = MpiRun.run(np, MAIN, args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        List<String> lines = r.stdoutLines();
        int pairs = p == null ? np / 2 : p;
        assertEquals("", lines.get(0), r.all());
        assertEquals("# OSU MPI-Java " + TITLE + " v7.4 (" + api + " API)", lines.get(1), r.all());
        assertEquals("# Datatype: MPI.BYTE.", lines.get(2), r.all());
        assertEquals("# [ pairs: " + pairs + " ] [ window size: 16 ]", lines.get(3), r.all());
        assertEquals(String.format("%-10s%18s%18s%18s", "# Size", "MB/s", "Messages/s",
                "Validation"), lines.get(4), r.all());
        int expected = 1;
        for (String line : lines.subList(5, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.trim().split(" +");
            assertEquals(4, f.length, line);
            double mbs = Double.parseDouble(f[1]);
            double rate = Double.parseDouble(f[2]);
            assertEquals(String.format(Locale.ROOT, "%-10d%18.2f%18.2f%18s", expected, mbs, rate,
                    "Pass"), line, r.all());
            assertTrue(mbs > 0 && rate > 0, line);
            // Messages/s is the same measurement as MB/s, per message: MB/s = rate x size / 1e6.
            assertEquals(mbs, rate * expected / 1e6, 0.006 + mbs * 1e-6, line);
            expected *= 2;
        }
        assertEquals(32768, expected, r.all());
    }

    /** With --stats too: the median of rank 0's own rate, N = 100, after C OMB's columns. */
    @ParameterizedTest(name = "-f --stats, {0} API: min <= MB/s <= max, 100 iterations")
    @CsvSource({"buffer", "arrays"})
    void fullStatisticsAndCOmbsCountsAtEverySize(String api) throws Exception {
        MpiRun.Result r = MpiRun.run(2, MAIN, "-f", "-m", "4096:16384", "-W", "8", "-a", api,
                "--stats");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals(String.format("%-10s%18s%18s%18s%18s%12s", "# Size", "MB/s", "Messages/s",
                "Min MB/s", "Max MB/s", "Iterations") + StatsColumns.HEADER_END, lines.get(5),
                r.all());
        assertEquals(3, StatsColumns.rows(r, 100).size(), r.all());
        int rows = 0;
        for (String line : lines.subList(6, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.trim().split(" +");
            assertEquals(10, f.length, line);
            double avg = Double.parseDouble(f[1]);
            assertTrue(Double.parseDouble(f[3]) <= avg && avg <= Double.parseDouble(f[4]),
                    "min <= avg <= max: " + line);
            assertEquals("100", f[5], "osu_mbw_mr keeps 100 iterations above 8 KiB: " + line);
            rows++;
        }
        assertEquals(3, rows, r.all());
    }

    @ParameterizedTest(name = "C twin on {0} ranks: {1}")
    @CsvSource({"2, -m 1:64 -W 4", "3, -m 8:16 -p 1 -f", "4, -m 0:1024 -W 2 -f"})
    void theCTwinPrintsTheSameTable(int np, String args) throws Exception {
        List<String> argv = new ArrayList<>(Arrays.asList(args.trim().split(" +")));
        argv.addAll(List.of("-i", "10", "-x", "2"));
        String[] a = argv.toArray(new String[0]);
        MpiRun.Result c = MpiRun.runNative(np, "osu_mbw_mr", a);
        MpiRun.Result java = MpiRun.run(np, MAIN, a);
        String both = "--- C ---\n" + c.all() + "\n--- Java ---\n" + java.all();
        assertEquals(0, c.exitCode(), both);
        assertEquals(0, java.exitCode(), both);
        assertEquals("", c.stderr().trim(), both);
        List<String> cl = c.stdoutLines().stream().filter(l -> !l.isEmpty()).toList();
        List<String> jl = java.stdoutLines().stream().filter(l -> !l.isEmpty()).toList();
        assertEquals(jl.size(), cl.size(), both);
        assertEquals("# OSU MPI " + TITLE + " v7.4", cl.get(0), both);
        assertEquals("# Datatype: MPI_BYTE.", cl.get(1), both);
        assertEquals(jl.get(2), cl.get(2), "pairs line\n" + both);
        assertEquals(jl.get(3), cl.get(3), "column header\n" + both);
        for (int i = 4; i < cl.size(); i++) {
            String[] cf = cl.get(i).trim().split(" +");
            String[] jf = jl.get(i).trim().split(" +");
            assertEquals(jf.length, cf.length, both);
            assertEquals(jf[0], cf[0], both);
            assertTrue(Double.parseDouble(cf[2]) > 0, "a measured rate: " + cl.get(i));
        }
    }

    @ParameterizedTest(name = "{0} on {1} ranks: {2}")
    @CsvSource(delimiter = '|', value = {
        "java | 4 | -p 3   | -p 3 needs 6 processes, got 4",
        "java | 2 | -p 0   | -p needs a positive integer, got '0'",
        "java | 2 | -p x   | 'x'",
        "java | 1 |        | needs at least 2 processes, got 1",
        "c    | 4 | -p 3   | -p 3 needs 6 processes, got 4",
        "c    | 2 | -p 0   | -p",
        "c    | 1 |        | needs at least 2 processes, got 1",
    })
    void badInputIsOneLine(String which, int np, String args, String named) throws Exception {
        String[] argv = args == null ? new String[0] : args.trim().split(" +");
        boolean java = which.equals("java");
        MpiRun.Result r = java ? MpiRun.run(np, MAIN, argv)
                : MpiRun.runNative(np, "osu_mbw_mr", argv);
        String program = java ? "OSUMultiBandwidth" : "osu_mbw_mr";
        assertNotEquals(0, r.exitCode(), r.all());
        List<String> ours = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith(program + ": ")).collect(Collectors.toList());
        assertEquals(1, ours.size(), "exactly one error line\n" + r.all());
        assertTrue(ours.get(0).contains(named), ours.get(0));
        assertFalse(r.all().contains("Exception"), r.all());
        assertEquals("", r.stdout().trim(), r.all());
    }
}
