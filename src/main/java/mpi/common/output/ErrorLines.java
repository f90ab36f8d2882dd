package mpi.common.output;

import mpi.MPIException;
import mpi.common.options.UsageException;

/**
 * The one-line messages a benchmark prints on stderr when it cannot run. A user's mistake
 * gets a hint; a failure during the run names the MPI error or, for anything else (a bug),
 * the exception's class too.
 */
public final class ErrorLines {
    private ErrorLines() {
    }

    /** @return e.g. {@code OSULatency: unknown option -q; run with -h for usage} */
    public static String usage(String program, UsageException e) {
        return program + ": " + e.getMessage() + "; run with -h for usage";
    }

    /**
     * @return e.g. {@code OSULatency: error: MPI_ERR_TRUNCATE: message truncated}: the MPI
     *         library's message for an {@link MPIException}, the exception itself otherwise
     */
    public static String error(String program, Throwable t) {
        String what = t instanceof MPIException && t.getMessage() != null ? t.getMessage()
                : t.toString();
        if (t instanceof OutOfMemoryError) {
            what += " (give the JVM more memory with -Xmx or -XX:MaxDirectMemorySize,"
                    + " or lower the maximum message size with -m)";
        }
        return program + ": error: " + what;
    }
}
