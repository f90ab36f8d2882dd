package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import mpi.it.ReadmeCommands.Command;

/**
 * README's commands run as README prints them. Every command of README.md's code blocks
 * ({@link ReadmeCommands}) must be a key of {@link #TABLE}, which says how it runs and what it
 * must print; a command the table does not know fails, and so does an entry README no longer
 * has. Each runs with {@code bash -c} in the project folder (a command that rebuilds, in a
 * copy of it), with only what CI's environment adds: Open MPI's consent to run as root, JDK 25
 * first on PATH for the FFM lines (README: JDK 22+), and the installations of
 * scripts/install-mpi.sh that CI makes. The multi-host and Slurm lines run on the two
 * network-namespace hosts of {@link NetnsHosts}, Slurm's srun a stand-in ({@link SrunStandIn}).
 *
 * <p>To add a recipe to README, add its command here with how it runs.
 */
class ReadmeCommandsIT {
    private static final Path PROJECT = Paths.get(System.getProperty("user.dir"));
    private static final long TIMEOUT_SECONDS = 600;
    /** Open MPI's consent to run as root, which CI (root in a container) gives every launch. */
    private static final Map<String, String> ROOT = Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1",
            "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    /** How the line of a JIT warm-up stopped at its cap starts, above the column header. */
    private static final String CAP_LINE = mpi.common.WarmUpRule.CAP_LINE;
    /** The sizes of a point-to-point benchmark's default table: every power of two to 4 MiB. */
    private static final List<Long> DEFAULT_SIZES = Stream.iterate(1L, s -> s <= 4L << 20,
            s -> s * 2).toList();

    @TempDir
    static Path tmp;
    /** The two hosts, made by the first command that needs them. */
    private static NetnsHosts hosts;
    /** The copy of the project that README's build command built, for the command after it. */
    private static Path built;

    /** How a command runs and what it must print. */
    @FunctionalInterface
    interface Way {
        /**
         * @param command the command
         * @param block   the commands of its code block, in order
         */
        void run(Command command, List<Command> block) throws Exception;
    }

    /**
     * Every command README prints, with how it runs. A new recipe in README needs its line
     * here: the command exactly as {@link ReadmeCommands} reads it, and how to run and check it.
     */
    static final Map<String, Way> TABLE = table();

    private static Map<String, Way> table() {
        Map<String, Way> t = new LinkedHashMap<>();
        // Not run again here: QuickStartIT runs this script on a copy, with JDK 17 and 25 and
        // small sizes (options go to every benchmark). Run here as printed it would add a
        // build and eight benchmarks over every size, minutes of CI, and check nothing more.
        t.put("scripts/quickstart.sh", (c, b) -> assertEquals(QuickStartIT.SCRIPT, c.text()));
        // CI's run itself: .ci/run must run exactly this command.
        t.put("scripts/test.sh", ReadmeCommandsIT::isWhatCiRuns);
        t.put("mpirun -np 2 java -jar target/omb-j.jar osu_latency",
                ReadmeCommandsIT::printsTheSampleTable);
        t.put("mpirun -np 2 java -jar target/omb-j.jar suite all -c -m 1:1024 -i 50 -x 5",
                ReadmeCommandsIT::suitePassesAll);
        t.put("scripts/compare.sh -n 3 -s 8,1M -g /tmp/lat.png latency bw",
                ReadmeCommandsIT::comparesWithC);
        t.put("mpirun -np 2 java --enable-native-access=ALL-UNNAMED -cp"
                + " target/ompi-java/mpi.jar:target/omb-j-benchmarks.jar mpi.pt2pt.OSULatency",
                ReadmeCommandsIT::onOpenMpisBindings);
        t.put("mpirun -np 2 java -jar target/omb-j.jar osu_allreduce -m 4:64 --precision"
                + " 0.95:0.02 --timing max", ReadmeCommandsIT::measuresPrecisely);
        t.put("mpirun -np 2 --mca coll_tuned_use_dynamic_rules 1 java -jar target/omb-j.jar"
                + " osu_scatter --algorithm all", ReadmeCommandsIT::sweepsAlgorithms);
        t.put("java -cp target/omb-j.jar mpi.study.Study osu_scatter --np 2,4 --map-by core"
                + " -m 1:65536", ReadmeCommandsIT::studiesAlgorithms);
        t.put("mpirun -np 2 --hostfile hosts --map-by node java -jar $PWD/target/omb-j.jar osu_bw",
                ReadmeCommandsIT::onTwoHosts);
        t.put("srun --mpi=pmix -N 2 --ntasks-per-node=1 -n 2 java -jar $PWD/target/omb-j.jar"
                + " osu_latency",
                ReadmeCommandsIT::underSrun);
        t.put("mvn -B -DskipTests package -Dmpicc=$(which mpicc)", ReadmeCommandsIT::buildsACopy);
        t.put("mpiexec -n 2 java -jar target/omb-j.jar osu_latency",
                ReadmeCommandsIT::runsWhatTheBuildMade);
        t.put("mpirun -np 2 java -Dombj.backend=ffm -jar target/omb-j.jar osu_latency",
                (c, b) -> assertTable(here(c.text(), jdk25()), MpiRun.Result::warnings,
                        "Latency Test", "# Binding: OMB-J FFM binding "));
        t.put("eval \"$(scripts/install-mpi.sh mpich5)\"", ReadmeCommandsIT::setsTheNextLine);
        t.put("$MPIRUN -n 2 java -Dombj.backend=ffm -Dombj.mpi=$LIB_ABI -jar target/omb-j.jar"
                + " osu_latency", ReadmeCommandsIT::afterItsEval);
        return t;
    }

    private static List<String> readme() throws IOException {
        return Files.readAllLines(PROJECT.resolve("README.md"), StandardCharsets.UTF_8);
    }

    @TestFactory
    Stream<DynamicTest> everyCommandOfReadmeRunsAsPrinted() throws IOException {
        List<Command> commands = ReadmeCommands.commands(readme());
        assertFalse(commands.isEmpty(), "README.md has no command");
        return commands.stream().map(c -> DynamicTest.dynamicTest(
                "README.md:" + c.line() + ": " + c.text(), () -> {
                    Way way = TABLE.get(c.text());
                    if (way == null) {
                        fail("README.md:" + c.line() + ": `" + c.text() + "` has no entry in"
                                + " ReadmeCommandsIT's table: add how it runs and what it prints");
                    }
                    way.run(c, commands.stream().filter(o -> o.block() == c.block()).toList());
                }));
    }

    @Test
    void everyEntryOfTheTableIsInReadme() throws IOException {
        Set<String> left = new LinkedHashSet<>(TABLE.keySet());
        ReadmeCommands.commands(readme()).forEach(c -> left.remove(c.text()));
        assertEquals(Set.of(), left, "entries of ReadmeCommandsIT's table that README.md no"
                + " longer prints: remove them, or put the commands back");
    }

    @AfterAll
    static void down() throws Exception {
        if (hosts != null) {
            hosts.close();
        }
        // The link to target/ goes before JUnit deletes the temporary folder, which otherwise
        // prints a warning for a link that leads out of it.
        Files.deleteIfExists(tmp.resolve("cluster").resolve("target"));
    }

    // ---- the ways ----

    private static void isWhatCiRuns(Command c, List<Command> block) throws IOException {
        List<String> lines = Files.readAllLines(PROJECT.resolve(".ci/run")).stream()
                .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertEquals("exec " + c.text(), lines.get(lines.size() - 1),
                ".ci/run must end by running README's test command\n" + lines);
    }

    /**
     * The transcript's command: the lines README shows under it are the real run's (title,
     * datatype, binding, header), and the sizes it shows are rows of the real table.
     */
    private static void printsTheSampleTable(Command c, List<Command> block) throws Exception {
        List<String> table = assertTable(here(c.text(), Map.of()), MpiRun.Result::warnings,
                "Latency Test", "# Binding: OMB-J JNI binding ");
        List<String> sample = ReadmeCommands.blocks(readme()).get(c.block()).lines();
        sample = sample.subList(sample.indexOf(ReadmeCommands.PROMPT + c.text()) + 1,
                sample.size());
        // Not the line of a JIT warm-up stopped at its cap, which comes or not by the load.
        assertEquals(sample.stream().filter(l -> l.startsWith("# ")).toList(),
                table.stream().filter(l -> l.startsWith("# ") && !l.startsWith(CAP_LINE))
                        .toList(), "README's sample output against the real one");
        List<Long> shown = sample.stream().filter(l -> l.matches("\\d+ +[\\d.]+"))
                .map(l -> Long.parseLong(l.split(" +")[0])).toList();
        assertFalse(shown.isEmpty(), "README's sample shows no row");
        assertTrue(DEFAULT_SIZES.containsAll(shown), "README shows sizes the table has not: "
                + shown);
        assertEquals(shown, shown.stream().sorted().toList(), "README's sample rows are not in"
                + " the table's order");
    }

    /** The suite: every benchmark it ran passed or ran, none failed or was refused. */
    private static void suitePassesAll(Command c, List<Command> block) throws Exception {
        MpiRun.Result r = here(c.text(), Map.of());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        Matcher total = Pattern.compile("(?m)^# Total: (\\d+) passed, (\\d+) ran, 0 FAILED,"
                + " 0 REFUSED, (\\d+) skipped").matcher(r.stdout());
        assertTrue(total.find(), "no summary with nothing failed or refused\n" + r.all());
        int printed = Integer.parseInt(total.group(1)) + Integer.parseInt(total.group(2));
        // The summary's line per benchmark: as many as its total counts, most of them run.
        long listed = r.stdout().lines().filter(l -> l.matches("# (passed|ran|skipped) +\\w+ .*"))
                .count();
        assertEquals(printed + Integer.parseInt(total.group(3)), listed, r.all());
        assertTrue(printed > listed / 2, r.all());
        // One table per benchmark that ran, then the summary's title.
        long titles = r.stdout().lines().filter(l -> l.startsWith("# OSU MPI-Java ")).count();
        assertEquals(printed + 1, titles, r.all());
        assertTrue(r.stdout().lines().noneMatch(l -> l.matches("\\d+ .*Fail")), r.all());
        assertTrue(r.stdout().lines().filter(l -> l.matches("\\d+ .*")).allMatch(
                l -> Long.parseLong(l.split(" +")[0]) <= 1024), "a row beyond -m 1:1024\n"
                        + r.all());
    }

    /** compare.sh: its table of medians, the CSV and the figure, written by this run. */
    private static void comparesWithC(Command c, List<Command> block) throws Exception {
        FileTime start = FileTime.from(Instant.now().minusSeconds(1));
        MpiRun.Result r = here(c.text(), Map.of());
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdout().lines().toList();
        assertTrue(lines.contains("# median of 3 runs; ratio > 1: Java slower (J/C: Java/C for"
                + " latency in us, C/J: C/Java for bandwidth in MB/s)"), r.all());
        // A row per bench and size: C, Java buffers, Java arrays, the ratios, for latency the
        // differences from C, and per Java column its comparison with C: with -n 3, no verdict.
        String three = " +\\d+\\.\\d+ +\\d+\\.\\d+ +\\d+\\.\\d+";
        String tooFew = " +\\d+\\.\\d{3}x too few runs";
        for (String size : List.of("8", "1M")) {
            for (String row : List.of("latency +" + size + " +us" + three + " +J/C"
                    + " +\\d+\\.\\d+ +\\d+\\.\\d+ +[-+]\\d+\\.\\d+ +[-+]\\d+\\.\\d+" + tooFew + tooFew,
                    "bw +" + size + " +MB/s" + three + " +C/J +\\d+\\.\\d+ +\\d+\\.\\d+ +- +-" + tooFew + tooFew)) {
                assertTrue(lines.stream().anyMatch(l -> l.matches(row)), "no row " + row + "\n"
                        + r.all());
            }
        }
        Path csv = PROJECT.resolve("target/bench/compare.csv");
        assertTrue(lines.contains("# wrote target/bench/compare.csv"), r.all());
        assertTrue(Files.getLastModifiedTime(csv).compareTo(start) >= 0, csv + " is older");
        Path png = Paths.get("/tmp/lat.png");
        assertTrue(Files.getLastModifiedTime(png).compareTo(start) >= 0, png + " is older");
        byte[] head = Arrays.copyOf(Files.readAllBytes(png), 8);
        assertEquals("\u0089PNG\r\n\u001a\n", new String(head, StandardCharsets.ISO_8859_1),
                png + " is no PNG");
    }

    /** The benchmarks on Open MPI's Java bindings, at the path its install script makes. */
    private static void onOpenMpisBindings(Command c, List<Command> block) throws Exception {
        Path jar = PROJECT.resolve("target/ompi-java/mpi.jar");
        assertTrue(Files.isRegularFile(jar), jar + " is missing: run"
                + " scripts/install-openmpi-java.sh");
        assertTrue(c.text().contains(" -cp " + PROJECT.relativize(jar) + ":"), c.text());
        assertTable(here(c.text(), Map.of()), MpiRun.Result::warnings, "Latency Test",
                "# Binding: Open MPI Java bindings (mpi.jar), ");
    }

    /**
     * mpirun started on the first host, a file {@code hosts} naming both in the folder it runs
     * in (with the project's target/, as a clone on a shared file system), the rsh agent and
     * TCP on the hosts' link from the environment: the table, and the bytes on the link.
     */
    private static void onTwoHosts(Command c, List<Command> block) throws Exception {
        Path folder = clusterFolder();
        Files.writeString(folder.resolve("hosts"), String.join("\n", NetnsHosts.NAMES) + "\n");
        long before = NetnsHosts.bytes(NetnsHosts.NAMES.get(0), "tx");
        MpiRun.Result r = onFirstHost(folder, c.text(), Map.of());
        List<String> table = assertTable(r, NetnsHosts::warnings, "Bandwidth Test",
                "# Binding: OMB-J JNI binding ");
        // Rank 0 sends every size at least once, from the first host to the second.
        long sent = NetnsHosts.bytes(NetnsHosts.NAMES.get(0), "tx") - before;
        assertTrue(sent >= sum(DEFAULT_SIZES), "only " + sent + " bytes left the first host\n"
                + table);
    }

    /**
     * Slurm's srun, a stand-in first on PATH in an allocation of the two hosts: it refuses a
     * line that does not place one rank per node, and runs the job with mpirun on them.
     */
    private static void underSrun(Command c, List<Command> block) throws Exception {
        Path folder = clusterFolder();
        Path bin = Files.createDirectories(tmp.resolve("slurm-bin"));
        executable(bin.resolve("srun"), "#!/bin/sh\nexec '" + Paths.get(System.getProperty(
                "java.home"), "bin", "java") + "' -cp '" + PROJECT.resolve("target/test-classes")
                + "' " + SrunStandIn.class.getName() + " \"$@\"\n");
        long[] before = {NetnsHosts.bytes(NetnsHosts.NAMES.get(0), "tx"),
            NetnsHosts.bytes(NetnsHosts.NAMES.get(0), "rx")};
        MpiRun.Result r = onFirstHost(folder, c.text(), Map.of("PATH", bin + ":"
                + System.getenv("PATH"), "SLURM_JOB_NODELIST", String.join(",",
                        NetnsHosts.NAMES)));
        List<String> table = assertTable(r, NetnsHosts::warnings, "Latency Test",
                "# Binding: OMB-J JNI binding ");
        // A ping-pong: every size at least once each way over the link.
        long sent = NetnsHosts.bytes(NetnsHosts.NAMES.get(0), "tx") - before[0];
        long received = NetnsHosts.bytes(NetnsHosts.NAMES.get(0), "rx") - before[1];
        assertTrue(sent >= sum(DEFAULT_SIZES) && received >= sum(DEFAULT_SIZES), "sent "
                + sent + ", received " + received + " bytes over the link\n" + table);
    }

    /** The build command, in a copy of the sources (this build's target/ stays as it is). */
    private static void buildsACopy(Command c, List<Command> block) throws Exception {
        Path copy = QuickStartIT.copySources(tmp.resolve("omb-j"));
        MpiRun.Result r = run(copy, List.of("bash", "-c", c.text()), Map.of());
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("BUILD SUCCESS"), r.all());
        // The JNI library built with the mpicc the command named.
        assertTrue(Pattern.compile("(?m)^built " + Pattern.quote(copy.toString())
                + "/target/\\S*libombj\\.so with ").matcher(r.stdout()).find(), r.all());
        assertTrue(Files.isRegularFile(copy.resolve("target/omb-j.jar")), r.all());
        built = copy;
    }

    /** The launch after the build, on the jar the build made. */
    private static void runsWhatTheBuildMade(Command c, List<Command> block) throws Exception {
        int at = block.indexOf(c);
        assertTrue(at > 0 && block.get(at - 1).text().startsWith("mvn "), "no build before it: "
                + block);
        assertNotNull(built, "the build before it failed");
        assertTable(run(built, List.of("bash", "-c", c.text()), ROOT), MpiRun.Result::warnings,
                "Latency Test", "# Binding: OMB-J JNI binding ");
    }

    /** The eval: alone, it sets the launcher and the library that the next line uses. */
    private static void setsTheNextLine(Command c, List<Command> block) throws Exception {
        int at = block.indexOf(c);
        assertTrue(at + 1 < block.size() && block.get(at + 1).text().contains("$MPIRUN")
                && block.get(at + 1).text().contains("$LIB_ABI"), "the line after it uses"
                        + " neither $MPIRUN nor $LIB_ABI: " + block);
        MpiRun.Result r = here(c.text() + "\ntest -x \"$MPIRUN\" && test -f \"$LIB_ABI\"",
                Map.of());
        assertEquals(0, r.exitCode(), "MPIRUN or LIB_ABI is not set to a file\n" + r.all());
    }

    /** A line that needs the eval before it: both in one shell, as a reader types them. */
    private static void afterItsEval(Command c, List<Command> block) throws Exception {
        int at = block.indexOf(c);
        assertTrue(at > 0 && block.get(at - 1).text().startsWith("eval "), "no eval before it");
        MpiRun.Result r = here(block.get(at - 1).text() + "\n" + c.text(), jdk25());
        List<String> table = assertTable(r, MpiRun.Result::warnings, "Latency Test",
                "# Binding: OMB-J FFM binding ");
        assertTrue(table.stream().anyMatch(l -> l.startsWith("# Binding: ") && l.contains("MPICH")),
                "not on MPICH\n" + table);
    }

    // ---- running and checking ----

    /**
     * A benchmark's table as it prints it alone: exit 0, no warning, its title in the buffer
     * API, the binding line, the line of a JIT warm-up stopped at its cap if it was (by the
     * machine's load), the header, then a row per default size with a value.
     *
     * @return stdout's lines
     */
    private static List<String> assertTable(MpiRun.Result r,
            Function<MpiRun.Result, List<String>> warnings, String title, String binding) {
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), warnings.apply(r), r.all());
        List<String> lines = r.stdout().lines().toList();
        assertEquals("# OSU MPI-Java " + title + " v7.4 (buffer API)", lines.get(1), r.all());
        assertTrue(r.bindingLine().startsWith(binding), r.all());
        int header = lines.indexOf(r.bindingLine()) + 1;
        if (lines.get(header).startsWith(CAP_LINE)) {
            header++;
        }
        assertTrue(lines.get(header).startsWith("# Size "), r.all());
        List<Long> sizes = new ArrayList<>();
        for (String row : lines.subList(header + 1, lines.size())) {
            String[] f = row.strip().split(" +");
            assertEquals(2, f.length, row + "\n" + r.all());
            assertTrue(Double.parseDouble(f[1]) >= 0, row);
            sizes.add(Long.parseLong(f[0]));
        }
        assertEquals(DEFAULT_SIZES, sizes, r.all());
        return lines;
    }

    /** JDK 25 first on PATH, as README's FFM lines need a JDK 22 or later as {@code java}. */
    private static Map<String, String> jdk25() {
        Path home = Paths.get(System.getProperty("ombj.jdk25.home",
                "/usr/lib/jvm/temurin-25-jdk-amd64"));
        if (!Files.isExecutable(home.resolve("bin/java"))) {
            throw new AssertionError("no JDK 25 at " + home + ": name one with"
                    + " mvn -Djdk25.home=/path/to/jdk-25 verify");
        }
        return Map.of("PATH", home.resolve("bin") + ":" + System.getenv("PATH"));
    }

    /** Runs {@code script} with bash in the project folder, {@code env} added to CI's. */
    /** The precision recipe: a row per size with its interval and verdict, the timing line. */
    private static void measuresPrecisely(Command c, List<Command> block) throws Exception {
        MpiRun.Result r = here(c.text(), Map.of());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.stdout().contains("\n# Timing: max: "), r.all());
        assertEquals(5, StatsColumns.rows(r, StatsColumns.Extra.PRECISE).size(), r.all());
    }

    /** A table per algorithm Open MPI's tuned scatter has, in its order, every size each. */
    private static void sweepsAlgorithms(Command c, List<Command> block) throws Exception {
        MpiRun.Result r = here(c.text(), Map.of());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> names = ToolIT.ompiInfo("tuned", "coll_tuned_scatter_algorithm").stream()
                .map(a -> a.substring(a.indexOf(':') + 1)).toList();
        assertEquals(names, r.stdout().lines().filter(l -> l.startsWith("# Algorithm: "))
                .map(l -> l.split(" ")[2]).toList(), r.all());
        assertEquals(names.size() * 21, r.stdout().lines().filter(l -> l.matches(
                "\\d+ +\\d+\\.\\d\\d")).count(), r.all());
    }

    /**
     * The study: exit 0 and, in its folder (target/study/OSUScatter), every algorithm's
     * results at both process counts, the p2p run, Tune's rules file, the models' figure of
     * each count and table, and the one CSV, all named in its summary.
     */
    private static void studiesAlgorithms(Command c, List<Command> block) throws Exception {
        Path dir = PROJECT.resolve("target/study/OSUScatter");
        MpiRun.Result r = here(c.text(), Map.of());
        assertEquals(0, r.exitCode(), r.all());
        List<String> names = ToolIT.ompiInfo("tuned", "coll_tuned_scatter_algorithm").stream()
                .map(a -> a.substring(a.indexOf(':') + 1)).toList();
        Path core = dir.resolve("map-by-core");
        List<Path> files = new ArrayList<>();
        for (String np : List.of("np2", "np4")) {
            for (String name : names) {
                files.add(core.resolve(np).resolve("OSUScatter-" + name + ".json"));
            }
        }
        files.addAll(List.of(core.resolve("p2p/OSULatency.json"), core.resolve("scatter.rules"),
                core.resolve("scatter-P2.png"), core.resolve("scatter-P4.png"),
                core.resolve("scatter-models.csv"), dir.resolve("OSUScatter-study.csv")));
        for (Path f : files) {
            assertTrue(Files.isRegularFile(f), f + "\n" + r.all());
        }
        assertTrue(r.stdout().contains("# Models: scatter on Open MPI"), r.all());
        // A row per algorithm, process count and size (17 sizes), and the header.
        assertEquals(1 + names.size() * 2 * 17,
                Files.readAllLines(dir.resolve("OSUScatter-study.csv")).size(), r.all());
    }

    private static MpiRun.Result here(String script, Map<String, String> env)
            throws IOException, InterruptedException {
        Map<String, String> all = new LinkedHashMap<>(ROOT);
        all.putAll(env);
        return run(PROJECT, List.of("bash", "-c", script), all);
    }

    /**
     * The folder the multi-host lines run in: the project's target/ in it (a link), the hosts
     * up; aborted (as MultiHostIT is) where network namespaces cannot be made.
     */
    private static Path clusterFolder() throws IOException, InterruptedException {
        Assumptions.assumeTrue(MpiRun.isOpenMpi(), "the hosts' runs drive Open MPI's rsh"
                + " launcher; the launcher under test is not Open MPI's mpirun");
        Path folder = tmp.resolve("cluster");
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder);
            Files.createSymbolicLink(folder.resolve("target"), PROJECT.resolve("target"));
        }
        if (hosts == null) {
            hosts = NetnsHosts.up();
        }
        return folder;
    }

    /** Runs {@code script} with bash on the first host, in {@code folder}, as mpirun's host. */
    private static MpiRun.Result onFirstHost(Path folder, String script, Map<String, String> env)
            throws IOException, InterruptedException {
        Map<String, String> all = new LinkedHashMap<>(ROOT);
        all.putAll(NetnsHosts.environment());
        all.putAll(env);
        // The agent joins its words for sh -c, as ssh does.
        return run(folder, List.of(NetnsHosts.RSH.toString(), NetnsHosts.NAMES.get(0),
                "exec bash -c '" + script.replace("'", "'\\''") + "'"), all);
    }

    /** Runs {@code cmd} in {@code dir} with {@code env} added to this JVM's environment. */
    private static MpiRun.Result run(Path dir, List<String> cmd, Map<String, String> env)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().putAll(env);
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Paths.get("/dev/null").toFile()))
                .start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor();
            throw new AssertionError("hung for " + TIMEOUT_SECONDS + " s: " + cmd + "\n"
                    + Files.readString(out) + "\n" + Files.readString(err));
        }
        return new MpiRun.Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static void executable(Path script, String text) throws IOException {
        Files.writeString(script, text);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static long sum(List<Long> sizes) {
        return sizes.stream().mapToLong(Long::longValue).sum();
    }
}
