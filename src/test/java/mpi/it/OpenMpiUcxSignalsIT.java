package mpi.it;

import static mpi.it.UcxSignalChecks.UCX_DEFAULT_SIGNALS;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JVM's signal handlers under Open MPI with pml/ucx (mpi.SignalGuard), as
 * {@link UcxSignalsIT} checks them under MPICH: Open MPI loads libucs inside MPI_Init. Runs
 * on the default launcher, Debian's Open MPI 4.1.
 */
class OpenMpiUcxSignalsIT {
    /**
     * Open MPI 4.1 takes pml/ucx only over InfiniBand devices unless told otherwise; any
     * transport and device lets it run here over shared memory.
     */
    private static final List<String> PML_UCX = List.of("--mca", "pml", "ucx",
            "--mca", "pml_ucx_tls", "any", "--mca", "pml_ucx_devices", "any");

    static Stream<Arguments> probeRuns() {
        return UcxSignalChecks.probeRuns();
    }

    @ParameterizedTest(name = "Open MPI pml/ucx, -a {0}")
    @ValueSource(strings = {"buffer", "arrays"})
    void bandwidthUnderOpenMpiWithPmlUcx(String api, @TempDir Path logs) throws Exception {
        assertTrue(UcxSignalChecks.openMpiHasPmlUcx(),
                "this Open MPI has no pml/ucx (ompi_info lists none)");
        UcxSignalChecks.assertSurvives(MpiRun.run(MpiRun.DEFAULT, 2, PML_UCX,
                UcxSignalChecks.jitLog(logs), MpiRun.jar().toString(), "mpi.pt2pt.OSUBandwidth",
                UcxSignalChecks.args(api)), logs, false);
    }

    /**
     * As a user starts it, nothing to put back and no warning. With UCX_ERROR_SIGNALS set by
     * the user, UCX's four handlers are in place from the moment UCX loads until MPI_Init
     * returns, when the binding puts the JVM's back; the JVM's periodic -Xcheck:jni check may
     * see them meanwhile ("Warning: SIGSEGV handler modified!", for those four only). The user
     * guide says so.
     */
    @ParameterizedTest(name = "Open MPI pml/ucx, UCX_ERROR_SIGNALS set by the user: {0}")
    @MethodSource("probeRuns")
    void openMpiGuardRestoresWhatUcxInstalled(boolean userSignals, int restored)
            throws Exception {
        assertTrue(UcxSignalChecks.openMpiHasPmlUcx(),
                "this Open MPI has no pml/ucx (ompi_info lists none)");
        List<String> mpirun = new ArrayList<>(PML_UCX);
        if (userSignals) {
            mpirun.addAll(MpiRun.DEFAULT.mpi().export("UCX_ERROR_SIGNALS", UCX_DEFAULT_SIGNALS));
        }
        MpiRun.Result r = MpiRun.run(MpiRun.DEFAULT, 2, mpirun, List.of(),
                UcxSignalChecks.probeClassPath(), "mpi.SignalGuardProbe");
        UcxSignalChecks.assertNoWarnings(r, userSignals);
        UcxSignalChecks.assertRanks(r, restored);
    }
}
