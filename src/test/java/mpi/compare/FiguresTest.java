package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** readme-figures.sh's tool on a fake launcher: one run, and per group its table, CSV and PNG. */
class FiguresTest {
    @TempDir
    Path dir;
    private Map<String, String> env;
    private final List<List<String>> launched = new ArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void files() throws IOException {
        Files.createDirectories(dir.resolve("c"));
        Files.createDirectories(dir.resolve("bin"));
        for (String f : List.of("c/osu_latency", "c/osu_bw", "c/osu_bibw", "c/osu_bcast", "c/osu_allreduce",
                "bin/mpirun")) {
            Files.writeString(dir.resolve(f), "").toFile().setExecutable(true);
        }
        Files.writeString(dir.resolve("omb-j.jar"), "");
        env = Fixtures.env("MPIRUN", dir + "/bin/mpirun", "CDIR", dir + "/c", "JAVA_CP", dir + "/omb-j.jar",
                "PATH", dir.resolve("bin").toString(), "RUNS", "3", "OMB_ARGS", "-i 10");
    }

    /** C prints 1.00 at every size of its -m range, buffer 1.50, arrays 2.00; git says 4547f92, clean. */
    private final Launcher fake = cmd -> {
        launched.add(cmd);
        String last = cmd.get(cmd.size() - 1);
        if (cmd.get(0).equals("git")) {
            return new Launcher.Output(0, cmd.contains("rev-parse") ? "4547f92\n" : "", "");
        }
        if (last.equals("true") || last.equals("--version") || last.equals("-version")) {
            return new Launcher.Output(0, last.equals("--version") ? "mpirun (Open MPI) 4.1.4\n" : "",
                    last.equals("-version") ? "openjdk version \"17.0.15\" 2025-04-15\n" : "");
        }
        String[] range = cmd.get(cmd.indexOf("-m") + 1).split(":");
        String value = !cmd.contains("-a") ? "1.00" : cmd.contains("arrays") ? "2.00" : "1.50";
        StringBuilder table = new StringBuilder("# OSU MPI Test v7.4\n# Size  Value\n");
        for (int s = Integer.parseInt(range[0]); s <= Integer.parseInt(range[1]); s *= 2) {
            table.append(s).append("  ").append(value).append('\n');
        }
        return new Launcher.Output(0, table.toString(), "");
    };

    private int run(String... args) {
        return new Figures(env, fake, CompareArgsTest.print(out), CompareArgsTest.print(err)).run(args);
    }

    @Test
    void oneRunWritesEachGroupsTableCsvAndPngWithTheirProvenance() throws Exception {
        Path docs = dir.resolve("docs/figures");
        assertEquals(0, run("-s", "1:16", "-d", docs.toString(), "--seed", "7"), err.toString(StandardCharsets.UTF_8));

        // One launch per bench, variant and round, each over the whole range; RUNS=3.
        List<List<String>> runs = launched.stream().filter(c -> c.contains("-m")).toList();
        assertEquals(5 * 3 * 3, runs.size());
        assertEquals(12, runs.stream().filter(c -> c.contains("1:16")).count() / 3);
        assertTrue(runs.stream().anyMatch(c -> c.contains("4:16") && c.get(4).endsWith("osu_allreduce")
                || c.contains("4:16") && c.contains("mpi.collective.OSUAllReduce")));

        String md = Files.readString(docs.resolve("pt2pt.md"));
        assertTrue(md.contains("- commit: 4547f92\n"), md);
        assertTrue(md.matches("(?s).*- date: \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\n.*"), md);
        assertTrue(md.contains("cores; Open MPI 4.1.4; openjdk version \"17.0.15\" 2025-04-15\n"), md);
        assertTrue(md.contains("- command: `MPIRUN='" + dir + "/bin/mpirun' OMB_ARGS='-i 10' scripts/readme-figures.sh"
                + " -n 3 -s 1:16 -d " + docs + " --seed 7`"), md);
        assertTrue(md.contains("\n# order shuffled per round, seed 7: --seed 7 repeats it; vs C: "), md);
        assertTrue(md.contains("median of 3 runs per size"), md);
        assertTrue(md.contains("![Point-to-point: C against Java](pt2pt.png)"), md);
        assertTrue(md.contains("\nlatency         16    us        1.00          1.50          2.00    J/C    1.500"), md);
        assertTrue(md.contains("\nbibw             1  MB/s        1.00"), md);

        String coll = Files.readString(docs.resolve("collectives.md"));
        assertTrue(coll.contains("\nallreduce        4    us"), coll);
        assertTrue(!coll.contains("\nallreduce        2 ") && !coll.contains("\nlatency"), coll);

        List<Map<String, String>> csv = WritersTest.parseCsv(Files.readString(docs.resolve("pt2pt.csv")));
        assertEquals(3 * 5, csv.size());
        assertEquals("1.50;1.50;1.50", csv.get(0).get("buffer_runs"));
        assertEquals(5 + 3, WritersTest.parseCsv(Files.readString(docs.resolve("collectives.csv"))).size());

        int benchHeight = ComparisonChart.VALUE_HEIGHT + ComparisonChart.RATIO_HEIGHT;
        BufferedImage pt2pt = ImageIO.read(docs.resolve("pt2pt.png").toFile());
        assertEquals(List.of(2 * ComparisonChart.PANEL_WIDTH, 2 * benchHeight), List.of(pt2pt.getWidth(), pt2pt.getHeight()));
        BufferedImage colls = ImageIO.read(docs.resolve("collectives.png").toFile());
        assertEquals(List.of(2 * ComparisonChart.PANEL_WIDTH, benchHeight), List.of(colls.getWidth(), colls.getHeight()));
        String o = out.toString(StandardCharsets.UTF_8);
        for (String f : List.of("pt2pt.md", "pt2pt.csv", "pt2pt.png", "collectives.md", "collectives.csv", "collectives.png")) {
            assertTrue(o.contains("# wrote " + docs.resolve(f) + "\n"), o);
        }
    }

    @Test
    void badArgumentsAreOneLineAndExit2() {
        assertEquals(2, run("-n", "0"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("readme-figures.sh: bad run count '0'"));
        err.reset();
        assertEquals(2, run("-s", "8,16"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("readme-figures.sh: bad size"), err.toString());
        err.reset();
        assertEquals(2, run("latency"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("readme-figures.sh: unknown argument 'latency'"));
        err.reset();
        assertEquals(2, run("--seed", "-1"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("readme-figures.sh: bad seed '-1' (a whole number"),
                err.toString());
        err.reset();
        env.put("MPI_NAME", "mpich5");
        assertEquals(2, run());
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("readme-figures.sh: MPI_NAME=mpich5: the figures"
                + " are measured on MPIRUN's MPI; on mpich5, use scripts/compare.sh --mpi mpich5\n"), err.toString());
        assertTrue(launched.isEmpty());
    }
}
