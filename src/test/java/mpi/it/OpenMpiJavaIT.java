package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The suite on a binding the user brings: Open MPI's Java bindings (the {@code mpi.jar} that
 * scripts/install-openmpi-java.sh builds, system property {@code ombj.ompi.java.jar}) with
 * {@code target/omb-j-benchmarks.jar}. Every benchmark runs validated in the buffer API; in the
 * arrays API it runs where Open MPI's bindings have the calls, and elsewhere (non-blocking calls
 * on arrays) ends with one line naming what is missing and exit 1 on every rank.
 *
 * <p>The runs of every benchmark go through the suite runner ({@code mpi.suite.OSUSuite}, which
 * is part of the benchmarks jar): a few launches per API, each run checked as if it had run
 * alone (a refused one counts as failed with its one line). {@code OSULatencyMultiThread} has
 * launches of its own: it makes MPI start with {@code MPI.THREAD_MULTIPLE}.
 */
class OpenMpiJavaIT {
    /** Every benchmark checked, not measured: without the harness's JIT warm-up. */
    private static final String[] SMALL_RUN = {"-c", "-m", "1:256", "-i", "10", "-x", "2",
        "--jit-warmup", "off"};
    private static final String[] NO_DATA = {"-i", "10", "-x", "2", "--jit-warmup", "off"};
    private static final Pattern PASSING_ROW = Pattern.compile("^\\d+( +\\d+\\.\\d{2})+ +Pass$");

    static Path openMpiJar() {
        Path jar = Paths.get(System.getProperty("ombj.ompi.java.jar", "target/ompi-java/mpi.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run the tests with scripts/test.sh"
                    + " (its scripts/install-openmpi-java.sh builds Open MPI's Java bindings)");
        }
        return jar;
    }

    static Path benchmarksJar() {
        Path jar = Paths.get(System.getProperty("ombj.benchmarks.jar", "target/omb-j-benchmarks.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: integration tests run after 'mvn package'");
        }
        return jar;
    }

    /** Every benchmark of the benchmarks jar, as its main class. */
    static Stream<String> benchmarks() throws IOException {
        try (JarFile jar = new JarFile(benchmarksJar().toFile())) {
            List<String> names = jar.stream().map(e -> e.getName())
                    .filter(n -> n.matches("mpi/(pt2pt|collective)/OSU[A-Za-z]+\\.class"))
                    .map(n -> n.replace('/', '.').replace(".class", "")).sorted().toList();
            assertEquals(41, names.size(), names.toString());
            return names.stream();
        }
    }

    /** The most runs per launch: a launch stays well under MpiRun's timeout. */
    private static final int PER_LAUNCH = 12;

    /** A benchmark's run in an API: its main class and arguments. */
    private static List<String> entry(String mainClass, String api) {
        List<String> entry = new ArrayList<>(List.of(mainClass));
        entry.addAll(List.of(isBarrier(mainClass) ? NO_DATA : SMALL_RUN));
        entry.addAll(List.of("-a", api));
        // -c needs as many sender as receiver threads
        if (isMultiThreaded(mainClass)) {
            entry.addAll(List.of("-t", "1"));
        }
        return entry;
    }

    private static boolean isMultiThreaded(String mainClass) {
        return mainClass.endsWith(".OSULatencyMultiThread");
    }

    /**
     * What a benchmark printed in an API, from the launches of every benchmark in that API
     * (but the multi-threaded one, alone); the fan tests need 2 hosts (simulated), which
     * nothing else reads.
     */
    private static MpiRun.Result run(String mainClass, String api) throws Exception {
        List<List<String>> entries = isMultiThreaded(mainClass)
                ? List.of(entry(mainClass, api))
                : benchmarks().filter(c -> !isMultiThreaded(c)).map(c -> entry(c, api)).toList();
        String classPath = openMpiJar() + File.pathSeparator + benchmarksJar();
        return MpiRun.suite(2, List.of("-x", "OMB_J_HOSTS=a,b"), classPath, entries, PER_LAUNCH)
                .part(entry(mainClass, api));
    }

    /** A barrier moves no data: no sizes, no validation. */
    private static boolean isBarrier(String mainClass) {
        return mainClass.endsWith("Barrier") || mainClass.endsWith("barrier");
    }

    /**
     * What Open MPI's bindings lack on arrays: non-blocking calls (bandwidths, MPI_I*),
     * persistent requests (the persistent benchmarks) and all-to-allw.
     */
    private static boolean refusedOnArrays(String mainClass) {
        String name = mainClass.substring(mainClass.lastIndexOf('.') + 1);
        return name.equals("OSUBandwidth") || name.equals("OSUBiBandwidth")
                || name.endsWith("Persistent") || name.equals("OSUAlltoallw")
                || name.equals("OSUMultiBandwidth") || name.startsWith("OSUBandwidthFan")
                || name.startsWith("OSUI") && !name.equals("OSUIbarrier");
    }

    /** A validated table (but for a barrier, which moves no data) in Open MPI's bindings' name. */
    private static void assertPasses(String mainClass, MpiRun.Result r) {
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.bindingLine().startsWith("# Binding: Open MPI Java bindings (mpi.jar), Open MPI v"),
                r.all());
        List<String> rows = r.stdoutLines().stream().filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList();
        assertFalse(rows.isEmpty(), r.all());
        if (!isBarrier(mainClass)) {
            for (String row : rows) {
                assertTrue(PASSING_ROW.matcher(row).matches(), row + "\n" + r.all());
            }
        }
    }

    @ParameterizedTest(name = "{0} -a buffer")
    @MethodSource("benchmarks")
    void everyBenchmarkRunsOnBuffers(String mainClass) throws Exception {
        assertPasses(mainClass, run(mainClass, "buffer"));
    }

    @ParameterizedTest(name = "{0} -a arrays")
    @MethodSource("benchmarks")
    void arraysRunWhereTheBindingHasTheCallsAndAreRefusedElsewhere(String mainClass)
            throws Exception {
        MpiRun.Result r = run(mainClass, "arrays");
        if (!refusedOnArrays(mainClass)) {
            assertPasses(mainClass, r);
            return;
        }
        String what = mainClass.endsWith(".OSUAlltoallw") ? "all-to-allw on Java arrays"
                : mainClass.endsWith("Persistent") ? "persistent requests on Java arrays"
                : "non-blocking calls on Java arrays";
        assertRefused(mainClass, r, what + "; run with -a buffer");
    }

    /** One line "PROGRAM: the binding in use, ..., has no WHAT", exit 1, nothing measured. */
    private static void assertRefused(String mainClass, MpiRun.Result r, String what) {
        String program = mainClass.substring(mainClass.lastIndexOf('.') + 1);
        assertEquals(1, r.exitCode(), r.all());
        assertEquals("", r.stdout().trim(), r.all());
        List<String> ours = r.stderr().lines().filter(l -> l.startsWith(program + ":")).toList();
        assertEquals(List.of(program + ": the binding in use, Open MPI Java bindings (mpi.jar),"
                + " has no " + what), ours, r.all());
        assertFalse(r.stderr().contains("Exception") || r.stderr().contains("\tat "), r.all());
    }

    /**
     * The neighborhood benchmarks need 3 ranks (the default ring): one that Open MPI's
     * bindings have the calls for runs, validated; the alltoallw ones are refused.
     */
    @Test
    void neighborhoodRunsWhereTheBindingHasTheCalls() throws Exception {
        String classPath = openMpiJar() + File.pathSeparator + benchmarksJar();
        // Blocking, tiny: a non-blocking one spends minutes in the JIT warm-up on this binding.
        MpiRun.Result r = MpiRun.run(3, List.of(), classPath,
                "mpi.neighborhood.OSUNeighborAlltoallv", "-c", "-m", "1:16", "-i", "5", "-x", "1");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> rows = r.stdoutLines().stream()
                .filter(l -> !l.isEmpty() && Character.isDigit(l.charAt(0))).toList();
        assertFalse(rows.isEmpty(), r.all());
        for (String row : rows) {
            assertTrue(PASSING_ROW.matcher(row).matches(), row + "\n" + r.all());
        }
        String w = "mpi.neighborhood.OSUNeighborAlltoallw";
        assertRefused(w, MpiRun.run(3, List.of(), classPath, w, "-c"),
                "neighborhood alltoallw calls; run it on this project's binding");
    }

    @Test
    void inPlaceAllToAllIsRefusedWithOneLine() throws Exception {
        String classPath = openMpiJar() + File.pathSeparator + benchmarksJar();
        MpiRun.Result r = MpiRun.run(2, List.of(), classPath, "mpi.collective.OSUAlltoall", "-l",
                "-m", "1:16");
        assertEquals(1, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("OSUAlltoall: the binding in use, Open MPI Java bindings"
                + " (mpi.jar), has no in-place all-to-all calls; run without -l"), r.all());
    }

    @Test
    void versionNamesTheBinding() throws Exception {
        String classPath = openMpiJar() + File.pathSeparator + benchmarksJar();
        MpiRun.Result r = MpiRun.run(2, List.of(), classPath, "mpi.pt2pt.OSULatency", "-v");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("# Binding: Open MPI Java bindings (mpi.jar), Open MPI v"),
                r.all());
    }

    @Test
    void theBenchmarksJarHoldsNoClassOfTheBinding() throws IOException {
        try (JarFile jar = new JarFile(benchmarksJar().toFile())) {
            List<String> binding = jar.stream().map(e -> e.getName())
                    // Netty's own native transport (META-INF/native/libnetty_*.so) belongs there.
                    .filter(n -> n.matches("mpi/[A-Za-z0-9_$]+\\.class") || n.startsWith("native/")
                            || n.endsWith(".so") && !n.startsWith("META-INF/native/libnetty_"))
                    .toList();
            assertEquals(List.of(), binding);
            assertTrue(jar.getEntry("mpi/common/BenchmarkHarness.class") != null);
            assertTrue(jar.getEntry("mpi/pt2pt/OSULatency.class") != null);
        }
        try (JarFile jar = new JarFile(MpiRun.jar().toFile())) {
            assertTrue(jar.getEntry("mpi/MPI.class") != null, "omb-j.jar stays self-contained");
            assertTrue(jar.stream().anyMatch(e -> e.getName().endsWith("libombj.so")));
        }
    }

    /** The snapshot the unit tests compare signatures with is Open MPI's real API. */
    @Test
    void theApiSnapshotIsOpenMpisJar() throws Exception {
        List<String> listed = listApi(openMpiJar());
        List<String> snapshot;
        try (InputStream in = OpenMpiJavaIT.class.getResourceAsStream("/mpi/api/openmpi-java-4.1.4.api")) {
            snapshot = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank()).toList();
        }
        assertEquals(snapshot, listed);
    }

    /** mpi.api.ApiListing lives in a package of its own; it is run as the snapshot was made. */
    private static List<String> listApi(Path jar) throws Exception {
        Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "mpi.api.ApiListing", jar.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out.lines().filter(l -> !l.isBlank()).toList();
    }
}
