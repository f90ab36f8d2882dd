package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Paths;
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
        // The FFM backend takes callbacks only in a run without critical downcalls.
        MpiRun.Result r = MpiRun.run(3, List.of("-Dombj.upcalls=true"), MpiRun.jar()
                + File.pathSeparator + Paths.get("target", "test-classes").toAbsolutePath(),
                "mpi.it.UserOpProbe");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.stdout().contains("rank " + rank + " ok\n"), r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }

    /** Without the property, the FFM backend refuses the first Op in one line; JNI needs none. */
    @Test
    void theFfmBackendSaysWhatUserDefinedOperationsNeed() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(1, "mpi.it.UserOpProbe", "refusal");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains(MpiRun.BACKEND.equals("ffm")
                ? "refused: user-defined operations on the FFM backend need -Dombj.upcalls=true"
                : "created"), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
