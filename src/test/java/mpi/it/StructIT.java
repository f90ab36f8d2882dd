package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Struct, its views and the pair classes, createStruct, createHVector, createHIndexed and
 * createResized under the run's MPI and backend ({@link StructProbe}), on 3 ranks.
 */
class StructIT {

    @Test
    void structsAndByteDisplacedTypesCarryTheirData() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(3, "mpi.it.StructProbe");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.stdout().contains("rank " + rank + " ok\n"), r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
