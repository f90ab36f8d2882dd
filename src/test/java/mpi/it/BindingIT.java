package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** The binding under real mpirun on 2 ranks, with -Xcheck:jni. */
class BindingIT {
    static final int CHECKS = 20;

    @Test
    void everyCheckPassesOnBothRanksWithoutJniWarnings() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.BindingProbe");
        assertEquals(0, r.exitCode(), r.all());
        List<String> pass = r.stdoutLines().stream().filter(l -> l.startsWith("PASS ")).collect(Collectors.toList());
        List<String> fail = r.stdoutLines().stream().filter(l -> l.startsWith("FAIL ")).collect(Collectors.toList());
        assertEquals(List.of(), fail, r.all());
        assertEquals(2 * CHECKS, pass.size(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
