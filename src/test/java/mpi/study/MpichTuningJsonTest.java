package mpi.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The JSON against the shape MPICH's csel.c parses. */
class MpichTuningJsonTest {
    /** The keys csel.c knows that this writer uses; anything else makes MPICH assert. */
    private static final Pattern KEY = Pattern.compile("collective=[a-z_]+|comm_type=intra"
            + "|comm_size<=\\d+|comm_size=any|avg_msg_size<=\\d+|avg_msg_size=any"
            + "|algorithm=MPIR_[A-Z][a-z_]+_intra_[a-z_]+");

    @Test
    void theTreeHasMpichsShape() throws Exception {
        TuningTable bcast = new TuningTable("bcast")
                .put(2, 1, "binomial").put(2, 8192, "binomial")
                .put(2, 65536, "scatter_ring_allgather")
                .put(8, 1, "binomial").put(8, 16384, "scatter_recursive_doubling_allgather");
        TuningTable allreduce = new TuningTable("allreduce").put(4, 0, "recursive_doubling");
        String text = MpichTuningJson.write(List.of(bcast, allreduce));
        JsonNode root = new ObjectMapper().readTree(text);

        assertEquals(List.of("collective=bcast", "collective=allreduce"), keys(root));
        JsonNode sizes = root.get("collective=bcast").get("comm_type=intra");
        // P = 2 holds up to 7; the last communicator size holds for any above.
        assertEquals(List.of("comm_size<=7", "comm_size=any"), keys(sizes));
        JsonNode two = sizes.get("comm_size<=7");
        assertEquals(List.of("avg_msg_size<=65535", "avg_msg_size=any"), keys(two));
        assertEquals(List.of("algorithm=MPIR_Bcast_intra_binomial"),
                keys(two.get("avg_msg_size<=65535")));
        assertEquals(List.of("algorithm=MPIR_Bcast_intra_scatter_ring_allgather"),
                keys(two.get("avg_msg_size=any")));
        assertEquals(List.of("algorithm=MPIR_Bcast_intra_scatter_recursive_doubling_allgather"),
                keys(sizes.get("comm_size=any").get("avg_msg_size=any")));
        assertEquals(List.of("algorithm=MPIR_Allreduce_intra_recursive_doubling"),
                keys(root.get("collective=allreduce").get("comm_type=intra")
                        .get("comm_size=any").get("avg_msg_size=any")));
        checkTree(root);
    }

    @Test
    void unknownAlgorithmsAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> MpichTuningJson.algorithm("bcast", "knomial"));
        assertEquals("MPIR_Reduce_scatter_block_intra_pairwise",
                MpichTuningJson.algorithm("reduce_scatter_block", "pairwise"));
    }

    /**
     * csel.c's checks: every value an object, every key known, an algorithm's object the only
     * key of its parent, and every object of size tests ending with an {@code =any} key (its
     * validate_tree asserts on a size test with no failure branch).
     */
    static void checkTree(JsonNode node) {
        List<String> keys = keys(node);
        for (String key : keys) {
            assertTrue(KEY.matcher(key).matches(), "unknown key " + key);
            assertTrue(node.get(key).isObject(), key + " is not an object");
            if (key.startsWith("algorithm=")) {
                assertEquals(1, keys.size(), "an algorithm beside other keys: " + keys);
                assertEquals(0, node.get(key).size(), "no algorithm parameters written");
            } else {
                checkTree(node.get(key));
            }
        }
        if (keys.stream().anyMatch(k -> k.contains("<="))) {
            assertTrue(keys.get(keys.size() - 1).endsWith("=any"), "no =any last: " + keys);
            assertEquals(1, keys.stream().filter(k -> k.endsWith("=any")).count());
        }
    }

    static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            keys.add(it.next().getKey());
        }
        return keys;
    }
}
