package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The suite under MPICH (Debian's mpich 4.0, over UCX): the JNI library built with
 * mpicc.mpich into target/mpich/native, launched by mpiexec.mpich (hydra) with -Xcheck:jni.
 * Every benchmark of the jar once in each API with -c and tiny sizes, a group per launch of
 * the suite runner (the start-up programs, which a suite refuses, alone), the binding probes
 * in full, and the C twins built with MPICH once each. Fails, naming what is missing, where
 * MPICH is not installed ({@link MpiRun#mpich()}).
 */
class MpichIT {
    /** What every group is given: validation where a benchmark has it, tiny sizes. */
    /**
     * Every benchmark validated at small sizes, without the JIT warm-up: these runs check
     * that each benchmark works on the MPI, not its times (the warm-up waited up to 10 s a
     * benchmark on other MPIs, some 9 minutes of CI in OtherMpiIT).
     */
    static final List<String> SMALL_RUN = List.of("-c", "-m", "1:256", "-i", "5",
            "-x", "1", "--jit-warmup", "off");
    static final Pattern PASSING_ROW = Pattern.compile("^\\d+( +-?\\d+\\.\\d{2})+ +Pass$");

    /**
     * A graph of two ranks, each the other's neighbour, for the neighbourhood group: MPICH's
     * ranks poll without ever yielding the processor, so a third rank on two cores waits for
     * the scheduler at every call (the user guide, "Other MPI libraries").
     */
    private static final Path PAIR = Paths.get("target", "mpich-it-pair-graph.txt")
            .toAbsolutePath();

    /**
     * What the library does in C where MPICH 4.0.2 has defects (src/test/c/defects, built with
     * MPICH's wrapper and run on 2 ranks before the tests): the binding must give what C gives.
     * {@code "unsigned_max"}: the MAX of 0xFFF0 and 'a' as MPI_UINT16_T (65520 where the library
     * is right); {@code "accumulate_sizes"}: the sizes at which an accumulate into a window of
     * MPI_Win_allocate of that size is lost (empty where the library is right).
     */
    private static final Map<String, List<String>> C_SAYS = new HashMap<>();

    @BeforeAll
    static void writePairGraph() throws IOException {
        Files.writeString(PAIR, "# MpichIT: ranks 0 and 1, each the other's neighbour\n0, 1\n1, 0\n");
    }

    @BeforeAll
    static void runTheCReproducers() throws Exception {
        MpiRun.Launcher mpich = MpiRun.mpich();
        Path out = MpiRun.mpichDir().resolve("defects");
        Files.createDirectories(out);
        for (String name : List.of("unsigned_max", "accumulate_sizes", "persistent_collectives")) {
            Path source = Paths.get("src", "test", "c", "defects", name + ".c").toAbsolutePath();
            Process cc = new ProcessBuilder(MPICH_MPICC, "-O2", "-Wall", "-Werror", "-o",
                    out.resolve(name).toString(), source.toString()).redirectErrorStream(true)
                    .start();
            String ccOut = new String(cc.getInputStream().readAllBytes());
            assertEquals(0, cc.waitFor(), MPICH_MPICC + " " + source + "\n" + ccOut);
            MpiRun.Result r = MpiRun.runNative(mpich, out, 2, name);
            assertEquals(0, r.exitCode(), r.all());
            List<String> line = r.stdoutLines().stream().filter(l -> l.startsWith(name + " "))
                    .findFirst().map(l -> List.of(l.split(" "))).orElseThrow(
                            () -> new AssertionError("no result line\n" + r.all()));
            C_SAYS.put(name, line.get(1).equals("ok") ? List.of()
                    : List.copyOf(line.subList(2, line.size())));
        }
        System.out.println("MpichIT: the library in C: " + C_SAYS);
    }

    /** MPICH's C compiler wrapper (system property {@code ombj.mpich.mpicc}). */
    private static final String MPICH_MPICC = MpiRun.MPICH_MPICC;

    /**
     * The sizes at which a benchmark's validation must fail because the library fails in C:
     * OSUAccLatency (a window of MPI_Win_allocate, its default) where accumulate_sizes says.
     */
    private static List<String> failingInC(String benchmark) {
        return benchmark.equals("OSUAccLatency") ? C_SAYS.get("accumulate_sizes") : List.of();
    }

    /** The benchmarks of a package in the jar, sorted as the suite's group runs them. */
    static List<String> members(String group) throws IOException {
        try (JarFile jar = new JarFile(MpiRun.jar().toFile())) {
            return jar.stream().map(e -> e.getName())
                    .filter(n -> n.matches("mpi/" + group.replace('.', '/')
                            + "/OSU[A-Za-z]+\\.class"))
                    .map(n -> n.substring(n.lastIndexOf('/') + 1, n.length() - 6)).sorted()
                    .toList();
        }
    }

    /**
     * The groups, each with its rank count, hydra's options, what it takes besides
     * {@link #SMALL_RUN} and how many benchmarks the jar has in it (83 main classes in all
     * with the three start-up programs).
     */
    static Stream<Arguments> groups() {
        return Stream.of(
                // The fan tests need 2 hosts: simulated (OSUBandwidthFanIn's javadoc);
                // OSULatencyMultiThread validates with as many sender as receiver threads.
                Arguments.of("pt2pt", 2, List.of("-genv", "OMB_J_HOSTS", "a,b"),
                        List.of("-t", "1"), 11),
                Arguments.of("collective", 2, List.of(), List.of(), 30),
                // A pair of neighbours: the default ring needs 3 ranks, one more than cores.
                Arguments.of("neighborhood", 2, List.of(), List.of("-N", "graph:" + PAIR), 10),
                Arguments.of("onesided", 2, List.of(), List.of(), 9),
                Arguments.of("transport", 2, List.of(), List.of(), 6));
    }

    /**
     * One launch per group, the group once with {@code -a buffer} and once with
     * {@code -a arrays}: exit 0, no warning, every benchmark run (none skipped or refused)
     * on MPICH's library, and every one that validates passing at every size.
     */
    @ParameterizedTest(name = "{0} on {1} ranks")
    @MethodSource("groups")
    void everyBenchmarkOfTheGroupPassesInBothApis(String group, int np, List<String> hydra,
            List<String> extra, int size) throws Exception {
        List<String> names = members(group);
        assertEquals(size, names.size(), names.toString());
        List<List<String>> entries = new ArrayList<>();
        for (String api : List.of("buffer", "arrays")) {
            List<String> entry = new ArrayList<>(List.of(group));
            entry.addAll(SMALL_RUN);
            entry.addAll(extra);
            entry.addAll(List.of("-a", api));
            entries.add(entry);
        }
        long start = System.nanoTime();
        MpiRun.SuiteLaunch s = MpiRun.suite(MpiRun.mpich(), np, hydra, entries,
                2 * names.size());
        System.out.printf("MpichIT %s: %d benchmarks in %.0f s%n", group, 2 * names.size(),
                (System.nanoTime() - start) / 1e9);
        MpiRun.Result whole = s.whole();
        boolean cFails = names.stream().anyMatch(n -> !failingInC(n).isEmpty());
        assertEquals(cFails ? 1 : 0, whole.exitCode(), whole.all());
        assertEquals(List.of(), whole.warnings(), whole.all());
        List<String> ran = Arrays.stream(whole.stdout().split(MpiRun.SUITE_SUMMARY, 2)[1]
                .split("\n")).filter(l -> l.matches("# [A-Za-z]+ +OSU.*"))
                .map(l -> l.substring(2).trim().split(" +")[1]).toList();
        List<String> expected = new ArrayList<>(names);
        expected.addAll(names);
        assertEquals(expected, ran, whole.all());
        for (int i = 0; i < s.parts().size(); i++) {
            String name = names.get(i % names.size());
            String api = i < names.size() ? "buffer" : "arrays";
            MpiRun.Result r = s.parts().get(i);
            String status = s.statuses().get(i);
            String what = name + " -a " + api + ": " + status + "\n" + r.stdout();
            assertTrue(r.stdout().contains(" (" + api + " API)"), what);
            assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), what);
            assertTrue(r.bindingLine().contains(", MPICH Version:"), "MPICH's library: " + what);
            // The table's rows (the neighbourhood benchmarks, as C OMB's, also print the
            // time their topology took to create).
            List<String> rows = r.stdoutLines().stream().filter(l -> !l.isEmpty()
                    && !l.startsWith("#") && !l.startsWith("Time took to create")).toList();
            assertFalse(rows.isEmpty(), what);
            boolean validates = r.stdout().contains("Validation");
            List<String> cFailing = failingInC(name);
            assertEquals(!validates ? "ran" : cFailing.isEmpty() ? "passed" : "FAILED", status,
                    what);
            if (validates) {
                // Where the library loses data in C, the benchmark must say Fail at exactly
                // those sizes: validation reports the library's defect, as C OMB's does.
                for (String row : rows) {
                    boolean failsInC = cFailing.contains(row.split(" +")[0]);
                    assertEquals(!failsInC, PASSING_ROW.matcher(row).matches(), row + "\n" + what);
                    assertEquals(failsInC, row.endsWith(" Fail"), row + "\n" + what);
                }
            }
        }
    }

    /**
     * The persistent collectives' group in both APIs with {@code -c}: those MPICH runs wrong
     * in C ({@code persistent_collectives.c}: MPICH 4.0.2 loses data in allgather, gather and
     * scatter) skipped with the runner's line (guide, 22.2), every other one validating at
     * every size.
     */
    @Test
    void thePersistentCollectivesWrongInCAreRefusedAndTheOthersPass() throws Exception {
        PersistentCollectiveRuns.assertTheWrongRefusedAndTheOthersPass(MpiRun.mpich(),
                C_SAYS.get("persistent_collectives"), ", MPICH Version:");
    }

    /**
     * osu_allgather_persistent named alone on MPICH 4.0.2 (where C says MPI_Allgather_init
     * loses data): refused before it runs, in one line on stderr naming the library and the
     * call, exit 1 as any refusal, no table, no stack trace, no hung launcher.
     */
    @Test
    void osuAllgatherPersistentAloneIsRefusedInOneLine() throws Exception {
        assertTrue(C_SAYS.get("persistent_collectives").contains("allgather"),
                "this MPICH runs MPI_Allgather_init right in C: " + C_SAYS);
        MpiRun.Result r = MpiRun.run(MpiRun.mpich(), 2, List.of(), List.of(),
                MpiRun.jar().toString(), "mpi.suite.Launcher", "osu_allgather_persistent", "-c");
        assertEquals(1, r.exitCode(), r.all());
        List<String> lines = r.stderr().lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), r.all());
        assertTrue(Pattern.matches(Pattern.quote("OSUAllgatherPersistent: MPI_Allgather_init is"
                + " known to restart wrong on MPICH 4 and Intel MPI 2021 (here MPICH Version: 4.")
                + "[0-9.]+" + Pattern.quote("): it delivers wrong data and writes where it should"
                + " not, which can end the JVM; refused (Open MPI 5.0 and MPICH 5.0 run it right)"),
                lines.get(0)), r.all());
        assertEquals("", r.stdout().strip(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }

    /** The start-up programs, which measure a job's start and so run alone, not in a suite. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"OSUInit", "OSUHello"})
    void theStartUpProgramsRunAlone(String name) throws Exception {
        assertEquals(List.of("OSUHello", "OSUInit", "OSUSpawn"), members("startup"));
        MpiRun.Result r = MpiRun.run(MpiRun.mpich(), 2, List.of(), List.of(),
                MpiRun.jar().toString(), "mpi.startup." + name);
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.bindingLine().contains(", MPICH Version:"), "MPICH's library\n" + r.all());
        assertFalse(r.stdoutLines().stream().filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList().isEmpty(), r.all());
    }

    // ---- the binding probes, in full ----

    static Stream<Arguments> probes() {
        return Stream.of(
                Arguments.of("BindingProbe", 2, BindingIT.CHECKS, List.of()),
                Arguments.of("CollectiveProbe", 3, CollectiveBindingIT.CHECKS, List.of()),
                Arguments.of("TopologyProbe", 4, TopologyIT.CHECKS, List.of()),
                Arguments.of("WinProbe", 2, WinIT.CHECKS, List.of()),
                Arguments.of("PersistentProbe", 2, PersistentIT.CHECKS, List.of()),
                Arguments.of("RequestReuseProbe", 2, RequestReuseIT.CHECKS, List.of()));
    }

    @ParameterizedTest(name = "{0} on {1} ranks")
    @MethodSource("probes")
    void everyProbeCheckPassesOnEveryRank(String probe, int np, int checks, List<String> args)
            throws Exception {
        MpiRun.Result r = runProbe(np, "mpi.it." + probe, args.toArray(new String[0]));
        // BindingProbe's MPI.CHAR check expects what C's MPI_UINT16_T MAX gives here
        // (BindingProbe.CHAR_MAX_PROPERTY), set by runProbe.
        List<String> lines = r.stdoutLines();
        assertEquals(List.of(), lines.stream().filter(l -> l.startsWith("FAIL ")).toList(),
                r.all());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(np * checks, lines.stream().filter(l -> l.startsWith("PASS ")).count(),
                r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }

    /**
     * The probes of the groups added for Open MPI's API (scans, user-defined operations,
     * completion, send modes and probes, communicator management, error handlers, structs):
     * each rank prints {@code rank R ok}. Not the dynamic processes': Debian's MPICH over UCX has none
     * (the user guide, 26.8).
     */
    static final List<OkProbe> OK_PROBES = List.of(new OkProbe("ScanProbe", 3),
            // FFM: the MPI calls user functions back only with upcalls allowed (guide, 26.4)
            new OkProbe("UserOpProbe", 3, "-Dombj.upcalls=true"), new OkProbe("CompletionProbe", 2),
            new OkProbe("SendModesProbe", 2), new OkProbe("CommManagementProbe", 2),
            new OkProbe("ErrhandlerProbe", 2), new OkProbe("CommExtrasProbe", 2),
            new OkProbe("GraphTopologyProbe", 2), new OkProbe("StructProbe", 3),
            new OkProbe("ToolProbe", 2));

    /** A probe of {@link #OK_PROBES}: its class in {@code mpi.it}, ranks, and the JVM options it needs. */
    record OkProbe(String name, int np, List<String> jvm) {
        OkProbe(String name, int np, String... jvm) {
            this(name, np, List.of(jvm));
        }

        @Override
        public String toString() {
            return name + " on " + np + " ranks";
        }
    }

    static Stream<OkProbe> okProbes() {
        return OK_PROBES.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("okProbes")
    void everyApiProbeSaysOkOnEveryRank(OkProbe probe) throws Exception {
        MpiRun.Result r = runProbe(probe.np(), probe.jvm(), "mpi.it." + probe.name());
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < probe.np(); rank++) {
            assertTrue(r.stdout().contains("rank " + rank + " ok"), r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }

    /** The fault test on MPICH: a rank killed with SIGKILL ends the job (FaultIT). */
    @Test
    void aKilledRankEndsTheJob() throws Exception {
        FaultIT.assertKilledRankEndsTheJob(MpiRun.mpich());
    }

    @Test
    void eightThreadsPerRankCommunicateAtOnce() throws Exception {
        MpiRun.Result r = runProbe(2, "mpi.it.ThreadHammer", "8", "60");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.stdoutLines().stream().filter(l -> l.contains("FAIL")).toList(),
                r.all());
        assertEquals(2, r.stdoutLines().stream().filter(l -> l.startsWith("PASS rank ")).count(),
                r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }

    private static MpiRun.Result runProbe(int np, String mainClass, String... args)
            throws Exception {
        return runProbe(np, List.of(), mainClass, args);
    }

    private static MpiRun.Result runProbe(int np, List<String> options, String mainClass,
            String... args) throws Exception {
        String testClasses = Paths.get("target", "test-classes").toAbsolutePath().toString();
        List<String> unsignedMax = C_SAYS.get("unsigned_max");
        List<String> jvm = new ArrayList<>(options);
        if (!unsignedMax.isEmpty()) {
            jvm.add("-D" + BindingProbe.CHAR_MAX_PROPERTY + "=" + unsignedMax.get(0));
        }
        return MpiRun.run(MpiRun.mpich(), np, List.of(), jvm,
                MpiRun.jar() + File.pathSeparator + testClasses, mainClass, args);
    }

    // ---- the C twins, built with mpicc.mpich ----

    static Stream<String> cTwins() throws IOException {
        Path dir = MpiRun.mpichDir().resolve("c");
        MpiRun.mpich(); // fails with what is missing
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("osu_")).sorted().toList();
            assertEquals(13, names.size(), names.toString());
            return names.stream();
        }
    }

    /** Each C twin once with tiny settings: exit 0, nothing on stderr, a table of rows. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cTwins")
    void everyCTwinRunsUnderMpich(String twin) throws Exception {
        List<String> args = new ArrayList<>(List.of("-i", "10", "-x", "2"));
        if (!twin.equals("osu_latency_mt")) {
            args.addAll(List.of("-m", "1:256"));
        } else {
            args.addAll(List.of("-m", "1:256", "-t", "1"));
        }
        MpiRun.Result r = MpiRun.runNative(MpiRun.mpich(), MpiRun.mpichDir().resolve("c"), 2,
                twin, args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals("", r.stderr().trim(), r.all());
        List<String> rows = r.stdoutLines().stream()
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertFalse(rows.isEmpty(), r.all());
        for (String row : rows) {
            assertTrue(row.matches("^\\d+( +-?\\d+(\\.\\d+)?)+$"), row + "\n" + r.all());
        }
    }
}
