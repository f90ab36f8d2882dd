package mpi.common.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/** The calibration and progress calls, against a clock that advances with the work done. */
class DummyComputeTest {
    /** A computation whose every step takes {@code nanosPerStep} on its clock, plus {@code extra}. */
    private static DummyCompute withSteps(long nanosPerStep, AtomicLong extra) {
        AtomicReference<DummyCompute> self = new AtomicReference<>();
        DummyCompute c = new DummyCompute(() -> self.get().stepsDone() * nanosPerStep + extra.get());
        self.set(c);
        return c;
    }

    @Test
    void calibrationFindsTheStepsThatLastTheTarget() {
        DummyCompute c = withSteps(250, new AtomicLong());
        c.calibrate(1_000_000);
        assertEquals(4000, c.steps());
        c.calibrate(7_500);
        assertEquals(30, c.steps());
    }

    @Test
    void calibrationCorrectsAFirstEstimateThatWasTooSlow() {
        // The first 200 steps are 50 times slower, as code is before the JIT compiles it
        // during the calibration: the first estimate is far too low and must be corrected.
        AtomicLong extra = new AtomicLong();
        AtomicReference<DummyCompute> self = new AtomicReference<>();
        DummyCompute c = new DummyCompute(() -> {
            long done = self.get().stepsDone();
            long slow = Math.min(done, 200);
            return slow * 50 * 100 + (done - slow) * 100 + extra.get();
        });
        self.set(c);
        c.calibrate(2_000_000);
        assertEquals(20_000, c.steps(), 20_000 / 20.0);
    }

    @Test
    void runComputesTheCalibratedStepsAndCallsProgressEvenly() throws Exception {
        AtomicLong extra = new AtomicLong();
        DummyCompute c = withSteps(100, extra);
        c.calibrate(70_000); // 700 steps
        long before = c.stepsDone();
        long[] stepsAtCall = new long[7];
        int[] calls = {0};
        long inProgress = c.run(7, () -> {
            stepsAtCall[calls[0]++] = c.stepsDone() - before;
            extra.addAndGet(1_000); // each progress call takes 1 us on the clock
        });
        assertEquals(7, calls[0]);
        assertEquals(700, c.stepsDone() - before);
        assertEquals(7_000, inProgress);
        for (int i = 0; i < 7; i++) {
            assertEquals(100 * (i + 1), stepsAtCall[i], "call " + i);
        }
    }

    @Test
    void zeroTargetComputesNothing() throws Exception {
        DummyCompute c = withSteps(100, new AtomicLong());
        c.calibrate(0);
        assertEquals(0, c.steps());
        long before = c.stepsDone();
        c.run(0, () -> { });
        assertEquals(before, c.stepsDone());
    }
}
