package mpi.it;

import static mpi.it.UcxSignalChecks.UCX_DEFAULT_SIGNALS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JVM's signal handlers under MPICH over UCX (mpi.SignalGuard). UCX installs handlers for
 * SIGSEGV, SIGBUS, SIGILL and SIGFPE when libucs is loaded, and aborts the process when
 * JIT-compiled code faults on purpose (an implicit null check in a compiled Request.waitAll
 * did, under OSUBandwidth). OSUBandwidth in both APIs runs long enough for C2 to compile
 * Request.waitAll (its JIT warm-up; each rank's JIT log shows it), validated, under
 * -Xcheck:jni, whose periodic check warns "Warning: SIGSEGV handler modified!" if a handler is
 * not the JVM's: exit 0, every row passes, no warning. Each runs twice: as a user starts it
 * (the binding tells UCX to install no handler) and with UCX_ERROR_SIGNALS set by the user to
 * UCX's default list (UCX installs the handlers it installs in C; the binding puts the JVM's
 * back). A probe
 * prints on each rank which handlers the binding put back, for both settings.
 *
 * <p>The MPICH is {@link MpiRun#mpichUnderTest()}'s: Debian's MPICH 4 (ch4:ucx) with the JNI
 * backend, where libucs comes with libombj.so, and in the {@code ffm-mpich5-abi} execution
 * MPICH 5.0.2 (ch4:ucx) with the FFM backend, where it comes with libmpi_abi.so. Open MPI's
 * pml/ucx is {@link OpenMpiUcxSignalsIT}'s.
 */
class UcxSignalsIT {
    /**
     * The mask of UCX's default error signals that UCX takes a handler for in a C program of
     * this MPICH (src/test/c/probes/ucx_handlers.c, built with its mpicc): what the binding must
     * put back when the user asks for UCX's handlers. Debian's MPICH 4.0.2 takes all four;
     * MPICH 5.0.2's wheel (UCX 1.20.1) none, whatever UCX_ERROR_SIGNALS says.
     */
    private static int handlersInC;

    @BeforeAll
    static void askC() throws Exception {
        MpiRun.Launcher mpich = MpiRun.mpichUnderTest();
        Path out = Files.createDirectories(Paths.get("target", "ucx-handlers",
                Paths.get(mpich.mpi().name()).getFileName().toString()).toAbsolutePath());
        Path source = Paths.get("src", "test", "c", "probes", "ucx_handlers.c").toAbsolutePath();
        Process cc = new ProcessBuilder(mpich.mpi().mpicc(), "-O2", "-Wall", "-Werror", "-o",
                out.resolve("ucx_handlers").toString(), source.toString())
                .redirectErrorStream(true).start();
        cc.getOutputStream().close();
        String ccOut = new String(cc.getInputStream().readAllBytes());
        assertEquals(0, cc.waitFor(), mpich.mpi().mpicc() + " " + source + "\n" + ccOut);
        MpiRun.Result r = MpiRun.runNative(mpich, out, 1, "ucx_handlers");
        assertEquals(0, r.exitCode(), r.all());
        handlersInC = r.stdoutLines().stream().filter(l -> l.startsWith("ucx_handlers "))
                .map(l -> Integer.parseInt(l.substring("ucx_handlers ".length()).trim()))
                .findFirst().orElseThrow(() -> new AssertionError("no result line\n" + r.all()));
        System.out.println("UcxSignalsIT: UCX's handlers in C under " + mpich.mpi().name()
                + ": " + handlersInC);
    }

    static Stream<Arguments> runs() {
        return UcxSignalChecks.runs();
    }

    static Stream<Boolean> probeRuns() {
        return Stream.of(false, true);
    }

    @ParameterizedTest(name = "MPICH, -a {0}, UCX_ERROR_SIGNALS set by the user: {1}")
    @MethodSource("runs")
    void bandwidthUnderMpichOverUcx(String api, boolean userSignals, @TempDir Path logs)
            throws Exception {
        MpiRun.Launcher mpich = MpiRun.mpichUnderTest();
        UcxSignalChecks.assertSurvives(MpiRun.run(mpich, 2, userSignalsOption(mpich, userSignals),
                UcxSignalChecks.jitLog(logs), MpiRun.jar().toString(), "mpi.pt2pt.OSUBandwidth",
                UcxSignalChecks.args(api)), logs, userSignals);
    }

    /**
     * As a user starts it, UCX installs no handler, so nothing is put back (the environment
     * the binding sets works); with UCX_ERROR_SIGNALS set by the user, UCX installs what it
     * installs in C (MPICH 4: its four, when libucs loads) and the binding puts exactly those
     * back. Either way no handler is the library's after MPI.Init, and -Xcheck:jni says nothing.
     */
    @ParameterizedTest(name = "MPICH, UCX_ERROR_SIGNALS set by the user: {0}")
    @MethodSource("probeRuns")
    void mpichGuardRestoresWhatUcxInstalled(boolean userSignals) throws Exception {
        MpiRun.Launcher mpich = MpiRun.mpichUnderTest();
        MpiRun.Result r = MpiRun.run(mpich, 2, userSignalsOption(mpich, userSignals), List.of(),
                UcxSignalChecks.probeClassPath(), "mpi.SignalGuardProbe");
        UcxSignalChecks.assertNoWarnings(r, userSignals);
        UcxSignalChecks.assertRanks(r, userSignals ? handlersInC : 0);
    }

    /** The launcher's options that set UCX_ERROR_SIGNALS to UCX's default list, if the user does. */
    private static List<String> userSignalsOption(MpiRun.Launcher launcher, boolean userSignals) {
        return userSignals ? launcher.mpi().export("UCX_ERROR_SIGNALS", UCX_DEFAULT_SIGNALS)
                : List.of();
    }
}
