package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mpi.study.Models} on a real sweep: OSUBcast with three algorithms on 2, 3 and 4
 * processes (three counts, so that the baseline's b P is determined with the largest held
 * out) and an OSULatency file for the point-to-point alpha and beta. Times are not judged (on
 * a loaded machine any model may predict badly): the table must have its rows, each with
 * finite parameters, and the figures must decode.
 */
@Tag(MpiRun.BACKEND_NEUTRAL)
class ModelsIT {
    private static final List<String> ALGORITHMS = List.of("basic_linear", "binomial", "chain");
    /** A row: algorithm, model, source, R2, held-out error, counts, parameters. */
    private static final Pattern ROW = Pattern.compile(
            "(\\S+) +(\\S+) +(fitted|p2p|baseline) +(\\S+) +(\\S+) +(\\d+) +(\\d+)  (.*)");
    private static final Pattern NUMBER = Pattern.compile("=(\\S+)");

    @Test
    void aRealSweepGetsEveryModelFittedAndDrawn(@TempDir Path dir) throws Exception {
        List<String> sweeps = new ArrayList<>();
        for (int np : new int[] {2, 3, 4}) {
            Path sweep = dir.resolve("sweep-" + np);
            MpiRun.Result r = MpiRun.run(np, List.of("--mca", "coll_tuned_use_dynamic_rules",
                    "1"), List.of(), MpiRun.jar().toString(), "mpi.collective.OSUBcast",
                    "--algorithm", String.join(",", ALGORITHMS), "-m", "1:65536", "-i", "50",
                    "--jit-warmup", "off", "-o", sweep.toString());
            assertEquals(0, r.exitCode(), r.all());
            sweeps.add(sweep.toString());
        }
        Path latency = dir.resolve("latency");
        MpiRun.Result l = MpiRun.run(2, List.of(), MpiRun.jar().toString(),
                "mpi.pt2pt.OSULatency", "-m", "1:65536", "-i", "100", "--jit-warmup", "off",
                "-o", latency.toString());
        assertEquals(0, l.exitCode(), l.all());

        List<String> cmd = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                MpiRun.jar().toString(), "mpi.study.Models", "--p2p",
                latency.resolve("OSULatency.json").toString(), "--png",
                dir.resolve("bcast.png").toString()));
        cmd.addAll(sweeps);
        MpiRun.Result m = MpiRun.runCommand(cmd);
        assertEquals(0, m.exitCode(), m.all());
        assertEquals("", m.stderr(), m.all());

        // Each algorithm: its model fitted, with the p2p alpha and beta, and the baseline.
        int rows = 0;
        for (String line : m.stdout().split("\n")) {
            Matcher r = ROW.matcher(line);
            if (!r.matches() || line.startsWith("#")) {
                continue;
            }
            rows++;
            assertTrue(ALGORITHMS.contains(r.group(1)), line);
            assertTrue(r.group(3).equals("baseline") == r.group(2).equals("baseline"), line);
            Matcher n = NUMBER.matcher(r.group(8));
            int numbers = 0;
            while (n.find()) {
                assertTrue(Double.isFinite(Double.parseDouble(n.group(1))), line);
                numbers++;
            }
            assertEquals(r.group(3).equals("p2p") ? 4 : r.group(3).equals("baseline") ? 3 : 2,
                    numbers, line);
            assertTrue(Double.isFinite(Double.parseDouble(r.group(4))), line);
        }
        assertEquals(3 * ALGORITHMS.size(), rows, m.stdout());
        for (int np : new int[] {2, 3, 4}) {
            BufferedImage image = ImageIO.read(dir.resolve("bcast-P" + np + ".png").toFile());
            assertNotNull(image, "bcast-P" + np + ".png");
            assertTrue(image.getWidth() > 100 && image.getHeight() > 100);
        }
    }
}
