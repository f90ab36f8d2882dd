package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The progress lines under real mpirun, on a run longer than their delay
 * ({@link SlowLatency}, about 9 s): with mpirun's stderr a pipe (this test reads it), rank 0
 * finds no terminal and prints nothing but the table; forced on with
 * {@code OMB_J_PROGRESS=on}, the same run prints progress lines on stderr, and stdout is the
 * same table.
 */
class ProgressIT {
    private static final String[] ARGS = {"-m", "1:8192", "-i", "5", "-x", "0"};
    private static final Pattern LINE = Pattern.compile(
            "(?m)^SlowLatency: size \\d+ of 14 \\(\\d+ bytes\\), \\d+:\\d\\d elapsed$");

    /** stdout's lines with their measured values masked. */
    /** The table's lines with every value N.NN, without a warm-up cap's line (by the load). */
    private static List<String> shape(String stdout) {
        return stdout.lines().filter(l -> !l.startsWith(mpi.common.WarmUpRule.LINE))
                .map(l -> l.replaceAll(" +\\d+\\.\\d{2}", " N.NN")).toList();
    }

    @Test
    void theProgressLineNeverAppearsWhenStderrIsNotATerminal() throws Exception {
        MpiRun.Result auto = MpiRun.runWithTestClasses(2, "mpi.it.SlowLatency", ARGS);
        assertEquals(0, auto.exitCode(), auto.all());
        assertEquals(List.of(), auto.warnings(), auto.all());
        assertFalse(auto.stderr().contains("SlowLatency: size"), auto.all());
        assertFalse(auto.stdout().contains("SlowLatency: size"), auto.all());
        assertFalse(auto.stderr().contains("\r") || auto.stderr().contains("\033"), auto.all());
        assertFalse(auto.stdout().contains("\r") || auto.stdout().contains("\033"), auto.all());
        assertEquals(14, auto.stdout().lines().filter(l -> l.matches("\\d+ .*")).count(),
                auto.all());

        // The check above can fail: forced on, the same run prints the lines, on stderr only.
        List<String> env = MpiRun.isOpenMpi() ? List.of("-x", "OMB_J_PROGRESS=on")
                : List.of("-genv", "OMB_J_PROGRESS", "on");
        MpiRun.Result on = MpiRun.runWithTestClasses(2, env, "mpi.it.SlowLatency", ARGS);
        assertEquals(0, on.exitCode(), on.all());
        assertEquals(List.of(), on.warnings(), on.all());
        // The JIT sweep (2048, 4096, 8192: 2.4 s) and size 2048 (2 s) sleep 4.4 s at least:
        // size 4096 starts after the delay.
        assertTrue(LINE.matcher(on.stderr()).find(), on.all());
        assertFalse(LINE.matcher(on.stdout()).find(), on.all());
        assertEquals(shape(auto.stdout()), shape(on.stdout()), on.all());
    }
}
