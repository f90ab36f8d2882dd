package mpi.common.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphRecorderTest {
    @TempDir
    Path dir;

    @Test
    void keepsACopyOfEachSizesIterationsWithItsAverage() {
        GraphRecorder recorder = new GraphRecorder("osu_bw", new GraphOutputs(true, false, false));
        double[] samples = {5, 6, 7, 99};
        recorder.record(1, samples, 3, Quantity.BANDWIDTH);
        samples[0] = -1; // the harness reuses (and sorts) its array
        recorder.average(6.0);
        recorder.record(2, samples, 2, Quantity.BANDWIDTH);
        recorder.average(3.0);
        recorder.average(4.0); // nothing recorded since: no size added
        assertEquals(2, recorder.series().size());
        assertArrayEquals(new double[] {5, 6, 7}, recorder.series().get(0).values());
        assertEquals(6.0, recorder.series().get(0).average());
        assertArrayEquals(new double[] {-1, 6}, recorder.series().get(1).values());
    }

    @Test
    void drawsNothingWithoutSizes() throws IOException {
        GraphRecorder recorder = new GraphRecorder("osu_bw", new GraphOutputs(true, true, true));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(recorder.draw(dir, new PrintStream(out)).isEmpty());
        assertEquals(0, out.size());
    }
}
