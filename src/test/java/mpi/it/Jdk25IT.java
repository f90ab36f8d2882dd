package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The jar's commands as a user types them, with JDK 25 as {@code java}: no line starting
 * with {@code WARNING} (JEP 472's on System::load, JEP 498's on sun.misc.Unsafe in Netty),
 * and the tables printed. The JDK is Maven's {@code jdk25.home} (system property
 * {@code ombj.jdk25.home}); without one, every test fails saying how to give it.
 */
class Jdk25IT {
    private static final String[] SMALL = {"-m", "1:64", "-i", "20", "-x", "2"};
    private static final long SUITE_SECONDS = 900;
    private static Path java;

    @BeforeAll
    static void findJdk25() throws Exception {
        String home = System.getProperty("ombj.jdk25.home", "/usr/lib/jvm/temurin-25-jdk-amd64");
        java = Path.of(home, "bin", "java");
        if (!Files.isExecutable(java)) {
            throw new AssertionError("no JDK 25 at " + home + ": install one, or name it with"
                    + " mvn -Djdk25.home=/path/to/jdk-25 verify");
        }
        Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true)
                .start();
        String version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        if (!version.matches("(?s).*version \"(2[4-9]|[3-9][0-9])[.\"].*")) {
            throw new AssertionError(java + " is no JDK 24 or later (which warn): " + version
                    + "name one with mvn -Djdk25.home=/path/to/jdk-25 verify");
        }
    }

    private static MpiRun.Result run(long seconds, String... javaArgs) throws Exception {
        return MpiRun.runJava(java, 2, List.of(javaArgs), seconds);
    }

    private static String[] args(List<String> head) {
        List<String> all = new ArrayList<>(head);
        all.addAll(List.of(SMALL));
        return all.toArray(new String[0]);
    }

    private static List<String> warnings(MpiRun.Result r) {
        return (r.stdout() + "\n" + r.stderr()).lines().filter(l -> l.startsWith("WARNING"))
                .toList();
    }

    private static void assertTableWithoutWarnings(MpiRun.Result r, String title) {
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("\n# OSU MPI-Java " + title), r.all());
        assertTrue(r.stdout().contains("\n64 "), "the last size's row\n" + r.all());
        assertEquals(List.of(), warnings(r), r.all());
    }

    /** The control: the check below can fail, since the class form without the flag warns. */
    @Test
    void theClassFormWithoutTheFlagWarns() throws Exception {
        MpiRun.Result r = run(240, args(List.of("-cp", MpiRun.jar().toString(),
                "mpi.pt2pt.OSULatency")));
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(warnings(r).stream().anyMatch(l -> l.contains("System::load")), r.all());
    }

    @Test
    void theJarFormOfAPointToPointBenchmark() throws Exception {
        assertTableWithoutWarnings(run(240, args(List.of("-jar", MpiRun.jar().toString(),
                "osu_latency", "-a", "arrays"))), "Latency Test");
    }

    @Test
    void theJarFormOfACollective() throws Exception {
        assertTableWithoutWarnings(run(240, args(List.of("-jar", MpiRun.jar().toString(),
                "osu_allreduce"))), "Allreduce Latency Test");
    }

    @Test
    void theJarFormOfANettyBenchmark() throws Exception {
        MpiRun.Result r = run(240, args(List.of("-jar", MpiRun.jar().toString(),
                "OSUNettyBandwidth")));
        assertTableWithoutWarnings(r, "Bandwidth Test over Netty");
        assertTrue(r.stdout().contains("pooled direct buffers (no sun.misc.Unsafe)"), r.all());
    }

    @Test
    void theClassFormWithTheFlag() throws Exception {
        assertTableWithoutWarnings(run(240, args(List.of("--enable-native-access=ALL-UNNAMED",
                "-cp", MpiRun.jar().toString(), "mpi.pt2pt.OSUBandwidth"))), "Bandwidth Test");
    }

    /** Every benchmark of every group (transport's Netty too) with small sizes, in one job. */
    @Test
    void theSuiteOfAllBenchmarks() throws Exception {
        MpiRun.Result r = run(SUITE_SECONDS, args(List.of("-jar", MpiRun.jar().toString(),
                "suite", "all")));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), warnings(r), r.all());
        List<String> summary = r.stdout().lines().filter(l -> l.matches("# (ran|passed) .*"))
                .toList();
        long tables = r.stdout().lines().filter(l -> l.startsWith("# OSU MPI-Java ")
                && !l.startsWith("# OSU MPI-Java Suite")).count();
        assertTrue(summary.size() >= 50, "most benchmarks run on 2 ranks\n" + r.all());
        assertEquals(summary.size(), tables, "a table per run\n" + r.all());
        assertTrue(summary.stream().anyMatch(l -> l.contains("OSUNettyLatency")), r.all());
    }

    /**
     * README.md's commands that run from a clone on one machine ({@code mpirun -np N java ...}
     * on target/omb-j.jar), typed as written with JDK 25 as {@code java}, but for small sizes
     * appended to keep the run short (sizes do not change what the JVM warns about), where the
     * command does not set its iterations itself ({@code --precision}).
     */
    @Test
    void theReadmesCommandsPrintNoWarning() throws Exception {
        List<List<String>> commands = readmeCommands(Path.of("README.md"));
        assertTrue(commands.size() >= 2, "README.md's local commands: " + commands);
        for (List<String> command : commands) {
            int np = Integer.parseInt(command.get(2));
            List<String> javaArgs = new ArrayList<>();
            for (String word : command.subList(4, command.size())) {
                javaArgs.add(word.equals("target/omb-j.jar") ? MpiRun.jar().toString() : word);
            }
            // --precision sets the iterations itself (and refuses -i): its recipe runs as printed.
            if (!command.contains("--precision")) {
                javaArgs.addAll(List.of(SMALL));
            }
            MpiRun.Result r = MpiRun.runJava(java, np, javaArgs, SUITE_SECONDS);
            assertEquals(0, r.exitCode(), command + "\n" + r.all());
            assertTrue(r.stdout().contains("# OSU MPI-Java "), command + "\n" + r.all());
            assertEquals(List.of(), warnings(r), command + "\n" + r.all());
        }
    }

    /**
     * @return the commands in README.md's code blocks that start {@code mpirun -np N java}
     *         and run target/omb-j.jar, as words (a leading "$ " and continuation lines joined)
     */
    static List<List<String>> readmeCommands(Path readme) throws Exception {
        List<List<String>> commands = new ArrayList<>();
        boolean inCode = false;
        StringBuilder line = new StringBuilder();
        for (String raw : Files.readAllLines(readme, StandardCharsets.UTF_8)) {
            if (raw.startsWith("```")) {
                inCode = !inCode;
                continue;
            }
            if (!inCode) {
                continue;
            }
            String text = raw.strip();
            line.append(text.endsWith("\\") ? text.substring(0, text.length() - 1) + " " : text);
            if (text.endsWith("\\")) {
                continue;
            }
            String command = line.toString().replaceFirst("^\\$ ", "").strip();
            line.setLength(0);
            List<String> words = List.of(command.split(" +"));
            if (words.size() > 4 && words.get(0).equals("mpirun") && words.get(1).equals("-np")
                    && words.get(3).equals("java") && words.contains("target/omb-j.jar")) {
                commands.add(words);
            }
        }
        return commands;
    }
}
