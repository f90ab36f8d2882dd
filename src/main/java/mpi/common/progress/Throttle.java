package mpi.common.progress;

import java.util.function.LongSupplier;

/**
 * When a progress line is printed: not in the first {@code delay} of a run (a short run shows
 * nothing), then at most once per {@code interval}, so that a long run of many sizes does not
 * fill the terminal.
 */
public final class Throttle {
    private final LongSupplier clock;
    private final long start;
    private final long delay;
    private final long interval;
    private long last = Long.MIN_VALUE;
    private boolean printed;

    /**
     * @param clock    the time in nanoseconds ({@code System::nanoTime})
     * @param delay    the quiet time at the start, in nanoseconds
     * @param interval the least time between two lines, in nanoseconds
     */
    public Throttle(LongSupplier clock, long delay, long interval) {
        this.clock = clock;
        this.start = clock.getAsLong();
        this.delay = delay;
        this.interval = interval;
    }

    /**
     * @return whether to print now; if so, the next interval starts now
     */
    public boolean due() {
        long now = clock.getAsLong();
        if (now - start < delay || printed && now - last < interval) {
            return false;
        }
        last = now;
        printed = true;
        return true;
    }

    /** @return the time since the start, in nanoseconds */
    public long elapsed() {
        return clock.getAsLong() - start;
    }
}
