package mpi.common.pt2pt;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.common.options.Feature;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.UsageException;

/** osu_mbw_mr's kind: pairs ({@code -p}), idle ranks, counts and processes. */
class MultiBandwidthKindTest {
    private static final PointToPointKind K = PointToPointKind.MULTI_BANDWIDTH;
    private static final int IDLE = -2;

    private static Options parse(String... args) throws UsageException {
        return new OptionParser(K).parse(args);
    }

    @Test
    void pairsDefaultToHalfTheProcessesAndFollowP() throws UsageException {
        assertEquals(2, K.pairs(parse(), 4));
        assertEquals(2, K.pairs(parse(), 5));
        assertEquals(1, K.pairs(parse("-p", "1"), 4));
        assertEquals(3, K.pairs(parse("-p3"), 8));
        // Only osu_mbw_mr takes -p; the other kinds pair half the processes.
        assertFalse(PointToPointKind.MULTI_LATENCY.features().contains(Feature.PAIRS));
        assertTrue(K.features().contains(Feature.PAIRS));
    }

    @Test
    void pNeedsTwicePProcessesAndAPositiveCount() throws UsageException {
        Options three = parse("-p", "3");
        assertDoesNotThrow(() -> K.checkOptions(three, 6));
        assertDoesNotThrow(() -> K.checkOptions(three, 7));
        assertEquals("-p 3 needs 6 processes, got 5",
                assertThrows(UsageException.class, () -> K.checkOptions(three, 5)).getMessage());
        assertEquals("-p needs a positive integer, got '0'",
                assertThrows(UsageException.class, () -> parse("-p", "0")).getMessage());
        assertThrows(UsageException.class,
                () -> new OptionParser(PointToPointKind.BANDWIDTH).parse("-p", "1"));
    }

    @Test
    void anyProcessCountOfAtLeastTwoRuns() {
        for (int n : new int[] {2, 3, 4, 7}) {
            assertDoesNotThrow(() -> K.checkProcesses(n));
        }
        assertEquals("needs at least 2 processes, got 1",
                assertThrows(UsageException.class, () -> K.checkProcesses(1)).getMessage());
    }

    @Test
    void senderIPairsWithIPlusPAndTheRestIsIdle() {
        int pairs = 2;
        assertEquals(2, PointToPointKind.peerOfPairs(0, pairs, IDLE));
        assertEquals(3, PointToPointKind.peerOfPairs(1, pairs, IDLE));
        assertEquals(0, PointToPointKind.peerOfPairs(2, pairs, IDLE));
        assertEquals(1, PointToPointKind.peerOfPairs(3, pairs, IDLE));
        assertEquals(IDLE, PointToPointKind.peerOfPairs(4, pairs, IDLE));
        assertEquals(IDLE, PointToPointKind.peerOfPairs(6, pairs, IDLE));
        for (int r = 0; r < 2 * pairs; r++) {
            assertEquals(r < pairs, PointToPointKind.initiator(r, 2 * pairs));
        }
        assertFalse(PointToPointKind.initiator(4, 2 * pairs));
    }

    @Test
    void countsAreTheSameAtEverySizeAsCOmbsMbwMr() {
        assertEquals(100, K.defaultIterations().iterations(1));
        assertEquals(100, K.defaultIterations().iterations(1 << 22));
        assertEquals(10, K.defaultIterations().warmup(1 << 22));
        assertTrue(K.aggregatesPairs() && K.barrierEveryIteration() && K.windowed());
        assertFalse(PointToPointKind.BANDWIDTH.aggregatesPairs()
                || PointToPointKind.BANDWIDTH.barrierEveryIteration());
    }
}
