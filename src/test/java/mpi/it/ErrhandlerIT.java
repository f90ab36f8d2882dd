package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Error handlers and error classes under the run's MPI and backend ({@link ErrhandlerProbe}). */
class ErrhandlerIT {

    @Test
    void anInvalidRankIsAnMpiExceptionOfItsClassAndTheJobGoesOn() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.ErrhandlerProbe");
        assertEquals(0, r.exitCode(), r.all());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(r.stdout().contains("rank " + rank
                    + " ok (MPI.ERRORS_RETURN, MPI.ERRORS_ARE_FATAL) invalid rank: ERR_RANK: "),
                    r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }

    @Test
    void errorsAreFatalEndsTheJob() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.ErrhandlerProbe", "fatal");
        assertNotEquals(0, r.exitCode(), r.all());
        // Rank 1 reached the call: its marker or the MPI's own abort text (either can be lost
        // when the launcher kills the job, not both).
        assertTrue(r.stdout().contains("invoking the fatal handler\n")
                || r.all().matches("(?s).*(MPI_ERRORS_ARE_FATAL|[Ff]atal error).*"), r.all());
        assertFalse(r.stdout().contains("survived"), r.all());
        assertFalse(r.all().contains("Exception in thread"), "the MPI ended it, not Java\n"
                + r.all());
    }
}
