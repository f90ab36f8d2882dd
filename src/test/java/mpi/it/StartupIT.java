package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The start-up programs under real mpirun, with -Xcheck:jni: output, values, options. */
class StartupIT {
    private static final Pattern TIMES = Pattern.compile(
            "min: (\\d+) ms, max: (\\d+) ms, avg: (\\d+) ms");

    /** @return min, max, avg of a line's times, checked min <= avg <= max */
    private static long[] times(String line) {
        Matcher m = TIMES.matcher(line);
        assertTrue(m.find(), line);
        long min = Long.parseLong(m.group(1));
        long max = Long.parseLong(m.group(2));
        long avg = Long.parseLong(m.group(3));
        assertTrue(0 <= min && min <= avg && avg <= max, "0 <= min <= avg <= max: " + line);
        return new long[] {min, max, avg};
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void initPrintsCsLineAndTheJavaStartUp(int np) throws Exception {
        MpiRun.Result r = MpiRun.run(np, "mpi.startup.OSUInit");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.stdout().startsWith("# OSU MPI-Java Init Test v7.4\n" + MpiRun.OURS_BINDING),
                r.all());
        List<String> lines = r.stdoutLines();
        assertEquals(7, lines.size(), r.all()); // 6 lines and the final newline
        assertTrue(lines.get(1).startsWith("nprocs: " + np + ", min: "), r.all());
        long[] init = times(lines.get(1));
        assertEquals("# Java start-up, not in C OMB (ms over ranks):", lines.get(2));
        assertTrue(lines.get(3).startsWith("library load (mpi.MPI): "), r.all());
        assertTrue(lines.get(4).startsWith("JVM start to main: "), r.all());
        assertTrue(lines.get(5).startsWith("JVM start to MPI.Init end: "), r.all());
        long[] library = times(lines.get(3));
        long[] toMain = times(lines.get(4));
        long[] total = times(lines.get(5));
        // Each rank's total holds its own main, library load and Init, whole ms truncated.
        assertTrue(total[1] >= init[1] && total[1] >= library[1] && total[1] >= toMain[1],
                "the longest start-up is at least its longest part\n" + r.all());
        assertTrue(total[0] > 0 && total[1] < 240_000, "plausible start-up\n" + r.all());
        assertEquals("", lines.get(6));
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void helloCountsTheProcesses(int np) throws Exception {
        MpiRun.Result r = MpiRun.run(np, "mpi.startup.OSUHello");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertEquals(List.of("# OSU MPI-Java Hello World Test v7.4",
                "This is a test with " + np + " processes", ""), r.stdoutLines(), r.all());
        assertTrue(r.stdout().contains("\n" + MpiRun.OURS_BINDING), r.all());
    }

    @Test
    void helpAndVersion() throws Exception {
        MpiRun.Result help = MpiRun.run(2, "mpi.startup.OSUInit", "-h");
        assertEquals(0, help.exitCode(), help.all());
        assertTrue(help.stdout().startsWith("Usage: OSUInit [options]\nOSU MPI-Java Init Test: "),
                help.all());
        assertEquals(1, help.stdout().split("Usage:").length - 1, "printed once\n" + help.all());
        MpiRun.Result version = MpiRun.run(2, "mpi.startup.OSUHello", "-v");
        assertEquals(0, version.exitCode(), version.all());
        assertTrue(version.stdout().startsWith("OSU MPI-Java Micro-Benchmarks v7.4 (OMB-J "),
                version.all());
    }

    @Test
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void unknownOptionIsOneLineAndExitsOne() throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.startup.OSUInit", "-I");
        assertEquals(1, r.exitCode(), r.all());
        assertEquals("", r.stdout(), r.all());
        List<String> ours = r.stderr().lines().filter(l -> l.startsWith("OSUInit")).toList();
        assertEquals(List.of("OSUInit: unknown option -I; run with -h for usage"), ours, r.all());
        assertTrue(!r.stderr().contains("Exception"), r.all());
    }
}
