package mpi.common.suite;

/** What became of one run of a suite, as its summary says it. */
public enum Status {
    /** It ran with validation ({@code -c}) and every size passed. */
    PASSED("passed", false),
    /** It ran to its end without validation (or printed its usage or version). */
    RAN("ran", false),
    /** It ran and validation found corrupted data: a failure. */
    FAILED("FAILED", true),
    /** A benchmark an entry names could not run here (binding, thread level, hosts): a failure. */
    REFUSED("REFUSED", true),
    /** A benchmark of a group that cannot run here (process count, binding, hosts): no failure. */
    SKIPPED("skipped", false);

    private final String label;
    private final boolean failure;

    Status(String label, boolean failure) {
        this.label = label;
        this.failure = failure;
    }

    /** @return the word the summary shows */
    public String label() {
        return label;
    }

    /** @return whether it makes the suite's exit code 1 */
    public boolean failure() {
        return failure;
    }
}
