package mpi.startup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import mpi.common.options.UsageException;
import mpi.startup.SpawnOptions.Method;

class SpawnOptionsTest {
    @Test
    void defaultsAreSmall() throws Exception {
        SpawnOptions o = SpawnOptions.parse();
        assertArrayEquals(new int[] {1, 2, 4}, o.counts());
        assertEquals(3, o.iterations());
        assertEquals(1, o.warmup());
        assertEquals(List.of(Method.MPI, Method.PROCESS), o.methods());
        assertEquals(StartupCommand.RUN, o.command());
    }

    @Test
    void countsAreARangeThatDoublesOrAList() throws Exception {
        assertArrayEquals(new int[] {1, 2, 4, 8}, SpawnOptions.parse("-n", "1:8").counts());
        assertArrayEquals(new int[] {3, 6}, SpawnOptions.parse("-n3:7").counts());
        assertArrayEquals(new int[] {1, 3, 5}, SpawnOptions.parse("--workers", "1,3,5").counts());
        assertArrayEquals(new int[] {2}, SpawnOptions.parse("-n", "4", "-n", "2").counts());
    }

    @Test
    void iterationsWarmUpAndMethods() throws Exception {
        SpawnOptions o = SpawnOptions.parse("-i", "5", "-x0", "--method", "process");
        assertEquals(5, o.iterations());
        assertEquals(0, o.warmup());
        assertEquals(List.of(Method.PROCESS), o.methods());
        assertEquals(List.of(Method.MPI), SpawnOptions.parse("--method", "mpi").methods());
        assertEquals(StartupCommand.HELP, SpawnOptions.parse("-n", "1", "-h").command());
        assertEquals(StartupCommand.VERSION, SpawnOptions.parse("-v").command());
    }

    @Test
    void badInputIsOneLine() {
        assertEquals("-n 0: a worker count is 1 to 1024, got 0", problem("-n", "0"));
        assertEquals("-n 0:2: a worker count is 1 to 1024, got 0", problem("-n", "0:2"));
        assertEquals("-n 4:2: MIN is above MAX", problem("-n", "4:2"));
        assertEquals("-n 2,1: the counts must increase", problem("-n", "2,1"));
        assertEquals("malformed -n '-1': expected MIN:MAX or N,N,..., e.g. -n 1:4 or -n 1,3",
                problem("-n", "-1"));
        assertEquals("-n 99999999999: a worker count is 1 to 1024, got 99999999999",
                problem("-n", "99999999999"));
        assertEquals("--method ssh: expected mpi, process or both", problem("--method", "ssh"));
        assertEquals("-i needs a positive integer, got '0'", problem("-i", "0"));
        assertEquals("-x needs a non-negative integer, got 'a'", problem("-x", "a"));
        assertEquals("-i needs a value", problem("-i"));
        assertEquals("unknown option -m", problem("-m", "1:4"));
        assertEquals("unknown option -hv", problem("-hv"));
        assertEquals("unexpected argument '3'", problem("3"));
    }

    private static String problem(String... args) {
        return assertThrows(UsageException.class, () -> SpawnOptions.parse(args)).getMessage();
    }
}
