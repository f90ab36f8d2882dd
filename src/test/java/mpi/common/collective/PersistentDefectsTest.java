package mpi.common.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The rule of which persistent collectives a library is refused, on the libraries as the
 * binding line names them (LoadedBinding.library: the first line of MPI_Get_library_version up
 * to its first comma, white space folded), as each MPI of the tests printed it.
 */
class PersistentDefectsTest {
    private static final Set<Collective> WRONG = EnumSet.of(Collective.ALLGATHER,
            Collective.GATHER, Collective.SCATTER);

    /** Debian's MPICH, and MPICH 4.1 (its string has no .0), and Intel MPI's wheel. */
    private static final List<String> AFFECTED = List.of("MPICH Version: 4.0.2",
            "MPICH Version: 4.1", "MPICH Version: 4.1.2", "MPICH Version: 4.3.0",
            "Intel(R) MPI Library 2021.19.0 for Linux* OS",
            "Intel(R) MPI Library 2021.6 for Linux* OS");

    /**
     * MPICH 5 (its ABI's name appended by the FFM backend), Open MPI 4.1 and 5.0, MVAPICH2
     * (whose string names no MPICH version), a binding's library it could not read, and
     * strings that only look alike.
     */
    private static final List<String> RIGHT = List.of("MPICH Version: 5.0.2",
            "MPICH Version: 5.0.2 (MPI-5 standard ABI)", "Open MPI v4.1.4", "Open MPI v5.0.11",
            "MVAPICH2 Version 2.3.7", "unknown MPI library", "MPICH Version: 14.0",
            "Intel(R) MPI Library 2019 Update 9 for Linux* OS", "Intel(R) MPI Library 20210.1",
            "MPICH Version: 99999999999.0");

    @Test
    void allgatherGatherAndScatterAreRefusedOnMpich4AndIntelMpi2021() {
        for (String library : AFFECTED) {
            for (Collective c : Collective.values()) {
                Optional<String> refusal = PersistentDefects.refusal(c, library);
                assertEquals(WRONG.contains(c), refusal.isPresent(), library + ", " + c);
            }
        }
    }

    @Test
    void theLineNamesTheLibraryTheCallTheDefectAndWhereItIsRight() {
        String line = PersistentDefects.refusal(Collective.ALLGATHER, "MPICH Version: 4.0.2")
                .orElseThrow();
        assertEquals("MPI_Allgather_init is known to restart wrong on MPICH 4 and Intel MPI"
                + " 2021 (here MPICH Version: 4.0.2): it delivers wrong data and writes where it"
                + " should not, which can end the JVM; refused (Open MPI 5.0 and MPICH 5.0 run it"
                + " right)", line);
        assertFalse(line.contains("\n"));
        assertTrue(PersistentDefects.refusal(Collective.SCATTER,
                "Intel(R) MPI Library 2021.19.0 for Linux* OS").orElseThrow()
                .startsWith("MPI_Scatter_init is known to restart wrong on MPICH 4 and Intel MPI"
                        + " 2021 (here Intel(R) MPI Library 2021.19.0 for Linux* OS): "));
        assertTrue(PersistentDefects.refusal(Collective.GATHER, "MPICH Version: 4.1")
                .orElseThrow().startsWith("MPI_Gather_init is known to restart wrong"));
    }

    @Test
    void nothingIsRefusedWhereTheLibraryIsRightOrUnknown() {
        for (String library : RIGHT) {
            for (Collective c : Collective.values()) {
                assertEquals(Optional.empty(), PersistentDefects.refusal(c, library),
                        library + ", " + c);
            }
        }
        assertEquals(Optional.empty(), PersistentDefects.refusal(Collective.GATHER, null));
    }

    @Test
    void onlyThePersistentBenchmarksAreRefused() {
        String mpich4 = "MPICH Version: 4.0.2";
        for (Collective c : WRONG) {
            assertTrue(CollectiveSpec.persistent(c).libraryRefusal(mpich4).isPresent(), c.name());
            assertEquals(Optional.empty(), CollectiveSpec.blocking(c).libraryRefusal(mpich4));
            assertEquals(Optional.empty(), CollectiveSpec.nonBlocking(c).libraryRefusal(mpich4));
        }
        assertEquals(Optional.empty(),
                CollectiveSpec.persistent(Collective.BCAST).libraryRefusal(mpich4));
    }
}
