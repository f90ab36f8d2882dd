package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The communicator extras under the run's MPI and backend ({@link CommExtrasProbe}). */
class CommExtrasIT {

    @Test
    void iDupInfoPackingAndSmallCalls() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.CommExtrasProbe");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("rank 0 ok") && r.stdout().contains("rank 1 ok"), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
