package mpi.prerequisites;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

/**
 * scripts/test.sh's check as a user meets it: the script run on a PATH of stand-ins (a stand-in
 * answers as the tool would; mvn, apt-get and sudo write down that they were called), a JDK 17
 * as JAVA_HOME, a JDK 25 in a folder of JDKs and a package index served here. With all there,
 * {@code --check-only} passes in seconds and names the JDK; with each prerequisite taken away
 * in turn, test.sh itself (no {@code --check-only}) stops in seconds on one line naming it,
 * exit 1, having started neither Maven nor an install.
 */
class TestShCheckTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath();
    /** Seconds a check may take on a loaded machine: it compiles one file and asks a few tools. */
    private static final long SECONDS = 30;

    @TempDir
    Path dir;

    private Path bin;
    private Path calls;
    private Path jdk25;
    private HttpServer index;
    private final Map<String, String> env = new HashMap<>();

    @BeforeEach
    void everything() throws IOException {
        bin = Files.createDirectories(dir.resolve("bin"));
        calls = dir.resolve("calls");
        // The real tools the scripts use themselves.
        for (String tool : List.of("bash", "dirname", "head", "grep")) {
            standIn(tool, "exec '" + which(tool) + "' \"$@\"");
        }
        for (String tool : List.of("mvn", "apt-get", "sudo")) {
            standIn(tool, "echo \"" + tool + " $*\" >> '" + calls + "'\nexit 0");
        }
        for (String tool : List.of("gcc", "python3", "mpicc", "mpirun", "mpicc.mpich",
                "mpiexec.mpich", "ip", "unshare", "setpriv", "hostname")) {
            standIn(tool, "exit 0");
        }
        standIn("fc-list", "echo '/usr/share/fonts/DejaVuSans.ttf: DejaVu Sans:style=Book'");
        standIn("ldconfig", "printf '\\tlibfabric.so.1 (libc6,x86-64) => /lib/libfabric.so.1\\n'");
        standIn("id", "echo 0");

        // JAVA_HOME a JDK 17 whose java is this JVM's; a JDK 25 in the folder of JDKs.
        Path jdk17 = PrerequisiteCheckTest.jdk(dir.resolve("jdk-17"), "17.0.15", true);
        Files.writeString(jdk17.resolve("bin/java"), "#!/bin/sh\nexec '"
                + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
        jdk25 = PrerequisiteCheckTest.jdk(dir.resolve("jdks/jdk-25"), "25.0.3", true);

        index = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        index.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        index.start();

        env.put("PATH", bin.toString());
        env.put("HOME", Files.createDirectories(dir.resolve("home")).toString());
        env.put("JAVA_HOME", jdk17.toString());
        env.put("OMBJ_JDK_DIRS", dir.resolve("jdks").toString());
        // No wheel installed yet: python3 and the index are needed.
        env.put("OMBJ_MPI_DIR", dir.resolve("mpi").toString());
        env.put("PIP_INDEX_URL", "http://127.0.0.1:" + index.getAddress().getPort() + "/simple/");
    }

    @AfterEach
    void stopIndex() {
        index.stop(0);
    }

    @Test
    void withEverythingTheCheckAlonePassesAndNamesTheJdk() throws Exception {
        Result r = run("--check-only");
        assertEquals(0, r.exit, r.all());
        assertEquals("", r.out, "--check-only prints nothing on stdout:\n" + r.all());
        List<String> lines = r.err.lines().toList();
        assertEquals(1, lines.size(), r.all());
        assertTrue(lines.get(0).startsWith("test.sh: prerequisites present; FFM tests on JDK"
                + " 25.0.3 (" + jdk25 + ")"), r.all());
        assertTrue(lines.get(0).contains("wheels openmpi5 mpich5 impi"), r.all());
        assertNothingCalled(r);
    }

    @Test
    void noJava() throws Exception {
        env.put("JAVA_HOME", dir.resolve("none").toString());
        assertStopsOn("test.sh: no java (JAVA_HOME/bin/java, PATH): Maven builds and tests OMB-J"
                + " on a JDK 17 or later");
    }

    @Test
    void noMaven() throws Exception {
        Files.delete(bin.resolve("mvn"));
        assertStopsOn("test.sh: no mvn on PATH: Maven 3 builds OMB-J and runs its tests");
    }

    @Test
    void noGcc() throws Exception {
        Files.delete(bin.resolve("gcc"));
        assertStopsOn("test.sh: no gcc on PATH: mpicc compiles the JNI library");
    }

    @Test
    void noJdk22() throws Exception {
        env.put("OMBJ_JDK_DIRS", Files.createDirectories(dir.resolve("empty")).toString());
        assertStopsOn("test.sh: no JDK 22 or later for the FFM backend's tests (looked at"
                + " JAVA_HOME and in " + dir.resolve("empty") + ")");
    }

    @Test
    void noPython() throws Exception {
        Files.delete(bin.resolve("python3"));
        assertStopsOn("test.sh: no python3 on PATH: scripts/install-mpi.sh makes a venv with it");
    }

    @Test
    void anIndexThatDoesNotAnswer() throws Exception {
        env.put("PIP_INDEX_URL", "http://127.0.0.1:9/");
        assertStopsOn("test.sh: the package index http://127.0.0.1:9/ does not answer (connection"
                + " refused)");
    }

    @Test
    void notRootAndNoSudoWithAPackageToInstall() throws Exception {
        standIn("id", "echo 1000");
        Files.delete(bin.resolve("sudo"));
        // install-deps.sh installs hostname when there is none
        Files.delete(bin.resolve("hostname"));
        String line = assertStopsOn("test.sh: not root, and no sudo without a password: apt-get"
                + " needs root to install hostname");
        assertTrue(line.contains("'sudo -v' first"), line);
    }

    // test.sh as a user runs it stops in seconds on exactly one line starting with start.
    private String assertStopsOn(String start) throws Exception {
        Result r = run("-Dit.test=NoSuchIT");
        assertEquals(1, r.exit, r.all());
        List<String> lines = r.err.lines().toList();
        assertEquals(1, lines.size(), r.all());
        assertTrue(lines.get(0).startsWith(start), r.all());
        assertEquals("", r.out, r.all());
        assertNothingCalled(r);
        return lines.get(0);
    }

    private void assertNothingCalled(Result r) throws IOException {
        assertFalse(Files.exists(calls), "called:\n" + (Files.exists(calls)
                ? Files.readString(calls) : "") + "\n" + r.all());
    }

    private Result run(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(which("bash").toString(),
                PROJECT.resolve("scripts/test.sh").toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(env);
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        long start = System.nanoTime();
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean ended = p.waitFor(SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly();
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        Result r = new Result(ended ? p.exitValue() : -1,
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        assertTrue(ended, "no end in " + SECONDS + " s:\n" + r.all());
        assertTrue(seconds < SECONDS, seconds + " s:\n" + r.all());
        return r;
    }

    private void standIn(String tool, String body) throws IOException {
        Path file = bin.resolve(tool);
        Files.deleteIfExists(file);
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        assertTrue(file.toFile().setExecutable(true));
    }

    private static Path which(String tool) {
        for (String folder : System.getenv("PATH").split(":")) {
            Path file = Path.of(folder, tool);
            if (Files.isExecutable(file)) {
                return file;
            }
        }
        throw new AssertionError("no " + tool + " on PATH");
    }

    private static final class Result {
        final int exit;
        final String out;
        final String err;

        Result(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }

        String all() {
            return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }
}
