package mpi.common.options;

/**
 * The root of a rooted collective ({@code -k}): a fixed rank, or {@code rotate}, where the
 * root of call {@code i} of a message size (warm-up included) is rank {@code i mod n}, as in
 * C OMB.
 *
 * @param rank     the fixed root, or -1 when rotating
 */
public record Root(int rank) {
    /** Rank 0, the default. */
    public static final Root ZERO = new Root(0);
    /** The root moves to the next rank at every call. */
    public static final Root ROTATE = new Root(-1);
    private static final String ROTATE_NAME = "rotate";

    /** @throws IllegalArgumentException if {@code rank} is below -1 */
    public Root {
        if (rank < -1) {
            throw new IllegalArgumentException("root " + rank);
        }
    }

    /** @return whether the root rotates over the ranks */
    public boolean rotating() {
        return rank < 0;
    }

    /**
     * @param call      the call's number at this message size, from 0, warm-up included
     * @param processes the number of processes
     * @return the root of that call
     */
    public int at(int call, int processes) {
        return rotating() ? call % processes : rank;
    }

    /** @return as on the command line: the rank, or {@code rotate} */
    @Override
    public String toString() {
        return rotating() ? ROTATE_NAME : Integer.toString(rank);
    }

    /**
     * @param value the argument of {@code -k}
     * @return the root it names; whether the rank exists is checked once MPI runs
     * @throws UsageException unless it is a non-negative integer or {@code rotate}
     */
    public static Root parse(String value) throws UsageException {
        if (ROTATE_NAME.equals(value)) {
            return ROTATE;
        }
        if (value.matches("\\d{1,9}")) {
            return new Root(Integer.parseInt(value));
        }
        throw new UsageException("-k needs a rank (0, 1, ...) or rotate, got '" + value + "'");
    }

    /**
     * @param processes the number of processes
     * @throws UsageException if the fixed root is not one of their ranks
     */
    public void check(int processes) throws UsageException {
        if (rank >= processes) {
            throw new ProcessCountException("root " + rank + " (-k) is not a rank of the " + processes
                    + " processes (0.." + (processes - 1) + ")");
        }
    }
}
