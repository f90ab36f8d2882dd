package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The binding under real mpirun on 2 ranks, with -Xcheck:jni. */
class BindingIT {
    static final int CHECKS = 20;

    @Test
    void everyCheckPassesOnBothRanksWithoutJniWarnings() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.BindingProbe");
        assertEquals(0, r.exitCode(), r.all());
        List<String> pass = r.stdoutLines().stream().filter(l -> l.startsWith("PASS ")).collect(Collectors.toList());
        List<String> fail = r.stdoutLines().stream().filter(l -> l.startsWith("FAIL ")).collect(Collectors.toList());
        assertEquals(List.of(), fail, r.all());
        assertEquals(2 * CHECKS, pass.size(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
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
