package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Graph topologies and Cartesian map and sub under the run's MPI and backend
 * ({@link GraphTopologyProbe}), on 2 ranks.
 */
class GraphTopologyIT {

    @Test
    void graphAndCartesianQueriesGiveTheirResults() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.GraphTopologyProbe");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(r.stdout().contains("rank " + rank + " ok\n"), r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
