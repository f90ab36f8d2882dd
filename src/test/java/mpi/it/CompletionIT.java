package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Completion of any, some and all, cancel and getStatus under the run's MPI and backend ({@link CompletionProbe}). */
class CompletionIT {

    @Test
    void everyCompletionCallCompletesWhatItSays() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.CompletionProbe");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("rank 0 ok\n") && r.stdout().contains("rank 1 ok\n"),
                r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
