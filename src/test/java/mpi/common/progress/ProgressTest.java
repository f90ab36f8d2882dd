package mpi.common.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The progress line: its text, when it is drawn (the delay, the throttle), that it is erased
 * before a row, the mode from the environment and how a rank finds the user's terminal.
 */
class ProgressTest {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    /** A clock the test moves. */
    private static final class Clock {
        long now = 1_000 * SECOND; // not 0: nothing may depend on the clock's origin

        long get() {
            return now;
        }
    }

    @Test
    void theLineSaysWhichSizeOfHowManyAndTheTimeSoFar() {
        assertEquals("OSUBandwidth: size 20 of 23 (524288 bytes), 0:07 elapsed",
                ProgressLine.format("OSUBandwidth", 20, 23, 524288, 7 * SECOND + 999 * MS));
        assertEquals("0:00", ProgressLine.duration(0));
        assertEquals("1:05", ProgressLine.duration(65 * SECOND));
        assertEquals("1:00:01", ProgressLine.duration(3601 * SECOND));
        assertEquals("0:00", ProgressLine.duration(-5));
    }

    @Test
    void theThrottleWaitsTheDelayThenDrawsAtMostOncePerInterval() {
        Clock c = new Clock();
        Throttle t = new Throttle(c::get, 3 * SECOND, 250 * MS);
        assertFalse(t.due());
        c.now += 3 * SECOND - 1;
        assertFalse(t.due());
        c.now += 1;
        assertTrue(t.due()); // the first draw, at the delay
        c.now += 249 * MS;
        assertFalse(t.due());
        c.now += MS;
        assertTrue(t.due());
        assertFalse(t.due()); // at once again: no
        c.now += 10 * SECOND;
        assertTrue(t.due());
        assertEquals(13 * SECOND + 250 * MS, t.elapsed());
    }

    @Test
    void aShortRunShowsNothingALongOneAWholeLineAtMostEveryInterval() {
        Clock c = new Clock();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress p = Progress.of(err, c::get, "OSULatency", 4);
        p.next(1);
        c.now += 2 * SECOND;
        p.next(2);
        assertEquals("", bytes.toString(StandardCharsets.UTF_8)); // 2 s: nothing
        c.now += 2 * SECOND;
        p.next(4);
        String first = "OSULatency: size 3 of 4 (4 bytes), 0:04 elapsed" + System.lineSeparator();
        assertEquals(first, bytes.toString(StandardCharsets.UTF_8));
        c.now += 9 * SECOND; // within the interval: nothing
        p.next(8);
        assertEquals(first, bytes.toString(StandardCharsets.UTF_8));
        assertFalse(bytes.toString(StandardCharsets.UTF_8).contains("\r"));
    }

    @Test
    void rankOtherThanZeroAndModeOffDrawNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            Progress p = Progress.start("OSULatency", 1, false);
            p.next(1);
        } finally {
            System.setErr(saved);
        }
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theModeComesFromTheEnvironmentVariable() {
        assertEquals(ProgressMode.AUTO, ProgressMode.parse(null));
        assertEquals(ProgressMode.AUTO, ProgressMode.parse("auto"));
        assertEquals(ProgressMode.ON, ProgressMode.parse(" On "));
        assertEquals(ProgressMode.ON, ProgressMode.parse("1"));
        assertEquals(ProgressMode.OFF, ProgressMode.parse("off"));
        assertEquals(ProgressMode.OFF, ProgressMode.parse("no"));
        assertEquals(ProgressMode.AUTO, ProgressMode.parse("sometimes"));
    }

    /** A process of a made-up tree. */
    private record P(String command, String fd2, P up) implements StderrTerminal.Proc {
        @Override
        public Optional<String> name() {
            return Optional.ofNullable(command);
        }

        @Override
        public Optional<String> stderr() {
            return Optional.ofNullable(fd2);
        }

        @Override
        public Optional<StderrTerminal.Proc> parent() {
            return Optional.ofNullable(up);
        }
    }

    @Test
    void aRankLooksAtItsLauncherStderrNotItsOwn() {
        P shell = new P("bash", "/dev/pts/1", null);
        // Open MPI 4.1 on the launcher's host: rank -> mpirun (orterun), the rank's fd 2 a pipe
        P atTerminal = new P("orterun", "/dev/pts/1", shell);
        P redirected = new P("orterun", "/tmp/err.txt", shell);
        assertTrue(StderrTerminal.decide(new P("java", "pipe:[12]", atTerminal)));
        assertFalse(StderrTerminal.decide(new P("java", "pipe:[12]", redirected)));
        assertFalse(StderrTerminal.decide(new P("java", "pipe:[12]",
                new P("mpirun", "pipe:[7]", shell)))); // mpirun | tee
        // MPICH's hydra: rank -> hydra_pmi_proxy -> mpiexec.hydra
        assertTrue(StderrTerminal.decide(new P("java", "pipe:[3]", new P("hydra_pmi_proxy",
                "pipe:[4]", new P("mpiexec.hydra", "/dev/pts/0", shell)))));
        // rank 0 on another host: orted started by sshd; no launcher here, no terminal
        assertFalse(StderrTerminal.decide(new P("java", "pipe:[3]", new P("orted", "/dev/null",
                new P("sshd", null, null)))));
        // started without a launcher (a singleton): its own stderr
        assertTrue(StderrTerminal.decide(new P("java", "/dev/pts/4", shell)));
        assertFalse(StderrTerminal.decide(new P("java", "pipe:[3]", shell)));
        // a launcher whose stderr cannot be read (another user's): no
        assertFalse(StderrTerminal.decide(new P("java", "pipe:[3]", new P("mpirun", null,
                shell))));
        assertTrue(StderrTerminal.isTerminal("/dev/tty1"));
        assertFalse(StderrTerminal.isTerminal("socket:[5]"));
    }
}
