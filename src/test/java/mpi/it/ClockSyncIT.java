package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link mpi.common.clock.ClockSync} under mpirun, on 2 ranks and on 4 over the tree's two
 * rounds ({@link ClockSyncProbe}): no message arrives, on the mapped clocks, before it was sent
 * by more than the error bound the synchronization reports, either way between rank 0 and each
 * rank; rank 0's bound is 0 and a rank's grows with its path (rank 3's two hops).
 */
class ClockSyncIT {
    private static final Pattern LINE = Pattern.compile(
            "clock rank (\\d+) took ([\\d.]+) ms bound ([\\d.]+) us violation ([\\d.]+) us\\n");

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void mappedClocksKeepCausalityWithinTheirBounds(int ranks) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(ranks, "mpi.it.ClockSyncProbe");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        double[] bound = new double[ranks];
        int found = 0;
        Matcher m = LINE.matcher(r.stdout());
        while (m.find()) {
            int rank = Integer.parseInt(m.group(1));
            bound[rank] = Double.parseDouble(m.group(3));
            assertEquals(0.0, Double.parseDouble(m.group(4)), "violation at rank " + rank
                    + "\n" + r.all());
            System.out.println("ClockSyncIT: " + ranks + " ranks: rank " + rank + " synchronized in "
                    + m.group(2) + " ms, bound " + m.group(3) + " us");
            found++;
        }
        assertEquals(ranks, found, r.all());
        assertEquals(0.0, bound[0], r.all());
        for (int rank = 1; rank < ranks; rank++) {
            assertTrue(bound[rank] > 0, r.all());
        }
        if (ranks == 4) { // rank 3 reaches rank 0 through rank 2
            assertTrue(bound[3] >= bound[2], r.all());
        }
    }
}
