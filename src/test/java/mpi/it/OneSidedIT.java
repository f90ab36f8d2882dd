package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import mpi.common.WarmUpRule;
import mpi.installation.MpiInstallation.Waiting;

/**
 * The nine one-sided benchmarks under real mpirun, with -Xcheck:jni: every program in both
 * APIs; every window creation x every synchronization for put and get latency and put
 * bandwidth; every synchronization of the others; -c (Pass everywhere) for acc, fop and cas
 * in every synchronization; C OMB's preamble and rows; one line and exit 1 for bad input;
 * and on Open MPI's Java bindings, the buffer API on created and allocated windows runs while
 * the rest is refused with one line. Runs are tiny: sizes to 256 bytes, -i 10 -x 2, -W 4.
 *
 * <p>The runs of our binding with tables go through the suite runner
 * ({@code mpi.suite.OSUSuite}): a few launches on 2 ranks ({@link #SUITE}), each run's table
 * checked as if it had run alone. Bad input, full statistics and Open MPI's bindings are
 * launches of their own.
 */
class OneSidedIT {
    /** The most runs per launch: a launch stays well under MpiRun's timeout. */
    private static final int PER_LAUNCH = 27;
    private static final String PKG = "mpi.onesided.";
    /** Few iterations, without the JIT warm-up: the tables are checked, not the times. */
    private static final String[] FEW = {"-i", "10", "-x", "2", "--jit-warmup", "off"};
    private static final List<String> ALL_SYNCS =
            List.of("lock", "flush", "flush_local", "lock_all", "pscw", "fence");
    private static final List<String> WINDOWS = List.of("create", "allocate", "dynamic");
    private static final String[] SYNC_LINES = {"lock", "MPI_Win_lock/unlock", "flush",
        "MPI_Win_flush", "flush_local", "MPI_Win_flush_local", "lock_all",
        "MPI_Win_lock_all/unlock_all", "pscw", "MPI_Win_post/start/complete/wait", "fence",
        "MPI_Win_fence"};

    /** What a program prints and takes. */
    private record Program(String cls, String title, boolean bandwidth, boolean typed) {
    }

    private static final List<Program> PROGRAMS = List.of(
            new Program("OSUPutLatency", "MPI_Put Latency Test", false, false),
            new Program("OSUGetLatency", "MPI_Get latency Test", false, false),
            new Program("OSUPutBandwidth", "MPI_Put Bandwidth Test", true, false),
            new Program("OSUGetBandwidth", "MPI_Get Bandwidth Test", true, false),
            new Program("OSUPutBiBandwidth", "MPI_Put Bi-directional Bandwidth Test", true, false),
            new Program("OSUAccLatency", "MPI_Accumulate latency Test", false, true),
            new Program("OSUGetAccLatency", "MPI_Get_accumulate latency Test", false, false),
            new Program("OSUFopLatency", "MPI_Fetch_and_op latency Test", false, true),
            new Program("OSUCasLatency", "MPI_Compare_and_swap latency Test", false, true));

    private static Program program(String cls) {
        return PROGRAMS.stream().filter(p -> p.cls.equals(cls)).findFirst().orElseThrow();
    }

    private static boolean oneElement(String cls) {
        return cls.equals("OSUFopLatency") || cls.equals("OSUCasLatency");
    }

    private static String syncLine(String sync) {
        for (int i = 0; i < SYNC_LINES.length; i += 2) {
            if (SYNC_LINES[i].equals(sync)) {
                return SYNC_LINES[i + 1];
            }
        }
        throw new IllegalArgumentException(sync);
    }

    /** A program with tiny settings in a window and synchronization; -W 4 and -c where taken. */
    private static List<String> entry(String cls, String api, String window, String sync,
            String type) {
        Program p = program(cls);
        List<String> entry = new ArrayList<>(List.of(PKG + cls));
        entry.addAll(List.of(FEW));
        entry.addAll(List.of("-a", api, "-w", window, "-s", sync));
        if (!oneElement(cls)) {
            entry.addAll(List.of("-m", "1:256"));
        }
        if (p.bandwidth) {
            entry.addAll(List.of("-W", "4"));
        }
        if (p.typed) {
            entry.addAll(List.of("-c", "-T", type));
        }
        return entry;
    }

    /** A program with tiny settings, its default window and synchronization. */
    private static List<String> defaultsEntry(String cls, String api) {
        Program p = program(cls);
        List<String> entry = new ArrayList<>(List.of(PKG + cls));
        entry.addAll(List.of(FEW));
        entry.addAll(List.of("-a", api));
        if (!oneElement(cls)) {
            entry.addAll(List.of("-m", "1:256"));
        }
        if (p.bandwidth) {
            entry.addAll(List.of("-W", "4"));
        }
        if (p.typed) {
            entry.add("-c");
        }
        return entry;
    }

    /**
     * Every run with a table of {@link #everyProgramBothApis}, {@link #everyWindowTimesEverySync}
     * and {@link #theOthersInEverySync}, in that order: the entries of the suite launches.
     */
    private static final List<List<String>> SUITE = suiteEntries();

    private static List<List<String>> suiteEntries() {
        List<List<String>> entries = new ArrayList<>();
        for (Arguments a : everyProgramBothApis()) {
            entries.add(defaultsEntry((String) a.get()[0], (String) a.get()[1]));
        }
        for (Arguments a : everyWindowTimesEverySync()) {
            Object[] o = a.get();
            entries.add(entry((String) o[0], (String) o[3], (String) o[1], (String) o[2], "byte"));
        }
        for (Arguments a : theOthersInEverySync()) {
            Object[] o = a.get();
            entries.add(entry((String) o[0], (String) o[3], (String) o[1], (String) o[2],
                    (String) o[4]));
        }
        return entries;
    }

    /** What the run {@code entry} of {@link #SUITE} printed, from its suite launch. */
    private static MpiRun.Result run(List<String> entry) throws Exception {
        return MpiRun.suite(2, List.of(), MpiRun.jar().toString(), SUITE, PER_LAUNCH)
                .part(entry);
    }

    /** The preamble of C OMB's preamble O in this suite's form, then passing rows in order. */
    private static void assertTable(MpiRun.Result r, String cls, String api, String window,
            String sync, String type) {
        Program p = program(cls);
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertEquals("", r.stderr().trim(), r.all());
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals("", lines.get(0), r.all());
        assertEquals("# OSU MPI-Java " + p.title + " v7.4 (" + api + " API)", lines.get(1),
                r.all());
        String mpiType = p.typed ? "MPI." + type.toUpperCase(Locale.ROOT) : "MPI.BYTE";
        assertEquals("# Datatype: " + mpiType + ".", lines.get(2), r.all());
        assertEquals("# Window creation: " + switch (window) {
            case "create" -> "MPI_Win_create";
            case "allocate" -> "MPI_Win_allocate";
            default -> "MPI_Win_create_dynamic";
        }, lines.get(3), r.all());
        assertEquals("# Synchronization: " + syncLine(sync), lines.get(4), r.all());
        String column = p.bandwidth ? "Bandwidth (MB/s)" : "Latency (us)";
        assertEquals(String.format("%-10s%18s", "# Size", column) + (p.typed
                ? String.format("%18s", "Validation") : ""), lines.get(5), r.all());
        Pattern row = Pattern.compile("^(\\d+) +(\\d+\\.\\d{2})" + (p.typed ? " +Pass" : "")
                + "$");
        int elementSize = !p.typed ? 1 : switch (type) {
            case "byte" -> 1;
            case "char", "short" -> 2;
            case "long", "double" -> 8;
            default -> 4;
        };
        int expected = elementSize;
        int rows = 0;
        double last = 0;
        for (String line : lines.subList(6, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = row.matcher(line);
            assertTrue(m.matches(), "not a " + (p.typed ? "passing " : "") + "row: '" + line
                    + "'\n" + r.all());
            assertEquals(expected, Integer.parseInt(m.group(1)), r.all());
            last = Double.parseDouble(m.group(2));
            // A latency is never 0.00; a bandwidth of 40 bytes on a loaded machine may print so.
            assertTrue(last > 0 || p.bandwidth, "not measured: " + line);
            expected *= 2;
            rows++;
        }
        assertTrue(last > 0, "the largest size is measured\n" + r.all());
        int sizes = oneElement(cls) ? 1 : Integer.numberOfTrailingZeros(256 / elementSize) + 1;
        assertEquals(sizes, rows, r.all());
    }

    static List<Arguments> everyProgramBothApis() {
        List<Arguments> all = new ArrayList<>();
        for (Program p : PROGRAMS) {
            for (String api : List.of("buffer", "arrays")) {
                all.add(Arguments.of(p.cls, api));
            }
        }
        return all;
    }

    /** Each program in both APIs with its default window and synchronization. */
    @ParameterizedTest(name = "{0} -a {1}, defaults")
    @MethodSource
    void everyProgramBothApis(String cls, String api) throws Exception {
        MpiRun.Result r = run(defaultsEntry(cls, api));
        String window = cls.equals("OSUGetAccLatency") ? "create" : "allocate";
        String sync = cls.equals("OSUGetAccLatency") ? "lock"
                : cls.equals("OSUPutBiBandwidth") ? "pscw" : "flush";
        assertTable(r, cls, api, window, sync, "byte");
    }

    static List<Arguments> everyWindowTimesEverySync() {
        List<Arguments> all = new ArrayList<>();
        int i = 0;
        for (String cls : List.of("OSUPutLatency", "OSUGetLatency", "OSUPutBandwidth")) {
            for (String w : WINDOWS) {
                for (String s : ALL_SYNCS) {
                    all.add(Arguments.of(cls, w, s, i++ % 2 == 0 ? "buffer" : "arrays"));
                }
            }
        }
        return all;
    }

    /** Put and get latency and put bandwidth: 3 window creations x 6 synchronizations. */
    @ParameterizedTest(name = "{0} -w {1} -s {2} -a {3}")
    @MethodSource
    void everyWindowTimesEverySync(String cls, String window, String sync, String api)
            throws Exception {
        assertTable(run(entry(cls, api, window, sync, "byte")), cls, api, window, sync, "byte");
    }

    static List<Arguments> theOthersInEverySync() {
        List<Arguments> all = new ArrayList<>();
        String[] types = {"byte", "int", "float"};
        String[] accTypes = {"long", "double", "char", "short", "byte", "int"};
        int i = 0;
        for (String cls : List.of("OSUGetBandwidth", "OSUAccLatency", "OSUGetAccLatency",
                "OSUFopLatency", "OSUCasLatency", "OSUPutBiBandwidth")) {
            List<String> syncs = cls.equals("OSUPutBiBandwidth") ? List.of("pscw", "fence")
                    : ALL_SYNCS;
            for (String s : syncs) {
                all.add(Arguments.of(cls, WINDOWS.get(i % 3), s, i % 2 == 0 ? "buffer"
                        : "arrays", cls.equals("OSUAccLatency") ? accTypes[i % 6]
                        : types[i % 3]));
                i++;
            }
        }
        return all;
    }

    /**
     * The other six in every synchronization they take (window creations and APIs in turn);
     * acc, fop and cas validated (-c) with the -T types in turn: Pass everywhere.
     */
    @ParameterizedTest(name = "{0} -w {1} -s {2} -a {3} -T {4}")
    @MethodSource
    void theOthersInEverySync(String cls, String window, String sync, String api, String type)
            throws Exception {
        assertTable(run(entry(cls, api, window, sync, type)), cls, api, window, sync, type);
    }

    /**
     * The harness's JIT warm-up runs the timed loop long enough for C2 to compile it, so that
     * the compilation does not fall into a timed size. HotSpot compiles a loop that its method
     * enters rarely only after some 100,000 iterations (in tiers, on the stack); warm-up rounds
     * of 5000 one-sided epochs of 0.06 us went quiet before that, and C2 then took the rank's
     * core for 2-5 ms during the timed 10,000 epochs (osu_get_latency 8 B 0.2-0.9 us in half
     * the runs, against 0.05). With one timed epoch (-i 1), a C2 compilation of the loop
     * (level 4, on the stack or of the method) in rank 0's JIT log can only be the warm-up's.
     * The ranks poll, as in a measurement: yielding ones (the other tests') take ten times as
     * long an epoch. With a results file (-o) the harness keeps every epoch's time, and the
     * timed loop is {@code stampedLoop}.
     *
     * <p>The rule waits for those iterations or for its work budget, whichever comes first
     * ({@link WarmUpRule}): on a loaded machine an epoch waits for the scheduler, and the budget
     * can end the warm-up before the loop reached C2's thresholds (it did once in CI). The run's
     * results file says which: a warm-up that ran the iterations must have compiled the loop;
     * one that did not must have spent the budget, or stopped at its cap and said so.
     */
    @Test
    void theJitWarmUpCompilesTheTimedLoop(@TempDir Path logs) throws Exception {
        Path results = logs.resolve("results");
        List<String> cmd = new ArrayList<>(MpiRun.DEFAULT.mpi().start(2, Waiting.POLL));
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(MpiRun.JVM_CHECKS);
        cmd.addAll(MpiRun.DEFAULT.jvmOptions());
        cmd.addAll(List.of("-Xlog:jit+compilation=debug:file=" + logs.resolve("jit.%p.log"),
                "-cp", MpiRun.jar().toString(), PKG + "OSUGetLatency", "-m", "8:8", "-i", "1",
                "-x", "0", "-o", results.toString()));
        MpiRun.Result r = MpiRun.runCommand(cmd);
        assertEquals(0, r.exitCode(), r.all());
        Pattern c2 = Pattern.compile(".*\\s(%\\s+)?4\\s+mpi\\.common\\.onesided\\."
                + "OneSidedBenchmark::(loop|stampedLoop)\\b.*");
        List<String> compiled = new ArrayList<>();
        try (Stream<Path> files = Files.list(logs)) {
            for (Path log : files.filter(Files::isRegularFile).toList()) {
                Files.readAllLines(log).stream().filter(l -> c2.matcher(l).matches())
                        .forEach(compiled::add);
            }
        }
        JsonNode warmUp = new ObjectMapper().readTree(results.resolve("OSUGetLatency.json")
                .toFile()).get("context").get("jitWarmUp");
        String why = "JIT warm-up " + warmUp + "\n" + r.all();
        if (warmUp.get("loopIterations").longValue() >= WarmUpRule.MIN_LOOP_ITERATIONS) {
            assertFalse(compiled.isEmpty(), "rank 0, the origin, compiles the timed loop with C2"
                    + " during the warm-up (rank 1 exposes its window only): " + why);
        } else if (warmUp.get("steady").booleanValue()) {
            assertTrue(warmUp.get("millis").longValue() >= WarmUpRule.WORK_BUDGET_MILLIS,
                    "a steady warm-up short of the loop's iterations spent its budget: " + why);
        } else {
            assertTrue(r.stdout().contains(WarmUpRule.CAP_LINE), "a warm-up at its cap says so: "
                    + why);
        }
    }

    /**
     * --stats alone makes rank 0 read the clock after every epoch (one interval otherwise):
     * each row's median is of 20 epochs' times, positive, within its interval.
     */
    @Test
    void statsAloneTimeEveryEpoch() throws Exception {
        MpiRun.Result r = MpiRun.run(2, PKG + "OSUPutLatency", "-m", "8:16", "-i", "20", "-x",
                "2", "--stats");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<StatsColumns.Row> rows = StatsColumns.rows(r, 20);
        assertEquals(2, rows.size(), r.all());
        for (StatsColumns.Row row : rows) {
            assertEquals(6, row.cells().length, String.join(" ", row.cells()));
        }
    }

    @Test
    void fullStatisticsAndTailsComeFromEveryEpoch() throws Exception {
        MpiRun.Result r = MpiRun.run(2, PKG + "OSUPutLatency", "-m", "8:16", "-i", "20", "-x",
                "2", "-f", "-z", "50,99");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals(String.format("%-10s%18s%18s%18s%12s%18s%18s", "# Size", "Latency (us)",
                "Min Latency(us)", "Max Latency(us)", "Iterations", "P50 Tail Lat(us)",
                "P99 Tail Lat(us)"), lines.get(5), r.all());
        for (String line : lines.subList(6, 8)) {
            String[] c = line.trim().split(" +");
            assertEquals(7, c.length, line);
            double avg = Double.parseDouble(c[1]);
            double min = Double.parseDouble(c[2]);
            double max = Double.parseDouble(c[3]);
            assertTrue(min <= avg && avg <= max && min > 0, line);
            assertEquals("20", c[4], line);
            double p50 = Double.parseDouble(c[5]);
            assertTrue(min <= p50 && p50 <= Double.parseDouble(c[6]) && p50 <= max, line);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "OSUPutBiBandwidth | -s lock   | 2 | OSUPutBiBandwidth: -s must be one of pscw, fence, got 'lock'; run with -h for usage",
        "OSUPutLatency     | -c        | 2 | OSUPutLatency: unknown option -c; run with -h for usage",
        "OSUGetBandwidth   | -T int    | 2 | OSUGetBandwidth: unknown option -T; run with -h for usage",
        "OSUAccLatency     | -W 4      | 2 | OSUAccLatency: unknown option -W; run with -h for usage",
        "OSUFopLatency     | -T quad   | 2 | OSUFopLatency: -T must be byte, char, short, int, long, float or double, got 'quad'; run with -h for usage",
        "OSUCasLatency     | -T double | 2 | OSUCasLatency: -T must be byte, int or float (C OMB's mpi_char, mpi_int and mpi_float) for compare-and-swap, got 'double'; run with -h for usage",
        "OSUGetLatency     | -w shared | 2 | OSUGetLatency: -w must be create, allocate or dynamic, got 'shared'; run with -h for usage",
        "OSUPutLatency     | -m 0:0    | 2 | OSUPutLatency: no message size of 0:0 is 1 byte or more (-m); run with -h for usage",
        "OSUPutLatency     | -m 8      | 3 | OSUPutLatency: needs exactly 2 processes, got 3; run with -h for usage",
    })
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void badInputIsOneLineAndExitOne(String cls, String args, int np, String line)
            throws Exception {
        MpiRun.Result r = MpiRun.run(np, PKG + cls, args.trim().split(" +"));
        assertEquals(1, r.exitCode(), r.all());
        List<String> ours = r.stderr().lines().filter(l -> l.startsWith(cls + ":")).toList();
        assertEquals(List.of(line), ours, r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
        assertEquals("", r.stdout().trim(), r.all());
    }

    /** On Open MPI's Java bindings: what they have runs, the rest is refused in one line. */
    @ParameterizedTest(name = "Open MPI's bindings: {0} {1}")
    @CsvSource(delimiter = '|', value = {
        "OSUPutLatency   | -w create -s lock     |",
        "OSUGetBandwidth | -w allocate -s fence -W 4 |",
        "OSUAccLatency   | -w create -c -s pscw  |",
        "OSUCasLatency   | -w allocate -s flush  |",
        "OSUPutLatency   | -a arrays             | has no one-sided calls on Java arrays; run with -a buffer",
        "OSUGetLatency   | -w dynamic            | has no dynamic windows (MPI.getAddress and 64-bit target displacements); run with -w create or -w allocate",
        "OSUFopLatency   | -c                    | has no access to the memory of an allocated window (Win.getAllocatedBuffer); run with -w create to validate (-c)",
    })
    void openMpisBindingsRunWhatTheyHave(String cls, String args, String refusal)
            throws Exception {
        List<String> a = new ArrayList<>(List.of(FEW));
        a.addAll(Arrays.asList(args.trim().split(" +")));
        if (!oneElement(cls)) {
            a.addAll(List.of("-m", "1:64"));
        }
        String classPath = OpenMpiJavaIT.openMpiJar() + File.pathSeparator
                + OpenMpiJavaIT.benchmarksJar();
        MpiRun.Result r = MpiRun.run(2, List.of(), classPath, PKG + cls, a.toArray(new String[0]));
        if (refusal == null) {
            assertEquals(0, r.exitCode(), r.all());
            assertEquals(List.of(), r.warnings(), r.all());
            assertTrue(r.bindingLine().startsWith("# Binding: Open MPI Java bindings (mpi.jar)"),
                    r.all());
            List<String> rows = r.stdoutLines().stream()
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
            assertFalse(rows.isEmpty(), r.all());
            for (String row : rows) {
                assertTrue(row.matches("^\\d+ +\\d+\\.\\d{2}( +Pass)?$"), row + "\n" + r.all());
            }
        } else {
            assertEquals(1, r.exitCode(), r.all());
            assertEquals(List.of(cls + ": the binding in use, Open MPI Java bindings (mpi.jar), "
                    + refusal), r.stderr().lines().filter(l -> l.startsWith(cls + ":")).toList(),
                    r.all());
            assertEquals("", r.stdout().trim(), r.all());
        }
    }
}
