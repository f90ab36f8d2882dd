package mpi.common.collective;

import java.util.function.LongSupplier;

import mpi.MPIException;

/**
 * The dummy computation a non-blocking collective benchmark runs between starting an
 * operation and waiting for it, as C OMB's osu_i* tests do: a small dense matrix-vector
 * product repeated a calibrated number of times so that it lasts a target time, optionally
 * interrupted by a number of progress calls (MPI_Test) spread evenly across it.
 */
public final class DummyCompute {
    /** Matrix dimension: small enough to stay in L1, so one step's time is stable. */
    private static final int DIM = 16;
    /** At most this many measure-and-correct rounds in a calibration. */
    private static final int CALIBRATION_ROUNDS = 8;

    private final double[] matrix = new double[DIM * DIM];
    private final double[] vector = new double[DIM];
    private final double[] result = new double[DIM];
    private final LongSupplier clock;
    private long steps;
    private long stepsDone;
    /** Written so the JIT cannot drop the computation as dead code. */
    private double sink;

    /** Something to call between steps of the computation (e.g. MPI_Test on a request). */
    @FunctionalInterface
    public interface Progress {
        void poke() throws MPIException;
    }

    /** A computation timed with {@link System#nanoTime()}. */
    public DummyCompute() {
        this(System::nanoTime);
    }

    /** @param clock the time in nanoseconds, to calibrate against (tests give their own) */
    DummyCompute(LongSupplier clock) {
        this.clock = clock;
        for (int i = 0; i < matrix.length; i++) {
            matrix[i] = 1.0 / (i + 1);
        }
        for (int i = 0; i < DIM; i++) {
            vector[i] = i % 7;
        }
    }

    /**
     * Sets the number of steps so that {@link #run} lasts about {@code targetNanos}. Measures,
     * corrects and measures again, so that an estimate taken while the JIT was still compiling
     * the computation is replaced by one of the compiled code.
     */
    public void calibrate(long targetNanos) {
        if (targetNanos <= 0) {
            steps = 0;
            return;
        }
        long trial = 16;
        long elapsed = time(trial);
        while (elapsed < 200_000 && trial < (1L << 40)) { // long enough to time reliably
            trial *= 4;
            elapsed = time(trial);
        }
        steps = scale(trial, targetNanos, elapsed);
        for (int round = 0; round < CALIBRATION_ROUNDS; round++) {
            long measured = time(steps);
            steps = scale(steps, targetNanos, measured);
            if (Math.abs(measured - targetNanos) < targetNanos / 20) {
                return;
            }
        }
    }

    private static long scale(long steps, long targetNanos, long elapsed) {
        return Math.max(1, Math.round((double) steps * targetNanos / Math.max(elapsed, 1)));
    }

    private long time(long n) {
        long start = clock.getAsLong();
        compute(n);
        return clock.getAsLong() - start;
    }

    /** @return the steps computed so far, by every run and calibration */
    long stepsDone() {
        return stepsDone;
    }

    /** @return the calibrated number of steps */
    public long steps() {
        return steps;
    }

    /**
     * Runs the calibrated computation, calling {@code progress} {@code calls} times spread
     * evenly across it (after each of {@code calls} equal parts).
     *
     * @return the nanoseconds spent inside {@code progress}, which are not computation
     */
    public long run(int calls, Progress progress) throws MPIException {
        if (calls <= 0) {
            compute(steps);
            return 0;
        }
        long inProgress = 0;
        long done = 0;
        for (int c = 1; c <= calls; c++) {
            long until = steps * c / calls;
            compute(until - done);
            done = until;
            long t = clock.getAsLong();
            progress.poke();
            inProgress += clock.getAsLong() - t;
        }
        return inProgress;
    }

    private void compute(long n) {
        for (long s = 0; s < n; s++) {
            step((int) (s & (DIM - 1)));
        }
        stepsDone += n;
    }

    /** One matrix-vector product: a method of its own, so the JIT compiles it early. */
    private void step(int pick) {
        for (int i = 0; i < DIM; i++) {
            double dot = 0;
            int row = i * DIM;
            for (int j = 0; j < DIM; j++) {
                dot += matrix[row + j] * vector[j];
            }
            result[i] = dot;
        }
        sink += result[pick];
    }
}
