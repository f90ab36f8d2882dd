package mpi.common.pt2pt;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.common.options.MessageSizes;
import mpi.common.options.OptionParser;
import mpi.common.options.UsageException;
import mpi.common.stats.Metric;

class PointToPointKindTest {
    @Test
    void twoProcessBenchmarksNeedExactlyTwo() {
        for (PointToPointKind k : new PointToPointKind[] {PointToPointKind.LATENCY,
                PointToPointKind.BANDWIDTH, PointToPointKind.BI_BANDWIDTH}) {
            assertDoesNotThrow(() -> k.checkProcesses(2));
            for (int n : new int[] {1, 3, 4}) {
                assertEquals("needs exactly 2 processes, got " + n,
                        assertThrows(UsageException.class, () -> k.checkProcesses(n)).getMessage());
            }
        }
    }

    @Test
    void multiLatencyNeedsAnEvenNumber() {
        PointToPointKind k = PointToPointKind.MULTI_LATENCY;
        for (int n : new int[] {2, 4, 8, 64}) {
            assertDoesNotThrow(() -> k.checkProcesses(n));
        }
        for (int n : new int[] {0, 1, 3, 7}) {
            assertEquals("needs an even number of processes (at least 2), got " + n,
                    assertThrows(UsageException.class, () -> k.checkProcesses(n)).getMessage());
        }
    }

    /**
     * -b multiple allocates a buffer pair per slot and validation checks every slot: a
     * ping-pong, which -W's default does not concern, has one slot, or all but the first
     * would be checked without ever receiving anything.
     */
    @Test
    void aPingPongHasOneSlotAndAWindowedBenchmarkOnePerMessage() {
        for (PointToPointKind k : PointToPointKind.values()) {
            assertEquals(k.windowed() ? 64 : 1, k.slots(OptionParser.DEFAULT_WINDOW), k.name());
            assertEquals(k.windowed() ? 3 : 1, k.slots(3), k.name());
        }
        assertEquals(1, PointToPointKind.LATENCY.slots(64));
        assertEquals(1, PointToPointKind.MULTI_LATENCY.slots(64));
        assertEquals(1, PointToPointKind.LATENCY_PERSISTENT.slots(64));
        assertEquals(64, PointToPointKind.BANDWIDTH.slots(64));
    }

    @Test
    void pairsAreRankAndRankPlusHalf() {
        assertEquals(1, PointToPointKind.peer(0, 2));
        assertEquals(0, PointToPointKind.peer(1, 2));
        assertTrue(PointToPointKind.initiator(0, 2));
        assertFalse(PointToPointKind.initiator(1, 2));
        int n = 8;
        for (int r = 0; r < n; r++) {
            int p = PointToPointKind.peer(r, n);
            assertEquals(r, PointToPointKind.peer(p, n), "pairs are symmetric");
            assertEquals(r < 4 ? r + 4 : r - 4, p);
            assertTrue(PointToPointKind.initiator(r, n) != PointToPointKind.initiator(p, n));
        }
    }

    @Test
    void whoSendsAndReceivesPayload() {
        for (boolean initiator : new boolean[] {true, false}) {
            assertTrue(PointToPointKind.LATENCY.sendsPayload(initiator));
            assertTrue(PointToPointKind.LATENCY.receivesPayload(initiator));
            assertTrue(PointToPointKind.MULTI_LATENCY.sendsPayload(initiator));
            assertTrue(PointToPointKind.MULTI_LATENCY.receivesPayload(initiator));
            assertTrue(PointToPointKind.BI_BANDWIDTH.sendsPayload(initiator));
            assertTrue(PointToPointKind.BI_BANDWIDTH.receivesPayload(initiator));
        }
        assertTrue(PointToPointKind.BANDWIDTH.sendsPayload(true));
        assertFalse(PointToPointKind.BANDWIDTH.receivesPayload(true));
        assertFalse(PointToPointKind.BANDWIDTH.sendsPayload(false));
        assertTrue(PointToPointKind.BANDWIDTH.receivesPayload(false));
    }

    @Test
    void windowsAndRequests() {
        assertTrue(PointToPointKind.BANDWIDTH.windowed());
        assertTrue(PointToPointKind.BI_BANDWIDTH.windowed());
        assertFalse(PointToPointKind.LATENCY.windowed());
        assertFalse(PointToPointKind.MULTI_LATENCY.windowed());
        assertEquals(64, PointToPointKind.BANDWIDTH.requests(64));
        assertEquals(128, PointToPointKind.BI_BANDWIDTH.requests(64));
        assertEquals(0, PointToPointKind.LATENCY.requests(64));
    }

    @Test
    void metricsAndTitles() {
        assertEquals(Metric.LATENCY, PointToPointKind.LATENCY.metric());
        assertEquals(Metric.BANDWIDTH, PointToPointKind.BANDWIDTH.metric());
        assertEquals(Metric.BI_BANDWIDTH, PointToPointKind.BI_BANDWIDTH.metric());
        assertEquals(Metric.MULTI_LATENCY, PointToPointKind.MULTI_LATENCY.metric());
        assertEquals("Latency Test", PointToPointKind.LATENCY.title());
        assertEquals("Bandwidth Test", PointToPointKind.BANDWIDTH.title());
        assertEquals("Bi-Directional Bandwidth Test", PointToPointKind.BI_BANDWIDTH.title());
        assertEquals("Multi Latency Test", PointToPointKind.MULTI_LATENCY.title());
        assertTrue(PointToPointKind.MULTI_LATENCY.averagedOverRanks());
        assertFalse(PointToPointKind.LATENCY.averagedOverRanks());
        assertEquals(new MessageSizes(1, 4194304), PointToPointKind.BI_BANDWIDTH.defaultSizes());
    }

    @Test
    void jitWarmupIsLongEnoughForC2() {
        // C2 compiles a method after about 5000 calls (Tier4InvocationThreshold); a windowed
        // iteration makes a call per request, 64 messages by default
        for (PointToPointKind k : PointToPointKind.values()) {
            int callsPerIteration = k.windowed() ? k.requests(64) : 1;
            assertTrue(k.jitWarmupIterations() * callsPerIteration > 5000, k.name());
        }
    }

    @Test
    void persistentKindsNeedPersistentArraysOnlyWithArrays() throws Exception {
        for (PointToPointKind k : new PointToPointKind[] {PointToPointKind.LATENCY_PERSISTENT,
                PointToPointKind.BANDWIDTH_PERSISTENT, PointToPointKind.BI_BANDWIDTH_PERSISTENT}) {
            assertTrue(k.persistent(), k.name());
            assertEquals(java.util.Set.of(mpi.common.binding.Extension.PERSISTENT_ARRAYS),
                    k.extensions(new OptionParser(k).parse("-a", "arrays")), k.name());
            assertEquals(java.util.Set.of(), k.extensions(new OptionParser(k).parse("-a", "buffer")),
                    k.name());
            assertEquals("needs exactly 2 processes, got 4",
                    assertThrows(UsageException.class, () -> k.checkProcesses(4)).getMessage());
        }
        assertFalse(PointToPointKind.BANDWIDTH.persistent());
        assertFalse(PointToPointKind.LATENCY_PERSISTENT.windowed());
        assertEquals(64, PointToPointKind.BANDWIDTH_PERSISTENT.requests(64));
        assertEquals(128, PointToPointKind.BI_BANDWIDTH_PERSISTENT.requests(64));
        assertEquals("Bi-Directional Bandwidth Persistent Test",
                PointToPointKind.BI_BANDWIDTH_PERSISTENT.title());
    }
}
