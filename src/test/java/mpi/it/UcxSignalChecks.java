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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.provider.Arguments;

/**
 * What {@link UcxSignalsIT} and {@link OpenMpiUcxSignalsIT} check of a run under an MPI over
 * UCX: a hot OSUBandwidth survives C2's deliberate faults with every row passing, and
 * mpi.SignalGuardProbe's report of the handlers the binding put back.
 */
final class UcxSignalChecks {
    /**
     * Without the guard, UCX's handler kills this run in C2-compiled OSUBandwidth.iteration.
     * Few iterations suffice: the harness's JIT warm-up runs until the JIT is quiet, by which
     * time C2 has compiled both methods (the JIT logs are checked).
     */
    private static final String[] HOT = {"-c", "-m", "1:64", "-i", "20", "-x", "5"};
    /** UCX's default UCX_ERROR_SIGNALS, as a user sets it. */
    static final String UCX_DEFAULT_SIGNALS = "SIGILL,SIGSEGV,SIGBUS,SIGFPE";
    /** UCX's default UCX_ERROR_SIGNALS as a mask of 1 << signal: SIGILL 4, SIGBUS 7, SIGFPE 8, SIGSEGV 11. */
    static final int UCX_DEFAULT_MASK = 1 << 4 | 1 << 7 | 1 << 8 | 1 << 11;
    /** Lines of the JIT log (-Xlog:jit+compilation=debug) for C2 (tier 4) compilations. */
    private static final Pattern C2_WAITALL = Pattern.compile("\\s4\\s+mpi\\.Request::waitAll \\(");
    private static final Pattern C2_ITERATION =
            Pattern.compile("\\s4\\s+mpi\\.pt2pt\\.OSUBandwidth::iteration \\(");
    private static final Pattern PASSING_ROW = Pattern.compile("^\\d+ +\\d+\\.\\d{2} +Pass$");

    private UcxSignalChecks() {
    }

    /** The runs of a test: both APIs as a user starts them; the buffer API with UCX's handlers asked for. */
    static Stream<Arguments> runs() {
        return Stream.of(Arguments.of("buffer", false),
                Arguments.of("arrays", false),
                Arguments.of("buffer", true));
    }

    /** The probe's runs: as a user starts it (nothing to put back), and with UCX's handlers asked for. */
    static Stream<Arguments> probeRuns() {
        return Stream.of(Arguments.of(false, 0),
                Arguments.of(true, UCX_DEFAULT_MASK));
    }

    /** Each rank logs its JIT compilations to its own file in {@code dir}, not to stdout. */
    static List<String> jitLog(Path dir) {
        return List.of("-Xlog:jit+compilation=debug:file=" + dir.resolve("jit-%p.log"));
    }

    /** OSUBandwidth's arguments: hot enough for C2, validated, in {@code api}. */
    static String[] args(String api) {
        List<String> a = new ArrayList<>(List.of(HOT));
        a.addAll(List.of("-a", api));
        return a.toArray(new String[0]);
    }

    /** The jar and the test classes, where mpi.SignalGuardProbe is. */
    static String probeClassPath() {
        return MpiRun.jar() + File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath();
    }

    /**
     * Exit 0, no warning but those {@link #assertNoWarnings} allows, no UCX report of a caught
     * signal, C2 compiled Request.waitAll and OSUBandwidth.iteration on each rank (so the
     * deliberate faults of compiled code happened), and every row of the table passes.
     */
    static void assertSurvives(MpiRun.Result r, Path logs, boolean userSignals)
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
    static boolean openMpiHasPmlUcx() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ompi_info").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return text.lines().anyMatch(l -> l.contains("MCA pml: ucx"));
    }

    /**
     * No warning at all as a user starts it. With UCX_ERROR_SIGNALS set by the user, UCX's
     * handlers are in place from the moment libucs loads (with MPICH's library: libombj.so's
     * load under the JNI backend, the FFM backend's opening of libmpi_abi.so; in MPI_Init for
     * Open MPI) until the binding puts the JVM's back, and the JVM's periodic
     * -Xcheck:jni check may see one meanwhile: "Warning: SIGSEGV handler modified!" for UCX's
     * four signals, and nothing else, is then allowed. The user guide says so.
     */
    static void assertNoWarnings(MpiRun.Result r, boolean userSignals) {
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

    /**
     * Exit 0; on each rank, UCX's signals guarded, {@code restored} put back, none replaced.
     * The report is looked for anywhere in stdout, not at a line's start: with UCX's handlers
     * asked for, the JVM's -Xcheck:jni handler table goes to the same stream and may end
     * mid-line just before it (CI, 2026-11-29: "*** Expected: rank 1 guarded ...").
     */
    static void assertRanks(MpiRun.Result r, int restored) {
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 2; rank++) {
            Matcher m = Pattern.compile("rank " + rank
                    + " guarded (\\d+) restored (\\d+) replaced (\\d+)\n").matcher(r.stdout());
            assertTrue(m.find(), "rank " + rank + "'s report\n" + r.all());
            int guarded = Integer.parseInt(m.group(1));
            assertEquals(UCX_DEFAULT_MASK, guarded & UCX_DEFAULT_MASK, "guarded\n" + r.all());
            assertEquals(restored, Integer.parseInt(m.group(2)), "restored\n" + r.all());
            assertEquals(0, Integer.parseInt(m.group(3)), "replaced now\n" + r.all());
            assertFalse(m.find(), "rank " + rank + " reported twice\n" + r.all());
        }
    }
}
