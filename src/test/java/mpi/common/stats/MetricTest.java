package mpi.common.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MetricTest {
    private static final double EPS = 1e-9;

    @Test
    void latencyIsHalfTheMeanRoundTripInMicroseconds() {
        // round trips of 2, 4 and 6 us: one way 1, 2, 3 us
        Stats t = new Stats(3, 12_000, 2_000, 6_000);
        assertEquals(2.0, Metric.LATENCY.average(t, 8, 64), EPS);
        assertEquals(1.0, Metric.LATENCY.minimum(t, 8, 64), EPS);
        assertEquals(3.0, Metric.LATENCY.maximum(t, 8, 64), EPS);
        assertEquals(2.0, Metric.MULTI_LATENCY.average(t, 8, 64), EPS);
    }

    @Test
    void bandwidthIsBytesOverTimeInDecimalMegabytes() {
        // 10 iterations of 64 messages of 1000 bytes in 1 ms: 640000 bytes / 1e-3 s = 640 MB/s
        Stats t = new Stats(10, 1_000_000, 50_000, 200_000);
        assertEquals(640.0, Metric.BANDWIDTH.average(t, 1000, 64), EPS);
        // slowest iteration: 64000 bytes in 200 us = 320 MB/s; fastest: in 50 us = 1280 MB/s
        assertEquals(320.0, Metric.BANDWIDTH.minimum(t, 1000, 64), EPS);
        assertEquals(1280.0, Metric.BANDWIDTH.maximum(t, 1000, 64), EPS);
    }

    @Test
    void biBandwidthCountsBothDirections() {
        Stats t = new Stats(10, 1_000_000, 50_000, 200_000);
        assertEquals(1280.0, Metric.BI_BANDWIDTH.average(t, 1000, 64), EPS);
        assertEquals(640.0, Metric.BI_BANDWIDTH.minimum(t, 1000, 64), EPS);
        assertEquals(2560.0, Metric.BI_BANDWIDTH.maximum(t, 1000, 64), EPS);
    }

    @Test
    void bandwidthScalesWithWindow() {
        Stats t = new Stats(1, 1_000, 1_000, 1_000);
        assertEquals(2 * Metric.BANDWIDTH.average(t, 4096, 32),
                Metric.BANDWIDTH.average(t, 4096, 64), EPS);
    }

    @Test
    void emptyMessagesHaveNoBandwidthEvenInNoTime() {
        Stats t = new Stats(5, 0, 0, 0);
        assertEquals(0.0, Metric.BANDWIDTH.average(t, 0, 64));
        assertEquals(0.0, Metric.BANDWIDTH.maximum(t, 0, 64));
    }

    @Test
    void headers() {
        assertEquals("Avg Latency(us)", Metric.LATENCY.header());
        assertEquals("Latency (us)", Metric.MULTI_LATENCY.header());
        assertEquals("Bandwidth (MB/s)", Metric.BANDWIDTH.header());
        assertEquals("Bandwidth (MB/s)", Metric.BI_BANDWIDTH.header());
        assertEquals("Min BW (MB/s)", Metric.BANDWIDTH.minHeader());
        assertEquals("Max BW (MB/s)", Metric.BI_BANDWIDTH.maxHeader());
        assertEquals("Min Latency(us)", Metric.LATENCY.minHeader());
        assertEquals("Max Latency(us)", Metric.MULTI_LATENCY.maxHeader());
    }

    @Test
    void collectiveLatencyIsTheMeanCallTime() {
        Stats t = new Stats(4, 10_000, 1_000, 4_000);
        assertEquals(2.5, Metric.COLLECTIVE_LATENCY.average(t, 8, 1), EPS);
        assertEquals(1.0, Metric.COLLECTIVE_LATENCY.minimum(t, 8, 1), EPS);
        assertEquals("Avg Latency(us)", Metric.COLLECTIVE_LATENCY.header());
        assertEquals("Min Latency(us)", Metric.COLLECTIVE_LATENCY.minHeader());
        assertEquals("Max Latency(us)", Metric.COLLECTIVE_LATENCY.maxHeader());
    }

    @Test
    void valueOfOneIteration() {
        assertEquals(1.5, Metric.COLLECTIVE_LATENCY.ofIteration(1500, 8, 1), EPS);
        assertEquals(0.75, Metric.LATENCY.ofIteration(1500, 8, 64), EPS);
        assertEquals(0.75, Metric.MULTI_LATENCY.ofIteration(1500, 8, 64), EPS);
        // 64 x 1000 bytes in 100 us: 640 MB/s, both ways 1280
        assertEquals(640.0, Metric.BANDWIDTH.ofIteration(100_000, 1000, 64), EPS);
        assertEquals(1280.0, Metric.BI_BANDWIDTH.ofIteration(100_000, 1000, 64), EPS);
    }

    @Test
    void tailUnits() {
        assertEquals("Tail Lat(us)", Metric.LATENCY.tailUnit());
        assertEquals("Tail Lat(us)", Metric.MULTI_LATENCY.tailUnit());
        assertEquals("Tail Lat(us)", Metric.COLLECTIVE_LATENCY.tailUnit());
        assertEquals("Tail BW(MB/s)", Metric.BANDWIDTH.tailUnit());
        assertEquals("Tail BW(MB/s)", Metric.BI_BANDWIDTH.tailUnit());
    }
}
