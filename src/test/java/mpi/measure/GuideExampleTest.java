package mpi.measure;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The guide's example of {@link Measurement} (section 26.7) is the code that MeasurementIT
 * runs: its lines, as printed, are a block of {@code mpi.it.MeasureAllreduce}.
 */
class GuideExampleTest {
    private static final String SOURCE = "src/test/java/mpi/it/MeasureAllreduce.java";

    @Test
    void theGuidesExampleIsTheCodeTheTestRuns() throws Exception {
        List<String> guide = Files.readAllLines(Path.of("README-OMB-J.txt"));
        int at = guide.indexOf("26.7 Measuring your own operations: mpi.measure");
        assertTrue(at >= 0, "no section 26.7");
        while (!guide.get(at).contains("(" + SOURCE)) {
            at++;
        }
        StringBuilder block = new StringBuilder();
        for (int i = at + 2; i < guide.size(); i++) { // after the sentence and a blank line
            String line = guide.get(i);
            if (!line.isEmpty() && !line.startsWith("        ")) {
                break;
            }
            block.append(line).append('\n');
        }
        String example = block.toString().strip();
        assertTrue(example.lines().count() > 10, example);
        assertTrue(Files.readString(Path.of(SOURCE)).contains(example),
                "the guide's example is not a block of " + SOURCE + ":\n" + example);
    }
}
