package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The one-sided binding (mpi.Win, mpi.Group) under real mpirun on 2 ranks, with -Xcheck:jni:
 * every window kind, synchronization and form ({@link WinProbe}).
 */
class WinIT {
    /** WinProbe's checks: 4 + 3 window kinds x 6 synchronizations x 2 forms + 6. */
    static final int CHECKS = 4 + 3 * 6 * 2 + 6;

    /**
     * With Open MPI's default one-sided components (osc/rdma over btl/vader on one node), the
     * ones the benchmarks run on. Open MPI 4.1.4's osc/rdma crashes in MPI_Compare_and_swap on a
     * window of MPI_Win_allocate (a C program does too), so this run leaves that one call out.
     */
    @Test
    void everyCheckPassesWithTheDefaultComponents() throws Exception {
        assertAllPass(MpiRun.runWithTestClasses(2, "mpi.it.WinProbe", "no-cas-on-allocate"));
    }

    /** With osc/sm and osc/pt2pt (no osc/rdma): every operation on every window kind. */
    @Test
    void everyCheckPassesWithoutOscRdma() throws Exception {
        assertAllPass(MpiRun.runWithTestClasses(2, List.of("--mca", "osc", "sm,pt2pt"),
                "mpi.it.WinProbe"));
    }

    private static void assertAllPass(MpiRun.Result r) {
        List<String> fail = r.stdoutLines().stream().filter(l -> l.startsWith("FAIL ")).collect(Collectors.toList());
        assertEquals(List.of(), fail, r.all());
        assertEquals(0, r.exitCode(), r.all());
        List<String> pass = r.stdoutLines().stream().filter(l -> l.startsWith("PASS ")).collect(Collectors.toList());
        assertEquals(2 * CHECKS, pass.size(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
