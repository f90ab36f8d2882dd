package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build of the FFM backend (src/main/java22/build.sh, run by {@code mvn package}) with no
 * JDK 22 or later at hand: one line says it was skipped and why, the build goes on (exit 0),
 * and no classes for Java 22 are written. The JMH project builds its FFM floors with the same
 * script, naming its sources and what they are.
 */
class FfmBuildTest {
    @Test
    void withoutJdk22TheBuildSaysOnceWhyAndGoesOn(@TempDir Path dir) throws Exception {
        // Maven on a JDK 17 (a folder as a JDK's: its release file and a javac), no other JDK
        Path jdk17 = dir.resolve("jdk-17");
        Files.createDirectories(jdk17.resolve("bin"));
        Files.writeString(jdk17.resolve("release"), "JAVA_VERSION=\"17.0.15\"\n");
        Path javac = Files.writeString(jdk17.resolve("bin/javac"), "#!/bin/sh\nexit 1\n");
        assertTrue(javac.toFile().setExecutable(true));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Process p = new ProcessBuilder("bash", "src/main/java22/build.sh", jdk17.toString(),
                dir.resolve("no-such-jdk").toString(), classes.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertEquals(1, out.lines().count(), out);
        assertTrue(out.startsWith("[omb-j] FFM backend skipped: no JDK 22 or later"), out);
        assertTrue(out.contains("-Dffm.jdk="), out);
        assertFalse(Files.exists(classes.resolve("META-INF")), out);
    }

    @Test
    void theJmhFloorsSkippedAreNamedAsThemselves(@TempDir Path dir) throws Exception {
        Path sources = Files.createDirectories(dir.resolve("java22"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Result r = build(dir, classes, sources.toString(), "JMH programs' FFM floors");
        assertEquals(0, r.exit, r.out);
        assertEquals(1, r.out.lines().count(), r.out);
        assertTrue(r.out.startsWith("[omb-j] JMH programs' FFM floors skipped: no JDK 22"), r.out);
        assertFalse(r.out.contains("JNI backend"), r.out);
    }

    @Test
    void aMissingSourcesFolderIsOneErrorLine(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Result r = build(dir, classes, dir.resolve("none").toString(), "floors");
        assertEquals(1, r.exit, r.out);
        assertEquals("error: no sources folder " + dir.resolve("none"), r.out.strip());
    }

    private record Result(int exit, String out) {
    }

    /** build.sh with sources and a name, Maven on a JDK 17 and no other JDK. */
    private static Result build(Path dir, Path classes, String sources, String what)
            throws Exception {
        Path jdk17 = dir.resolve("jdk-17");
        Files.createDirectories(jdk17.resolve("bin"));
        Files.writeString(jdk17.resolve("release"), "JAVA_VERSION=\"17.0.15\"\n");
        Path javac = Files.writeString(jdk17.resolve("bin/javac"), "#!/bin/sh\nexit 1\n");
        assertTrue(javac.toFile().setExecutable(true));
        Process p = new ProcessBuilder("bash", "src/main/java22/build.sh", jdk17.toString(),
                dir.resolve("no-such-jdk").toString(), classes.toString(), sources, what)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        return new Result(p.exitValue(), out);
    }
}
