package mpi.compare;

/** A run that failed or printed no value: the comparison stops with exit status 1. */
public final class RunFailure extends Exception {
    private static final long serialVersionUID = 1L;
    private final String output;

    /**
     * @param message one line: what failed, with its command
     * @param output  the end of what it printed, may be empty
     */
    public RunFailure(String message, String output) {
        super(message);
        this.output = output;
    }

    /** @return the end of what the failed run printed */
    public String output() {
        return output;
    }
}
