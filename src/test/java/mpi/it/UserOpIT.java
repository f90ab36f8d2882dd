package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * User-defined operations (MPI calls back into Java), MINLOC/MAXLOC and complex reductions
 * under the run's MPI and backend ({@link UserOpProbe}), on 3 ranks: with 3, MPI's reductions
 * take a non-power-of-two path, and a non-commutative operation's order shows.
 */
class UserOpIT {

    @Test
    void userDefinedAndPairReductionsGiveTheirResults() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(3, "mpi.it.UserOpProbe");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.stdout().contains("rank " + rank + " ok\n"), r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
