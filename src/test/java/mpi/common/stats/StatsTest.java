package mpi.common.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void sumMinMaxMean() {
        Stats s = Stats.of(new long[] {5, 1, 9, 3}, 4);
        assertEquals(new Stats(4, 18, 1, 9), s);
        assertEquals(4.5, s.mean());
    }

    @Test
    void onlyTheLeadingCountSamplesCount() {
        // the array is reused across sizes: entries past count are from an earlier size
        Stats s = Stats.of(new long[] {5, 7, 6, 1, 100}, 3);
        assertEquals(new Stats(3, 18, 5, 7), s);
    }

    @Test
    void singleSample() {
        assertEquals(new Stats(1, 42, 42, 42), Stats.of(new long[] {42}, 1));
    }

    @Test
    void largeSumsDoNotOverflow() {
        long big = 1L << 40;
        Stats s = Stats.of(new long[] {big, big, big}, 3);
        assertEquals(3 * big, s.sum());
    }

    @Test
    void countMustBeWithinTheSamples() {
        assertThrows(IllegalArgumentException.class, () -> Stats.of(new long[3], 0));
        assertThrows(IllegalArgumentException.class, () -> Stats.of(new long[3], 4));
    }
}
