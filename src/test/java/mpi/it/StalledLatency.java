package mpi.it;

/**
 * The latency benchmark with every exchange made slow: rank 0 sleeps {@value #SLEEP_MS} ms
 * before each, so that the JIT warm-up's first size alone outlasts the warm-up's time cap, as
 * a run whose iterations wait for the scheduler would. Run by {@link WarmUpIT}.
 */
public final class StalledLatency extends SleepingLatency {
    static final int SLEEP_MS = 5;

    public static void main(String[] args) {
        new StalledLatency().run(args);
    }

    public StalledLatency() {
        super(0, SLEEP_MS);
    }
}
