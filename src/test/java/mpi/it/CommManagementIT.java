package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Communicator management under the run's MPI and backend ({@link CommManagementProbe}). */
class CommManagementIT {

    @Test
    void splitTypeCompareNamesAndRanges() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.CommManagementProbe");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("rank 0 ok") && r.stdout().contains("rank 1 ok"), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
