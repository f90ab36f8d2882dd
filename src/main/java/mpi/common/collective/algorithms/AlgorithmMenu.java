package mpi.common.collective.algorithms;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;

import mpi.ControlVariable;
import mpi.MPIException;
import mpi.common.options.UsageException;

/**
 * The algorithms the running MPI offers for one collective, and the control variable that
 * selects among them. The first is the MPI's own choice (Open MPI's {@code ignore}, MPICH's
 * {@code auto}). Found by the variable's name: Open MPI's {@code coll_tuned_<op>_algorithm}
 * (blocking) and {@code coll_libnbc_i<op>_algorithm} (non-blocking), with the enumeration MPI_T
 * gives; MPICH's {@code MPIR_CVAR_<OP>_INTRA_ALGORITHM} and {@code MPIR_CVAR_I<OP>_...}, with
 * the names of its description ({@link MpichDescription}).
 *
 * <p>Open MPI's tuned component copies a forced algorithm into a communicator when it is
 * created, and only with {@code coll_tuned_use_dynamic_rules} set at launch (read-only after
 * it); so the harness duplicates the communicator after each write. MPICH and Open MPI's
 * libnbc read the variable at each call.
 *
 * @param variable     the control variable
 * @param operation    the MPI function, e.g. {@code MPI_Bcast}, for the lines the user reads
 * @param algorithms   the choices, the MPI's own first
 * @param refusal      why a choice would not take effect in this launch (Open MPI without
 *                     dynamic rules), or null: {@code list} says it, a choice is refused
 */
public record AlgorithmMenu(ControlVariable variable, String operation,
        List<Algorithm> algorithms, String refusal) {

    /** Open MPI's switch for forced algorithms of its tuned component. */
    static final String OPEN_MPI_DYNAMIC_RULES = "coll_tuned_use_dynamic_rules";

    /**
     * @param op          the collective in lower case as MPI names it, e.g. {@code bcast},
     *                    {@code reduce_scatter_block}
     * @param nonBlocking whether the benchmark calls its non-blocking form
     * @param library     the MPI library's version line, for the refusal
     * @return the running MPI's menu for it
     * @throws UsageException in one line, if the MPI has no such variable: what to add to the
     *         launch instead
     * @throws MPIException   if an MPI_T call fails
     */
    public static AlgorithmMenu find(String op, boolean nonBlocking, String library)
            throws UsageException, MPIException {
        String call = "MPI_" + (nonBlocking ? "I" + op : Character.toUpperCase(op.charAt(0))
                + op.substring(1));
        String openMpi = nonBlocking ? "coll_libnbc_i" + op + "_algorithm"
                : "coll_tuned_" + op + "_algorithm";
        String mpich = "MPIR_CVAR_" + (nonBlocking ? "I" : "") + op.toUpperCase(Locale.ROOT)
                + "_INTRA_ALGORITHM";
        Optional<ControlVariable> v = ControlVariable.find(openMpi);
        if (v.isPresent()) {
            List<Algorithm> items = new ArrayList<>();
            for (ControlVariable.Item i : v.get().enumeration()) {
                items.add(new Algorithm(i.value(), i.name()));
            }
            return checked(new AlgorithmMenu(v.get(), call, items,
                    nonBlocking ? null : withoutDynamicRules(openMpi)));
        }
        v = ControlVariable.find(mpich);
        if (v.isPresent()) {
            return checked(new AlgorithmMenu(v.get(), call,
                    MpichDescription.choices(v.get().description()), null));
        }
        throw new UsageException("--algorithm: " + library + " has no control variable that"
                + " selects " + call + "'s algorithm (neither " + openMpi + " nor " + mpich
                + ")" + (library.contains("Intel") ? "; Intel MPI selects one at launch:"
                + " mpirun -genv I_MPI_ADJUST_" + op.toUpperCase(Locale.ROOT) + " N" : ""));
    }

    /** @return why Open MPI would ignore {@code variable} in this launch, or null */
    private static String withoutDynamicRules(String variable) throws MPIException {
        Optional<ControlVariable> rules = ControlVariable.find(OPEN_MPI_DYNAMIC_RULES);
        if (rules.isPresent() && !rules.get().readBoolean()) {
            return "Open MPI forces " + variable + " only with dynamic rules, read at launch:"
                    + " add --mca " + OPEN_MPI_DYNAMIC_RULES + " 1 to mpirun";
        }
        return null;
    }

    private static AlgorithmMenu checked(AlgorithmMenu menu) throws UsageException {
        if (menu.algorithms.size() < 2) {
            throw new UsageException("--algorithm: " + menu.variable.name() + " lists no"
                    + " algorithm to choose from");
        }
        if (!menu.variable.scope().writable()) {
            throw new UsageException("--algorithm: " + menu.variable.name() + " is read-only"
                    + " in this MPI (scope " + menu.variable.scope() + "): set it at launch");
        }
        return menu;
    }

    /**
     * @param option {@code all}, or algorithms by name or number, a comma list
     * @return the algorithms it names, in its order; for {@code all} every one, the MPI's own
     *         first
     * @throws UsageException if it names one the MPI does not have
     */
    public List<Algorithm> chosen(AlgorithmOption option) throws UsageException {
        if (refusal != null) {
            throw new UsageException("--algorithm: " + refusal);
        }
        if (option.kind() == AlgorithmOption.Kind.ALL) {
            return algorithms;
        }
        List<Algorithm> out = new ArrayList<>();
        for (String name : option.name().split(",")) {
            out.add(named(name.strip()));
        }
        return out;
    }

    private Algorithm named(String name) throws UsageException {
        for (Algorithm a : algorithms) {
            if (a.name().equalsIgnoreCase(name) || String.valueOf(a.value()).equals(name)) {
                return a;
            }
        }
        throw new UsageException("--algorithm " + name + ": " + operation + " has no"
                + " such algorithm in this MPI; " + variable.name() + " takes " + names());
    }

    /** @return the choices as {@code 0:ignore, 1:basic_linear, ...} */
    private String names() {
        StringJoiner j = new StringJoiner(", ");
        algorithms.forEach(a -> j.add(a.toString()));
        return j.toString();
    }

    /**
     * @return what {@code --algorithm list} prints: a comment line naming the variable, then
     *         a line per algorithm, its number and name
     */
    public List<String> listing() {
        List<String> lines = new ArrayList<>();
        lines.add("# Algorithms of " + operation + ": " + variable.name() + " (the first is the"
                + " MPI's own choice)");
        if (refusal != null) {
            lines.add("# " + refusal);
        }
        for (Algorithm a : algorithms) {
            lines.add(String.format(Locale.ROOT, "%-6d%s", a.value(), a.name()));
        }
        return lines;
    }

    /**
     * @param a one of the algorithms
     * @return the table's line that names it
     */
    public String headerLine(Algorithm a) {
        return "# Algorithm: " + a.name() + " (" + variable.name() + " = " + a.value() + ")";
    }

    /**
     * Selects {@code a} on this process: every rank of the run calls it alike.
     *
     * @param a one of the algorithms
     * @throws MPIException if the write fails
     */
    public void select(Algorithm a) throws MPIException {
        variable.write(a.value());
    }

    /** @return the variable's value now, to put back after the run */
    public int current() throws MPIException {
        return variable.readInt();
    }
}
