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
 * and no classes for Java 22 are written.
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
}
