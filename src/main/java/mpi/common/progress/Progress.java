package mpi.common.progress;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The progress lines rank 0 prints on stderr during a long run: after {@value #DELAY_SECONDS}
 * seconds, at the start of a size, then at most every {@value #INTERVAL_SECONDS} seconds, a
 * whole line ({@link ProgressLine}). Whole lines, not one line redrawn with {@code \r}: mpirun
 * forwards a rank's stdout and stderr through two pipes, and measured at a terminal a line
 * drawn on stderr after a row on stdout arrived before it, so that the row was appended to the
 * progress line and erased with it; whole lines interleave whole. Only between sizes, never
 * during the timed iterations: no thread, no clock in the measurement. Whether it prints:
 * {@link ProgressMode}.
 */
public final class Progress {
    /** Quiet time at the start of a run: a run shorter than this shows nothing. */
    public static final int DELAY_SECONDS = 3;
    /** The least time between two lines. */
    public static final int INTERVAL_SECONDS = 10;

    private static final Progress NONE = new Progress(null, null, null, 0);

    private final PrintStream err;
    private final Throttle throttle;
    private final String program;
    private final int sizes;
    private int n;

    Progress(PrintStream err, Throttle throttle, String program, int sizes) {
        this.err = err;
        this.throttle = throttle;
        this.program = program;
        this.sizes = sizes;
    }

    /**
     * @param program the benchmark's name
     * @param sizes   the number of sizes the run measures
     * @param root    whether this is rank 0, the only one that prints
     * @return the progress of a run starting now: printing on {@code System.err} if
     *         {@link ProgressMode} says so, else doing nothing
     */
    public static Progress start(String program, int sizes, boolean root) {
        if (!root) {
            return NONE;
        }
        ProgressMode mode = ProgressMode.fromEnvironment();
        boolean draw = mode == ProgressMode.ON
                || mode == ProgressMode.AUTO && StderrTerminal.detect();
        return draw ? of(System.err, System::nanoTime, program, sizes) : NONE;
    }

    /**
     * @param err     where it draws
     * @param clock   the time in nanoseconds
     * @param program the benchmark's name
     * @param sizes   the number of sizes
     * @return a progress that prints, with the class's delay and interval
     */
    static Progress of(PrintStream err, LongSupplier clock, String program, int sizes) {
        return new Progress(err, new Throttle(clock, TimeUnit.SECONDS.toNanos(DELAY_SECONDS),
                TimeUnit.SECONDS.toNanos(INTERVAL_SECONDS)), program, sizes);
    }

    /**
     * A size starts: prints the line if it is time.
     *
     * @param size its message size in bytes
     */
    public void next(long size) {
        if (err == null) {
            return;
        }
        n++;
        if (throttle.due()) {
            err.println(ProgressLine.format(program, n, sizes, size, throttle.elapsed()));
            err.flush();
        }
    }
}
