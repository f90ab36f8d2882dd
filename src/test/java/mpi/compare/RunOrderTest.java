package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The rounds' order: a permutation each round, reproducible from the seed, each order as likely. */
class RunOrderTest {
    private static final List<String> VARIANTS = List.of("c", "buffer", "arrays");

    @Test
    void theSameSeedGivesTheSameRoundsAndEveryRoundIsAPermutation() {
        RunOrder a = new RunOrder(2026);
        RunOrder b = new RunOrder(2026);
        for (int round = 0; round < 200; round++) {
            List<String> order = a.next(VARIANTS);
            assertEquals(order, b.next(VARIANTS));
            assertEquals(List.of("arrays", "buffer", "c"), order.stream().sorted().toList());
        }
        assertEquals(List.of("c", "buffer", "arrays"), VARIANTS, "the table's order is left alone");
    }

    /** Each of the 3! orders about a sixth of the time: not C first, nor any fixed rotation. */
    @Test
    void everyOrderComesAboutEquallyOften() {
        RunOrder order = new RunOrder(7);
        Map<List<String>, Integer> seen = new HashMap<>();
        int rounds = 6000;
        for (int r = 0; r < rounds; r++) {
            seen.merge(order.next(VARIANTS), 1, Integer::sum);
        }
        assertEquals(6, seen.size(), seen.toString());
        // Expected 1000 each, standard deviation 29: five of them either side.
        seen.values().forEach(n -> assertTrue(n > 850 && n < 1150, seen.toString()));
    }

    @Test
    void seedsDrawnAreWithinTheBound() {
        List<Long> drawn = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            drawn.add(RunOrder.drawSeed());
        }
        drawn.forEach(s -> assertTrue(s >= 0 && s < RunOrder.SEED_BOUND, s.toString()));
        assertTrue(drawn.stream().distinct().count() > 90, drawn.toString());
    }
}
