package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Scanner;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mpi.study.Study} as a user runs it, on the default MPI: OSUScatter's algorithms on 2
 * and 3 processes (3 share the 2 cores of a small machine, or not, as it has them), {@code
 * --map-by core}: a directory per process count under the placement's, a results file per
 * algorithm in each (the same algorithms, each of its process count, with its median and
 * interval per size), the rules file Tune wrote from them, under Open MPI's grammar,
 * OSULatency on the same sizes with Models' table, figures and CSV, and the study's one CSV.
 */
@Tag(MpiRun.BACKEND_NEUTRAL)
class StudyIT {
    /** The header of the summary's line per process count: its directory and files. */
    private static final Pattern POINT = Pattern.compile("#   np (\\d+): (\\S+): (\\d+) results"
            + " files .*");

    @Test
    void aStudyOfTwoProcessCountsBecomesRulesModelsAndOneCsv(@TempDir Path dir) throws Exception {
        assertEquals(mpi.installation.MpiInstallation.Family.OPEN_MPI,
                MpiRun.DEFAULT.mpi().family(), "StudyIT runs in the default execution");
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Path root = dir.resolve("study");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-cp",
                MpiRun.jar().toString(), "mpi.study.Study", "OSUScatter", "--np", "2,3",
                "--map-by", "core", "--dir", root.toString(), "-m", "1:1024", "-i", "20",
                "--jit-warmup", "off"));
        Map<String, String> env = new HashMap<>(MpiRun.DEFAULT.environment());
        env.put("MPIRUN", MpiRun.DEFAULT.mpi().launcher());
        env.put("JAVA", java.toString());
        env.put("JAVA_CP", MpiRun.jar().toString());
        MpiRun.Result r = MpiRun.runCommand(cmd, env, 120);
        assertEquals(0, r.exitCode(), r.all());

        Path study = root.resolve("map-by-core");
        assertEquals(Set.of("np2", "np3", "p2p", "scatter.rules", "scatter-models.csv",
                "scatter-P2.png", "scatter-P3.png"), names(study), r.all());
        Set<String> algorithms = null;
        ObjectMapper json = new ObjectMapper();
        int points = 0;
        for (String line : r.stdout().split("\n")) {
            Matcher m = POINT.matcher(line);
            if (!m.matches()) {
                continue;
            }
            points++;
            int np = Integer.parseInt(m.group(1));
            Path npDir = study.resolve("np" + np);
            assertEquals(npDir.toString(), m.group(2));
            // A JSON file and its CSV twin per algorithm; the same algorithms at 2 and 3.
            Set<String> files = names(npDir);
            Set<String> these = new TreeSet<>();
            for (String f : files) {
                if (f.endsWith(".json")) {
                    these.add(f.substring("OSUScatter-".length(), f.length() - ".json".length()));
                    assertTrue(files.contains(f.replace(".json", ".csv")), f);
                }
            }
            assertEquals(these.size(), Integer.parseInt(m.group(3)), line);
            assertTrue(these.contains("ignore") && these.size() >= 3, these.toString());
            if (algorithms != null) {
                assertEquals(algorithms, these);
            }
            algorithms = these;
            for (String a : these) {
                JsonNode doc = json.readTree(npDir.resolve("OSUScatter-" + a + ".json").toFile());
                assertEquals(np, doc.get("context").get("ranks").intValue(), a);
                assertEquals(a, doc.get("context").get("options").get("algorithm").textValue());
                JsonNode rows = doc.get("results");
                assertEquals(11, rows.size(), a);
                for (JsonNode row : rows) {
                    assertTrue(row.get("statistics").get("medianLow").isNumber(), a);
                }
            }
        }
        assertEquals(2, points, r.stdout());
        assertTrue(r.stderr().contains("on 3 processes, --map-by core"
                + (Runtime.getRuntime().availableProcessors() < 3 ? " (3 processes on " : ": ")),
                r.stderr());

        // Tune's table has a row per process count and size, and its rules file holds scatter
        // (15) on communicators of 2 and 3, each from size 0.
        long rows = r.stdout().lines().filter(l -> l.matches(" +[23] +\\d+ +ignore .*")).count();
        assertEquals(22, rows, r.stdout());
        assertTrue(r.stdout().contains("# Open MPI rules: " + study.resolve("scatter.rules")),
                r.stdout());
        Scanner n = new Scanner(Files.readString(study.resolve("scatter.rules"))
                .replaceAll("#[^\n]*", ""));
        assertEquals(1, n.nextLong());
        assertEquals(15, n.nextLong());
        assertEquals(2, n.nextLong());
        for (int np : new int[] {2, 3}) {
            assertEquals(np, n.nextLong());
            long count = n.nextLong();
            assertTrue(count >= 1 && count <= 11, "rules: " + count);
            for (long i = 0; i < count; i++) {
                long size = n.nextLong();
                assertTrue(i > 0 || size == 0, "from 0: " + size);
                n.nextLong();
                n.nextLong();
                n.nextLong();
            }
        }
        assertTrue(!n.hasNext(), "nothing after the last rule");

        // OSULatency on the sweep's 11 sizes, its fit in Models' table, with a fitted row per
        // algorithm, and a figure per process count.
        JsonNode p2p = json.readTree(study.resolve("p2p").resolve("OSULatency.json").toFile());
        assertEquals(11, p2p.get("results").size());
        assertEquals(1024, p2p.get("results").get(10).get("Size").intValue());
        assertTrue(r.stdout().contains("\n# p2p: Hockney below "), r.stdout());
        assertTrue(!r.stdout().contains("no p2p rows"), r.stdout());
        for (String a : algorithms) {
            assertTrue(r.stdout().lines().anyMatch(l -> l.startsWith(a + " ")
                    && l.contains(" fitted ")), a + ": " + r.stdout());
        }
        for (int np : new int[] {2, 3}) {
            assertTrue(ImageIO.read(study.resolve("scatter-P" + np + ".png").toFile()) != null);
        }

        // The one CSV: a row per process count, algorithm and size, each median in its interval.
        List<String> csv = Files.readAllLines(root.resolve("OSUScatter-study.csv"));
        assertEquals(1 + 2 * algorithms.size() * 11, csv.size(), String.join("\n", csv));
        List<String> columns = List.of(csv.get(0).split(","));
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",");
            int np = Integer.parseInt(f[columns.indexOf("np")]);
            assertEquals("core", f[columns.indexOf("map_by")], line);
            assertEquals(np > Runtime.getRuntime().availableProcessors(),
                    Boolean.parseBoolean(f[columns.indexOf("shares_cores")]), line);
            assertTrue(algorithms.contains(f[columns.indexOf("algorithm")]), line);
            double median = Double.parseDouble(f[columns.indexOf("median_us")]);
            assertTrue(Double.parseDouble(f[columns.indexOf("median_low_us")]) <= median
                    && median <= Double.parseDouble(f[columns.indexOf("median_high_us")]), line);
        }
    }

    private static Set<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return new TreeSet<>(s.map(p -> p.getFileName().toString()).toList());
        }
    }
}
