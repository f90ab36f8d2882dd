package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The binding under {@code MPI_THREAD_MULTIPLE}: 8 threads per rank hammer it at once
 * ({@link ThreadHammer}) with every message checked, under real mpirun with -Xcheck:jni.
 */
class ThreadSafetyIT {
    @Test
    void eightThreadsPerRankCommunicateAtOnceWithEveryMessageIntact() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.ThreadHammer", "8", "60");
        assertEquals(0, r.exitCode(), r.all());
        List<String> pass = r.stdoutLines().stream().filter(l -> l.startsWith("PASS rank ")).toList();
        List<String> fail = r.stdoutLines().stream().filter(l -> l.contains("FAIL")).toList();
        assertEquals(List.of(), fail, r.all());
        assertEquals(2, pass.size(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
