package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CompareArgsTest {
    private static CompareOptions parse(String... args) throws BadArgumentException {
        return CompareArgs.parse(args, Fixtures.settings());
    }

    @Test
    void defaults() throws BadArgumentException {
        CompareOptions o = parse();
        assertEquals(6, o.runs());
        assertEquals(2, o.np());
        assertEquals("target/bench/compare.csv", o.csv());
        assertEquals(List.of(Bench.LATENCY, Bench.BW, Bench.BIBW, Bench.BCAST, Bench.ALLREDUCE),
                o.benches().stream().map(CompareOptions.Plan::bench).toList());
        assertEquals(List.of(8, 1 << 20), o.benches().get(0).sizes());
        assertEquals(List.of(64 << 10, 1 << 20, 4 << 20), o.benches().get(1).sizes());
        assertEquals(List.of("ombj"), o.bindings().stream().map(Binding::label).toList());
        assertTrue(o.singleBinding());
        assertFalse(o.help());
    }

    @Test
    void optionsAndBenchesInAnyOrderTheLastValueCounts() throws BadArgumentException {
        CompareOptions o = parse("bcast", "-n", "3", "-s", "1K", "-p", "4", "multi_lat", "-n7",
                "-o", "/tmp/x.csv", "-b", "ombj,ompi,mv=/a/b.jar");
        assertEquals(7, o.runs());
        assertEquals(4, o.np());
        assertEquals("/tmp/x.csv", o.csv());
        assertEquals(List.of(Bench.BCAST, Bench.MULTI_LAT), o.benches().stream().map(CompareOptions.Plan::bench).toList());
        assertEquals(List.of(1024), o.benches().get(1).sizes());
        assertEquals(List.of("ombj", "ompi", "mv"), o.bindings().stream().map(Binding::label).toList());
        assertFalse(o.singleBinding());
        assertEquals(4, Bench.BCAST.ranks(o.np()));
        assertEquals(2, Bench.LATENCY.ranks(o.np()));
    }

    @Test
    void aSizeRangeIsOneLaunchPerRun() throws BadArgumentException {
        CompareOptions.Plan p = parse("-s", "4:1K", "allreduce").benches().get(0);
        assertTrue(p.range());
        assertEquals(List.of(4, 8, 16, 32, 64, 128, 256, 512, 1024), p.sizes());
        assertEquals("4:1024", p.rangeArg());
        assertFalse(parse("-s", "4,1K", "allreduce").benches().get(0).range());
        BadArgumentException e = assertThrows(BadArgumentException.class, () -> parse("-s", "1:1K", "allreduce"));
        assertEquals("allreduce size 1 is below 4 bytes (one MPI_FLOAT)", e.getMessage());
    }

    @Test
    void emptySizesMeanTheDefaults() throws BadArgumentException {
        assertEquals(List.of(64 << 10, 1 << 20, 4 << 20), parse("-s", "", "bw").benches().get(0).sizes());
    }

    @Test
    void theSeedAndTheLevel() throws BadArgumentException {
        CompareOptions o = parse("--seed", "42", "--level", "0.9", "--seed", "007");
        assertEquals(7, o.seed()); // the last given counts
        assertEquals(0.9, o.level());
        assertEquals(999999999999999999L, parse("--seed", "999999999999999999").seed());
        assertEquals(0.995, parse("--level", ".995").level());
        CompareOptions drawn = parse();
        assertEquals(0.95, drawn.level());
        assertTrue(drawn.seed() >= 0 && drawn.seed() < RunOrder.SEED_BOUND, Long.toString(drawn.seed()));
    }

    @Test
    void help() throws BadArgumentException {
        assertTrue(parse("-h").help());
        assertTrue(parse("--help").help());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "-q                   | unknown option -q",
        "--runs 3             | unknown option --runs",
        "-n                   | option -n needs a value",
        "-s 8 -o              | option -o needs a value",
        "-n 0                 | bad run count '0' (a positive integer)",
        "-n -2                | bad run count '-2'",
        "-n 1234567           | bad run count '1234567'",
        "-n x                 | bad run count 'x'",
        "-p 1                 | bad process count '1' (at least 2)",
        "-p two               | bad process count 'two'",
        "pingpong             | unknown bench 'pingpong' (latency, bw, bibw, bcast, allreduce, multi_lat, put_latency, get_latency, put_bw, mbw_mr, latency_mt, latency_mt4)",
        "-p 3 multi_lat       | multi_lat needs an even process count, not 3",
        "-s 8,x latency       | bad size 'x'",
        "-s 8,,16 latency     | bad size ''",
        "-s 2 allreduce       | allreduce size 2 is below 4 bytes (one MPI_FLOAT)",
        "-b ompi,mpich        | unknown binding 'mpich'",
        "-b ombj,ombj         | binding 'ombj' given twice",
        "-b a=/x.jar,a=/y.jar | binding 'a' given twice",
        "--seed               | option --seed needs a value",
        "--seed x             | bad seed 'x' (a whole number of up to 18 digits, e.g. 42)",
        "--seed -1            | bad seed '-1'",
        "--seed 1.5           | bad seed '1.5'",
        "--seed 1234567890123456789 | bad seed '1234567890123456789'",
        "--level              | option --level needs a value",
        "--level 1            | bad level '1' (a confidence level between 0 and 1, e.g. 0.95)",
        "--level 0            | bad level '0'",
        "--level 95           | bad level '95'",
        "--level -0.5         | bad level '-0.5'",
        "--level 0.95d        | bad level '0.95d'",
        "--level NaN          | bad level 'NaN'",
        "--level 1e-1         | bad level '1e-1'",
    })
    void badInputIsOneLineAndExit2(String args, String message) {
        String[] argv = args.trim().split(" +");
        BadArgumentException e = assertThrows(BadArgumentException.class, () -> parse(argv));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Compare(Fixtures.env(), command -> {
            throw new AssertionError("nothing runs for bad input: " + command);
        }, print(out), print(err)).run(argv);
        assertEquals(2, code);
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("compare.sh: " + message), text);
        assertTrue(text.contains("\nUsage: scripts/compare.sh "), text);
        assertFalse(text.contains("Exception") || text.contains("\tat "), "no stack trace: " + text);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
