package mpi.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.MPIException;

class UsageTest {
    private static final String[] COMMON = {"-m,--message-size <[MIN:]MAX>", "-x,--warmup <N>",
        "-i,--iterations <N>", "-a,--api <buffer|arrays>", "-c,--validation", "-f,--full",
        "-M,--mem-limit <BYTES>", "-h,--help", "-v,--version"};

    /** The text with each run of blanks and line breaks as one blank: wrapping may vary. */
    private static String flat(String text) {
        return text.replaceAll("\\s+", " ");
    }

    @Test
    void helpListsEveryOption() {
        String text = Usage.text("OSUBandwidth", PointToPointKind.BANDWIDTH);
        assertTrue(text.startsWith("Usage: OSUBandwidth [options]\n"), text);
        for (String option : COMMON) {
            assertTrue(text.contains("  " + option + " "), option + " in:\n" + text);
        }
        assertTrue(text.contains("  -W,--window-size <N> "), text);
        assertTrue(flat(text).contains("in flight per iteration (default 64)"), text);
        assertTrue(flat(text).contains("timed iterations per size (default 100, 20 above 8192 bytes)"), text);
        assertTrue(text.endsWith("\n"));
    }

    @Test
    void latencyHelpHasNoWindowAndItsOwnDefaults() {
        String text = Usage.text("OSULatency", PointToPointKind.LATENCY);
        for (String option : COMMON) {
            assertTrue(text.contains("  " + option + " "), option + " in:\n" + text);
        }
        assertFalse(text.contains("-W"), text);
        assertTrue(flat(text).contains("timed iterations per size (default 10000, 1000 above 8192 bytes)"), text);
        assertTrue(flat(text).contains("0 or more (default 100, 10 above 8192 bytes)"), text);
        assertTrue(flat(text).contains("the minimum (default 1:4194304)"), text);
        assertTrue(flat(text).contains("may not exceed it (default 536870912)"), text);
    }

    @Test
    void versionLine() {
        assertEquals("OSU MPI-Java Micro-Benchmarks v7.4 (OMB-J 0.1.0)", Version.line());
    }

    @Test
    void usageErrorLine() {
        assertEquals("OSULatency: unknown option -q; run with -h for usage",
                ErrorLines.usage("OSULatency", new UsageException("unknown option -q")));
    }

    @Test
    void runtimeErrorLines() {
        assertEquals("OSUBandwidth: error: MPI_ERR_TRUNCATE: message truncated",
                ErrorLines.error("OSUBandwidth",
                        new MPIException("MPI_ERR_TRUNCATE: message truncated", 15, 15)));
        assertEquals("OSULatency: error: java.lang.IllegalStateException: broken",
                ErrorLines.error("OSULatency", new IllegalStateException("broken")));
        assertTrue(ErrorLines.error("OSULatency", new OutOfMemoryError("Java heap space"))
                .startsWith("OSULatency: error: java.lang.OutOfMemoryError: Java heap space (give"));
    }
}
