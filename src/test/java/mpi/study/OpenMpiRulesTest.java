package mpi.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;

import org.junit.jupiter.api.Test;

/**
 * The rules file against the grammar of Open MPI's reader (coll_tuned_dynamic_file.c), parsed
 * back here by the same rules: integers separated by anything, {@code #} to the end of the
 * line skipped, the first message size of each communicator size 0.
 */
class OpenMpiRulesTest {

    @Test
    void idsAndNumbersAreOpenMpi41s() {
        assertEquals(0, OpenMpiRules.collectiveId("allgather"));
        assertEquals(2, OpenMpiRules.collectiveId("allreduce"));
        assertEquals(7, OpenMpiRules.collectiveId("bcast"));
        assertEquals(11, OpenMpiRules.collectiveId("reduce"));
        assertEquals(15, OpenMpiRules.collectiveId("scatter"));
        assertEquals(22, OpenMpiRules.COLLTYPE.size()); // COLLCOUNT
        assertEquals(6, OpenMpiRules.algorithmNumber("bcast", "binomial"));
        assertEquals(9, OpenMpiRules.algorithmNumber("bcast", "scatter_allgather_ring"));
        assertEquals(6, OpenMpiRules.algorithmNumber("allreduce", "rabenseifner"));
        assertEquals(3, OpenMpiRules.algorithmNumber("scatter", "linear_nb"));
        assertThrows(IllegalArgumentException.class,
                () -> OpenMpiRules.algorithmNumber("bcast", "ring"));
    }

    @Test
    void theFileParsesBackUnderOpenMpisGrammar() {
        TuningTable bcast = new TuningTable("bcast")
                .put(2, 1, "binomial").put(2, 8192, "binomial").put(2, 65536, "pipeline")
                .put(16, 1, "binomial").put(16, 65536, "scatter_allgather")
                .put(4, 1, "knomial");
        TuningTable allreduce = new TuningTable("allreduce")
                .put(8, 0, "recursive_doubling").put(8, 1048576, "rabenseifner");
        String text = OpenMpiRules.write(List.of(bcast, allreduce),
                (c, a) -> a.equals("pipeline") ? new OpenMpiRules.Parameters(0, 8192)
                        : OpenMpiRules.Parameters.NONE);
        List<Parsed> parsed = parse(text);
        assertEquals(2, parsed.size());

        Parsed b = parsed.get(0);
        assertEquals(7, b.id);
        assertEquals(List.of(2L, 4L, 16L), b.commSizes);
        // P = 2: binomial from 0 (merged with 8192), pipeline from 65536 with its segment.
        assertEquals(List.of(List.of(0L, 6L, 0L, 0L), List.of(65536L, 3L, 0L, 8192L)),
                b.rules.get(0));
        assertEquals(List.of(List.of(0L, 7L, 0L, 0L)), b.rules.get(1));
        assertEquals(List.of(List.of(0L, 6L, 0L, 0L), List.of(65536L, 8L, 0L, 0L)),
                b.rules.get(2));

        Parsed a = parsed.get(1);
        assertEquals(2, a.id);
        assertEquals(List.of(List.of(0L, 3L, 0L, 0L), List.of(1048576L, 6L, 0L, 0L)),
                a.rules.get(0));
        assertTrue(text.startsWith("#"), "the header comment");
    }

    @Test
    void anEmptyTableIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> OpenMpiRules.write(List.of(new TuningTable("bcast"))));
    }

    /** One collective's rules as Open MPI's reader would hold them. */
    static final class Parsed {
        long id;
        final List<Long> commSizes = new ArrayList<>();
        /** Per communicator size, its rules as (msgsize, algorithm, faninout, segsize). */
        final List<List<List<Long>>> rules = new ArrayList<>();
    }

    /**
     * Open MPI's reader: the counts, each checked as it does, plus the ascending order its
     * look-up assumes.
     */
    static List<Parsed> parse(String text) {
        Scanner numbers = numbers(text);
        long collectives = numbers.nextLong();
        List<Parsed> out = new ArrayList<>();
        for (long c = 0; c < collectives; c++) {
            Parsed p = new Parsed();
            p.id = numbers.nextLong();
            assertTrue(p.id >= 0 && p.id < 22, "collective id " + p.id);
            long comms = numbers.nextLong();
            for (long s = 0; s < comms; s++) {
                long size = numbers.nextLong();
                if (!p.commSizes.isEmpty()) {
                    assertTrue(size > p.commSizes.get(p.commSizes.size() - 1),
                            "communicator sizes ascend");
                }
                p.commSizes.add(size);
                long messages = numbers.nextLong();
                List<List<Long>> rules = new ArrayList<>();
                for (long m = 0; m < messages; m++) {
                    List<Long> rule = List.of(numbers.nextLong(), numbers.nextLong(),
                            numbers.nextLong(), numbers.nextLong());
                    rule.forEach(v -> assertTrue(v >= 0, "negative value in " + rule));
                    if (m == 0) {
                        assertEquals(0L, rule.get(0), "first message size must be 0");
                    } else {
                        assertTrue(rule.get(0) > rules.get(rules.size() - 1).get(0),
                                "message sizes ascend");
                    }
                    rules.add(rule);
                }
                p.rules.add(rules);
            }
            out.add(p);
        }
        assertTrue(!numbers.hasNext(), "nothing after the last rule");
        return out;
    }

    /** The file's integers, {@code #} comments dropped as getnext drops them. */
    private static Scanner numbers(String text) {
        StringBuilder clean = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            int hash = line.indexOf('#');
            clean.append(hash < 0 ? line : line.substring(0, hash)).append('\n');
        }
        return new Scanner(clean.toString());
    }
}
