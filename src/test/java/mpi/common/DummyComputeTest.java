package mpi.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DummyComputeTest {
    @Test
    void calibratedComputationLastsAboutTheTarget() throws Exception {
        DummyCompute c = new DummyCompute();
        c.calibrate(20_000_000); // warm the JIT with a long calibration first
        long target = 5_000_000;
        c.calibrate(target);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) { // the fastest of 5: this machine may be busy
            long start = System.nanoTime();
            c.run(0, () -> { });
            best = Math.min(best, System.nanoTime() - start);
        }
        assertTrue(best > target / 3 && best < target * 3, "ran " + best + " ns for a target of " + target);
    }

    @Test
    void progressIsCalledTheAskedNumberOfTimesAndItsTimeReported() throws Exception {
        DummyCompute c = new DummyCompute();
        c.calibrate(1_000_000);
        int[] calls = {0};
        long spent = c.run(7, () -> {
            calls[0]++;
            long until = System.nanoTime() + 100_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        });
        assertEquals(7, calls[0]);
        assertTrue(spent >= 7 * 100_000, "time in progress calls: " + spent);
    }

    @Test
    void zeroTargetComputesNothing() throws Exception {
        DummyCompute c = new DummyCompute();
        c.calibrate(0);
        assertEquals(0, c.steps());
    }
}
