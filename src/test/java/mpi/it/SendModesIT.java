package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Send modes, probes and matched probes under the run's MPI and backend ({@link SendModesProbe}). */
class SendModesIT {

    @Test
    void everyModeAndProbeDeliversWhatWasSent() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.SendModesProbe");
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("rank 0 ok\n") && r.stdout().contains("rank 1 ok\n"),
                r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
