package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import mpi.installation.MpiInstallation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one-sided binding (mpi.Win, mpi.Group) under the real launcher on 2 ranks, with
 * -Xcheck:jni: every window kind, synchronization and form ({@link WinProbe}), in each
 * one-sided configuration of the MPI under test ({@link MpiInstallation#oneSided()}: Open MPI's
 * default components and osc/sm with osc/pt2pt; MPICH's one, with no check left out).
 */
class WinIT {
    /** WinProbe's checks: 4 + 3 window kinds x 6 synchronizations x 2 forms + 6. */
    static final int CHECKS = 4 + 3 * 6 * 2 + 6;

    static Stream<MpiInstallation.OneSided> configurations() {
        return MpiRun.DEFAULT.mpi().oneSided().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void everyCheckPasses(MpiInstallation.OneSided configuration) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, configuration.options(), "mpi.it.WinProbe",
                configuration.probeArgs().toArray(new String[0]));
        List<String> fail = r.stdoutLines().stream().filter(l -> l.startsWith("FAIL ")).collect(Collectors.toList());
        assertEquals(List.of(), fail, r.all());
        assertEquals(0, r.exitCode(), r.all());
        List<String> pass = r.stdoutLines().stream().filter(l -> l.startsWith("PASS ")).collect(Collectors.toList());
        assertEquals(2 * CHECKS, pass.size(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
