package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The topology binding under real mpirun with -Xcheck:jni ({@link TopologyProbe}): cartesian
 * grids, distributed graphs and every neighbour collective, blocking and non-blocking, on
 * arrays and direct buffers, on 3 and 4 ranks (the odd count gives a 3x1 grid and uneven
 * graph degrees).
 */
class TopologyIT {
    /**
     * 10 topology checks (the last: negative distributed-graph ranks refused), 5 neighbour
     * collectives x 4 modes x 3 graphs, alltoallw with mixed datatypes blocking and not, 2
     * error checks.
     */
    static final int CHECKS = 10 + 5 * 4 * 3 + 2 + 2;

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {3, 4})
    void everyTopologyCallPassesOnEveryRank(int np) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(np, "mpi.it.TopologyProbe");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdoutLines();
        assertEquals(List.of(), lines.stream().filter(l -> l.startsWith("FAIL ")).toList(),
                r.all());
        assertEquals(np * CHECKS, lines.stream().filter(l -> l.startsWith("PASS ")).count(),
                r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
