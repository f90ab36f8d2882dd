package mpi.common.options;

/**
 * A mistake in how the user started a benchmark: a bad option or value, or the wrong number
 * of processes. Its message is one line naming the problem, meant for the user, so it is
 * printed without a stack trace.
 */
public class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param problem one line naming what is wrong, e.g. {@code unknown option -q} */
    public UsageException(String problem) {
        super(problem);
    }
}
