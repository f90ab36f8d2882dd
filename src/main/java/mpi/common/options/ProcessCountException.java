package mpi.common.options;

/**
 * A usage mistake that only this number of processes makes: options that are right on some
 * process counts and not on this one (a root that is not a rank, a neighbourhood grid too
 * small for its radius, a graph naming ranks that do not exist, sizes of which none fits).
 * Alone, a benchmark reports it as any usage mistake; the suite runner skips a group's member
 * that reports it, as it skips one that needs another number of processes.
 */
public class ProcessCountException extends UsageException {
    private static final long serialVersionUID = 1L;

    /** @param problem one line naming what is wrong, as {@link UsageException}'s */
    public ProcessCountException(String problem) {
        super(problem);
    }
}
