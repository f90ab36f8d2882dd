package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Non-blocking point-to-point calls on Java arrays, validated ({@code -c}), while another thread of every
 * rank's JVM allocates hard and calls {@code System.gc()} ({@link GcPressure}), in a small
 * heap ({@code -Xmx64m}), on OSUBandwidth (G1) and OSUBiBandwidth (Parallel, Z): the binding stages
 * arrays into native memory, so the collector may move them at any time. Every row passes
 * validation, the JVMs do not crash (no {@code hs_err_pid} file), {@code -Xcheck:jni} stays
 * silent, and collections really happened while the benchmark ran.
 */
class GcPressureIT {
    private static final Pattern REPORT = Pattern.compile("^" + GcPressure.REPORT
            + "(\\d+), rows (\\d+), collections between the first and last row (\\d+),"
            + " allocated (\\d+) MiB$");

    static Stream<Arguments> runs() {
        // One benchmark per collector: both stage arrays through the same non-blocking calls,
        // and a run of each under each collector cost CI minutes for no other path.
        // No JIT warm-up: its rounds would add seconds of the same calls, not another path.
        List<String> sizes = List.of("-m", "1:32768", "-i", "10", "-x", "2", "--jit-warmup",
                "off");
        return Stream.of(Arguments.of("-XX:+UseG1GC", "mpi.pt2pt.OSUBandwidth", sizes),
                Arguments.of("-XX:+UseParallelGC", "mpi.pt2pt.OSUBiBandwidth", sizes),
                Arguments.of("-XX:+UseZGC", "mpi.pt2pt.OSUBiBandwidth", sizes));
    }

    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("runs")
    void arraysSurviveGarbageCollection(String collector, String benchmark, List<String> sizes,
            @TempDir Path dir) throws Exception {
        Path cwd = Paths.get("").toAbsolutePath();
        List<Path> crashesBefore = hsErrFiles(cwd);
        List<String> args = new ArrayList<>(List.of(benchmark, "-a", "arrays", "-c"));
        args.addAll(sizes);
        String classPath = MpiRun.jar() + File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath();
        MpiRun.Result r = MpiRun.run(2, List.of("-Xmx64m", collector,
                "-XX:ErrorFile=" + dir.resolve("hs_err_pid%p.log")), classPath,
                "mpi.it.GcPressure", args.toArray(new String[0]));

        assertEquals(List.of(), hsErrFiles(dir), r.all());
        assertEquals(crashesBefore, hsErrFiles(cwd), r.all());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        int rows = 0;
        int reports = 0;
        int printers = 0;
        for (String line : r.stdout().split("\n")) {
            Matcher m = REPORT.matcher(line);
            if (m.matches()) {
                reports++;
                assertTrue(Long.parseLong(m.group(1)) > 0,
                        "no collection while the benchmark ran: " + line + "\n" + r.all());
                if (Integer.parseInt(m.group(2)) > 0) {
                    // The rank that printed the rows: collections between its first and last
                    // row happened while the timed loops of the other sizes ran.
                    printers++;
                    assertTrue(Long.parseLong(m.group(3)) > 0,
                            "no collection during the timed loops: " + line + "\n" + r.all());
                }
            } else if (!line.isEmpty() && !line.startsWith("#")) {
                rows++;
                assertTrue(line.matches("^\\d+ .* Pass$"), "row did not pass: '" + line + "'\n"
                        + r.all());
            }
        }
        assertEquals(2, reports, "one report per rank\n" + r.all());
        assertEquals(1, printers, "one rank prints the table\n" + r.all());
        assertTrue(rows >= 12, "too few rows\n" + r.all());
    }

    private static List<Path> hsErrFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("hs_err_pid"))
                    .sorted().toList();
        }
    }
}
