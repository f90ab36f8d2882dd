package mpi.common.progress;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The progress line rank 0 draws on stderr during a long run: after {@value #DELAY_SECONDS}
 * seconds, at the start of each size (at most every {@value #INTERVAL_MILLIS} ms), one line
 * ({@link ProgressLine}) that the next one overwrites ({@code \r} and erase to the end of the
 * line), cleared before each table row and at the end, so that stdout stays the table alone.
 * Only between sizes, never during the timed iterations: no thread, no clock in the
 * measurement. Whether it draws: {@link ProgressMode}.
 */
public final class Progress {
    /** Quiet time at the start of a run: a run shorter than this shows nothing. */
    public static final int DELAY_SECONDS = 3;
    /** The least time between two draws. */
    public static final int INTERVAL_MILLIS = 250;
    /** Back to the line's start, then the line erased to its end. */
    static final String CLEAR = "\r\033[K";

    private static final Progress NONE = new Progress(null, null, null, 0);

    private final PrintStream err;
    private final Throttle throttle;
    private final String program;
    private final int sizes;
    private int n;
    private boolean shown;

    Progress(PrintStream err, Throttle throttle, String program, int sizes) {
        this.err = err;
        this.throttle = throttle;
        this.program = program;
        this.sizes = sizes;
    }

    /**
     * @param program the benchmark's name
     * @param sizes   the number of sizes the run measures
     * @param root    whether this is rank 0, the only one that draws
     * @return the progress of a run starting now: drawing on {@code System.err} if
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
     * @return a progress that draws, with the class's delay and interval
     */
    static Progress of(PrintStream err, LongSupplier clock, String program, int sizes) {
        return new Progress(err, new Throttle(clock, TimeUnit.SECONDS.toNanos(DELAY_SECONDS),
                TimeUnit.MILLISECONDS.toNanos(INTERVAL_MILLIS)), program, sizes);
    }

    /**
     * A size starts: draws the line if it is time.
     *
     * @param size its message size in bytes
     */
    public void next(long size) {
        if (err == null) {
            return;
        }
        n++;
        if (throttle.due()) {
            err.print(CLEAR + ProgressLine.format(program, n, sizes, size, throttle.elapsed()));
            err.flush();
            shown = true;
        }
    }

    /** Erases the line if one is shown: before a table row, and at the end of the run. */
    public void clear() {
        if (shown) {
            err.print(CLEAR);
            err.flush();
            shown = false;
        }
    }
}
