package mpi.startup;

import java.lang.management.ManagementFactory;

/**
 * One rank's start-up, in whole milliseconds (truncated, as C's osu_init): the JVM's start to
 * {@code main}, the initialization of class {@code mpi.MPI} (which loads the binding's native
 * library, and with it the MPI library), {@code MPI.Init}, and the JVM's start to the end of
 * {@code MPI.Init}. The JVM's start is {@code RuntimeMXBean.getStartTime()}, taken while the
 * JVM is created, after the {@code java} launcher has started; it is read after
 * {@code MPI.Init}, so that loading the management classes is not measured.
 */
final class StartupTimes {
    /** Indexes of {@link #asArray()}. */
    static final int INIT = 0, LIBRARY = 1, JVM_TO_MAIN = 2, JVM_TO_INIT_END = 3, COUNT = 4;

    private final long[] values = new long[COUNT];

    /**
     * @param mainMillis wall clock at main's start
     * @param mainNanos  {@link System#nanoTime()} at main's start
     * @param loadStart  nanoTime before class {@code mpi.MPI} was initialized
     * @param initStart  nanoTime after it, right before {@code MPI.Init}
     * @param initEnd    nanoTime right after {@code MPI.Init}
     */
    StartupTimes(long mainMillis, long mainNanos, long loadStart, long initStart, long initEnd) {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        long toMain = Math.max(0, mainMillis - jvmStart);
        values[INIT] = millis(initEnd - initStart);
        values[LIBRARY] = millis(initStart - loadStart);
        values[JVM_TO_MAIN] = toMain;
        values[JVM_TO_INIT_END] = toMain + millis(initEnd - mainNanos);
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }

    /** @return the times, indexed by the constants; the array itself, for reductions */
    long[] asArray() {
        return values;
    }
}
