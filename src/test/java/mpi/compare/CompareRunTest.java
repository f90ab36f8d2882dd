package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole comparisons on a fake launcher that answers with canned benchmark output. */
class CompareRunTest {
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
        for (String f : List.of("c/osu_latency", "c/osu_bw", "c/osu_bcast", "bin/mpirun")) {
            Files.writeString(dir.resolve(f), "").toFile().setExecutable(true);
        }
        for (String f : List.of("omb-j.jar", "mpi.jar", "benchmarks.jar")) {
            Files.writeString(dir.resolve(f), "");
        }
        env = Fixtures.env("MPIRUN", dir + "/bin/mpirun", "CDIR", dir + "/c", "JAVA_CP", dir + "/omb-j.jar",
                "OMPI_JAVA_JAR", dir + "/mpi.jar", "BENCHMARKS_JAR", dir + "/benchmarks.jar",
                "JAVA", "/jdk/bin/java", "JAVA_OPTS", "-Xss4m  -Da=b", "BINDING_JAVA_OPTS", "-Djava.library.path=/lib",
                "OMB_ARGS", "-i 50 -x 5", "PATH", dir.resolve("bin").toString());
    }

    /**
     * Probes: --bind-to core fails (more ranks than cores, say), unbound starts. Versions as
     * Open MPI and the JDK print them. Benchmarks print their table with {@code value(cmd)}, or
     * whatever {@code special} returns for them first.
     */
    private Launcher fake(Function<List<String>, Launcher.Output> special) {
        return cmd -> {
            launched.add(cmd);
            String last = cmd.get(cmd.size() - 1);
            if (last.equals("true")) {
                return new Launcher.Output(cmd.contains("core") ? 1 : 0, "", "");
            }
            if (last.equals("--version")) {
                return new Launcher.Output(0, "mpirun (Open MPI) 4.1.4\n\nReport bugs to ...\n", "");
            }
            if (last.equals("-version")) {
                return new Launcher.Output(0, "", "openjdk version \"17.0.15\" 2025-04-15\nmore\n");
            }
            Launcher.Output o = special.apply(cmd);
            if (o != null) {
                return o;
            }
            String size = cmd.get(cmd.indexOf("-m") + 1).split(":")[0];
            return new Launcher.Output(0, "\n# OSU MPI Latency Test v7.4\n# Datatype: MPI_BYTE.\n"
                    + "# Size       Avg Latency(us)\n" + size + "    " + value(cmd) + "\n", "");
        };
    }

    /** C 1.00; ombj buffer 1.50, arrays 2.00; ompi buffer 3.00, arrays 4.00. */
    private static String value(List<String> cmd) {
        if (cmd.stream().anyMatch(a -> a.endsWith("/osu_latency") || a.endsWith("/osu_bw") || a.endsWith("/osu_bcast"))) {
            return "1.00";
        }
        boolean ompi = String.join(" ", cmd).contains("mpi.jar:");
        boolean arrays = cmd.get(cmd.indexOf("-a") + 1).equals("arrays");
        return ompi ? (arrays ? "4.00" : "3.00") : (arrays ? "2.00" : "1.50");
    }

    private int run(Launcher launcher, String... args) {
        return new Compare(env, launcher, CompareArgsTest.print(out), CompareArgsTest.print(err)).run(args);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /**
     * @return the values of the progress line that starts with {@code start} (e.g. {@code
     *         latency 8 run 1/2}), by variant: its order is the round's, which a Map ignores
     */
    private Map<String, String> progress(String start) {
        String line = stderr().lines().filter(l -> l.startsWith(start + ": ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + start + " in\n" + stderr()));
        Map<String, String> values = new TreeMap<>();
        for (String pair : line.substring(start.length() + 2).split(" ")) {
            values.put(pair.split("=")[0], pair.split("=")[1]);
        }
        return values;
    }

    /** @return who each run with -m is, in launch order: {@code 8:8 c}, {@code 1024:1024 ompi.arrays} */
    private List<String> order() {
        List<String> order = new ArrayList<>();
        for (List<String> cmd : launched) {
            if (cmd.contains("-m")) {
                String who = cmd.stream().anyMatch(a -> a.contains("/c/osu_")) ? "c"
                        : (String.join(" ", cmd).contains("mpi.jar:") ? "ompi." : "ombj.") + cmd.get(cmd.indexOf("-a") + 1);
                order.add(cmd.get(cmd.indexOf("-m") + 1) + " " + who);
            }
        }
        return order;
    }

    private static boolean isOmpiBwArrays(List<String> cmd) {
        return String.join(" ", cmd).contains("mpi.jar:") && cmd.contains("mpi.pt2pt.OSUBandwidth")
                && cmd.contains("arrays");
    }

    @Test
    void backendsAreBindingsOfTheirOwnWithTheirJava() throws IOException {
        env.put("FFM_JAVA", "/jdk25/bin/java");
        int code = run(fake(cmd -> null), "-n", "1", "-s", "8", "-o", dir.resolve("b.csv").toString(),
                "-b", "jni,ffm", "latency");
        assertEquals(0, code, stderr());
        List<String> java = new ArrayList<>();
        for (List<String> cmd : launched) {
            if (cmd.contains("-cp")) {
                int cp = cmd.indexOf("-cp");
                // JAVA_OPTS first, then the backend's property, then our jar with no other binding's flags.
                assertEquals(List.of("-Xss4m", "-Da=b"), cmd.subList(7, 9), cmd.toString());
                assertEquals(dir + "/omb-j.jar", cmd.get(cp + 1), cmd.toString());
                assertFalse(cmd.contains("-Djava.library.path=/lib"), cmd.toString());
                java.add(cmd.get(5) + " " + cmd.get(cp - 1) + " " + cmd.get(cmd.indexOf("-a") + 1));
            }
        }
        assertEquals(List.of("/jdk/bin/java -Dombj.backend=jni arrays", "/jdk/bin/java -Dombj.backend=jni buffer",
                "/jdk25/bin/java -Dombj.backend=ffm arrays", "/jdk25/bin/java -Dombj.backend=ffm buffer"),
                java.stream().sorted().toList());
        assertTrue(stdout().contains("# bindings: jni = " + dir + "/omb-j.jar -Dombj.backend=jni; ffm = "
                + dir + "/omb-j.jar -Dombj.backend=ffm"), stdout());
        assertTrue(stdout().lines().anyMatch(l -> l.startsWith("# bench") && l.contains("jni buffer")
                && l.contains("ffm arrays")), stdout());
    }

    @Test
    void twoBindingsAlternateAndALackingVariantIsNa() throws IOException {
        Path csv = dir.resolve("out/compare.csv");
        String ompiErr = Fixtures.text("ompi-OSUBandwidth-arrays.err");
        int code = run(fake(cmd -> isOmpiBwArrays(cmd) ? new Launcher.Output(2, "", ompiErr) : null),
                "-n", "2", "-s", "8,1K", "-o", csv.toString(), "-b", "ombj,ompi", "latency", "bw");
        assertEquals(0, code, stderr());

        // Runs: per size, RUNS rounds, each of C, ombj buffer, ombj arrays, ompi buffer, ompi arrays in some order.
        List<String> order = order();
        List<String> round8 = List.of("8:8 c", "8:8 ombj.arrays", "8:8 ombj.buffer", "8:8 ompi.arrays", "8:8 ompi.buffer");
        assertEquals(round8, order.subList(0, 5).stream().sorted().toList());
        assertEquals(round8, order.subList(5, 10).stream().sorted().toList());
        // bw: Open MPI's arrays variant runs once, then is known to be lacking.
        assertEquals(round8, order.subList(20, 25).stream().sorted().toList());
        assertEquals(List.of("8:8 c", "8:8 ombj.arrays", "8:8 ombj.buffer", "8:8 ompi.buffer"),
                order.subList(25, 29).stream().sorted().toList());
        assertEquals(1, launched.stream().filter(CompareRunTest::isOmpiBwArrays).count());
        assertEquals(20 + 2 * 2 * 4 + 1, order.size());

        // Every Java run has JAVA_OPTS; only the other binding gets BINDING_JAVA_OPTS.
        for (List<String> cmd : launched) {
            if (cmd.contains("-cp")) {
                assertEquals(List.of("/jdk/bin/java", "--enable-native-access=ALL-UNNAMED", "-Xss4m",
                        "-Da=b"), cmd.subList(5, 9), cmd.toString());
                assertEquals(!cmd.get(cmd.indexOf("-cp") + 1).startsWith(dir + "/omb-j.jar"),
                        cmd.contains("-Djava.library.path=/lib"), cmd.toString());
                assertEquals(List.of("-i", "50", "-x", "5"), cmd.subList(cmd.size() - 4, cmd.size()));
            }
            if (cmd.contains("-m")) {
                assertEquals(List.of(dir + "/bin/mpirun", "-np", "2", "--bind-to", "none"), cmd.subList(0, 5));
            }
        }
        assertTrue(stderr().contains("compare.sh: --bind-to core failed for 2 ranks, using: --bind-to none"), stderr());
        assertTrue(stderr().contains("compare.sh: bw ompi.arrays: n/a (OSUBandwidth: the binding in use, Open MPI Java bindings"),
                stderr());
        assertEquals(Map.of("c", "1.00", "ombj.buffer", "1.50", "ombj.arrays", "2.00", "ompi.buffer", "3.00",
                "ompi.arrays", "4.00"), progress("latency 8 run 1/2"));
        assertEquals(Map.of("c", "1.00", "ombj.buffer", "1.50", "ombj.arrays", "2.00", "ompi.buffer", "3.00",
                "ompi.arrays", "n/a"), progress("bw 1024 run 2/2"));

        List<String> lines = stdout().lines().toList();
        assertTrue(lines.get(0).matches("# .*, \\d+ cores; .*"), lines.get(0)); // the machine line
        assertTrue(lines.get(0).endsWith("; Open MPI 4.1.4; openjdk version \"17.0.15\" 2025-04-15"), lines.get(0));
        assertEquals("# median of 2 runs; ratio > 1: Java slower (J/C: Java/C for latency in us, C/J: C/Java for"
                + " bandwidth in MB/s)", lines.get(1));
        assertTrue(lines.get(2).matches("# order shuffled per round, seed (\\d+): --seed \\1 repeats it; vs C: .*"),
                lines.get(2));
        List<String> rows = lines.stream().filter(l -> !l.startsWith("#")).toList();
        assertEquals(4, rows.size(), stdout());
        assertEquals(List.of("latency", "1K", "us", "1.00", "1.50", "2.00", "3.00", "4.00", "J/C", "1.500", "2.000",
                "3.000", "4.000", "+0.50", "+1.00", "+2.00", "+3.00", "1.500x", "too", "few", "runs"),
                List.of(rows.get(1).trim().split(" +")).subList(0, 21));
        assertEquals(List.of("bw", "8", "MB/s", "1.00", "1.50", "2.00", "3.00", "n/a", "C/J", "0.667", "0.500",
                "0.333", "n/a", "-", "-", "-", "-"), List.of(rows.get(2).trim().split(" +")).subList(0, 17));
        assertTrue(stderr().startsWith("compare.sh: 2 rounds are too few for intervals and verdicts at 95 % (-n 6"
                + " at least): the table says 'too few runs' and the CSV gives the runs' range\n"), stderr());
        assertEquals("# wrote " + csv, lines.get(lines.size() - 1));

        List<Map<String, String>> table = WritersTest.parseCsv(Files.readString(csv));
        assertEquals(4, table.size());
        assertEquals("", table.get(3).get("ompi_arrays_median"));
        assertEquals("3.0000", table.get(3).get("ompi_buffer_median"));
        assertEquals("1.00;1.00", table.get(3).get("c_runs"));
    }

    /** -s MIN:MAX: each run is one launch over the range, and every size gets its row. */
    @Test
    void aRangeRunsOncePerVariantAndRoundForAllItsSizes() throws IOException {
        Path csv = dir.resolve("r.csv");
        int code = run(fake(cmd -> {
            if (!cmd.contains("2:8")) {
                return null;
            }
            String v = value(cmd);
            return new Launcher.Output(0, "# Size  Avg Latency(us)\n2  " + v + "\n4  " + v + "\n8  9.00\n", "");
        }), "-n", "2", "-s", "2:8", "-o", csv.toString(), "latency");
        assertEquals(0, code, stderr());
        List<List<String>> runs = launched.stream().filter(c -> c.contains("-m")).toList();
        assertEquals(2 * 3, runs.size());
        runs.forEach(c -> assertEquals("2:8", c.get(c.indexOf("-m") + 1), c.toString()));
        assertEquals(Map.of("c", "1.00..9.00", "buffer", "1.50..9.00", "arrays", "2.00..9.00"),
                progress("latency 2:8 run 2/2"));
        List<Map<String, String>> table = WritersTest.parseCsv(Files.readString(csv));
        assertEquals(List.of("2", "4", "8"), table.stream().map(r -> r.get("size")).toList());
        assertEquals("1.50;1.50", table.get(1).get("buffer_runs"));
        assertEquals("9.00;9.00", table.get(2).get("arrays_runs"));
    }

    /** MPIRUN_ARGS (the hosts, say) follow the rank count in the probe and in every run. */
    @Test
    void theLaunchersOwnOptionsFollowTheRankCount() {
        env.put("MPIRUN_ARGS", " --hostfile /h  --map-by node ");
        assertEquals(0, run(fake(cmd -> null), "-n", "1", "-s", "8", "-o", dir + "/x.csv",
                "latency"), stderr());
        int runs = 0;
        for (List<String> cmd : launched) {
            if (!cmd.get(cmd.size() - 1).equals("--version") && cmd.get(0).endsWith("mpirun")) {
                assertEquals(List.of(dir + "/bin/mpirun", "-np", "2", "--hostfile", "/h",
                        "--map-by", "node"), cmd.subList(0, 7), cmd.toString());
                runs += cmd.contains("-m") ? 1 : 0;
            }
        }
        assertEquals(3, runs, launched.toString()); // C, buffers, arrays
    }

    /** MPIRUN=srun: its tasks by -n, bound by its own --cpu-bind. */
    @Test
    void srunStartsItsTasksWithItsOwnOptions() throws IOException {
        Files.writeString(dir.resolve("bin/srun"), "").toFile().setExecutable(true);
        env.put("MPIRUN", dir + "/bin/srun");
        assertEquals(0, run(fake(cmd -> null), "-n", "1", "-s", "8", "-o", dir + "/x.csv",
                "latency"), stderr());
        List<List<String>> runs = launched.stream().filter(c -> c.contains("-m")).toList();
        assertEquals(3, runs.size(), launched.toString());
        for (List<String> cmd : runs) {
            assertEquals(List.of(dir + "/bin/srun", "-n", "2", "--cpu-bind=cores"),
                    cmd.subList(0, 4), cmd.toString());
        }
    }

    @Test
    void oneBindingKeepsTodaysLayout() {
        int code = run(fake(cmd -> null), "-n", "1", "-s", "8", "-o", dir + "/x.csv", "bcast");
        assertEquals(0, code, stderr());
        List<String> lines = stdout().lines().toList();
        assertEquals("# bench       size  unit           C   Java buffer   Java arrays  ratio   buffer   arrays"
                + "   buf-C us   arr-C us          buffer vs C          arrays vs C", lines.get(3));
        assertEquals("bcast            8    us        1.00          1.50          2.00    J/C    1.500    2.000"
                + "      +0.50      +1.00  1.500x too few runs  2.000x too few runs", lines.get(4));
        assertEquals(Map.of("c", "1.00", "buffer", "1.50", "arrays", "2.00"), progress("bcast 8 run 1/1"));
    }

    @Test
    void onlyCRunsNoJava() {
        env.put("ONLY_C", "1");
        env.put("JAVA_CP", dir + "/missing.jar"); // not needed
        int code = run(fake(cmd -> null), "-n", "2", "-s", "8", "-o", dir + "/x.csv", "latency");
        assertEquals(0, code, stderr());
        assertTrue(launched.stream().noneMatch(c -> c.contains("-cp")));
        assertTrue(stdout().contains("\nlatency          8    us        1.00\n"), stdout());
    }

    @Test
    void ourBindingFailingIsAFailureWithItsCommandAndOutput() {
        int code = run(fake(cmd -> cmd.contains("arrays") && !String.join(" ", cmd).contains("mpi.jar:")
                ? new Launcher.Output(1, "partial table\n", "Exception in thread \"main\" java.lang.NoSuchMethodError: x\n")
                : null), "-n", "3", "-s", "8", "-o", dir + "/x.csv", "-b", "ombj,ompi", "latency");
        assertEquals(1, code);
        String e = stderr();
        assertTrue(e.contains("compare.sh: run failed: " + dir + "/bin/mpirun -np 2 --bind-to none /jdk/bin/java"
                + " --enable-native-access=ALL-UNNAMED -Xss4m -Da=b -cp " + dir + "/omb-j.jar mpi.pt2pt.OSULatency -a arrays -m 8:8 -i 50 -x 5\n"
                + "partial table\nException in thread \"main\" java.lang.NoSuchMethodError: x\n"), e);
        assertFalse(new java.io.File(dir + "/x.csv").exists());
    }

    @Test
    void anotherBindingFailingForAnyOtherReasonIsAFailure() {
        int code = run(fake(cmd -> String.join(" ", cmd).contains("mpi.jar:")
                ? new Launcher.Output(1, "", "Segmentation fault\n") : null),
                "-n", "1", "-s", "8", "-o", dir + "/x.csv", "-b", "ompi", "latency");
        assertEquals(1, code);
        assertTrue(stderr().contains("compare.sh: run failed: "), stderr());
        assertTrue(stderr().contains("Segmentation fault"), stderr());
    }

    @Test
    void aRunWithoutARowForItsSizeIsAFailure() {
        int code = run(fake(cmd -> cmd.stream().anyMatch(a -> a.endsWith("osu_latency"))
                ? new Launcher.Output(0, "# Size Avg\n16 1.0\n", "") : null), "-n", "1", "-s", "8", "-o",
                dir + "/x.csv", "latency");
        assertEquals(1, code);
        assertTrue(stderr().contains("compare.sh: no row for size 8 in the output of: " + dir + "/bin/mpirun -np 2"),
                stderr());
    }

    @Test
    void missingPiecesAreNamedWithAHint() {
        assertEquals(1, run(fake(cmd -> null), "bibw"));
        assertEquals("compare.sh: " + dir + "/c/osu_bibw not found; run 'mvn package' first\n", stderr());
        err.reset();
        env.put("OMPI_JAVA_JAR", dir + "/nope/mpi.jar");
        assertEquals(1, run(fake(cmd -> null), "-b", "ompi", "latency"));
        assertEquals("compare.sh: " + dir + "/nope/mpi.jar not found; run scripts/install-openmpi-java.sh or set"
                + " OMPI_JAVA_JAR\n", stderr());
        err.reset();
        env.put("MPIRUN", "no-such-mpirun");
        assertEquals(1, run(fake(cmd -> null), "latency"));
        assertEquals("compare.sh: launcher 'no-such-mpirun' not found (set MPIRUN)\n", stderr());
        assertTrue(launched.isEmpty());
    }

    @Test
    void ranksThatDoNotStartAtAllAreAFailure() {
        int code = run(cmd -> new Launcher.Output(1, "", "no slots"), "-n", "1", "-s", "8", "-o", dir + "/x.csv",
                "latency");
        assertEquals(1, code);
        assertTrue(stderr().contains("compare.sh: cannot start 2 ranks: "), stderr());
    }

    /**
     * Every round runs each variant once, in a shuffled order: not C first every time, and the
     * same orders again from the same seed, other orders from another.
     */
    @Test
    void eachRoundIsAPermutationShuffledFromTheSeed() {
        String[] args = {"-n", "4", "-s", "8,1K", "-o", dir + "/s.csv", "-b", "ombj,ompi", "--seed", "11", "latency"};
        assertEquals(0, run(fake(cmd -> null), args), stderr());
        List<String> first = order();
        assertEquals(2 * 4 * 5, first.size());
        List<List<String>> rounds = new ArrayList<>();
        for (int r = 0; r < first.size(); r += 5) {
            List<String> round = first.subList(r, r + 5);
            String size = round.get(0).split(" ")[0];
            assertEquals(List.of(size + " c", size + " ombj.arrays", size + " ombj.buffer", size + " ompi.arrays",
                    size + " ompi.buffer"), round.stream().sorted().toList(), "a permutation: " + round);
            rounds.add(round.stream().map(w -> w.split(" ")[1]).toList());
        }
        assertTrue(rounds.stream().distinct().count() > 1, "shuffled: " + rounds);
        assertTrue(rounds.stream().anyMatch(r -> !r.get(0).equals("c")), "C not always first: " + rounds);
        assertTrue(stdout().contains("\n# order shuffled per round, seed 11: --seed 11 repeats it; "), stdout());
        assertEquals("11", WritersTest.parseCsv(read(dir.resolve("s.csv"))).get(0).get("seed"));

        launched.clear();
        assertEquals(0, run(fake(cmd -> null), args), stderr());
        assertEquals(first, order(), "the same seed, the same orders");
        launched.clear();
        args[args.length - 2] = "12";
        assertEquals(0, run(fake(cmd -> null), args), stderr());
        assertFalse(first.equals(order()), "another seed, other orders");
    }

    /** Without --seed, one is drawn; the seed the table prints gives the same orders again. */
    @Test
    void theSeedDrawnIsPrintedAndRepeatsTheRun() {
        assertEquals(0, run(fake(cmd -> null), "-n", "3", "-s", "8", "-o", dir + "/d.csv", "latency"), stderr());
        Matcher seed = Pattern.compile("\n# order shuffled per round, seed (\\d+): ").matcher(stdout());
        assertTrue(seed.find(), stdout());
        List<String> drawn = order();
        launched.clear();
        assertEquals(0, run(fake(cmd -> null), "-n", "3", "-s", "8", "-o", dir + "/d.csv", "--seed", seed.group(1),
                "latency"), stderr());
        assertEquals(drawn, order());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
