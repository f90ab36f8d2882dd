package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Ports, names and {@code Intracomm.spawnMultiple} under the run's MPI and backend
 * ({@link PortsProbe}): two halves of the world find each other by a published name, accept
 * and connect, talk, merge and disconnect; a parent spawns JVMs of two commands. With
 * {@code -Xcheck:jni} on the JNI backend, whose warnings fail.
 */
class PortsIT {

    @Test
    void twoHalvesOfTheWorldAcceptAndConnectByAPublishedName() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(4, "mpi.it.PortsProbe", "ports");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 4; rank++) {
            assertTrue(r.stdout().contains("rank " + rank + (rank < 2 ? " accepted" : " connected")
                    + ": exchanged, merged rank sum 6\n"), r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }

    @Test
    void aParentSpawnsJvmsOfTwoCommands() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(1, "mpi.it.PortsProbe", "spawn");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains(
                "parent: spawned 2 of 2 commands, answered in their order\n"), r.all());
        assertTrue(r.stdout().contains("child a: rank 0 of 2, answered\n"), r.all());
        assertTrue(r.stdout().contains("child b: rank 1 of 2, answered\n"), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
