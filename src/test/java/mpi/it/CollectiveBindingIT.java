package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every collective of the binding (blocking and non-blocking, arrays and direct buffers,
 * in place) under real mpirun with -Xcheck:jni, on even and odd numbers of ranks.
 */
class CollectiveBindingIT {
    /** 23 collectives, in-place forms and refusals, in 4 modes. */
    static final int CHECKS = 92;

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4})
    void everyCollectivePassesOnEveryRank(int np) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(np, "mpi.it.CollectiveProbe");
        assertEquals(0, r.exitCode(), r.all());
        List<String> fail = r.stdoutLines().stream().filter(l -> l.startsWith("FAIL ")).collect(Collectors.toList());
        assertEquals(List.of(), fail, r.all());
        assertEquals(np * CHECKS, r.stdoutLines().stream().filter(l -> l.startsWith("PASS ")).count(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
