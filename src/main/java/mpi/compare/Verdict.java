package mpi.compare;

/** What a comparison of a variant with C found, at the level asked. */
public enum Verdict {
    /** The variant is slower than C in significantly more rounds than it is faster. */
    SLOWER("slower"),
    /** The variant is faster than C in significantly more rounds than it is slower. */
    FASTER("faster"),
    /** Neither direction is significant: not a proof of equality, as the words say. */
    NO_DIFFERENCE("no difference found"),
    /** The rounds are too few for any verdict at the level (fewer than 6 at 0.95). */
    TOO_FEW_RUNS("too few runs"),
    /** A round's value is 0, so that it has no ratio (a value printed as 0.00). */
    NO_RATIO("no ratio");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** @return the words of the table and the CSV, e.g. {@code no difference found} */
    public String label() {
        return label;
    }
}
