package mpi.it;

/**
 * The latency benchmark made slow: from {@value #SLOW_FROM} bytes on, rank 0 sleeps
 * {@value #SLEEP_MS} ms before each exchange, so that a run of a few sizes lasts longer than
 * the progress line's delay. Run by {@link ProgressIT}.
 */
public final class SlowLatency extends SleepingLatency {
    /** Above the JIT warm-up rounds' sizes (at most 1 KiB): only its sweep, 2 iterations a size, sleeps. */
    static final int SLOW_FROM = 2048;
    static final int SLEEP_MS = 400;

    public static void main(String[] args) {
        new SlowLatency().run(args);
    }

    public SlowLatency() {
        super(SLOW_FROM, SLEEP_MS);
    }
}
