package mpi.installation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link MpiInstallation} reads from scripts/install-mpi.sh and how it launches. */
class MpiInstallationTest {
    private static final String OPEN_MPI_5 = String.join("\n", "MPI_NAME=openmpi5",
            "MPI_FAMILY=openmpi", "MPI_VERSION=5.0.11", "MPI_HOME=/m/openmpi5",
            "MPICC=/m/openmpi5/bin/mpicc", "MPIRUN=/m/openmpi5/bin/mpirun",
            "LIB=/m/openmpi5/lib", "MPI_ENV=OPAL_PREFIX", "OPAL_PREFIX=/m/openmpi5", "");
    private static final String MPICH_5 = String.join("\n", "MPI_NAME=mpich5",
            "MPI_FAMILY=mpich", "MPI_VERSION=5.0.2", "MPI_HOME=/m/mpich5",
            "MPICC=/m/mpich5/bin/mpicc", "MPIRUN=/m/mpich5/bin/mpiexec", "LIB=/m/mpich5/lib",
            "MPI_ENV=", "MPICC_ABI=/m/mpich5/bin/mpicc_abi",
            "LIB_ABI=/m/mpich5/lib/libmpi_abi.so.1", "");

    private static MpiInstallation read(Path dir, String text, boolean abi) throws Exception {
        Files.writeString(dir.resolve(MpiInstallation.ENV_FILE), text);
        return MpiInstallation.read(dir, abi);
    }

    @Test
    void openMpiFiveIsReadWithItsPrefixAndLaunchedWithItsOptions(@TempDir Path dir)
            throws Exception {
        MpiInstallation mpi = read(dir, OPEN_MPI_5, false);
        assertEquals(new MpiInstallation("openmpi5", MpiInstallation.Family.OPEN_MPI, "5.0.11",
                "/m/openmpi5/bin/mpicc", "/m/openmpi5/bin/mpirun", Paths.get("/m/openmpi5/lib"),
                Map.of("OPAL_PREFIX", "/m/openmpi5")), mpi);
        assertEquals(List.of("/m/openmpi5/bin/mpirun", "-np", "3", "--oversubscribe", "--mca",
                "mpi_yield_when_idle", "1"), mpi.start(3));
        // a measurement on cores of its own polls, as Open MPI does by default
        assertEquals(List.of("/m/openmpi5/bin/mpirun", "-np", "2", "--oversubscribe"),
                mpi.start(2, MpiInstallation.Waiting.POLL));
        assertEquals(Map.of("OPAL_PREFIX", "/m/openmpi5", "OMPI_ALLOW_RUN_AS_ROOT", "1",
                "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"), mpi.environment());
        assertEquals(List.of("-x", "OMB_J_HOSTS=a,b"), mpi.export("OMB_J_HOSTS", "a,b"));
        assertEquals("OMPI_COMM_WORLD_RANK", mpi.rankVariable());
        assertEquals(List.of(List.of(), List.of("--mca", "osc", "sm,pt2pt")),
                mpi.oneSided().stream().map(MpiInstallation.OneSided::options).toList());
        assertEquals(List.of(List.of("no-cas-on-allocate"), List.of()),
                mpi.oneSided().stream().map(MpiInstallation.OneSided::probeArgs).toList());
    }

    @Test
    void mpichIsLaunchedByHydraAndThrottlesItsPolling(@TempDir Path dir)
            throws Exception {
        MpiInstallation mpi = read(dir, MPICH_5, false);
        assertEquals("/m/mpich5/bin/mpicc", mpi.mpicc());
        assertEquals(List.of("/m/mpich5/bin/mpiexec", "-np", "2"), mpi.start(2));
        assertEquals(Map.of("MPIR_CVAR_CH4_PROGRESS_THROTTLE", "1",
                "MPIR_CVAR_CH4_PROGRESS_THROTTLE_NO_PROGRESS_COUNT", "4"), mpi.environment(Map.of(), MpiInstallation.Waiting.YIELD));
        // a throttle the user set is the user's; ranks that poll get none
        assertEquals(Map.of(), mpi.environment(Map.of("MPIR_CVAR_CH4_PROGRESS_THROTTLE", "0"),
                MpiInstallation.Waiting.YIELD));
        assertEquals(Map.of(), mpi.environment(Map.of(), MpiInstallation.Waiting.POLL));
        assertEquals(List.of("-genv", "OMB_J_HOSTS", "a,b"), mpi.export("OMB_J_HOSTS", "a,b"));
        assertEquals("PMI_RANK", mpi.rankVariable());
        // one configuration, launched as any run, with no WinProbe check left out
        assertEquals(1, mpi.oneSided().size());
        assertEquals(List.of(), mpi.oneSided().get(0).options());
        assertEquals(List.of(), mpi.oneSided().get(0).probeArgs());
    }

    @Test
    void theStandardAbiIsTheSameMpiCompiledWithItsOwnWrapper(@TempDir Path dir) throws Exception {
        MpiInstallation mpi = read(dir, MPICH_5, true);
        assertEquals("mpich5-abi", mpi.name());
        assertEquals("/m/mpich5/bin/mpicc_abi", mpi.mpicc());
        assertEquals("/m/mpich5/bin/mpiexec", mpi.launcher());
    }

    @Test
    void aMissingKeyIsNamedWithWhatToRun(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read(dir, OPEN_MPI_5.replace("MPIRUN=", "MPIRUNX="), false));
        assertTrue(e.getMessage().endsWith("has no MPIRUN; run scripts/install-mpi.sh again"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> read(dir, OPEN_MPI_5.replace("OPAL_PREFIX=/", "OPAL=/"), false));
    }

    @Test
    void aMissingInstallationFailsWithTheCommandThatInstallsIt(@TempDir Path dir) {
        String was = System.getProperty("ombj.mpi.dir");
        System.setProperty("ombj.mpi.dir", dir.toString());
        try {
            MpiInstallation.NotInstalledException e = assertThrows(
                    MpiInstallation.NotInstalledException.class,
                    () -> MpiInstallation.installed("mpich5-abi"));
            assertEquals("mpich5-abi is not installed in " + dir.resolve("mpich5")
                    + ": run scripts/install-mpi.sh mpich5", e.getMessage());
        } finally {
            if (was == null) {
                System.clearProperty("ombj.mpi.dir");
            } else {
                System.setProperty("ombj.mpi.dir", was);
            }
        }
    }

    @Test
    void theFolderIsTheScriptsOmbjMpiDirElseTheUsersCache(@TempDir Path dir) throws Exception {
        assertEquals(dir, MpiInstallation.folder(Map.of("OMBJ_MPI_DIR", dir.toString())));
        assertEquals(Paths.get(System.getProperty("user.home"), ".cache", "omb-j", "mpi"),
                MpiInstallation.folder(Map.of("OMBJ_MPI_DIR", "")));
        Files.createDirectories(dir.resolve("mpich5"));
        read(dir.resolve("mpich5"), MPICH_5, false);
        assertEquals("mpich5-abi", MpiInstallation.installed("mpich5-abi", dir).name());
    }

    @Test
    void familiesAreToldApartByWhatTheirLauncherPrints() {
        assertEquals(MpiInstallation.Family.OPEN_MPI,
                MpiInstallation.Family.ofVersionText("mpirun (Open MPI) 4.1.4"));
        assertEquals(MpiInstallation.Family.INTEL_MPI, MpiInstallation.Family.ofVersionText(
                "Intel(R) MPI Library for Linux* OS, Version 2021.19"));
        assertEquals(MpiInstallation.Family.MPICH,
                MpiInstallation.Family.ofVersionText("HYDRA build details:"));
    }
}
