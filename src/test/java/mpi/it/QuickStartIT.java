package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * README's run command, scripts/quickstart.sh, as a cluster user runs it: an MPI already on
 * PATH (as {@code module load} leaves it) and no root: {@code sudo} and {@code apt-get} are
 * stand-ins that record their call and fail. The quick start must build and print every table
 * without calling either; with no MPI to be found it must stop on one line that says what to do.
 * It runs on a copy of the sources, so its build does not touch this build's target/.
 */
class QuickStartIT {
    private static final Path PROJECT = Paths.get(System.getProperty("user.dir"));
    private static final long TIMEOUT_SECONDS = 900;
    /** README's quick start command, which this test runs (ReadmeCommandsIT holds README to it). */
    static final String SCRIPT = "scripts/quickstart.sh";

    /** Folders not copied: build output and git's own. */
    private static final List<String> NOT_COPIED = List.of("target", ".git");

    /**
     * With the default JDK, and with JDK 25 as {@code java} (first on PATH, and JAVA_HOME, as
     * a user who switched JDKs has them): no WARNING line from the benchmarks' JVMs (JEP 472)
     * nor from Maven's own (JEP 498).
     */
    @ParameterizedTest(name = "java: {0}")
    @ValueSource(strings = {"default", "jdk25"})
    void runsWithAnMpiOnPathAndNoSudo(String jdk, @TempDir Path tmp) throws Exception {
        Path copy = copySources(tmp.resolve("omb-j"));
        Path calls = tmp.resolve("calls");
        Path bin = failingInstallers(tmp.resolve("bin"), calls);
        String path = bin + ":" + System.getenv("PATH");
        String javaHome = null;
        if (jdk.equals("jdk25")) {
            javaHome = System.getProperty("ombj.jdk25.home", "/usr/lib/jvm/temurin-25-jdk-amd64");
            if (!Files.isExecutable(Paths.get(javaHome, "bin", "java"))) {
                throw new AssertionError("no JDK 25 at " + javaHome + ": name one with"
                        + " mvn -Djdk25.home=/path/to/jdk-25 verify");
            }
            path = bin + ":" + javaHome + "/bin:" + System.getenv("PATH");
        }
        Result r = run(List.of("bash", copy.resolve(SCRIPT).toString(),
                "-m", "1:8", "-i", "20", "-x", "2"), path, javaHome);
        assertEquals(0, r.exitCode, r.all());
        assertFalse(Files.exists(calls), "sudo or apt-get was called:\n" + readIfThere(calls)
                + "\n" + r.all());
        for (String api : List.of("buffer", "arrays")) {
            for (String title : List.of("Latency Test", "Bandwidth Test", "Bi-Directional Bandwidth Test",
                    "Multi Latency Test")) {
                assertTrue(r.stdout.contains("# OSU MPI-Java " + title + " v7.4 (" + api + " API)"),
                        title + ", " + api + " API:\n" + r.all());
            }
        }
        assertFalse(r.all().contains("WARNING"), r.all());
    }

    @Test
    void noMpiAndNoInstallerSaysWhatToDo(@TempDir Path tmp) throws Exception {
        Path calls = tmp.resolve("calls");
        Path bin = failingInstallers(tmp.resolve("bin"), calls);
        // A PATH with the shell's tools, java and mvn, but no mpicc or mpirun.
        for (String tool : List.of("bash", "id", "java", "mvn", "head", "readlink", "dirname")) {
            executable(bin.resolve(tool), "#!" + which("bash") + "\nexec '" + which(tool) + "' \"$@\"\n");
        }
        Result r = run(List.of(which("bash").toString(),
                PROJECT.resolve("scripts/install-deps.sh").toString()), bin.toString());
        assertEquals(1, r.exitCode, r.all());
        List<String> lines = r.stderr.lines().filter(l -> !l.isBlank()).toList();
        assertTrue(lines.get(lines.size() - 1).startsWith(
                "install-deps.sh: no MPI on PATH (mpicc and mpirun) and "), r.all());
        assertTrue(lines.get(lines.size() - 1).contains("module load"), r.all());
    }

    /** Copies the project's sources, not its build output nor git's folder, to {@code to}. */
    static Path copySources(Path to) throws IOException {
        try (Stream<Path> files = Files.walk(PROJECT)) {
            for (Path from : (Iterable<Path>) files::iterator) {
                Path rel = PROJECT.relativize(from);
                if (rel.toString().isEmpty() || skipped(rel)) {
                    continue;
                }
                Path target = to.resolve(rel.toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(from, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }

    private static boolean skipped(Path rel) {
        for (Path part : rel) {
            if (NOT_COPIED.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }

    /** sudo, apt-get and apt that append their command line to {@code calls} and fail. */
    private static Path failingInstallers(Path bin, Path calls) throws IOException {
        Files.createDirectories(bin);
        for (String name : List.of("sudo", "apt-get", "apt")) {
            executable(bin.resolve(name), "#!/bin/sh\necho \"" + name + " $*\" >> '" + calls + "'\n"
                    + "echo \"" + name + ": not allowed here\" >&2\nexit 1\n");
        }
        return bin;
    }

    private static void executable(Path script, String text) throws IOException {
        Files.writeString(script, text);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Path which(String tool) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path p = Paths.get(dir, tool);
            if (Files.isExecutable(p)) {
                return p.toAbsolutePath();
            }
        }
        throw new IllegalStateException(tool + " is not on PATH");
    }

    private static String readIfThere(Path p) throws IOException {
        return Files.exists(p) ? Files.readString(p) : "";
    }

    private record Result(int exitCode, String stdout, String stderr) {
        String all() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    private static Result run(List<String> cmd, String path) throws IOException, InterruptedException {
        return run(cmd, path, null);
    }

    /** @param javaHome JAVA_HOME for the command, or null to leave it as it is */
    private static Result run(List<String> cmd, String path, String javaHome)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PATH", path);
        if (javaHome != null) {
            pb.environment().put("JAVA_HOME", javaHome);
        }
        Path out = Files.createTempFile("quickstart", ".out");
        Path err = Files.createTempFile("quickstart", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
                throw new AssertionError("hung for " + TIMEOUT_SECONDS + " s: " + cmd + "\n"
                        + Files.readString(out, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
