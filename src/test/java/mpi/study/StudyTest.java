package mpi.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mpi.compare.BadArgumentException;
import mpi.compare.Launcher;
import mpi.installation.MpiInstallation;

/**
 * The study's command line, the launches it builds for Open MPI and for MPICH, and its runs
 * on a launcher that answers as mpirun and the benchmark would (writing the results files of
 * {@code -o}), with Tune's table or refusal in the summary; every refusal one line, exit 2.
 */
class StudyTest {
    private static final String OPEN_MPI_VERSION = "mpirun (Open MPI) 4.1.4\n\nReport bugs\n";
    private static final String HYDRA_VERSION = "HYDRA build details:\n    Version:  4.0.2\n";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A launcher that answers {@code --version}, then each launch as {@code launch} says. */
    static final class Fake implements Launcher {
        final List<List<String>> commands = new ArrayList<>();
        private final String version;
        private final Function<List<String>, Output> launch;

        Fake(String version, Function<List<String>, Output> launch) {
            this.version = version;
            this.launch = launch;
        }

        @Override
        public Output run(List<String> command) {
            if (command.get(command.size() - 1).equals("--version")) {
                return new Output(0, version, "");
            }
            commands.add(command);
            return launch.apply(command);
        }
    }

    /** What a run printed and returned. */
    record Run(int exit, String out, String err) {
    }

    private static Run study(Map<String, String> env, Launcher launcher, int processors,
            String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new StudyCommand(env, launcher, processors,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
        return new Run(exit, out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8));
    }

    private static final Map<String, String> OPEN_MPI_ENV = Map.of("MPIRUN", "mpirun");
    private static final Map<String, String> MPICH_ENV = Map.of("MPIRUN", "mpiexec.mpich",
            "JAVA_OPTS", "-Djava.library.path=target/mpich/native");

    /**
     * What the benchmark writes with {@code --algorithm all -o DIR}: a file per algorithm,
     * each with its median and interval per size (here the default's twice the other's, their
     * intervals apart): Open MPI's ignore and basic_linear, MPICH's auto and binomial; and
     * what OSULatency writes with {@code -o DIR}, a row per size of its {@code -m}.
     */
    private static Launcher.Output writeResults(List<String> command, String library,
            long... sizes) {
        boolean mpich = library.contains("MPICH");
        Path out = Path.of(command.get(command.indexOf("-o") + 1));
        int ranks = Integer.parseInt(command.get(command.indexOf("-np") + 1));
        try {
            Files.createDirectories(out);
            if (command.contains(PointToPointRun.MAIN_CLASS)) {
                writeLatency(out, command.get(command.lastIndexOf("-m") + 1));
                return new Launcher.Output(0, "# OSU MPI-Java Latency Test\n", "");
            }
            long[] measured = sizes.length == 0 ? new long[] {1} : sizes;
            write(out, library, ranks, mpich ? "auto" : "ignore", 0, 10, measured);
            write(out, library, ranks, mpich ? "binomial" : "basic_linear", 1, 5, measured);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return new Launcher.Output(0, "# OSU MPI-Java Scatter Latency Test\n", "");
    }

    /** OSULatency's file of {@code -m MIN:MAX}: a row per power of two, a switch at 16 B. */
    private static void writeLatency(Path out, String sizes) throws IOException {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("format", "omb-j-results");
        doc.put("formatVersion", 2);
        doc.putObject("context").put("benchmark", "OSULatency");
        var rows = doc.putArray("results");
        long max = Long.parseLong(sizes.split(":")[1]);
        for (long m = Long.parseLong(sizes.split(":")[0]); m <= max; m *= 2) {
            ObjectNode row = rows.addObject();
            row.put("Size", m);
            row.putObject("statistics").put("median", m < 16 ? 1 + 0.01 * m : 3 + 0.005 * m);
        }
        Files.writeString(out.resolve("OSULatency.json"), JSON.writeValueAsString(doc));
    }

    private static void write(Path out, String library, int ranks, String algorithm, int value,
            double median, long... sizes) throws IOException {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("format", "omb-j-results");
        doc.put("formatVersion", 2);
        ObjectNode context = doc.putObject("context");
        context.put("benchmark", "OSUScatter");
        context.put("mpiLibrary", library);
        context.put("ranks", ranks);
        ObjectNode options = context.putObject("options");
        options.putObject("statistics").put("level", 0.95);
        options.put("algorithm", algorithm);
        options.put("algorithmValue", value);
        var rows = doc.putArray("results");
        for (long m : sizes.length == 0 ? new long[] {1} : sizes) {
            // The latency grows with the size and the process count, as a collective's does.
            double at = median * (1 + m / 64.0) * (ranks - 1);
            ObjectNode row = rows.addObject();
            row.put("Size", m);
            ObjectNode s = row.putObject("statistics");
            s.put("median", at);
            s.put("medianLow", at - 0.5);
            s.put("medianHigh", at + 0.5);
            s.put("medianCoverage", 0.96);
            s.put("medianReachesLevel", true);
        }
        Files.writeString(out.resolve("OSUScatter-" + algorithm + ".json"),
                JSON.writeValueAsString(doc));
        Files.writeString(out.resolve("OSUScatter-" + algorithm + ".csv"), "Size\n1\n");
    }

    @Test
    void parsesTheStudysOptionsAndPassesTheRestToTheBenchmark() throws Exception {
        StudyArgs a = StudyArgs.parse("osu_scatter", "--np", "2,4,8", "--map-by=core,socket",
                "-m", "1:1024", "-i", "20", "--mpi", "mpich5", "--algorithm", "1,2");
        assertEquals("OSUScatter", a.benchmark());
        assertEquals(List.of(2, 4, 8), a.counts());
        assertEquals(List.of("core", "socket"), a.mapBy());
        assertEquals("mpich5", a.mpi());
        assertEquals("1,2", a.algorithm());
        assertEquals(List.of("-m", "1:1024", "-i", "20"), a.benchmarkArgs());
        assertEquals(Path.of("target", "study", "OSUScatter"), a.dir());
        StudyArgs b = StudyArgs.parse("mpi.collective.OSUIbcast", "--np", "3", "--map-by",
                "ppr:1:core", "--dir", "out");
        assertEquals("OSUIbcast", b.benchmark());
        assertEquals("all", b.algorithm());
        assertEquals(Path.of("out"), b.dir());
        assertEquals("map-by-ppr_1_core", StudyArgs.folder("ppr:1:core"));
        assertTrue(StudyArgs.parse("--help").help());
    }

    @Test
    void refusesBadArgumentsInOneLine() {
        String[][] bad = {
            {"--np", "2", "--map-by", "core"},
            {"osu_nosuch", "--np", "2", "--map-by", "core"},
            {"osu_latency", "--np", "2", "--map-by", "core"},
            {"OSUScatterv", "--np", "2,x", "--map-by", "core"},
            {"OSUScatter", "--np", "2,2", "--map-by", "core"},
            {"OSUScatter", "--np", "1", "--map-by", "core"},
            {"OSUScatter", "--np", "", "--map-by", "core"},
            {"OSUScatter", "--map-by", "core"},
            {"OSUScatter", "--np", "2"},
            {"OSUScatter", "--np", "2", "--map-by", "core,,socket"},
            {"OSUScatter", "--np", "2", "--map-by", "core", "-o", "x"},
            {"OSUScatter", "--np", "2", "--map-by", "core", "--output-dir=x"},
            {"OSUScatter", "--np", "2", "--map-by"},
        };
        for (String[] args : bad) {
            BadArgumentException e = assertThrows(BadArgumentException.class,
                    () -> StudyArgs.parse(args), String.join(" ", args));
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            Fake never = new Fake(OPEN_MPI_VERSION, c -> {
                throw new AssertionError("launched " + c);
            });
            Run r = study(OPEN_MPI_ENV, never, 2, args);
            assertEquals(2, r.exit(), String.join(" ", args));
            assertEquals("Study: " + e.getMessage() + "\n", r.err());
            assertEquals("", r.out());
        }
    }

    @Test
    void openMpiLaunchesWithDynamicRulesAndOversubscribesPastTheProcessors() {
        Fake mpirun = new Fake(OPEN_MPI_VERSION, c -> writeResults(c, "Open MPI v4.1.4"));
        Path root = dir.resolve("s");
        Run r = study(OPEN_MPI_ENV, mpirun, 2, "OSUScatter", "--np", "2,3", "--map-by",
                "core,socket", "-m", "1:1", "--dir", root.toString());
        assertEquals(0, r.exit(), r.err());
        // Per policy: the sweep on 2 and 3 processes, then OSULatency on 2 with its options.
        assertEquals(6, mpirun.commands.size());
        for (int i = 0; i < 6; i++) {
            String policy = i < 3 ? "core" : "socket";
            String np = i % 3 == 1 ? "3" : "2";
            boolean p2p = i % 3 == 2;
            Path out = root.resolve("map-by-" + policy).resolve(p2p ? "p2p" : "np" + np);
            List<String> expected = new ArrayList<>(List.of("mpirun", "-np", np, "--map-by",
                    policy));
            if (np.equals("3")) {
                expected.add("--oversubscribe");
            }
            expected.addAll(List.of("--mca", "coll_tuned_use_dynamic_rules", "1", "java",
                    "--enable-native-access=ALL-UNNAMED", "-cp", "target/omb-j.jar"));
            expected.addAll(p2p ? List.of("mpi.pt2pt.OSULatency", "-m", "1:1", "-o",
                    out.toString(), "--stats") : List.of("mpi.collective.OSUScatter", "-m",
                    "1:1", "--algorithm", "all", "-o", out.toString(), "--stats"));
            assertEquals(expected, mpirun.commands.get(i));
        }
        // The 3-process points share cores, said at the launch and in the summary.
        assertTrue(r.err().contains("(3 processes on 2 processors share cores)"), r.err());
        assertTrue(r.out().contains("#   np 3: " + root.resolve("map-by-core").resolve("np3")
                + ": 2 results files (and their CSV twins): OSUScatter-basic_linear.json,"
                + " OSUScatter-ignore.json (3 processes on 2 processors share cores)"), r.out());
        // Tune per map-by, on both process counts, its rules file beside them.
        for (String policy : List.of("core", "socket")) {
            Path study = root.resolve("map-by-" + policy);
            assertTrue(r.out().contains("#   Tune --rules " + study.resolve("scatter.rules") + " "
                    + study.resolve("np2") + " " + study.resolve("np3") + "\n"), r.out());
            assertTrue(Files.isRegularFile(study.resolve("scatter.rules")), policy);
        }
        assertTrue(r.out().contains("on Open MPI 4.1.4"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches(" +3 +1 +ignore +basic_linear"
                + " +basic_linear +faster")), r.out());
        // One size is too few for the p2p fit: Models' table without it, and the reason.
        Path core = root.resolve("map-by-core");
        Path latency = core.resolve("p2p").resolve("OSULatency.json");
        assertTrue(r.out().contains("#   p2p: " + latency + " (OSULatency on 2 processes, -m"
                + " 1:1)\n"), r.out());
        assertTrue(r.out().contains("#   Models --p2p " + latency + " --png "
                + core.resolve("scatter.png") + " --csv " + core.resolve("scatter-models.csv")
                + " " + core.resolve("np2") + " " + core.resolve("np3") + " (exit code 2)\n"
                + "# Models: scatter on Open MPI v4.1.4;"), r.out());
        assertTrue(r.out().contains("\n#   no p2p rows: Models: " + latency + ": no Hockney"
                + " fit of its rows (a switch needs at least 6 distinct sizes, got 1); measure"
                + " more sizes, e.g. -m 1:1M\n"), r.out());
        assertTrue(Files.isRegularFile(core.resolve("scatter-models.csv")));
        // The one CSV: both policies, both counts, both algorithms, the one size.
        assertTrue(r.out().contains("# Study CSV: " + root.resolve("OSUScatter-study.csv")
                + ": 8 rows, one per --map-by, process count, algorithm and size\n"), r.out());
    }

    @Test
    void mpichLaunchesWithHydrasMapByAloneAndWritesItsJson() {
        Fake hydra = new Fake(HYDRA_VERSION, c -> writeResults(c, "MPICH Version: 4.0.2"));
        Path root = dir.resolve("m");
        Run r = study(MPICH_ENV, hydra, 2, "osu_scatter", "--np", "3", "--map-by", "core",
                "--jit-warmup", "off", "--stats", "--dir", root.toString());
        assertEquals(0, r.exit(), r.err());
        Path out = root.resolve("map-by-core").resolve("np3");
        assertEquals(List.of(List.of("mpiexec.mpich", "-np", "3", "-map-by", "core", "java",
                "--enable-native-access=ALL-UNNAMED", "-Djava.library.path=target/mpich/native",
                "-cp", "target/omb-j.jar", "mpi.collective.OSUScatter", "--jit-warmup", "off",
                "--stats", "--algorithm", "all", "-o", out.toString()),
                List.of("mpiexec.mpich", "-np", "2", "-map-by", "core", "java",
                "--enable-native-access=ALL-UNNAMED", "-Djava.library.path=target/mpich/native",
                "-cp", "target/omb-j.jar", "mpi.pt2pt.OSULatency", "--jit-warmup", "off", "-m",
                "1:1", "-o", root.resolve("map-by-core").resolve("p2p").toString(), "--stats")),
                hydra.commands);
        Path json = root.resolve("map-by-core").resolve("scatter-mpich.json");
        assertTrue(r.out().contains("#   Tune --mpich-json " + json + " " + out + "\n"), r.out());
        assertTrue(Files.isRegularFile(json));
        assertTrue(r.err().contains("(3 processes on 2 processors share cores)"), r.err());
    }

    @Test
    void aTuningFileTuneRefusesLeavesItsTableInTheSummary() {
        // MPICH 5 reports scatter's nb, which the MPICH JSON writer does not know.
        Fake hydra = new Fake(HYDRA_VERSION, c -> {
            if (c.contains(PointToPointRun.MAIN_CLASS)) {
                return writeResults(c, "");
            }
            Path out = Path.of(c.get(c.indexOf("-o") + 1));
            try {
                Files.createDirectories(out);
                write(out, "MPICH Version: 5.0.2", 2, "auto", 0, 10);
                write(out, "MPICH Version: 5.0.2", 2, "nb", 1, 5);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return new Launcher.Output(0, "", "");
        });
        Run r = study(MPICH_ENV, hydra, 2, "OSUScatter", "--np", "2", "--map-by", "core",
                "--dir", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.matches(" +2 +1 +auto +nb +nb +faster")),
                r.out());
        assertTrue(r.out().contains("(exit code 2)\n"), r.out());
        assertTrue(r.out().contains("#   no tuning file: Tune: --mpich-json: scatter has no"
                + " algorithm nb"), r.out());
        assertFalse(Files.exists(dir.resolve("map-by-core").resolve("scatter-mpich.json")));
    }

    @Test
    void anOpenMpiInstallationOversubscribesOnceWithItsOwnOptions() throws IOException {
        // An installation of scripts/install-mpi.sh (its ombj-mpi.env), its JNI library built.
        Path home = dir.resolve("mpis").resolve("openmpi5");
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin").resolve("mpirun"), "").toFile().setExecutable(true);
        Files.write(home.resolve("ombj-mpi.env"), List.of("MPI_NAME=openmpi5",
                "MPI_FAMILY=openmpi", "MPI_VERSION=5.0.11", "MPI_HOME=" + home,
                "MPICC=" + home + "/bin/mpicc", "MPIRUN=" + home + "/bin/mpirun",
                "LIB=" + home + "/lib", "MPI_ENV=OPAL_PREFIX", "OPAL_PREFIX=" + home));
        Path library = dir.resolve("builds").resolve("openmpi5").resolve("native")
                .resolve("libombj.so");
        Files.createDirectories(library.getParent());
        Files.writeString(library, "");
        Map<String, String> env = Map.of("OMBJ_MPI_DIR", dir.resolve("mpis").toString(),
                "MPI_BUILD_DIR", dir.resolve("builds").toString(), "JAVA", "/jdk/bin/java");
        Fake mpirun = new Fake("mpirun (Open MPI) 5.0.11\n", c -> writeResults(c,
                "Open MPI v5.0.11"));
        Run r = study(env, mpirun, 2, "OSUScatter", "--mpi", "openmpi5", "--np", "3",
                "--map-by", "package", "--dir", dir.resolve("s").toString());
        assertEquals(0, r.exit(), r.err());
        List<String> c = mpirun.commands.get(0);
        assertEquals(List.of("env", "OPAL_PREFIX=" + home), c.subList(0, 2));
        int np = c.indexOf("-np");
        assertEquals(List.of(home + "/bin/mpirun", "-np", "3", "--oversubscribe"),
                c.subList(np - 1, np + 3));
        assertEquals(1, c.stream().filter("--oversubscribe"::equals).count(), c.toString());
        int java = c.indexOf("/jdk/bin/java");
        assertEquals(List.of("--map-by", "package", "--mca", "coll_tuned_use_dynamic_rules", "1"),
                c.subList(java - 5, java));
        assertTrue(c.contains("-Djava.library.path=" + library.getParent()), c.toString());
        assertTrue(r.out().contains("on Open MPI 5.0.11 (openmpi5)"), r.out());
    }

    @Test
    void aPlacementHydraLacksIsRefusedBeforeAnyLaunch() {
        Fake hydra = new Fake(HYDRA_VERSION, c -> {
            throw new AssertionError("launched " + c);
        });
        Run r = study(MPICH_ENV, hydra, 2, "OSUBcast", "--np", "2", "--map-by", "core,slot");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("Study: --map-by slot: not a placement of hydra's mpiexec"),
                r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        StudyArgs a = assertDoesNotThrow(() -> StudyArgs.parse("OSUBcast", "--np", "2",
                "--map-by", "slot,socket,ppr:2:core"));
        assertDoesNotThrow(() -> {
            a.checkPolicies(MpiInstallation.Family.OPEN_MPI);
            return a;
        });
    }

    private static <T> T assertDoesNotThrow(java.util.concurrent.Callable<T> c) {
        try {
            return c.call();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theBenchmarksOwnRefusalIsPassedOnInItsLine() {
        String line = "OSUScatter: --algorithm: MPICH 4.0.2 has no control variable that"
                + " selects MPI_Scatter's algorithm; run with -h for usage";
        Fake hydra = new Fake(HYDRA_VERSION, c -> new Launcher.Output(1, "",
                line + "\n" + line + "\n"));
        Run r = study(MPICH_ENV, hydra, 2, "OSUScatter", "--np", "2,4", "--map-by", "core",
                "--dir", dir.toString());
        assertEquals(2, r.exit());
        assertEquals(1, hydra.commands.size());
        assertTrue(r.err().endsWith("\nStudy: " + line + "\n"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void tunesRefusalIsInTheSummary() {
        // Only the default was run (--algorithm ignore): Tune still makes a table; a run
        // without the default (--algorithm 1) is refused by Tune, and said so.
        Fake mpirun = new Fake(OPEN_MPI_VERSION, c -> {
            if (c.contains(PointToPointRun.MAIN_CLASS)) {
                return writeResults(c, "");
            }
            Path out = Path.of(c.get(c.indexOf("-o") + 1));
            try {
                Files.createDirectories(out);
                write(out, "Open MPI v4.1.4", 2, "basic_linear", 1, 5);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return new Launcher.Output(0, "", "");
        });
        Run r = study(OPEN_MPI_ENV, mpirun, 2, "OSUScatter", "--np", "2", "--map-by", "core",
                "--algorithm", "1", "--dir", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("(exit code 2)\n#   Tune: no run of the MPI's own choice"),
                r.out());
    }

    @Test
    void oneCommandGivesTheFiguresTheModelsAndOneCsv() throws IOException {
        Fake mpirun = new Fake(OPEN_MPI_VERSION, c -> writeResults(c, "Open MPI v4.1.4", 1, 2,
                4, 8, 16, 32, 64));
        Path root = dir.resolve("s");
        Run r = study(OPEN_MPI_ENV, mpirun, 2, "OSUScatter", "--np", "2,3", "--map-by", "core",
                "-m", "1:64", "-i", "20", "--warmup=2", "--jit-warmup", "off", "-f", "-aarrays",
                "--dir", root.toString());
        assertEquals(0, r.exit(), r.err());
        Path core = root.resolve("map-by-core");
        // OSULatency takes the iterations, warm-up and API, not -f, and the sweep's sizes.
        List<String> p2p = mpirun.commands.get(2);
        assertEquals(List.of("mpi.pt2pt.OSULatency", "-i", "20", "--warmup=2", "--jit-warmup",
                "off", "-aarrays", "-m", "1:64", "-o", core.resolve("p2p").toString(), "--stats"),
                p2p.subList(p2p.indexOf("mpi.pt2pt.OSULatency"), p2p.size()));
        assertTrue(r.out().contains("\n# p2p: Hockney below "), r.out());
        assertFalse(r.out().contains("no p2p rows"), r.out());
        assertTrue(r.out().contains("# wrote " + core.resolve("scatter-models.csv") + "\n"),
                r.out());
        for (String png : List.of("scatter-P2.png", "scatter-P3.png")) {
            assertTrue(r.out().contains("# wrote " + core.resolve(png) + "\n"), r.out());
            assertTrue(Files.size(core.resolve(png)) > 0, png);
        }
        // Every fitted row of Models' table, after Tune's.
        assertTrue(r.out().indexOf("# Models: scatter") > r.out().indexOf("#   Tune --rules"),
                r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("basic_linear +linear +fitted .*")),
                r.out());

        Path csv = root.resolve("OSUScatter-study.csv");
        List<String> lines = Files.readAllLines(csv);
        assertEquals("benchmark,mpi_library,map_by,np,shares_cores,algorithm,algorithm_number,"
                + "mpi_default,size,median_us,median_low_us,median_high_us,level,"
                + "median_coverage,median_reaches_level", lines.get(0));
        assertEquals(1 + 2 * 2 * 7, lines.size(), lines.toString());
        // By process count, the MPI's own choice first, then by size.
        assertEquals("OSUScatter,Open MPI v4.1.4,core,2,false,ignore,0,true,1,10.15625,9.65625,"
                + "10.65625,0.95,0.96,true", lines.get(1));
        assertEquals("OSUScatter,Open MPI v4.1.4,core,3,true,basic_linear,1,false,64,20.0,19.5,"
                + "20.5,0.95,0.96,true", lines.get(lines.size() - 1));
        assertTrue(r.out().endsWith("# Study CSV: " + csv + ": 28 rows, one per --map-by,"
                + " process count, algorithm and size\n"), r.out());
    }

    @Test
    void launchesThatWroteNoFilesGetNoP2pRunAndSaySo() throws IOException {
        // As --algorithm list does: the launch runs, and measures nothing.
        Fake mpirun = new Fake(OPEN_MPI_VERSION, c -> new Launcher.Output(0, "", ""));
        Run r = study(OPEN_MPI_ENV, mpirun, 2, "OSUScatter", "--np", "2", "--map-by", "core",
                "--algorithm", "list", "--dir", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(1, mpirun.commands.size(), mpirun.commands.toString());
        Path np2 = dir.resolve("map-by-core").resolve("np2");
        assertTrue(r.out().contains("#   no p2p run: " + np2 + ": no such file or directory\n"),
                r.out());
        assertTrue(r.out().contains("#   Models --png " + dir.resolve("map-by-core")
                .resolve("scatter.png")), r.out());
        assertTrue(r.out().contains("#   Models: " + np2 + ": no such file or directory\n"),
                r.out());
        Path csv = dir.resolve("OSUScatter-study.csv");
        assertTrue(r.out().endsWith("# Study CSV: " + csv + ": 0 rows, one per --map-by, process"
                + " count, algorithm and size; none of --map-by core, whose files are refused"
                + " above\n"), r.out());
        assertEquals(1, Files.readAllLines(csv).size());
    }

    @Test
    void aFailedLaunchGivesItsCommandAndOutput() {
        // The collective's launch, then the point-to-point one, each failing in turn.
        for (String failing : List.of("mpi.collective.OSUScatter", PointToPointRun.MAIN_CLASS)) {
            Fake mpirun = new Fake(OPEN_MPI_VERSION, c -> c.contains(failing)
                    ? new Launcher.Output(134, "", "Segmentation fault\n")
                    : writeResults(c, "Open MPI v4.1.4"));
            Run r = study(OPEN_MPI_ENV, mpirun, 2, "OSUScatter", "--np", "2", "--map-by",
                    "core", "--dir", dir.toString());
            assertEquals(1, r.exit(), failing);
            assertTrue(r.err().contains("Study: the launch on 2 processes, --map-by core, failed"
                    + " (exit code 134): mpirun -np 2 --map-by core"), r.err());
            assertTrue(r.err().contains(" " + failing + " "), r.err());
            assertTrue(r.err().endsWith("Segmentation fault\n"), r.err());
            assertEquals("", r.out());
        }
    }

    @Test
    void thePointToPointRunTakesOnlyTheOptionsThatMeanTheSameToIt() {
        Path p2p = Path.of("d", "p2p");
        assertEquals(List.of("-x", "5", "--iterations=40", "--api", "arrays", "-i7",
                "--jit-warmup=off", "-m", "4:1048576", "-o", p2p.toString(), "--stats"),
                PointToPointRun.args(List.of("-T", "int", "-x", "5", "-f", "--iterations=40",
                        "--level", "0.99", "--api", "arrays", "-k", "rotate", "-i7",
                        "--jit-warmup=off", "-m", "4:"), 4, 1 << 20, p2p));
        assertEquals(List.of("-m", "0:0", "-o", p2p.toString(), "--stats"),
                PointToPointRun.args(List.of(), 0, 0, p2p));
    }
}
