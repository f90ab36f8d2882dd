package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Dombj.nativeDir}: the folder the jar's native libraries are unpacked into instead of
 * java.io.tmpdir (for a cluster whose /tmp is mounted noexec), and a libombj.so on
 * java.library.path, which wins over the jar's: the JNI library's loading, under real mpirun.
 */
class NativeDirIT {
    private static final String[] SMALL = {"-m", "8", "-i", "20", "-x", "2"};

    @Test
    void theLibraryLoadsFromTheNamedFolderAndLeavesNothingThere(@TempDir Path dir)
            throws Exception {
        MpiRun.Result r = MpiRun.run(2, List.of("-Dombj.nativeDir=" + dir),
                MpiRun.jar().toString(), "mpi.pt2pt.OSULatency", SMALL);
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("# OSU MPI-Java Latency Test"), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "each rank's private folder is deleted");
        }
    }

    /**
     * /proc takes no new folder, whoever asks: each rank says so in one line (no exception
     * class), no JVM crash, exit code 1.
     */
    @Test
    void aFolderThatTakesNoFolderIsOneLineAndNoCrash() throws Exception {
        MpiRun.Result r = MpiRun.run(2, List.of("-Dombj.nativeDir=/proc"),
                MpiRun.jar().toString(), "mpi.pt2pt.OSULatency", SMALL);
        assertEquals(1, r.exitCode(), "a library that cannot load: MPI cannot start\n"
                + r.all());
        List<String> ours = r.stderr().lines().filter(l -> l.startsWith("OSULatency")).toList();
        assertFalse(ours.isEmpty(), r.all());
        for (String line : ours) {
            assertTrue(line.startsWith("OSULatency: error: -Dombj.nativeDir=/proc: cannot"
                    + " create a folder in it"), r.all());
        }
        assertFalse(r.all().contains("\tat ") || r.all().contains("java.lang."),
                "no stack trace, no exception class\n" + r.all());
        assertFalse(r.all().contains("hs_err") || r.all().contains("fatal error"), r.all());
        assertEquals("", r.stdout(), r.all());
    }

    @Test
    void libraryOnJavaLibraryPathTakesPrecedence(@TempDir Path dir) throws Exception {
        // A broken libombj.so on java.library.path must be the one loaded (and so fail),
        // proving that the copy inside the jar is only the fallback.
        Files.writeString(dir.resolve("libombj.so"), "not a library");
        MpiRun.Result r = MpiRun.run(1, List.of("-Djava.library.path=" + dir),
                MpiRun.jar().toString(), "mpi.pt2pt.OSULatency", "-m", "8");
        assertNotEquals(0, r.exitCode(), r.all());
        assertTrue(r.all().contains(dir.resolve("libombj.so").toString()), r.all());
    }
}
