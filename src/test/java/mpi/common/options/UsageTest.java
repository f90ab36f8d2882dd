package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.MPIException;
import mpi.common.BenchmarkHarness;
import mpi.common.BenchmarkRunner;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.output.ErrorLines;
import mpi.common.output.Version;
import mpi.common.pt2pt.PointToPointKind;
import mpi.transport.OSUNettyBandwidth;
import mpi.transport.OSUNettyBiBandwidth;
import mpi.transport.OSUNettyLatency;
import mpi.transport.OSUNioBandwidth;
import mpi.transport.OSUNioBiBandwidth;
import mpi.transport.OSUNioLatency;

class UsageTest {
    private static final String[] COMMON = {"-m,--message-size <[MIN:]MAX>", "-x,--warmup <N>",
        "-i,--iterations <N>", "-a,--api <buffer|arrays|objects>", "-c,--validation", "-f,--full",
        "-z,--tail-lat <LIST>", "-M,--mem-limit <BYTES>", "-h,--help", "-v,--version"};

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
        assertTrue(text.contains("  -S,--serializer <java|kryo> "), text);
        assertTrue(text.contains("  -O,--object <doubles|records> "), text);
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

    /**
     * -G draws graphs named after the C OMB twin: a program that has one lists it, one that has
     * none (the transports) does not, as its run refuses -G.
     */
    @Test
    void graphsAreListedOnlyWhereACTwinDraws() {
        assertTrue(Usage.text("OSULatency", PointToPointKind.LATENCY).contains("  -G,--graph "));
        for (BenchmarkHarness b : new BenchmarkHarness[] {new OSUNioLatency(),
                new OSUNioBandwidth(), new OSUNioBiBandwidth(), new OSUNettyLatency(),
                new OSUNettyBandwidth(), new OSUNettyBiBandwidth()}) {
            BenchmarkRunner.Job job = b.job(new String[0]);
            String text = Usage.text(job.program(), job.spec());
            assertTrue(text.startsWith("Usage: " + job.program() + " [options]\n"), text);
            assertFalse(text.contains("-G,") || text.contains("--graph"), text);
            assertTrue(text.contains("  -o,--output-dir <DIR> "), text);
        }
    }

    /** -b multiple's buffers: a pair per window slot where there is a window, else one pair. */
    @Test
    void multipleBuffersAreDescribedByWindow() {
        assertTrue(flat(Usage.text("OSUBandwidth", PointToPointKind.BANDWIDTH)).contains(
                "multiple: a send and a receive buffer of each size allocated for it, a pair per"
                + " window slot (default single)"));
        String latency = flat(Usage.text("OSULatency", PointToPointKind.LATENCY));
        assertTrue(latency.contains("multiple: a send and a receive buffer of each size allocated"
                + " for it (default single)"), latency);
        assertFalse(latency.contains("window"), latency);
    }

    @Test
    void versionLine() {
        assertEquals("OSU MPI-Java Micro-Benchmarks v7.4 (OMB-J 0.2.0)", Version.line());
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

    @Test
    void rootedCollectiveHelpListsItsOptions() {
        String text = Usage.text("OSUReduce", CollectiveSpec.blocking(Collective.REDUCE));
        assertTrue(text.startsWith("Usage: OSUReduce [options]\n"), text);
        for (String option : COMMON) {
            // A reduction takes no -a objects, and no -S or -O (ObjectsOptionsTest)
            String taken = option.replace("|objects>", ">");
            assertTrue(text.contains("  " + taken + " "), taken + " in:\n" + text);
        }
        assertFalse(text.contains("objects") || text.contains("-S,") || text.contains("-O,"),
                text);
        for (String option : new String[] {"-k,--root-rank <ROOT|rotate>", "-l,--in-place",
            "-T,--type <TYPE>"}) {
            assertTrue(text.contains("  " + option + " "), option + " in:\n" + text);
        }
        assertFalse(text.contains("-W"), text);
        assertFalse(text.contains("-t,"), text);
        assertTrue(flat(text).contains("Reduce Latency Test: latency of MPI_Reduce"), text);
        assertTrue(flat(text).contains("(default float)"), text);
        assertTrue(flat(text).contains("the minimum (default 4:1048576)"), text);
        assertTrue(flat(text).contains("timed iterations per size (default 1000, 100 above 8192 bytes)"), text);
        assertTrue(flat(text).contains("sizes whose buffers would exceed it are skipped (default 536870912)"), text);
        assertTrue(flat(text).contains("over the ranks' average latencies"), text);
    }

    @Test
    void unrootedCollectiveHelpHasNoRoot() {
        String text = Usage.text("OSUAllgather", CollectiveSpec.blocking(Collective.ALLGATHER));
        assertFalse(text.contains("-k,"), text);
        assertTrue(text.contains("-l,--in-place"), text);
        assertTrue(flat(text).contains("(default byte)"), text);
        String bcast = Usage.text("OSUBcast", CollectiveSpec.blocking(Collective.BCAST));
        assertTrue(bcast.contains("-k,--root-rank"), bcast);
        assertFalse(bcast.contains("-l,"), bcast);
    }

    @Test
    void barrierHelpHasOnlyTheCommonOptions() {
        String text = Usage.text("OSUBarrier", CollectiveSpec.blocking(Collective.BARRIER));
        for (String absent : new String[] {"-m,", "-c,", "-M,", "-T,", "-k,", "-l,", "-W,"}) {
            assertFalse(text.contains(absent), absent + " in:\n" + text);
        }
        for (String present : new String[] {"-x,", "-i,", "-a,", "-f,", "-z,", "-h,", "-v,"}) {
            assertTrue(text.contains(present), present + " in:\n" + text);
        }
        assertTrue(flat(text).contains("number of timed iterations (default 1000)"), text);
    }

    @Test
    void testCallsWhereTheSpecTakesThem() {
        String text = Usage.text("OSUIbcast", CollectiveSpec.nonBlocking(Collective.BCAST));
        assertTrue(text.contains("-t,--num-test-calls <CALLS>"), text);
    }
}
