package mpi.common.collective.algorithms;

import java.util.Locale;

import mpi.common.options.UsageException;

/**
 * What {@code --algorithm} asks for: the MPI's own choice (the option not given), the list of
 * the algorithms ({@code list}), each of them in turn ({@code all}), or some, by the MPI's
 * name or number for each, a comma list ({@code ring,bruck}).
 *
 * @param kind     what is asked
 * @param name     the algorithms' names or numbers as given ({@link Kind#ONE}), else null
 * @param variable the MPI's control variable that selected it, once a run has selected it
 *                 ({@link #selected}), else null
 * @param value    the variable's value for it (the MPI's number of the algorithm), with
 *                 {@code variable}, else null
 */
public record AlgorithmOption(Kind kind, String name, String variable, Integer value) {
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
     * What the command line asks for, before any selection.
     *
     * @param kind what is asked
     * @param name the algorithm's name or number as given ({@link Kind#ONE}), else null
     */
    public AlgorithmOption(Kind kind, String name) {
        this(kind, name, null, null);
    }

    /**
     * One algorithm as a run selected it: its name with the variable and value, which a
     * results file keeps, since a tuning file names algorithms by the MPI's number.
     *
     * @param variable  the control variable written
     * @param algorithm the algorithm, by its value and name
     * @return the option of that one algorithm
     */
    public static AlgorithmOption selected(String variable, Algorithm algorithm) {
        return new AlgorithmOption(Kind.ONE, algorithm.name(), variable, algorithm.value());
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
