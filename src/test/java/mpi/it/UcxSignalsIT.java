package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JVM's signal handlers under an MPI over UCX (mpi.SignalGuard). UCX installs handlers for
 * SIGSEGV, SIGBUS, SIGILL and SIGFPE when libucs is loaded, and aborts the process when
 * JIT-compiled code faults on purpose (an implicit null check in a compiled Request.waitAll
 * did, under OSUBandwidth). OSUBandwidth in both APIs runs long enough for C2 to compile
 * Request.waitAll (its JIT warm-up; each rank's JIT log shows it), validated, under -Xcheck:jni, whose periodic check
 * warns "Warning: SIGSEGV handler modified!" if a handler is not the JVM's: exit 0, every row
 * passes, no warning. Under MPICH (libucs comes with libombj.so) each run twice: as a user
 * starts it (the binding tells UCX to install no handler) and with UCX_ERROR_SIGNALS set by
 * the user to UCX's default list (UCX installs its handlers; the binding puts the JVM's back);
 * under Open MPI with pml/ucx (libucs comes in MPI_Init) as a user starts it. A probe prints
 * on each rank which handlers the binding put back, for both libraries and both settings.
 */
class UcxSignalsIT {
    /**
     * Without the guard, UCX's handler kills this run in C2-compiled OSUBandwidth.iteration.
     * Few iterations suffice: the harness's JIT warm-up runs until the JIT is quiet, by which
     * time C2 has compiled both methods (the JIT logs are checked).
     */
    private static final String[] HOT = {"-c", "-m", "1:64", "-i", "20", "-x", "5"};
    /**
     * Open MPI 4.1 takes pml/ucx only over InfiniBand devices unless told otherwise; any
     * transport and device lets it run here over shared memory.
     */
    private static final List<String> PML_UCX = List.of("--mca", "pml", "ucx",
            "--mca", "pml_ucx_tls", "any", "--mca", "pml_ucx_devices", "any");
    private static final String UCX_DEFAULT_SIGNALS = "SIGILL,SIGSEGV,SIGBUS,SIGFPE";
    /** Lines of the JIT log (-Xlog:jit+compilation=debug) for C2 (tier 4) compilations. */
    private static final Pattern C2_WAITALL = Pattern.compile("\\s4\\s+mpi\\.Request::waitAll \\(");
    private static final Pattern C2_ITERATION =
            Pattern.compile("\\s4\\s+mpi\\.pt2pt\\.OSUBandwidth::iteration \\(");
    private static final Pattern PASSING_ROW = Pattern.compile("^\\d+ +\\d+\\.\\d{2} +Pass$");
    /** UCX's default UCX_ERROR_SIGNALS as a mask of 1 << signal: SIGILL 4, SIGBUS 7, SIGFPE 8, SIGSEGV 11. */
    private static final int UCX_DEFAULT_MASK = 1 << 4 | 1 << 7 | 1 << 8 | 1 << 11;

    /** Both APIs as a user starts them; the buffer API with UCX's handlers asked for. */
    static Stream<Arguments> runs() {
        return Stream.of(Arguments.of("buffer", false), Arguments.of("arrays", false),
                Arguments.of("buffer", true));
    }

    @ParameterizedTest(name = "MPICH, -a {0}, UCX_ERROR_SIGNALS set by the user: {1}")
    @MethodSource("runs")
    void bandwidthUnderMpichOverUcx(String api, boolean userSignals, @TempDir Path logs)
            throws Exception {
        List<String> hydra = userSignals
                ? List.of("-genv", "UCX_ERROR_SIGNALS", UCX_DEFAULT_SIGNALS) : List.of();
        assertSurvives(MpiRun.run(MpiRun.mpich(), 2, hydra, jitLog(logs),
                MpiRun.jar().toString(), "mpi.pt2pt.OSUBandwidth", args(api)), logs, userSignals);
    }

    @ParameterizedTest(name = "Open MPI pml/ucx, -a {0}")
    @ValueSource(strings = {"buffer", "arrays"})
    void bandwidthUnderOpenMpiWithPmlUcx(String api, @TempDir Path logs) throws Exception {
        assertTrue(openMpiHasPmlUcx(), "this Open MPI has no pml/ucx (ompi_info lists none)");
        assertSurvives(MpiRun.run(MpiRun.DEFAULT, 2, PML_UCX, jitLog(logs),
                MpiRun.jar().toString(), "mpi.pt2pt.OSUBandwidth", args(api)), logs, false);
    }

    /** Each rank logs its JIT compilations to its own file in {@code dir}, not to stdout. */
    private static List<String> jitLog(Path dir) {
        return List.of("-Xlog:jit+compilation=debug:file=" + dir.resolve("jit-%p.log"));
    }

    private static String[] args(String api) {
        List<String> a = new ArrayList<>(List.of(HOT));
        a.addAll(List.of("-a", api));
        return a.toArray(new String[0]);
    }

    private static void assertSurvives(MpiRun.Result r, Path logs, boolean userSignals)
            throws IOException {
        assertEquals(0, r.exitCode(), r.all());
        assertNoWarnings(r, userSignals);
        assertFalse(r.all().contains("Caught signal"), r.all());
        List<Path> files;
        try (Stream<Path> s = Files.list(logs)) {
            files = s.sorted().toList();
        }
        assertEquals(2, files.size(), "a JIT log per rank: " + files);
        for (Path f : files) {
            List<String> log = Files.readAllLines(f);
            assertTrue(log.stream().anyMatch(l -> C2_WAITALL.matcher(l).find()),
                    "C2 compiled Request.waitAll in " + f + "\n" + r.all());
            assertTrue(log.stream().anyMatch(l -> C2_ITERATION.matcher(l).find()),
                    "C2 compiled OSUBandwidth.iteration in " + f + "\n" + r.all());
        }
        // Only the table's rows: a -Xcheck:jni report (allowed above) adds its handler table.
        List<String> rows = r.stdoutLines().stream().filter(l -> l.matches("^\\d.*")).toList();
        assertEquals(7, rows.size(), "sizes 1 to 64\n" + r.all());
        for (String row : rows) {
            assertTrue(PASSING_ROW.matcher(row).matches(), row + "\n" + r.all());
        }
    }

    /** Whether Debian's Open MPI (ompi_info) lists the UCX point-to-point layer. */
    private static boolean openMpiHasPmlUcx() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ompi_info").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return text.lines().anyMatch(l -> l.contains("MCA pml: ucx"));
    }

    // ---- what the binding did: mpi.SignalGuardProbe prints it on each rank after MPI.Init ----

    static Stream<Arguments> probeRuns() {
        return Stream.of(Arguments.of(false, 0), Arguments.of(true, UCX_DEFAULT_MASK));
    }

    /**
     * As a user starts it, UCX installs no handler, so nothing is put back (the environment
     * the binding sets works); with UCX_ERROR_SIGNALS set by the user, UCX installs its four
     * (when libombj.so loads) and the binding puts exactly those back. Either way no handler
     * is the library's after MPI.Init, and -Xcheck:jni says nothing.
     */
    @ParameterizedTest(name = "MPICH, UCX_ERROR_SIGNALS set by the user: {0}")
    @MethodSource("probeRuns")
    void mpichGuardRestoresWhatUcxInstalled(boolean userSignals, int restored) throws Exception {
        List<String> hydra = userSignals
                ? List.of("-genv", "UCX_ERROR_SIGNALS", UCX_DEFAULT_SIGNALS) : List.of();
        MpiRun.Result r = MpiRun.run(MpiRun.mpich(), 2, hydra, List.of(), probeClassPath(),
                "mpi.SignalGuardProbe");
        assertNoWarnings(r, userSignals);
        assertRanks(r, restored);
    }

    /**
     * Open MPI loads UCX inside MPI_Init. As a user starts it, nothing to put back and no
     * warning. With UCX_ERROR_SIGNALS set by the user, UCX's four handlers are in place from
     * the moment UCX loads until MPI_Init returns, when the binding puts the JVM's back; the
     * JVM's periodic -Xcheck:jni check may see them meanwhile ("Warning: SIGSEGV handler
     * modified!", for those four only). The user guide says so.
     */
    @ParameterizedTest(name = "Open MPI pml/ucx, UCX_ERROR_SIGNALS set by the user: {0}")
    @MethodSource("probeRuns")
    void openMpiGuardRestoresWhatUcxInstalled(boolean userSignals, int restored)
            throws Exception {
        assertTrue(openMpiHasPmlUcx(), "this Open MPI has no pml/ucx (ompi_info lists none)");
        List<String> mpirun = new ArrayList<>(PML_UCX);
        if (userSignals) {
            mpirun.addAll(List.of("-x", "UCX_ERROR_SIGNALS=" + UCX_DEFAULT_SIGNALS));
        }
        MpiRun.Result r = MpiRun.run(MpiRun.DEFAULT, 2, mpirun, List.of(), probeClassPath(),
                "mpi.SignalGuardProbe");
        assertNoWarnings(r, userSignals);
        assertRanks(r, restored);
    }

    /**
     * No warning at all as a user starts it. With UCX_ERROR_SIGNALS set by the user, UCX's
     * handlers are in place from the moment libucs loads (in libombj.so's load for MPICH, in
     * MPI_Init for Open MPI) until the binding puts the JVM's back, and the JVM's periodic
     * -Xcheck:jni check may see one meanwhile: "Warning: SIGSEGV handler modified!" for UCX's
     * four signals, and nothing else, is then allowed. The user guide says so.
     */
    private static void assertNoWarnings(MpiRun.Result r, boolean userSignals) {
        List<String> allowed = userSignals ? List.of("Warning: SIGILL handler modified!",
                "Warning: SIGSEGV handler modified!", "Warning: SIGBUS handler modified!",
                "Warning: SIGFPE handler modified!") : List.of();
        // Both JVMs print to one stream, so an allowed warning may start mid-line; what is
        // left of a line without the allowed ones must warn of nothing.
        List<String> others = new ArrayList<>();
        for (String w : r.warnings()) {
            String rest = w;
            for (String a : allowed) {
                rest = rest.replace(a, "");
            }
            String lower = rest.toLowerCase(Locale.ROOT);
            if (lower.contains("warn") || rest.contains("JNI")) {
                others.add(w);
            }
        }
        assertEquals(List.of(), others, r.all());
    }

    private static String probeClassPath() {
        return MpiRun.jar() + File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath();
    }

    /** Exit 0; on each rank, UCX's signals guarded, {@code restored} put back, none replaced. */
    private static void assertRanks(MpiRun.Result r, int restored) {
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 2; rank++) {
            String prefix = "rank " + rank + " guarded ";
            List<String> lines = r.stdoutLines().stream().filter(l -> l.startsWith(prefix)).toList();
            assertEquals(1, lines.size(), r.all());
            String[] f = lines.get(0).split(" ");
            int guarded = Integer.parseInt(f[3]);
            assertEquals(UCX_DEFAULT_MASK, guarded & UCX_DEFAULT_MASK, "guarded\n" + r.all());
            assertEquals(restored, Integer.parseInt(f[5]), "restored\n" + r.all());
            assertEquals(0, Integer.parseInt(f[7]), "replaced now\n" + r.all());
        }
    }
}
