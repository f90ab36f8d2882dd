package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import mpi.common.pt2pt.PointToPointKind;

class IterationPolicyTest {
    private static final IterationPolicy LATENCY = PointToPointKind.LATENCY.defaultIterations();
    private static final IterationPolicy BANDWIDTH = PointToPointKind.BANDWIDTH.defaultIterations();

    @Test
    void latencyDefaultsSwitchAbove8192Bytes() {
        assertEquals(10000, LATENCY.iterations(0));
        assertEquals(10000, LATENCY.iterations(8192));
        assertEquals(100, LATENCY.warmup(8192));
        assertEquals(1000, LATENCY.iterations(8193));
        assertEquals(10, LATENCY.warmup(8193));
        assertEquals(1000, LATENCY.iterations(4194304));
    }

    @Test
    void bandwidthDefaultsSwitchAbove8192Bytes() {
        assertEquals(100, BANDWIDTH.iterations(8192));
        assertEquals(10, BANDWIDTH.warmup(8192));
        assertEquals(20, BANDWIDTH.iterations(8193));
        assertEquals(2, BANDWIDTH.warmup(8193));
        for (PointToPointKind k : new PointToPointKind[] {PointToPointKind.BI_BANDWIDTH}) {
            assertEquals(100, k.defaultIterations().iterations(8192));
            assertEquals(20, k.defaultIterations().iterations(8193));
        }
        assertEquals(10000, PointToPointKind.MULTI_LATENCY.defaultIterations().iterations(8192));
        assertEquals(1000, PointToPointKind.MULTI_LATENCY.defaultIterations().iterations(8193));
    }

    @Test
    void userCountsHoldAtEverySize() {
        IterationPolicy p = LATENCY.override(50, 5);
        for (int size : new int[] {0, 1, 8192, 8193, 1 << 22, Integer.MAX_VALUE}) {
            assertEquals(50, p.iterations(size));
            assertEquals(5, p.warmup(size));
        }
    }

    @Test
    void overridingOneCountKeepsTheOtherDefaults() {
        IterationPolicy noWarmup = BANDWIDTH.override(null, 0);
        assertEquals(0, noWarmup.warmup(1));
        assertEquals(0, noWarmup.warmup(1 << 20));
        assertEquals(100, noWarmup.iterations(1));
        assertEquals(20, noWarmup.iterations(1 << 20));
        IterationPolicy iterationsOnly = BANDWIDTH.override(7, null);
        assertEquals(7, iterationsOnly.iterations(1 << 20));
        assertEquals(10, iterationsOnly.warmup(1));
        assertEquals(2, iterationsOnly.warmup(1 << 20));
    }

    @Test
    void maxIterationsOverSizes() {
        assertEquals(1000, LATENCY.maxIterations(new int[] {16384, 32768}));
        assertEquals(10000, LATENCY.maxIterations(new MessageSizes(1, 1 << 22).toArray()));
        assertEquals(0, LATENCY.maxIterations(new int[0]));
    }

    @Test
    void rejectsImpossibleCounts() {
        assertThrows(IllegalArgumentException.class, () -> new IterationPolicy(0, 0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new IterationPolicy(1, -1, 1, 0));
    }
}
