package mpi.common.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OverlapTest {
    @Test
    void noOverlapWhenCommunicationAddsItsWholeTime() {
        assertEquals(0, new Overlap(20, 10, 10).percent(), 1e-9);
    }

    @Test
    void fullOverlapWhenOverallEqualsCompute() {
        assertEquals(100, new Overlap(10, 10, 10).percent(), 1e-9);
    }

    @Test
    void partialOverlap() {
        // 10 us of communication, 4 us of it exposed: 60 % hidden.
        assertEquals(60, new Overlap(14, 10, 10).percent(), 1e-9);
    }

    @Test
    void clampedToTheRange() {
        assertEquals(0, new Overlap(40, 10, 10).percent(), 1e-9);
        assertEquals(100, new Overlap(9, 10, 10).percent(), 1e-9);
        assertEquals(0, new Overlap(9, 10, 0).percent(), 1e-9);
    }
}
