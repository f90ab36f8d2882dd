package mpi.study;

/**
 * Input that {@link Tune} cannot take (no files, an unreadable one, mixed collectives, a run
 * without {@code --algorithm}): its message is the one line the command prints, so it names
 * the file and what to do.
 */
public final class TuneException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message the line to print, naming the file and what to do */
    public TuneException(String message) {
        super(message);
    }
}
