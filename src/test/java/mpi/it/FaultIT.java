package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Faults during a run under the launcher of the tests' MPI (issue 11, item 3: Open MPI's
 * mpirun, or MPICH's hydra in the {@code ffm-mpich5-abi} execution), each as the user meets it:
 * a rank killed, mpirun interrupted or terminated, an error on one rank. In each case the job
 * must end within {@value #ENDS_WITHIN} seconds, non-zero, with no JVM of the job left
 * behind, and an error on one rank must say so in one line and abort the others rather than
 * leave them waiting forever.
 */
class FaultIT {
    /** The bound on how long a broken job may linger. */
    private static final long ENDS_WITHIN = 15;
    /** How long a run may take to get going: generous, for a loaded machine. */
    private static final long START_WITHIN = 120;
    /** The column header, printed by rank 0 once set up: the ranks are communicating then. */
    /**
     * What rank 0 prints once it is set up, before it communicates: the binding line (the
     * column header waits for the JIT warm-up, during which the faults come).
     */
    private static final String HEADER = "# Binding: ";

    /** A latency run far longer than any test: each size would take minutes. */
    private static MpiRun.App endless(String api) {
        return new MpiRun.App(2, "mpi.pt2pt.OSULatency", "-m", "1:16", "-i", "2000000",
                "-a", api);
    }

    @Test
    void aRankKilledWithSigkillEndsTheJob() throws Exception {
        assertKilledRankEndsTheJob(MpiRun.DEFAULT);
    }

    /** Rank 1 of a latency run under {@code launcher} killed: the job ends, no JVM left. */
    static void assertKilledRankEndsTheJob(MpiRun.Launcher launcher) throws Exception {
        try (MpiRun.Live run = MpiRun.start(launcher, endless("arrays"))) {
            run.awaitOutput(HEADER, START_WITHIN);
            List<ProcessHandle> jvms = run.jvms(2, START_WITHIN);
            Thread.sleep(500); // well inside the warm-up's ping-pongs
            long start = System.nanoTime();
            assertTrue(jvms.get(1).destroyForcibly(), "SIGKILL to rank 1");
            MpiRun.Result r = run.awaitExit(ENDS_WITHIN);
            report("SIGKILL to rank 1", start, r);
            assertNotEquals(0, r.exitCode(), r.all());
            assertNoneLeft(jvms, r);
        }
    }

    @ParameterizedTest(name = "SIG{0} to mpirun")
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalToMpirunEndsEveryRank(String signal) throws Exception {
        try (MpiRun.Live run = MpiRun.start(endless("buffer"))) {
            run.awaitOutput(HEADER, START_WITHIN);
            List<ProcessHandle> jvms = run.jvms(2, START_WITHIN);
            Thread.sleep(500);
            long start = System.nanoTime();
            // the shell's own kill: no procps needed on a fresh machine
            Process kill = new ProcessBuilder("sh", "-c", "kill -s " + signal + " "
                    + run.process().pid()).inheritIO().start();
            assertEquals(0, kill.waitFor(), "kill -s " + signal);
            MpiRun.Result r = run.awaitExit(ENDS_WITHIN);
            report("SIG" + signal + " to mpirun", start, r);
            assertNotEquals(0, r.exitCode(), r.all());
            assertNoneLeft(jvms, r);
        }
    }

    /**
     * Point-to-point: rank 1 fails to allocate in the middle of the ping-pong (a test class),
     * while rank 0 waits in MPI_Recv for its answer.
     */
    @Test
    void anErrorOnOneRankAbortsAPointToPointRun() throws Exception {
        MpiRun.App failing = new MpiRun.App(2, List.of("-Xmx256m"), "mpi.it.FailingLatency",
                List.of("-m", "1:16", "-i", "2000000"));
        assertAborts("FailingLatency", "java.lang.OutOfMemoryError", failing);
    }

    /**
     * Collective: rank 1 fails to allocate in the middle of the broadcasts (a test class),
     * while the other ranks wait in the barrier after the call.
     */
    @Test
    void anErrorOnOneRankAbortsACollectiveRun() throws Exception {
        assertAborts("FailingBcast", "java.lang.OutOfMemoryError", new MpiRun.App(3,
                List.of("-Xmx256m"), "mpi.it.FailingBcast", List.of("-m", "1:16", "-a", "arrays",
                        "-c")));
    }

    private static void assertAborts(String program, String error, MpiRun.App... apps)
            throws Exception {
        try (MpiRun.Live run = MpiRun.start(apps)) {
            // found at once: a JVM takes seconds to start MPI, let alone to fail
            List<ProcessHandle> jvms = run.jvms(Arrays.stream(apps).mapToInt(MpiRun.App::np).sum(),
                    START_WITHIN);
            run.awaitOutput(program + ": error:", START_WITHIN);
            long start = System.nanoTime();
            assertTrue(run.stdout().contains(HEADER), "rank 0 was set up and communicating"
                    + " when the fault came\n" + run.what());
            MpiRun.Result r = run.awaitExit(ENDS_WITHIN);
            report("error on rank 1 of " + program, start, r);
            assertEquals(2, r.exitCode(), "the abort's error code\n" + r.all());
            List<String> ours = Arrays.stream(r.stderr().split("\n"))
                    .filter(l -> l.startsWith(program + ":")).collect(Collectors.toList());
            assertEquals(1, ours.size(), "one line from the failing rank\n" + r.all());
            assertTrue(ours.get(0).startsWith(program + ": error: " + error), r.all());
            assertTrue(ours.get(0).contains("-Xmx"), "the line says what to do\n" + r.all());
            assertFalse(r.all().contains("\tat "), "no stack trace\n" + r.all());
            // Not asserted: the launcher's own words about the abort (Open MPI's "MPI_ABORT was
            // invoked" banner, which it sometimes loses as the ranks die: "ORTE_ERROR_LOG:
            // Data unpack would read past end of buffer ... show_help.c"; hydra's "application
            // called MPI_Abort"); the exit code is the abort's under both.
            assertEquals(List.of(), jniWarnings(r), r.all());
            assertNoneLeft(jvms, r);
        }
    }

    /** Every rank JVM has ended (a zombie, ended but not yet reaped, counts as ended). */
    private static void assertNoneLeft(List<ProcessHandle> jvms, MpiRun.Result r)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        List<ProcessHandle> left = jvms;
        while (!(left = jvms.stream().filter(FaultIT::running).toList()).isEmpty()
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), left.stream().map(h -> h.pid() + " " + h.info().commandLine()
                .orElse("")).toList(), "JVMs left behind after mpirun ended\n" + r.all());
    }

    private static boolean running(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Paths.get("/proc", Long.toString(h.pid()), "stat"),
                    StandardCharsets.UTF_8);
            // pid (comm) STATE ...: the state follows the last ')'
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false; // gone
        }
    }

    /** -Xcheck:jni's complaints (mpirun's own words about the abort are not ours). */
    private static List<String> jniWarnings(MpiRun.Result r) {
        return r.warnings().stream().filter(l -> l.contains("JNI")).toList();
    }

    private static void report(String fault, long start, MpiRun.Result r) {
        System.out.printf("%s: mpirun ended with %d after %.1f s%n", fault, r.exitCode(),
                (System.nanoTime() - start) / 1e9);
    }
}
