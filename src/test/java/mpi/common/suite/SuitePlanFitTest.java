package mpi.common.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mpi.MPIException;
import mpi.common.BenchmarkRunner.Checked;
import mpi.common.BenchmarkRunner.Job;
import mpi.common.BenchmarkRunner.Verdict;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.ProcessCountException;
import mpi.common.options.UsageException;
import mpi.common.output.ErrorLines;

/**
 * How the plan fits a group's benchmarks to the group's options: the adaptations it gives
 * (and only where the benchmark's own checks need them), what it skips, and what it refuses
 * as a mistake of the whole entry. The checks are the benchmarks' own, taken in
 * {@code BenchmarkRunner.check}'s order without MPI (the command line, the process count,
 * what depends on both); the neighborhood group is left out, as its grid is computed by MPI
 * (SuiteIT runs it).
 */
class SuitePlanFitTest {
    /** The groups whose checks need no MPI. */
    private static final List<String> GROUPS = List.of("pt2pt", "collective", "onesided",
            "transport");
    private static Catalogue catalogue;

    @BeforeAll
    static void load() throws IOException {
        catalogue = Catalogue.load();
    }

    /** The benchmarks' own checks on {@code processes} processes, as the runner's. */
    private static SuitePlan.Checker checks(int processes) {
        return run -> {
            Job job = run.job();
            Options options;
            try {
                options = new OptionParser(job.spec()).parse(job.args());
            } catch (UsageException e) {
                return new Checked(job, Verdict.USAGE, null, ErrorLines.usage(run.program(), e));
            }
            try {
                job.spec().checkProcesses(processes);
            } catch (UsageException e) {
                return new Checked(job, Verdict.PROCESSES, null, ErrorLines.usage(run.program(), e));
            }
            try {
                job.spec().checkOptions(options, processes);
            } catch (ProcessCountException e) {
                return new Checked(job, Verdict.PROCESSES, null, ErrorLines.usage(run.program(), e));
            } catch (UsageException e) {
                return new Checked(job, Verdict.USAGE, null, ErrorLines.usage(run.program(), e));
            }
            return new Checked(job, Verdict.RUN, options, null);
        };
    }

    private static List<SuitePlan.Fitted> fit(int processes, String... args)
            throws UsageException, MPIException {
        SuitePlan plan = SuitePlan.of(SuiteCommand.parse(args), catalogue);
        assertEquals(List.of(), plan.problems());
        List<SuitePlan.Fitted> fitted = new ArrayList<>();
        for (Run r : plan.runs()) {
            fitted.add(SuitePlan.fit(r, checks(processes)));
        }
        return fitted;
    }

    private static SuitePlan.Fitted one(List<SuitePlan.Fitted> fitted, String program) {
        return fitted.stream().filter(f -> f.run().program().equals(program)).findFirst()
                .orElseThrow();
    }

    /** Every group without MPI-computed checks, each with the same options. */
    private static String[] groups(String... options) {
        List<String> args = new ArrayList<>();
        for (String g : GROUPS) {
            if (!args.isEmpty()) {
                args.add(SuiteCommand.SEPARATOR);
            }
            args.add(g);
            args.addAll(List.of(options));
        }
        return args.toArray(new String[0]);
    }

    @Test
    void validationGivesTheMultiThreadLatencyOneReceiverThreadPerSender() throws Exception {
        List<SuitePlan.Fitted> fitted = fit(2, groups("-c", "-m", "1:64"));
        SuitePlan.Fitted mt = one(fitted, "OSULatencyMultiThread");
        assertEquals("OSULatencyMultiThread -c -m 1:64 -t 1:1", mt.run().command());
        assertEquals("-t 1:1 (-c needs as many sender as receiver threads)", mt.run().note());
        assertEquals(Verdict.RUN, mt.checked().verdict());
        assertTrue(mt.checked().options().validate());
        for (SuitePlan.Fitted f : fitted) { // nothing else needs a setting, everything runs
            assertEquals(Verdict.RUN, f.checked().verdict(), f.run().command());
            if (f != mt) {
                assertNull(f.run().note(), f.run().command());
            }
        }
        assertEquals(List.of(), SuitePlan.groupMistakes(fitted, 2));
    }

    @Test
    void aNamedBenchmarkKeepsItsOwnRefusal() throws Exception {
        SuitePlan.Fitted mt = fit(2, "OSULatencyMultiThread", "-c").get(0);
        assertEquals(Verdict.USAGE, mt.checked().verdict());
        assertEquals("OSULatencyMultiThread: -c needs as many sender as receiver threads (-t S:R"
                + " with S = R), got -t 1:2; run with -h for usage", mt.checked().message());
        assertEquals("OSULatencyMultiThread -c", mt.run().command());
        assertNull(mt.run().note());
    }

    @Test
    void aSettingTheUserGaveIsKeptAndAGroupWhoseTakersAllRefuseItIsAMistake() throws Exception {
        List<SuitePlan.Fitted> fitted = fit(2, "pt2pt", "-c", "-t", "2");
        SuitePlan.Fitted mt = one(fitted, "OSULatencyMultiThread");
        assertEquals("OSULatencyMultiThread -c -t 2", mt.run().command());
        assertTrue(mt.skipped());
        assertEquals(List.of("pt2pt: no benchmark of the group runs with -t 2: -c needs as many"
                + " sender as receiver threads (-t S:R with S = R), got -t 1:2"),
                SuitePlan.groupMistakes(fitted, 2));
    }

    @Test
    void aMemberNoSettingHelpsIsSkippedWithItsOwnLine() throws Exception {
        List<SuitePlan.Fitted> fitted = fit(2, "onesided", "-c", "-T", "double", "-s", "lock");
        Map<String, String> skipped = new TreeMap<>();
        for (SuitePlan.Fitted f : fitted) {
            assertNull(f.run().note(), f.run().command());
            if (f.skipped()) {
                skipped.put(f.run().program(), Summary.reason(f.run().program(),
                        f.checked().message()));
            } else {
                assertEquals(Verdict.RUN, f.checked().verdict(), f.run().command());
            }
        }
        assertEquals(Map.of(
                "OSUCasLatency", "-T must be byte, int or float (C OMB's mpi_char, mpi_int and"
                        + " mpi_float) for compare-and-swap, got 'double'",
                "OSUFopLatency", "-T must be byte, int or float (C OMB's mpi_char, mpi_int and"
                        + " mpi_float) for fetch-and-op, got 'double'",
                "OSUPutBiBandwidth", "-s must be one of pscw, fence, got 'lock'"), skipped);
        assertEquals(List.of(), SuitePlan.groupMistakes(fitted, 2));
    }

    @Test
    void theMemoryLimitBoundsThePointToPointDefaultSizesOnlyWhereTheyExceedIt() throws Exception {
        List<SuitePlan.Fitted> fitted = fit(2, "pt2pt", "-c", "-M", "1000");
        assertEquals("OSULatency -c -M 1000 -m 1000", one(fitted, "OSULatency").run().command());
        assertEquals("-m 1000 (no size above the memory limit -M)",
                one(fitted, "OSULatency").run().note());
        // Two clashes, two settings; each kept only because it is needed.
        assertEquals("OSULatencyMultiThread -c -M 1000 -t 1:1 -m 1000",
                one(fitted, "OSULatencyMultiThread").run().command());
        fitted.forEach(f -> assertEquals(Verdict.RUN, f.checked().verdict(), f.run().command()));
        assertEquals(List.of(), SuitePlan.groupMistakes(fitted, 2));

        // Sizes the user gave end at the limit too, their smallest kept; below it, as given.
        List<SuitePlan.Fitted> given = fit(2, "pt2pt", "-M", "1000", "-m", "4:4096", "--",
                "pt2pt", "-M", "1000", "-m", "4096", "--", "pt2pt", "-M", "1000", "-m", "4:64");
        assertEquals(List.of("OSULatency -M 1000 -m 4:1000", "OSULatency -M 1000 -m 1000",
                "OSULatency -M 1000 -m 4:64"), given.stream()
                        .filter(f -> f.run().program().equals("OSULatency"))
                        .map(f -> f.run().command()).toList());
        given.forEach(f -> assertEquals(Verdict.RUN, f.checked().verdict(), f.run().command()));
        // A limit below every size: nothing to run, a mistake of the entry.
        assertEquals(List.of("pt2pt: no benchmark of the group runs with -M 2: max message"
                + " size 64 is above the memory limit of 2 bytes (-M)"),
                SuitePlan.groupMistakes(fit(2, "pt2pt", "-M", "2", "-m", "4:64"), 2));
    }

    @Test
    void aByteStreamRunsTheSizesFromOneByteAndAWindowFitsAnArray() throws Exception {
        List<SuitePlan.Fitted> fitted = fit(2, "transport", "-m", "0:64", "--", "OSULatency",
                "-m", "0:64", "--", "onesided", "-W", "1024");
        assertEquals("OSUNioLatency -m 1:64", one(fitted, "OSUNioLatency").run().command());
        assertEquals("-m 1:64 (no 0-byte messages)", one(fitted, "OSUNioLatency").run().note());
        assertEquals("OSULatency -m 0:64", one(fitted, "OSULatency").run().command());
        assertEquals("OSUPutBandwidth -W 1024 -m 1048576",
                one(fitted, "OSUPutBandwidth").run().command());
        assertNull(one(fitted, "OSUPutLatency").run().note()); // takes no -W
        fitted.forEach(f -> assertEquals(Verdict.RUN, f.checked().verdict(), f.run().command()));
    }

    @Test
    void aValueEveryBenchmarkTakingItRefusesIsAMistakeOfTheEntry() throws Exception {
        assertEquals(List.of("collective: no benchmark of the group runs with -t 1:2: -t needs"
                + " a positive integer, got '1:2'"),
                SuitePlan.groupMistakes(fit(2, "collective", "-t", "1:2"), 2));
        assertEquals(List.of("pt2pt: no benchmark of the group runs with -m abc: malformed -m"
                + " 'abc': expected [MIN:]MAX, e.g. -m 128, -m 2:128 or -m 2:"),
                SuitePlan.groupMistakes(fit(2, "pt2pt", "-m", "abc", "-c"), 2));
        assertEquals(List.of("collective: no benchmark of the group runs with -D vect:4:2: -c"
                + " with -D vect:4:2: collectives validate -D cont only (C OMB validates no -D"
                + " run)"), SuitePlan.groupMistakes(fit(2, "collective", "-c", "-D", "vect:4:2"), 2));
    }

    @Test
    void aBenchmarkThatNeedsOtherProcessesMakesNoOptionAMistake() throws Exception {
        // On 3 processes the one-sided benchmarks need 2: -s lock refused by one of them
        // alone is no mistake, the group simply has nothing to run.
        assertEquals(List.of("onesided: no benchmark of the group runs on 3 processes with these"
                + " options"), SuitePlan.groupMistakes(fit(3, "onesided", "-s", "lock"), 3));
        // -p 2 needs 4 processes: on 2, osu_mbw_mr is skipped as for a process count.
        List<SuitePlan.Fitted> pairs = fit(2, "pt2pt", "-p", "2");
        assertEquals(Verdict.PROCESSES, one(pairs, "OSUMultiBandwidth").checked().verdict());
        assertEquals(List.of(), SuitePlan.groupMistakes(pairs, 2));
    }

    /**
     * The options a user gives a whole group, each alone and with {@code -c}, on 2, 3 and 4
     * processes: every benchmark runs (as given or adapted) or needs another number of
     * processes, except where the user's own settings contradict each other (listed). A new
     * benchmark whose defaults clash with a group option fails here until a rule of
     * {@link Adaptation} covers it or it is listed.
     */
    @Test
    void everyGroupOptionRunsEveryBenchmarkThatCanRun() throws Exception {
        String[][] options = {{}, {"-a", "arrays"}, {"-a", "buffer"}, {"-m", "1:64"},
            {"-m", "0:64"}, {"-m", "64"}, {"-i", "5", "-x", "0"}, {"-f"}, {"-z"},
            {"-z", "50,99"}, {"-D", "cont"}, {"-u", "3"}, {"-b", "multiple"}, {"-T", "int"},
            {"-T", "float"}, {"-W", "4"}, {"-W", "1024"}, {"-t", "2"}, {"-M", "1000"},
            {"-M", "100000000"}, {"-k", "1"}, {"-k", "rotate"}, {"-l"}, {"-p", "1"},
            {"-w", "create"}, {"-w", "dynamic"}, {"-s", "fence"}, {"-s", "pscw"}};
        List<String> refused = new ArrayList<>();
        for (String[] o : options) {
            for (boolean validate : new boolean[] {false, true}) {
                List<String> given = new ArrayList<>(List.of(o));
                if (validate) {
                    given.add("-c");
                }
                for (String group : GROUPS) {
                    List<String> args = new ArrayList<>(List.of(group));
                    args.addAll(given);
                    SuitePlan plan = SuitePlan.of(SuiteCommand.parse(args.toArray(new String[0])),
                            catalogue);
                    if (!plan.problems().isEmpty()) { // an option none of the group takes
                        continue;
                    }
                    for (int processes = 2; processes <= 4; processes++) {
                        for (Run r : plan.runs()) {
                            SuitePlan.Fitted f = SuitePlan.fit(r, checks(processes));
                            if (f.checked().verdict() == Verdict.USAGE) {
                                refused.add(String.join(" ", args) + " on " + processes + ": "
                                        + f.checked().message());
                            }
                        }
                    }
                }
            }
        }
        // The one refusal: threads the user gave (-t 2 is 1 sender, 2 receivers) that -c
        // cannot validate; a setting the user gave is never changed.
        assertEquals(List.of("pt2pt -t 2 -c on 2: OSULatencyMultiThread: -c needs as many"
                + " sender as receiver threads (-t S:R with S = R), got -t 1:2; run with -h for"
                + " usage"), refused);
    }
}
