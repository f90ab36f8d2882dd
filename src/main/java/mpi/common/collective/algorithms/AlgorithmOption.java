package mpi.common.collective.algorithms;

import java.util.Locale;

import mpi.common.options.UsageException;

/**
 * What {@code --algorithm} asks for: the MPI's own choice (the option not given), the list of
 * the algorithms ({@code list}), each of them in turn ({@code all}), or some, by the MPI's
 * name or number for each, a comma list ({@code ring,bruck}).
 *
 * @param kind what is asked
 * @param name the algorithms' names or numbers as given ({@link Kind#ONE}), else null
 */
public record AlgorithmOption(Kind kind, String name) {
    /** The option not given: the MPI chooses, as in C OMB. */
    public static final AlgorithmOption DEFAULT = new AlgorithmOption(Kind.DEFAULT, null);

    /** What {@code --algorithm} asks for. */
    public enum Kind {
        /** not given */
        DEFAULT,
        /** {@code list}: print the algorithms, measure nothing */
        LIST,
        /** {@code all}: one table per algorithm */
        ALL,
        /** algorithms by name or number, one or a comma list */
        ONE
    }

    /**
     * @param text the option's value
     * @return what it asks for
     * @throws UsageException if it is empty
     */
    public static AlgorithmOption parse(String text) throws UsageException {
        String t = text.trim();
        if (t.isEmpty()) {
            throw new UsageException("--algorithm needs NAME, NUMBER, list or all, got '" + text
                    + "'");
        }
        switch (t.toLowerCase(Locale.ROOT)) {
            case "list":
                return new AlgorithmOption(Kind.LIST, null);
            case "all":
                return new AlgorithmOption(Kind.ALL, null);
            default:
                return new AlgorithmOption(Kind.ONE, t);
        }
    }

    /** @return the option as the command line gives it (the results files' value) */
    public String label() {
        switch (kind) {
            case DEFAULT:
                return "default";
            case LIST:
                return "list";
            case ALL:
                return "all";
            default:
                return name;
        }
    }
}
