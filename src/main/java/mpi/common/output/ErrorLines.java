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
     * The line for MPI that cannot start: no binding backend, no MPI library or the wrong one
     * ({@code mpi.MPI}'s class initialization or {@code MPI.Init} failed).
     *
     * @return e.g. {@code OSULatency: error: -Dombj.mpi=/nonexistent: cannot open it (...);
     *         name the MPI library file with -Dombj.mpi=PATH}: a library that cannot be loaded
     *         or used ({@link LinkageError}, which the binding throws with the problem and what
     *         to do) by its message alone, as the user's mistake it is; anything else as
     *         {@link #error}
     */
    public static String cannotStart(String program, Throwable t) {
        Throwable why = t instanceof ExceptionInInitializerError && t.getCause() != null
                ? t.getCause() : t;
        if (why instanceof LinkageError && !(why instanceof ExceptionInInitializerError)
                && why.getMessage() != null && !why.getMessage().isBlank()) {
            return program + ": error: " + why.getMessage().strip();
        }
        return error(program, why);
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
