package mpi.study;

import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.function.BiFunction;
import java.util.function.ToIntBiFunction;

/**
 * Writes Open MPI's coll/tuned dynamic rules file, the classic format that
 * {@code --mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename FILE}
 * reads (ompi/mca/coll/tuned/coll_tuned_dynamic_file.c): whitespace-separated integers,
 * <pre>
 * number of collectives
 * per collective: its id (COLLTYPE), the number of communicator sizes
 *   per communicator size: the size, the number of message sizes
 *     per message size: msgsize algorithm faninout segsize
 * </pre>
 * The reader refuses a file whose first message size of a communicator size is not 0, and it
 * looks a rule up as the last one whose communicator size (message size) is at most the
 * call's, so both lists ascend. Its number reader skips anything that is not a number, and a
 * {@code #} to the end of its line (getnext in the same file; ompi_coll_base_file_getnext_long
 * in Open MPI 5), so the comments written here are read past. A table whose smallest size is
 * above 0 has that size's rule written from 0: the nearest measured choice.
 *
 * <p>The ids and algorithm numbers are Open MPI 4.1's (coll_base_functions.h's COLLTYPE,
 * coll_tuned_*_decision.c's enums, the names {@code ompi_info} prints).
 */
public final class OpenMpiRules {
    private OpenMpiRules() {
    }

    /** COLLTYPE of ompi/mca/coll/base/coll_base_functions.h, in its order: the ids. */
    static final List<String> COLLTYPE = List.of("allgather", "allgatherv", "allreduce",
            "alltoall", "alltoallv", "alltoallw", "barrier", "bcast", "exscan", "gather",
            "gatherv", "reduce", "reduce_scatter", "reduce_scatter_block", "scan", "scatter",
            "scatterv", "neighbor_allgather", "neighbor_allgatherv", "neighbor_alltoall",
            "neighbor_alltoallv", "neighbor_alltoallw");

    /** coll_tuned_&lt;op&gt;_algorithm's values in Open MPI 4.1, by collective (0 is "ignore"). */
    static final Map<String, List<String>> ALGORITHMS = Map.of(
            "allgather", List.of("linear", "bruck", "recursive_doubling", "ring", "neighbor",
                    "two_proc"),
            "allreduce", List.of("basic_linear", "nonoverlapping", "recursive_doubling", "ring",
                    "segmented_ring", "rabenseifner"),
            "alltoall", List.of("linear", "pairwise", "modified_bruck", "linear_sync",
                    "two_proc"),
            "alltoallv", List.of("basic_linear", "pairwise"),
            "barrier", List.of("linear", "double_ring", "recursive_doubling", "bruck",
                    "two_proc", "tree"),
            "bcast", List.of("basic_linear", "chain", "pipeline", "split_binary_tree",
                    "binary_tree", "binomial", "knomial", "scatter_allgather",
                    "scatter_allgather_ring"),
            "gather", List.of("basic_linear", "binomial", "linear_sync"),
            "reduce", List.of("linear", "chain", "pipeline", "binary", "binomial",
                    "in-order_binary", "rabenseifner"),
            "scatter", List.of("basic_linear", "binomial", "linear_nb"));

    /**
     * An algorithm's tuning parameters in a rule.
     *
     * @param faninout the tree's fan-in/out or the chain's count (0: Open MPI's default)
     * @param segsize  the segment size in bytes (0: no segmentation)
     */
    public record Parameters(int faninout, long segsize) {
        /** Both 0, what a rule without tuning says. */
        public static final Parameters NONE = new Parameters(0, 0);
    }

    /** @return the file for these tables, every rule with {@link Parameters#NONE} */
    public static String write(List<TuningTable> tables) {
        return write(tables, (collective, algorithm) -> Parameters.NONE);
    }

    /**
     * @param tables     one table per collective, algorithms named as {@code ompi_info}
     *                   prints them
     * @param parameters each (collective, algorithm)'s faninout and segsize
     * @return the file's text
     */
    public static String write(List<TuningTable> tables,
            BiFunction<String, String, Parameters> parameters) {
        return write(tables, parameters, OpenMpiRules::algorithmNumber);
    }

    /**
     * As {@link #write(List, BiFunction)}, with the algorithms' numbers from {@code numbers}:
     * those the MPI itself reported (a sweep's results files keep them), rather than this
     * class's Open MPI 4.1 tables. A rule's number 0 leaves the call to Open MPI's fixed
     * decision, its own choice (coll_tuned's dynamic decision falls back to it).
     *
     * @param tables     one table per collective
     * @param parameters each (collective, algorithm)'s faninout and segsize
     * @param numbers    each (collective, algorithm)'s number in coll_tuned_&lt;op&gt;_algorithm
     * @return the file's text
     */
    public static String write(List<TuningTable> tables,
            BiFunction<String, String, Parameters> parameters,
            ToIntBiFunction<String, String> numbers) {
        StringBuilder out = new StringBuilder();
        out.append("# Open MPI coll/tuned dynamic rules (classic format), from OMB-J mpi.study\n");
        out.append("# per rule: msgsize algorithm faninout segsize\n");
        out.append(tables.size()).append(" # collectives\n");
        for (TuningTable table : tables) {
            if (table.isEmpty()) {
                throw new IllegalArgumentException("no rule for " + table.collective());
            }
            String c = table.collective();
            out.append(collectiveId(c)).append(" # ").append(c).append('\n');
            out.append(table.rows().size()).append(" # communicator sizes\n");
            for (int p : table.rows().keySet()) {
                NavigableMap<Long, String> rules = table.merged(p);
                out.append(p).append(" # communicator size\n");
                out.append(rules.size()).append(" # message sizes\n");
                boolean first = true;
                for (Map.Entry<Long, String> rule : rules.entrySet()) {
                    Parameters tuning = parameters.apply(c, rule.getValue());
                    out.append(first ? 0 : rule.getKey()).append(' ')
                            .append(numbers.applyAsInt(c, rule.getValue())).append(' ')
                            .append(tuning.faninout()).append(' ').append(tuning.segsize())
                            .append(" # ").append(rule.getValue()).append('\n');
                    first = false;
                }
            }
        }
        return out.toString();
    }

    /** @return the collective's COLLTYPE id, e.g. 7 for bcast */
    public static int collectiveId(String collective) {
        int id = COLLTYPE.indexOf(collective);
        if (id < 0) {
            throw new IllegalArgumentException("not an Open MPI collective: " + collective);
        }
        return id;
    }

    /** @return the algorithm's number, e.g. 6 for bcast's binomial */
    public static int algorithmNumber(String collective, String algorithm) {
        List<String> names = ALGORITHMS.get(collective);
        if (names == null) {
            throw new IllegalArgumentException("no algorithm table for " + collective);
        }
        int i = names.indexOf(algorithm);
        if (i < 0) {
            throw new IllegalArgumentException(collective + " has no algorithm " + algorithm
                    + " in Open MPI 4.1: " + names);
        }
        return i + 1;
    }
}
