package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Scans and the local reduction under the run's MPI and backend ({@link ScanProbe}), on 3 ranks. */
class ScanIT {

    @Test
    void scansGiveThePrefixes() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(3, "mpi.it.ScanProbe");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.stdout().contains("rank " + rank + " ok\n"), r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
