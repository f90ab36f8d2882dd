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
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The suite under MPICH (Debian's mpich 4.0, over UCX): the JNI library built with
 * mpicc.mpich into target/mpich/native, launched by mpiexec.mpich (hydra) with -Xcheck:jni.
 * Every benchmark of the jar once in each API with -c and tiny sizes, the binding probes in
 * full, and the C twins built with MPICH once each. Fails, naming what is missing, where
 * MPICH is not installed ({@link MpiRun#mpich()}).
 */
class MpichIT {
    private static final String[] SMALL_RUN = {"-c", "-m", "1:256", "-i", "5", "-x", "1"};
    private static final String[] NO_DATA = {"-i", "5", "-x", "1"};
    private static final Pattern PASSING_ROW = Pattern.compile("^\\d+( +-?\\d+\\.\\d{2})+ +Pass$");
    /** The one-sided programs that validate (-c); the others take no -c. */
    private static final Set<String> VALIDATED_ONE_SIDED =
            Set.of("OSUAccLatency", "OSUFopLatency", "OSUCasLatency");
    /** One-sided programs on one element: no sizes. */
    private static final Set<String> ONE_ELEMENT = Set.of("OSUFopLatency", "OSUCasLatency");

    /** Every benchmark's main class in the jar, in each API (the start-up ones once). */
    static Stream<Arguments> benchmarks() throws IOException {
        List<String> names;
        try (JarFile jar = new JarFile(MpiRun.jar().toFile())) {
            names = jar.stream().map(e -> e.getName())
                    .filter(n -> n.matches("mpi/(pt2pt|collective|neighborhood|onesided|startup"
                            + "|transport)/OSU[A-Za-z]+\\.class"))
                    .map(n -> n.replace('/', '.').replace(".class", "")).sorted().toList();
        }
        assertEquals(68, names.size(), names.toString());
        List<Arguments> all = new ArrayList<>();
        for (String name : names) {
            if (name.startsWith("mpi.startup.")) {
                all.add(Arguments.of(name, "-"));
            } else {
                all.add(Arguments.of(name, "buffer"));
                all.add(Arguments.of(name, "arrays"));
            }
        }
        return all.stream();
    }

    private static String simpleName(String mainClass) {
        return mainClass.substring(mainClass.lastIndexOf('.') + 1);
    }

    /** A barrier moves no data: no sizes, no validation. */
    private static boolean isBarrier(String mainClass) {
        return mainClass.endsWith("Barrier") || mainClass.endsWith("barrier");
    }

    /** Whether the run validates (-c), so every row must pass. */
    private static boolean validated(String mainClass) {
        if (mainClass.startsWith("mpi.onesided.")) {
            return VALIDATED_ONE_SIDED.contains(simpleName(mainClass));
        }
        return !isBarrier(mainClass) && !mainClass.startsWith("mpi.startup.");
    }

    private static MpiRun.Result runBenchmark(String mainClass, String api) throws Exception {
        String name = simpleName(mainClass);
        List<String> args = new ArrayList<>();
        List<String> hydra = new ArrayList<>();
        int np = 2;
        if (mainClass.startsWith("mpi.onesided.")) {
            args.addAll(List.of(NO_DATA));
            if (!ONE_ELEMENT.contains(name)) {
                args.addAll(List.of("-m", "1:256"));
            }
            if (VALIDATED_ONE_SIDED.contains(name)) {
                args.add("-c");
            }
        } else if (!mainClass.startsWith("mpi.startup.")) {
            args.addAll(List.of(isBarrier(mainClass) ? NO_DATA : SMALL_RUN));
        }
        if (!api.equals("-")) {
            args.addAll(List.of("-a", api));
        }
        if (mainClass.startsWith("mpi.neighborhood.")) {
            np = 3; // the default topology, a ring, needs 3 ranks
        }
        if (name.equals("OSULatencyMultiThread")) {
            args.addAll(List.of("-t", "1")); // -c needs as many sender as receiver threads
        }
        if (name.startsWith("OSUBandwidthFan")) {
            hydra.addAll(List.of("-genv", "OMB_J_HOSTS", "a,b")); // 2 hosts, simulated
        }
        return MpiRun.run(MpiRun.mpich(), np, hydra, List.of(), MpiRun.jar().toString(),
                mainClass, args.toArray(new String[0]));
    }

    /** Exit 0, no warning, the MPICH library named, every row passing where validated. */
    @ParameterizedTest(name = "{0} -a {1}")
    @MethodSource("benchmarks")
    void everyBenchmarkPassesUnderMpich(String mainClass, String api) throws Exception {
        MpiRun.Result r = runBenchmark(mainClass, api);
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        assertTrue(r.bindingLine().contains(", MPICH Version:"), "MPICH's library\n" + r.all());
        List<String> rows = r.stdoutLines().stream()
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertFalse(rows.isEmpty(), r.all());
        if (validated(mainClass)) {
            for (String row : rows) {
                assertTrue(PASSING_ROW.matcher(row).matches(), row + "\n" + r.all());
            }
        }
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
        List<String> lines = r.stdoutLines();
        assertEquals(List.of(), lines.stream().filter(l -> l.startsWith("FAIL ")).toList(),
                r.all());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(np * checks, lines.stream().filter(l -> l.startsWith("PASS ")).count(),
                r.all());
        assertEquals(List.of(), r.warnings(), r.all());
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
        String testClasses = Paths.get("target", "test-classes").toAbsolutePath().toString();
        return MpiRun.run(MpiRun.mpich(), np, List.of(), List.of(),
                MpiRun.jar() + File.pathSeparator + testClasses, mainClass, args);
    }

    // ---- the C twins, built with mpicc.mpich ----

    static Stream<String> cTwins() throws IOException {
        Path dir = MpiRun.mpichDir().resolve("c");
        MpiRun.mpich(); // fails with what is missing
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("osu_")).sorted().toList();
            assertEquals(11, names.size(), names.toString());
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
