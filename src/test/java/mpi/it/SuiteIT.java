package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;

/**
 * The suite runner ({@code mpi.suite.OSUSuite}) under real mpirun: named benchmarks with
 * their options print what they print alone, in order, then the summary; a group runs every
 * benchmark of its package with the options each takes; a mistake in any entry is reported
 * before anything runs; a failed validation goes on to the next benchmark and makes the exit
 * code 1.
 */
class SuiteIT {
    private static final String[] LATENCY = {"mpi.pt2pt.OSULatency", "-m", "8:64", "-i", "10",
        "-x", "2"};
    private static final String[] BANDWIDTH = {"OSUBandwidth", "-a", "arrays", "-c", "-m",
        "1:1024", "-i", "5", "-x", "1", "-W", "4"};

    private static String[] suiteArgs(String[]... entries) {
        List<String> args = new ArrayList<>();
        for (String[] e : entries) {
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.addAll(Arrays.asList(e));
        }
        return args.toArray(new String[0]);
    }

    /** A table with its measured values masked: what two runs of the same benchmark share. */
    private static List<String> shape(String stdout) {
        return stdout.lines().map(l -> l.replaceAll(" +\\d+\\.\\d{2}", " N.NN")).toList();
    }

    /** The summary's lines: from its title to the end. */
    private static List<String> summary(MpiRun.Result r) {
        List<String> lines = r.stdout().lines().toList();
        int at = lines.size() - 1;
        while (at >= 0 && !lines.get(at).startsWith(MpiRun.SUITE_SUMMARY)) {
            at--;
        }
        assertTrue(at > 0 && lines.get(at - 1).isEmpty(), "no summary after an empty line\n" + r.all());
        return lines.subList(at, lines.size());
    }

    @Test
    void namedBenchmarksPrintWhatTheyPrintAloneThenTheSummary() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, suiteArgs(LATENCY, BANDWIDTH));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> statuses = new ArrayList<>();
        List<MpiRun.Result> parts = new ArrayList<>();
        MpiRun.cutSuite(r, 2, statuses, parts);
        assertEquals(List.of("ran", "passed"), statuses, r.all());

        MpiRun.Result latency = MpiRun.run(2, LATENCY[0], Arrays.copyOfRange(LATENCY, 1,
                LATENCY.length));
        MpiRun.Result bandwidth = MpiRun.run(2, "mpi.pt2pt.OSUBandwidth",
                Arrays.copyOfRange(BANDWIDTH, 1, BANDWIDTH.length));
        assertEquals(0, latency.exitCode(), latency.all());
        assertEquals(0, bandwidth.exitCode(), bandwidth.all());
        // Every line the same but the measured values; the suite adds only its summary.
        assertEquals(shape(latency.stdout()), shape(parts.get(0).stdout()), r.all());
        assertEquals(shape(bandwidth.stdout()), shape(parts.get(1).stdout()), r.all());
        assertEquals(parts.get(0).stdout() + parts.get(1).stdout() + "\n"
                + String.join("\n", summary(r)) + "\n", r.stdout(), r.all());
        assertTrue(parts.get(1).stdout().contains("Pass") && !parts.get(1).stdout().contains("Fail"),
                r.all());

        assertEquals(List.of(MpiRun.SUITE_SUMMARY + " (2 benchmarks on 2 processes)",
                "# MPI started once: MPI.Init",
                "# ran      OSULatency -m 8:64 -i 10 -x 2",
                "# passed   OSUBandwidth -a arrays -c -m 1:1024 -i 5 -x 1 -W 4",
                "# Total: 1 passed, 1 ran, 0 FAILED, 0 REFUSED, 0 skipped"), summary(r), r.all());
    }

    /** The one-sided benchmarks, as the jar holds them: what the group runs, in order. */
    private static List<String> oneSided() throws IOException {
        try (JarFile jar = new JarFile(MpiRun.jar().toFile())) {
            return jar.stream().map(e -> e.getName())
                    .filter(n -> n.matches("mpi/onesided/OSU[A-Za-z]+\\.class"))
                    .map(n -> n.substring("mpi/onesided/".length(), n.length() - 6)).sorted()
                    .toList();
        }
    }

    @Test
    void aGroupRunsEachBenchmarkWithTheOptionsItTakes() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, "onesided", "-c", "-m", "1:64", "-i", "5",
                "-x", "1", "-W", "2");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> members = oneSided();
        assertEquals(9, members.size(), members.toString());
        List<String> statuses = new ArrayList<>();
        List<MpiRun.Result> parts = new ArrayList<>();
        MpiRun.cutSuite(r, members.size(), statuses, parts);
        List<String> lines = summary(r);
        assertEquals(MpiRun.SUITE_SUMMARY + " (9 benchmarks on 2 processes)", lines.get(0), r.all());
        for (int i = 0; i < members.size(); i++) {
            String name = members.get(i);
            String line = lines.get(2 + i);
            String table = parts.get(i).stdout();
            assertTrue(table.contains("# OSU MPI-Java ") && table.contains("# Binding: "), table);
            assertTrue(line.endsWith(" (onesided)"), line);
            // -c, -W: only the benchmarks that take them get them, and say so in their table.
            boolean validates = name.matches("OSU(Acc|Fop|Cas)Latency");
            assertEquals(validates ? "passed" : "ran", statuses.get(i), line);
            assertEquals(validates, line.contains(" -c"), line);
            assertEquals(validates, table.contains("Validation"), table);
            assertEquals(!name.endsWith("Latency"), line.contains(" -W 2"), line);
            assertTrue(line.startsWith("# " + (validates ? "passed   " : "ran      ") + name + " "),
                    line);
        }
        assertEquals("# Total: 3 passed, 6 ran, 0 FAILED, 0 REFUSED, 0 skipped",
                lines.get(lines.size() - 1), r.all());
    }

    @Test
    void everyMistakeIsReportedBeforeAnythingRuns() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, suiteArgs(LATENCY,
                new String[] {"OSUBandwidth", "-q"}, new String[] {"NoSuchBenchmark"},
                new String[] {"OSUInit"}, new String[] {"onesided", "-k", "1"}));
        assertEquals(1, r.exitCode(), r.all());
        assertEquals("", r.stdout(), r.all());
        assertEquals(List.of(
                "OSUSuite: unknown benchmark or group 'NoSuchBenchmark' (entry 3); run with -h"
                        + " for the list",
                "OSUSuite: OSUInit measures MPI.Init, which a suite calls once for all its"
                        + " benchmarks; run it on its own",
                "OSUSuite: onesided: no benchmark of the group takes -k",
                "OSUBandwidth: unknown option -q; run with -h for usage"),
                r.stderr().lines().filter(l -> l.startsWith("OSU")).toList(), r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
    }

    @Test
    void aFailedValidationIsSummedUpAndMakesTheExitCodeOne() throws Exception {
        String[] small = {"-c", "-m", "1:64", "-i", "5", "-x", "1"};
        List<String> corrupting = new ArrayList<>(List.of("mpi.it.CorruptingLatency"));
        corrupting.addAll(List.of(small));
        List<String> latency = new ArrayList<>(List.of("OSULatency"));
        latency.addAll(List.of(small));
        MpiRun.Result r = MpiRun.runWithTestClasses(2, MpiRun.SUITE, suiteArgs(
                corrupting.toArray(new String[0]), latency.toArray(new String[0])));
        assertEquals(1, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> statuses = new ArrayList<>();
        List<MpiRun.Result> parts = new ArrayList<>();
        MpiRun.cutSuite(r, 2, statuses, parts);
        assertEquals(List.of("FAILED", "passed"), statuses, r.all());
        List<String> failing = parts.get(0).stdout().lines()
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertEquals(7, failing.size(), r.all());
        failing.forEach(l -> assertTrue(l.endsWith(" Fail"), l));
        assertTrue(parts.get(1).stdout().contains(" Pass") && !parts.get(1).stdout().contains("Fail"),
                r.all());
        assertEquals(List.of(
                "# FAILED   CorruptingLatency -c -m 1:64 -i 5 -x 1: validation failed (a size's"
                        + " data was corrupted: Fail)",
                "# passed   OSULatency -c -m 1:64 -i 5 -x 1",
                "# Total: 1 passed, 0 ran, 1 FAILED, 0 REFUSED, 0 skipped"),
                summary(r).subList(2, 5), r.all());
    }

    @Test
    void helpListsTheGroups() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, "-h");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().startsWith("Usage: OSUSuite NAME [OPTIONS] [-- NAME [OPTIONS]]..."),
                r.all());
        for (String group : List.of("pt2pt", "collective", "neighborhood", "onesided", "transport")) {
            assertTrue(r.stdout().contains("\n  " + group + ": OSU"), group + "\n" + r.all());
        }
        assertFalse(r.stdout().contains("OSUInit"), r.all());
    }
}
