package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input under real mpirun: one line naming the problem and pointing to -h, printed once,
 * a non-zero exit, every rank gone (MpiRun fails a run that hangs), no stack trace.
 */
class BadInputIT {
    @ParameterizedTest(name = "{0} on {1} ranks: {2}")
    @CsvSource(delimiter = '|', value = {
        "OSULatency      | 2 | -q                 | -q",
        "OSULatency      | 2 | -m abc             | abc",
        "OSULatency      | 2 | -m 8:4             | 8:4",
        "OSULatency      | 2 | -m 1:2:3           | 1:2:3",
        "OSULatency      | 2 | -i 0               | -i",
        "OSULatency      | 2 | -i ten             | ten",
        "OSULatency      | 2 | -x -5              | -x",
        "OSUBandwidth    | 2 | -W 0               | -W",
        "OSULatency      | 2 | -W 4               | -W",
        "OSULatency      | 2 | -a heap            | heap",
        "OSULatency      | 2 | --jit-warmup maybe | --jit-warmup",
        "OSULatency      | 2 | -m 1073741824      | 1073741824",
        "OSUBandwidth    | 2 | -M 1024 -m 4096    | 4096",
        "OSULatency      | 2 | -M lots            | lots",
        "OSULatency      | 3 |                    | 3",
        "OSUBiBandwidth  | 1 |                    | 1",
        "OSUMultiLatency | 3 |                    | 3",
        "OSULatency      | 2 | --stats --level 95 | '95'",
    })
    void rejectedWithOneLine(String bench, int np, String args, String named) throws Exception {
        assertRejected("mpi.pt2pt", bench, np, args, named);
    }

    @ParameterizedTest(name = "{0} on {1} ranks: {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "OSUGather       | 2 | -k x               | 'x'",
        "OSUGather       | 2 | -k -1              | '-1'",
        "OSUBcast        | 3 | -k 3               | root 3",
        "OSUScatterv     | 2 | -k 2 -c            | root 2",
        "OSUAllReduce    | 2 | -k 1               | -k",
        "OSUAlltoall     | 2 | -T foo             | foo",
        "OSUReduce       | 2 | -T Float           | Float",
        "OSUAllgather    | 2 | -z 0               | '0'",
        "OSUAllgather    | 2 | -z 101             | 101",
        "OSUBarrier      | 2 | -z a               | 'a'",
        "OSULatency      | 2 | -z 50,,90          | 50,,90",
        "OSUBarrier      | 2 | -l                 | -l",
        "OSUBcast        | 2 | -l                 | -l",
        "OSUBarrier      | 2 | -c                 | -c",
        "OSUBarrier      | 2 | -m 4               | -m",
        "OSUGatherv      | 2 | -W 4               | -W",
        "OSUGather       | 2 | -m 1:3 -T int      | int",
        "OSUGather       | 2 | -M 1000 -m 1024:4096 | 1000",
        "OSUAlltoallv    | 1 |                    | 1",
        "OSUBcast        | 2 | -t 4               | -t",
        "OSUIbcast       | 2 | -t 0               | '0'",
        "OSUIallReduce   | 2 | -t x               | 'x'",
        "OSUIbarrier     | 2 | -l                 | -l",
        "OSUIgatherv     | 3 | -k 5               | root 5",
        "OSULatency      | 2 | -a objects -S foo  | 'foo'",
        "OSULatency      | 2 | -S kryo            | -S needs -a objects",
        "OSULatency      | 2 | -a objects -T int  | -T with -a objects",
        "OSUReduce       | 2 | -a objects         | mpi4py",
        "OSUIbcast       | 2 | -a objects         | non-blocking",
        "OSUShuffle      | 2 | --stats            | --stats: a shuffle's rows",
    })
    void collectiveOptionsRejectedWithOneLine(String bench, int np, String args, String named)
            throws Exception {
        String pkg = bench.equals("OSULatency") ? "mpi.pt2pt"
                : bench.equals("OSUShuffle") ? "mpi.bigdata" : "mpi.collective";
        assertRejected(pkg, bench, np, args, named);
    }

    private static void assertRejected(String pkg, String bench, int np, String args,
            String named) throws Exception {
        String[] argv = args == null ? new String[0] : args.trim().split(" +");
        MpiRun.Result r = MpiRun.run(np, pkg + "." + bench, argv);
        assertNotEquals(0, r.exitCode(), r.all());
        List<String> ours = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith(bench + ": ")).collect(Collectors.toList());
        assertEquals(1, ours.size(), "exactly one error line\n" + r.all());
        String line = ours.get(0);
        assertTrue(line.contains(named), "the line names the problem (" + named + "): " + line);
        assertTrue(line.contains("-h"), "the line points to -h: " + line);
        assertFalse(r.all().contains("Exception") || r.all().contains("\tat "), "no stack trace\n" + r.all());
        assertEquals("", r.stdout().trim(), "no table for bad input\n" + r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }

    @ParameterizedTest(name = "{0} prints help and exits 0")
    @CsvSource({"-h", "-v"})
    void helpAndVersionExitZeroOnce(String flag) throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.pt2pt.OSULatency", flag);
        assertEquals(0, r.exitCode(), r.all());
        String expected = flag.equals("-h") ? "Usage" : "OSU MPI-Java Micro-Benchmarks v7.4";
        assertEquals(1, r.stdout().split(expected, -1).length - 1, "printed once\n" + r.all());
        if (flag.equals("-v")) {
            assertTrue(r.stdout().contains("\n" + MpiRun.OURS_BINDING),
                    "-v names the binding\n" + r.all());
        }
    }

    /**
     * The jar's launcher, given a name that is no program, on 3 ranks (the launcher ends the
     * job at the first failing exit, so a silent rank must not exit before rank 0 has spoken):
     * its one line, every time, exit 1. Repeated, since the race it guards against is timing.
     */
    @ParameterizedTest(name = "unknown program, run {0}")
    @CsvSource({"1", "2", "3"})
    void unknownProgramIsOneLineFromRankZero(int run) throws Exception {
        MpiRun.Result r = MpiRun.runJava(java.nio.file.Paths.get(System.getProperty("java.home"),
                "bin", "java"), 3, List.of("-Xcheck:jni", "-jar", MpiRun.jar().toString(),
                "osu_latenc", "-m", "8:8"), 120);
        assertEquals(1, r.exitCode(), r.all());
        List<String> ours = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith("omb-j.jar: ")).collect(Collectors.toList());
        assertEquals(List.of("omb-j.jar: unknown program 'osu_latenc' (nearest: osu_latency,"
                + " osu_latency_mt, osu_latency_persistent); run 'java -jar omb-j.jar -h' for"
                + " the list"), ours, r.all());
        assertEquals("", r.stdout().trim(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
