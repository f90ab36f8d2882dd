package mpi.common.threads;

/**
 * Whether the thread level MPI provides lets a multi-threaded benchmark run: it needs
 * {@code MPI_THREAD_MULTIPLE}, as C OMB's osu_latency_mt, which exits when MPI provides less.
 * A decision of its own so that it is tested without an MPI that refuses (Open MPI 4.1
 * built with threads always provides MULTIPLE).
 */
public final class ThreadLevel {
    private ThreadLevel() {
    }

    /**
     * @param provided the level {@code MPI.InitThread} returned
     * @param multiple the value of {@code MPI.THREAD_MULTIPLE}
     * @param names    the names of the levels SINGLE, FUNNELED, SERIALIZED, MULTIPLE, by
     *                 value order (for the message)
     * @param values   their values, in the same order
     * @return null if the benchmark can run, else the one line that says why it cannot
     */
    public static String refusal(int provided, int multiple, String[] names, int[] values) {
        if (provided >= multiple) {
            return null;
        }
        String name = "level " + provided;
        for (int i = 0; i < values.length; i++) {
            if (values[i] == provided) {
                name = names[i];
            }
        }
        return "needs MPI.THREAD_MULTIPLE, but the MPI library provides only " + name;
    }
}
