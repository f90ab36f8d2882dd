package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding refuses misuse and never crashes: {@link MisuseProbe} throws random arguments
 * (counts, datatypes, buffers of every kind, freed communicators, requests, windows) at its
 * public methods on 2 ranks under {@code -Xcheck:jni}. Every call works or throws a clear
 * exception, no JVM dies (no {@code hs_err_pid} file), nothing hangs and the JNI checker stays
 * silent. The seed changes from run to run and is in every failure message; set
 * {@code -Dombj.misuse.seed=N} to replay one.
 */
class MisuseIT {
    private static final int CASES = 40;
    private static final Pattern SUMMARY =
            Pattern.compile("^MISUSE rank (\\d): (\\d+) calls, (\\d+) worked, (\\d+) threw .*$");

    @Test
    void everyCallWorksOrThrowsClearly(@TempDir Path dir) throws Exception {
        long seed = Long.getLong("ombj.misuse.seed", System.nanoTime());
        Path cwd = Paths.get("").toAbsolutePath();
        List<Path> crashesBefore = hsErrFiles(cwd);
        String classPath = MpiRun.jar() + File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath();
        MpiRun.Result r = MpiRun.run(2, List.of("-XX:ErrorFile=" + dir.resolve(
                "hs_err_pid%p.log")), classPath, "mpi.it.MisuseProbe", Long.toString(seed),
                Integer.toString(CASES));
        String context = "seed " + seed + " (-Dombj.misuse.seed=" + seed + ")\n" + r.all();

        assertEquals(List.of(), hsErrFiles(dir), context);
        assertEquals(crashesBefore, hsErrFiles(cwd), context);
        assertEquals(List.of(), r.stdoutLines().stream().filter(l -> l.startsWith("FAIL"))
                .toList(), context);
        assertEquals(0, r.exitCode(), context);
        assertEquals(List.of(), r.warnings(), context);
        int summaries = 0;
        for (String line : r.stdoutLines()) {
            Matcher m = SUMMARY.matcher(line);
            if (m.matches()) {
                summaries++;
                // Both outcomes happen plenty: the cases are neither all valid nor all wrong.
                assertTrue(Integer.parseInt(m.group(3)) > 500, line + "\n" + context);
                assertTrue(Integer.parseInt(m.group(4)) > 500, line + "\n" + context);
            }
        }
        assertEquals(2, summaries, context);
    }

    private static List<Path> hsErrFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("hs_err_pid"))
                    .sorted().toList();
        }
    }
}
