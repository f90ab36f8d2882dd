package mpi.compare;

/** A user's mistake on the command line or in a setting; its message is one line naming it. */
public final class BadArgumentException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the problem, e.g. {@code bad size 'x' (...)} */
    public BadArgumentException(String message) {
        super(message);
    }
}
