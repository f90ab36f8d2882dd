package mpi.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The sizes and the length of the harness's JIT warm-up rounds. */
class BenchmarkHarnessTest {
    @Test
    void aRoundRunsEverySmallSizeOfTheRun() {
        assertArrayEquals(new int[] {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024},
                BenchmarkHarness.roundSizes(new int[] {1, 2, 4, 8, 16, 32, 64, 128, 256, 512,
                        1024, 2048, 4096, 1 << 20}));
        assertArrayEquals(new int[] {2, 4, 8}, BenchmarkHarness.roundSizes(new int[] {2, 4, 8}));
    }

    @Test
    void aRunOfLargeSizesOnlyRoundsAtOneKibibyte() {
        assertArrayEquals(new int[] {1024},
                BenchmarkHarness.roundSizes(new int[] {65536, 1 << 20}));
    }

    @Test
    void aRunOfOneSizeRoundsAtIt() {
        assertArrayEquals(new int[] {8}, BenchmarkHarness.roundSizes(new int[] {8}));
        assertArrayEquals(new int[] {0}, BenchmarkHarness.roundSizes(new int[] {0}));
    }

    @Test
    void aShortRoundIsRepeatedUntilItLastsTenMilliseconds() {
        assertEquals(34, BenchmarkHarness.passesFor(1, 300)); // 0.3 ms: 34 passes, 10.2 ms
        assertEquals(4, BenchmarkHarness.passesFor(2, 5000));
        assertEquals(3, BenchmarkHarness.passesFor(1, 4000)); // rounded up, never under 10 ms
    }

    @Test
    void aLongEnoughRoundKeepsItsPasses() {
        assertEquals(1, BenchmarkHarness.passesFor(1, 10_000));
        assertEquals(7, BenchmarkHarness.passesFor(7, 2_000_000));
    }

    @Test
    void passesNeverShrinkAndStayBounded() {
        // A round that got faster (the JIT at work) asks for more passes; a slower one keeps its.
        assertEquals(38, BenchmarkHarness.passesFor(34, 9_000));
        assertEquals(34, BenchmarkHarness.passesFor(34, 500_000));
        assertEquals(100, BenchmarkHarness.passesFor(1, 0));
        assertEquals(100, BenchmarkHarness.passesFor(50, 1));
    }
}
