package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The machine line's MPI library, named from the launcher's own --version. */
class MachineTest {
    @Test
    void openMpisMpirunNamesOpenMpi() {
        assertEquals(Optional.of("Open MPI 4.1.4"), Machine.library(
                "mpirun (Open MPI) 4.1.4\n\nReport bugs to http://www.open-mpi.org/community/help/\n"));
    }

    @Test
    void hydraNamesMpichWithItsVersion() {
        assertEquals(Optional.of("MPICH 4.0.2"), Machine.library("HYDRA build details:\n"
                + "    Version:                                 4.0.2\n"
                + "    Release Date:                            Thu Apr  7 12:34:45 CDT 2022\n"));
    }

    @Test
    void anyOtherLauncherIsNamedByItsFirstLine() {
        assertEquals(Optional.of("srun 23.02.7"), Machine.library("\nsrun 23.02.7\n"));
        assertEquals(Optional.empty(), Machine.library("  \n"));
    }
}
