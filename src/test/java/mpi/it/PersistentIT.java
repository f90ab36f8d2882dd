package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** The binding's persistent requests under real mpirun on 2 ranks, with -Xcheck:jni. */
class PersistentIT {
    static final int CHECKS = 13;

    @Test
    void everyCheckPassesOnBothRanksWithoutJniWarnings() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.PersistentProbe");
        assertEquals(0, r.exitCode(), r.all());
        List<String> fail = r.stdoutLines().stream().filter(l -> l.startsWith("FAIL ")).collect(Collectors.toList());
        assertEquals(List.of(), fail, r.all());
        assertEquals(2 * CHECKS, r.stdoutLines().stream().filter(l -> l.startsWith("PASS ")).count(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
