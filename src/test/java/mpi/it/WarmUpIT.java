package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mpi.common.WarmUpRule;

/**
 * The JIT warm-up's cap, under mpirun: a run whose iterations take milliseconds
 * ({@link StalledLatency}) stops its warm-up at the time cap, says so in one comment line
 * above the column header, and measures its sizes. (That the warm-up compiles the timed loop
 * before it ends, on a loaded machine too, is {@code OneSidedIT}'s
 * {@code theJitWarmUpCompilesTheTimedLoop}; the rule itself is {@code WarmUpRuleTest}'s.)
 */
class WarmUpIT {
    @Test
    void aWarmUpStoppedAtItsCapSaysSoAboveTheHeader() throws Exception {
        long start = System.nanoTime();
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.StalledLatency", "-m", "1:2",
                "-i", "2", "-x", "0");
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = Arrays.asList(r.stdout().split("\n"));
        int cap = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(WarmUpRule.CAP_LINE)) {
                assertEquals(-1, cap, "one cap line\n" + r.all());
                cap = i;
            }
        }
        assertTrue(cap > 0, "no cap line\n" + r.all());
        assertTrue(lines.get(cap).matches("# JIT warm-up: stopped at its cap \\(0 rounds, \\d+ ms\\)"
                + " before the times were steady; the first sizes may include JIT compilation"),
                lines.get(cap));
        int ms = Integer.parseInt(lines.get(cap).replaceAll(".*rounds, (\\d+) ms.*", "$1"));
        assertTrue(ms >= WarmUpRule.TIME_CAP_MILLIS, "stopped at the cap: " + lines.get(cap));
        assertTrue(lines.get(cap - 1).startsWith("# Binding: "), r.all());
        assertEquals(String.format("%-10s%18s", "# Size", "Avg Latency(us)"), lines.get(cap + 1),
                r.all());
        assertTrue(lines.get(cap + 2).matches("1 +\\d+\\.\\d\\d"), r.all());
        assertTrue(lines.get(cap + 3).matches("2 +\\d+\\.\\d\\d"), r.all());
        // The cap holds: one piece of the first size (1,000 exchanges of 5 ms) past it at most.
        assertTrue(seconds < 60, "the run took " + seconds + " s\n" + r.all());
    }

    /** {@code --jit-warmup off}: no warm-up, one line that says so, and the files say it too. */
    @Test
    void aRunWithoutTheWarmUpSaysSo(@TempDir Path dir) throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt.OSULatency", "-m", "1:2", "-i", "10",
                "--jit-warmup", "off", "-o", dir.toString());
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = Arrays.asList(r.stdout().split("\n"));
        int off = lines.indexOf(WarmUpRule.OFF_LINE);
        assertTrue(off > 0 && lines.get(off - 1).startsWith("# Binding: "), r.all());
        assertTrue(lines.get(off + 1).startsWith("# Size"), r.all());
        JsonNode warmUp = new ObjectMapper().readTree(dir.resolve("OSULatency.json").toFile())
                .get("context").get("jitWarmUp");
        assertTrue(warmUp.get("off").booleanValue(), warmUp.toString());
        assertEquals(0, warmUp.get("rounds").intValue(), warmUp.toString());
        assertEquals(0, warmUp.get("loopIterations").intValue(), warmUp.toString());
    }
}
