package mpi.study;

import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes the collective selection JSON that MPICH 4 reads from
 * {@code MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE} (src/mpi/coll/src/csel.c). Every value is
 * an object; each key is a test, and the keys of one object are tried in order, the first
 * that holds descending, down to an {@code "algorithm=MPIR_..."} key, whose object holds the
 * algorithm's parameters ({@code {}} for none):
 * <pre>
 * "collective=bcast": {"comm_type=intra": {
 *     "comm_size&lt;=3": {"avg_msg_size&lt;=1023": {"algorithm=MPIR_Bcast_intra_binomial": {}},
 *                        "avg_msg_size=any": {...}},
 *     "comm_size=any": {...}}}
 * </pre>
 * csel.c parses {@code comm_size<=N}, {@code comm_size<N}, {@code avg_msg_size<=N} and
 * {@code avg_msg_size<N} with atoi, and a key ending in {@code =any} always holds; its tree
 * check asserts that a size test is not the last of its object, so each object ends with an
 * {@code =any} key here. Only {@code <=} is written: csel.c's search tests {@code comm_size<N}
 * with {@code <=}. A table entry at (P, m) holds up to the next P and m of the table, as in
 * Open MPI's rules, so its tests are {@code comm_size<=P'-1} and {@code avg_msg_size<=m'-1}
 * for the next P' and m'. The file replaces MPICH's built-in selection (MPII_Coll_init):
 * a collective it leaves out finds no entry ({@code MPIR_Csel_search} returns none).
 */
public final class MpichTuningJson {
    private MpichTuningJson() {
    }

    /**
     * The algorithms of MPICH 4's built-in tuning (maint/tuning/coll/mpir/generic.json) and
     * its container parser, by collective: the names after {@code MPIR_<Op>_intra_}.
     */
    static final Map<String, Set<String>> ALGORITHMS = Map.ofEntries(
            Map.entry("bcast", Set.of("binomial", "scatter_recursive_doubling_allgather",
                    "scatter_ring_allgather", "smp")),
            Map.entry("allreduce", Set.of("recursive_doubling", "reduce_scatter_allgather",
                    "smp")),
            Map.entry("allgather", Set.of("recursive_doubling", "ring", "brucks")),
            Map.entry("allgatherv", Set.of("recursive_doubling", "ring", "brucks")),
            Map.entry("reduce", Set.of("binomial", "reduce_scatter_gather", "smp")),
            Map.entry("reduce_scatter", Set.of("recursive_halving", "pairwise",
                    "noncommutative", "recursive_doubling")),
            Map.entry("reduce_scatter_block", Set.of("recursive_halving", "pairwise",
                    "noncommutative", "recursive_doubling")),
            Map.entry("gather", Set.of("binomial")),
            Map.entry("scatter", Set.of("binomial")),
            Map.entry("scan", Set.of("smp", "recursive_doubling")),
            Map.entry("exscan", Set.of("recursive_doubling")),
            Map.entry("barrier", Set.of("smp", "k_dissemination", "recexch")),
            Map.entry("alltoall", Set.of("brucks", "scattered", "pairwise",
                    "pairwise_sendrecv_replace")));

    /**
     * @param tables one table per collective, algorithms named by their part after
     *               {@code MPIR_<Op>_intra_} ({@code binomial})
     * @return the JSON tree
     */
    public static ObjectNode tree(List<TuningTable> tables) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        for (TuningTable table : tables) {
            if (table.isEmpty()) {
                throw new IllegalArgumentException("no rule for " + table.collective());
            }
            String c = table.collective();
            ObjectNode bySize = root.putObject("collective=" + c).putObject("comm_type=intra");
            NavigableMap<Integer, NavigableMap<Long, String>> rows = table.rows();
            for (int p : rows.keySet()) {
                Integer next = rows.higherKey(p);
                ObjectNode byMessage = bySize.putObject(
                        next == null ? "comm_size=any" : "comm_size<=" + (next - 1));
                NavigableMap<Long, String> rules = table.merged(p);
                for (Map.Entry<Long, String> rule : rules.entrySet()) {
                    Long after = rules.higherKey(rule.getKey());
                    String key = after == null ? "avg_msg_size=any"
                            : "avg_msg_size<=" + checkInt(after - 1);
                    byMessage.putObject(key).putObject(
                            "algorithm=" + algorithm(c, rule.getValue()));
                }
            }
        }
        return root;
    }

    /** @return {@link #tree} as indented text */
    public static String write(List<TuningTable> tables) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(tree(tables)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of objects always serializes
        }
    }

    /**
     * @return MPICH's name of the algorithm, e.g. {@code MPIR_Bcast_intra_binomial}
     */
    public static String algorithm(String collective, String name) {
        Set<String> known = ALGORITHMS.get(collective);
        if (known == null) {
            throw new IllegalArgumentException("no algorithm table for " + collective);
        }
        if (!known.contains(name)) {
            throw new IllegalArgumentException(collective + " has no algorithm " + name
                    + " in MPICH 4: " + known);
        }
        return "MPIR_" + Character.toUpperCase(collective.charAt(0)) + collective.substring(1)
                + "_intra_" + name;
    }

    /** csel.c reads sizes with atoi: a size past int would wrap. */
    private static long checkInt(long size) {
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("size " + size + " past MPICH's int");
        }
        return size;
    }
}
