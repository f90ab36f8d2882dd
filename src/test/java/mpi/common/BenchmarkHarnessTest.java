package mpi.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** The sizes of the harness's JIT warm-up rounds. */
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
}
