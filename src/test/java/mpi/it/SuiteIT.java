package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

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

    /**
     * A table with its measured values masked: what two runs of the same benchmark share. The
     * line of a JIT warm-up stopped at its cap goes too: it comes or not by the machine's load
     * and by how warm the JVM already is, a suite's later runs warmer ({@link WarmUpIT}).
     */
    private static List<String> shape(String stdout) {
        return stdout.lines().filter(l -> !l.startsWith(mpi.common.WarmUpRule.LINE))
                .map(l -> l.replaceAll(" +\\d+\\.\\d{2}", " N.NN")).toList();
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
    @Tag(MpiRun.BACKEND_NEUTRAL)
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


    /** The benchmarks of a package, as the jar holds them, sorted by name. */
    private static List<String> members(String group) throws IOException {
        return MpichIT.members(group);
    }

    @Test
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void aGroupRunsEachBenchmarkWithTheOptionsItTakes() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, "onesided", "-c", "-m", "1:64", "-i", "5",
                "-x", "1", "-W", "2");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> members = members("onesided");
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

    /**
     * A group's member whose options do not fit this number of processes (here the root
     * {@code -k 2} on 2 ranks) is skipped, as one that needs another number of processes,
     * and the others run; alone, the same member is a usage mistake.
     */
    @Test
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void aGroupSkipsMembersWhoseOptionsDoNotFitTheProcessCount() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, "collective", "-k", "2", "-m", "4:4",
                "-i", "2", "-x", "1", "--jit-warmup", "off");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = summary(r);
        List<String> skipped = lines.stream().filter(l -> l.startsWith("# skipped")).toList();
        List<String> ran = lines.stream().filter(l -> l.startsWith("# ran")).toList();
        assertTrue(skipped.stream().anyMatch(l -> l.contains("OSUBcast ")
                && l.contains("root 2 (-k) is not a rank of the 2 processes")), r.all());
        assertTrue(ran.stream().anyMatch(l -> l.contains("OSUAllReduce ")), r.all());
        assertTrue(ran.stream().noneMatch(l -> l.contains("OSUBcast ")), r.all());
        MpiRun.Result alone = MpiRun.run(2, "mpi.collective.OSUBcast", "-k", "2", "-m", "4:4");
        assertEquals(1, alone.exitCode(), alone.all());
        assertTrue(alone.stderr().contains("root 2 (-k) is not a rank of the 2 processes"),
                alone.all());
    }

    /**
     * The whole suite with validation, as a user checks everything: every benchmark runs and
     * passes, or runs without validation where it has none, or says in the summary which
     * setting it got in place of its default (OSULatencyMultiThread's -t 1:2 cannot be
     * validated) or why it is skipped (other hosts, a bigger grid); nothing fails, exit 0.
     * Without the JIT warm-up: this run checks, and README's "suite all -c" (ReadmeCommandsIT)
     * runs every benchmark with it.
     */
    @Test
    @Tag(MpiRun.EVERY_BENCHMARK)
    void allWithValidationRunsEveryBenchmarkThatCanRun() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, "all", "-c", "-m", "1:16", "-i", "10",
                "-x", "1", "--jit-warmup", "off");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = summary(r);
        List<String> runs = lines.subList(2, lines.size() - 1);
        assertEquals(MpiRun.SUITE_SUMMARY + " (" + runs.size() + " benchmarks on 2 processes)",
                lines.get(0), r.all());
        List<String> all = new ArrayList<>();
        for (String group : List.of("pt2pt", "collective", "collective.persistent",
                "neighborhood", "onesided", "transport", "bigdata")) {
            all.addAll(members(group));
        }
        assertEquals(all, runs.stream().map(l -> l.substring(11).split(" ", 2)[0]).toList(),
                r.all());
        List<String> statuses = new ArrayList<>();
        List<MpiRun.Result> parts = new ArrayList<>();
        MpiRun.cutSuite(r, runs.size(), statuses, parts);
        List<String> neighborhood = members("neighborhood");
        for (int i = 0; i < runs.size(); i++) {
            String line = runs.get(i);
            String name = all.get(i);
            String table = parts.get(i).stdout();
            if (name.startsWith("OSUBandwidthFan") || neighborhood.contains(name)) {
                assertTrue(line.startsWith("# skipped  " + name + " -c -m 1:16 -i 10 -x 1"
                        + " --jit-warmup off (all): "
                        + (neighborhood.contains(name) ? "-N cart:1:1 needs at least 3 processes"
                                : "needs processes on 2 or more hosts")), line);
            } else if (line.contains(" -c ")) { // every benchmark that validates passes
                assertEquals("passed", statuses.get(i), line);
                assertTrue(table.contains(" Pass") && !table.contains("Fail"), table);
            } else { // the barriers and the one-sided benchmarks that have no -c
                assertEquals("ran", statuses.get(i), line);
                assertTrue(name.toLowerCase(java.util.Locale.ROOT).contains("barrier")
                        || members("onesided").contains(name), line);
            }
        }
        assertEquals(List.of("# passed   OSULatencyMultiThread -c -m 1:16 -i 10 -x 1 --jit-warmup"
                + " off -t 1:1 (all): adapted -t 1:1 (-c needs as many sender as receiver threads)"),
                runs.stream().filter(l -> l.contains("adapted")).toList(), r.all());
        long passed = statuses.stream().filter("passed"::equals).count();
        long ran = statuses.stream().filter("ran"::equals).count();
        long skipped = statuses.stream().filter("skipped"::equals).count();
        assertEquals(2 + neighborhood.size(), skipped, r.all());
        assertEquals("# Total: " + passed + " passed, " + ran + " ran, 0 FAILED, 0 REFUSED, "
                + skipped + " skipped (1 adapted to the group's options)",
                lines.get(lines.size() - 1), r.all());
    }

    /**
     * The same in the arrays API: every benchmark that validates passes on Java arrays, the
     * others run or are skipped for their own reasons; nothing fails, exit 0. (With the
     * buffer API's test above: every benchmark, in both APIs, on whichever backend runs.)
     * Without the JIT warm-up, as the buffer API's run: this one checks, not measures.
     */
    @Test
    void allWithValidationOnArraysPassesEverywhere() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, "all", "-a", "arrays", "-c", "-m", "1:16",
                "-i", "10", "-x", "1", "--jit-warmup", "off");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = summary(r);
        List<String> runs = lines.subList(2, lines.size() - 1);
        assertTrue(runs.size() > 50, r.all());
        List<String> statuses = new ArrayList<>();
        List<MpiRun.Result> parts = new ArrayList<>();
        MpiRun.cutSuite(r, runs.size(), statuses, parts);
        long passed = 0;
        for (int i = 0; i < runs.size(); i++) {
            String line = runs.get(i);
            assertTrue(List.of("passed", "ran", "skipped").contains(statuses.get(i)),
                    line);
            if (statuses.get(i).equals("passed")) {
                passed++;
                String table = parts.get(i).stdout();
                assertTrue(table.contains(" Pass") && !table.contains("Fail"), table);
            }
        }
        assertTrue(passed > 40, r.all());
        assertTrue(lines.get(lines.size() - 1).contains(" 0 FAILED"), r.all());
    }

    /**
     * A named benchmark gets no setting: it refuses what it refuses alone; and a group option
     * that every benchmark taking it refuses is a mistake. Both are reported before anything
     * runs.
     */
    @Test
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void aNamedBenchmarkKeepsItsRefusalAndAnOptionNoTakerRunsWithIsAMistake() throws Exception {
        // onesided -s lock: only OSUPutBiBandwidth refuses it; the others would run.
        assertRefusedBeforeRunning(List.of(
                "OSULatencyMultiThread: -c needs as many sender as receiver threads (-t S:R with"
                        + " S = R), got -t 1:2; run with -h for usage",
                "OSUSuite: collective: no benchmark of the group runs with -t 1:2: -t needs a"
                        + " positive integer, got '1:2'"),
                new String[] {"OSULatencyMultiThread", "-c"},
                new String[] {"collective", "-t", "1:2"}, new String[] {"onesided", "-s", "lock"});
    }

    /** Runs a suite that has mistakes: nothing runs, rank 0 prints these lines, exit 1. */
    private static void assertRefusedBeforeRunning(List<String> lines, String[]... entries)
            throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, suiteArgs(entries));
        assertEquals(1, r.exitCode(), r.all());
        assertEquals("", r.stdout(), r.all());
        assertEquals(lines, r.stderr().lines().filter(l -> l.startsWith("OSU")).toList(), r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
    }

    @Test
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void everyMistakeIsReportedBeforeAnythingRuns() throws Exception {
        assertRefusedBeforeRunning(List.of(
                "OSUSuite: unknown benchmark or group 'NoSuchBenchmark' (entry 3); run with -h"
                        + " for the list",
                "OSUSuite: OSUInit measures MPI.Init, which a suite calls once for all its"
                        + " benchmarks; run it on its own",
                "OSUSuite: onesided: no benchmark of the group takes -k",
                "OSUBandwidth: unknown option -q; run with -h for usage"),
                LATENCY, new String[] {"OSUBandwidth", "-q"}, new String[] {"NoSuchBenchmark"},
                new String[] {"OSUInit"}, new String[] {"onesided", "-k", "1"});
    }

    @Test
    @Tag(MpiRun.BACKEND_NEUTRAL)
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
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void helpListsTheGroups() throws Exception {
        MpiRun.Result r = MpiRun.run(2, MpiRun.SUITE, "-h");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().startsWith("Usage: OSUSuite NAME [OPTIONS] [-- NAME [OPTIONS]]..."),
                r.all());
        for (String group : List.of("pt2pt", "collective", "collective.persistent",
                "neighborhood", "onesided", "transport", "bigdata")) {
            assertTrue(r.stdout().contains("\n  " + group + ": OSU"), group + "\n" + r.all());
        }
        assertFalse(r.stdout().contains("OSUInit"), r.all());
    }
}
