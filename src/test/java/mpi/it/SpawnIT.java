package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@code Intracomm.spawn} starting JVMs, under the run's MPI and backend ({@link SpawnProbe}):
 * the children find their parent, answer it over the intercommunicator, merge with it, and
 * every side disconnects; with {@code -Xcheck:jni} on the JNI backend, whose warnings fail.
 */
class SpawnIT {

    @Test
    void aParentSpawnsTwoJvmsThatAnswerAndMerge() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(1, "mpi.it.SpawnProbe", "2");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("parent: spawned 2, answered, merged rank sum 3\n"),
                r.all());
        assertTrue(r.stdout().contains("child 0 of 2: answered, merged\n"), r.all());
        assertTrue(r.stdout().contains("child 1 of 2: answered, merged\n"), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
