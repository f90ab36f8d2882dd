package mpi.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mpi.compare.Interval;
import mpi.compare.Verdict;

/** The verdict rule: switch from the default only on non-overlapping intervals. */
class AlgorithmChoiceTest {

    @Test
    void switchesOnlyWhereTheIntervalsDoNotOverlap() {
        List<Measurement> sweep = new ArrayList<>();
        // P = 4, m = 0: the default is the fastest.
        add(sweep, 4, 0, "binomial", 10, 9.5, 10.5);
        add(sweep, 4, 0, "pipeline", 12, 11.5, 12.5);
        // P = 4, m = 1024: pipeline is 2 % faster, within the noise: the default stays.
        add(sweep, 4, 1024, "binomial", 20, 19, 21);
        add(sweep, 4, 1024, "pipeline", 19.6, 18.8, 20.4);
        // P = 4, m = 65536: scatter_allgather 30 % faster, intervals apart: switch.
        add(sweep, 4, 65536, "binomial", 100, 98, 102);
        add(sweep, 4, 65536, "pipeline", 90, 85, 99);
        add(sweep, 4, 65536, "scatter_allgather", 70, 69, 71);
        List<AlgorithmChoice.Choice> choices =
                AlgorithmChoice.choose(sweep, (p, m) -> "binomial");
        assertEquals(3, choices.size());
        assertChoice(choices.get(0), 0, "binomial", "binomial", Verdict.NO_DIFFERENCE);
        assertChoice(choices.get(1), 1024, "binomial", "pipeline", Verdict.NO_DIFFERENCE);
        assertChoice(choices.get(2), 65536, "scatter_allgather", "scatter_allgather",
                Verdict.FASTER);
        TuningTable table = AlgorithmChoice.table("bcast", choices);
        assertEquals(Map.of(0L, "binomial", 65536L, "scatter_allgather"), table.merged(4));
    }

    @Test
    void touchingIntervalsAreNotSignificant() {
        List<Measurement> sweep = new ArrayList<>();
        add(sweep, 8, 64, "binomial", 20, 18, 22);
        add(sweep, 8, 64, "knomial", 15, 14, 18); // its high equals the default's low
        AlgorithmChoice.Choice c = AlgorithmChoice.choose(sweep, (p, m) -> "binomial").get(0);
        assertEquals("binomial", c.algorithm());
        assertEquals(Verdict.NO_DIFFERENCE, c.verdict());
    }

    @Test
    void intervalsBelowTheirLevelKeepTheDefault() {
        List<Measurement> sweep = new ArrayList<>();
        sweep.add(new Measurement("bcast", "binomial", 8, 64, 20,
                new Interval(19, 21, 0.9, false)));
        add(sweep, 8, 64, "knomial", 10, 9, 11);
        AlgorithmChoice.Choice c = AlgorithmChoice.choose(sweep, (p, m) -> "binomial").get(0);
        assertEquals("binomial", c.algorithm());
        assertEquals("knomial", c.fastest());
        assertEquals(Verdict.TOO_FEW_RUNS, c.verdict());
    }

    @Test
    void theDefaultMustBeMeasured() {
        List<Measurement> sweep = new ArrayList<>();
        add(sweep, 8, 64, "knomial", 10, 9, 11);
        assertThrows(IllegalArgumentException.class,
                () -> AlgorithmChoice.choose(sweep, (p, m) -> "binomial"));
    }

    private static void assertChoice(AlgorithmChoice.Choice c, long bytes, String algorithm,
            String fastest, Verdict verdict) {
        assertEquals(bytes, c.bytes());
        assertEquals(algorithm, c.algorithm(), "at " + bytes);
        assertEquals(fastest, c.fastest(), "at " + bytes);
        assertEquals(verdict, c.verdict(), "at " + bytes);
        assertEquals(!algorithm.equals("binomial"), c.switched());
    }

    private static void add(List<Measurement> sweep, int p, long m, String algorithm,
            double median, double low, double high) {
        sweep.add(new Measurement("bcast", algorithm, p, m, median,
                new Interval(low, high, 0.95, true)));
    }
}
