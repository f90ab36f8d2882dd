package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import mpi.common.collective.Collective;
import mpi.common.data.DerivedLayout;
import mpi.common.pt2pt.PointToPointKind;

/** -u, -b, -D, -P and -I: C OMB 7.4's syntax and defaults, and one line for each refusal. */
class DataOptionsTest {
    private static DataOptions latency(String... args) throws UsageException {
        return new OptionParser(PointToPointKind.LATENCY).parse(args).data();
    }

    private static String error(String... args) {
        return assertThrows(UsageException.class,
                () -> new OptionParser(PointToPointKind.LATENCY).parse(args)).getMessage();
    }

    @Test
    void defaultsAreThoseOfCOmb() throws UsageException {
        DataOptions d = latency();
        assertEquals(0, d.validationWarmup(), "-u is forced to 0 without -c, as C");
        assertFalse(d.multipleBuffers());
        assertNull(d.derived());
        assertFalse(d.sessions());
        assertEquals(5, latency("-c").validationWarmup(), "C's default -u with -c");
    }

    @ParameterizedTest
    @CsvSource({"-u 0, 0", "-u 3, 3", "-u 10, 10", "-u3, 3"})
    void validationWarmupWithValidation(String option, int expected) throws UsageException {
        String[] args = (option + " -c").split(" ");
        assertEquals(expected, latency(args).validationWarmup());
        assertEquals(0, latency(option.split(" ")).validationWarmup(), "without -c: 0");
    }

    @Test
    void validationWarmupOutOfRangeIsOneLine() {
        assertEquals("-u 11 is too large (at most 10, as C OMB)", error("-c", "-u", "11"));
        assertTrue(error("-u", "-1").startsWith("-u needs a non-negative integer"));
        assertTrue(error("-u", "x").startsWith("-u needs a non-negative integer"));
    }

    @ParameterizedTest
    @CsvSource({"single, false", "multiple, true", "MULTIPLE, true", "Single, false"})
    void buffers(String value, boolean multiple) throws UsageException {
        assertEquals(multiple, latency("-b", value).multipleBuffers());
    }

    @Test
    void badBuffersIsOneLine() {
        assertEquals("-b needs single or multiple, got 'many'", error("-b", "many"));
    }

    @Test
    void derivedTypesAsCWritesThem() throws UsageException {
        assertEquals(DerivedLayout.Kind.CONTIGUOUS, latency("-D", "cont").derived().kind());
        DerivedLayout v = latency("-D", "vect:8:4").derived();
        assertEquals(DerivedLayout.Kind.VECTOR, v.kind());
        assertEquals(8, v.stride());
        assertEquals(4, v.block());
        assertEquals(DerivedLayout.Kind.VECTOR, latency("--ddt=VECT:4:2").derived().kind());
    }

    @Test
    void derivedTypeMistakesAreOneLine() {
        assertEquals("-D vect takes 2 values: vect:STRIDE:BLOCK, got 'vect'", error("-D", "vect"));
        assertEquals("-D vect takes 2 values: vect:STRIDE:BLOCK, got 'vect:8'",
                error("-D", "vect:8"));
        assertEquals("-D: the stride must be an integer of at least 1, got '0'",
                error("-D", "vect:0:0"));
        assertEquals("-D vect:4:8: the block length may not exceed the stride (blocks would"
                + " overlap)", error("-D", "vect:4:8"));
        assertEquals("-D needs cont, vect:STRIDE:BLOCK or indx:FILE, got 'struct'",
                error("-D", "struct"));
        assertTrue(error("-D", "indx:/no/such/file").startsWith("-D indx: cannot read"));
    }

    @Test
    void papiIsRefusedWithWhy() {
        assertEquals("-P: PAPI counters cannot be read from a JVM (no PAPI binding for Java);"
                + " count events with perf stat around the ranks instead",
                error("-P", "PAPI_TOT_INS"));
    }

    @Test
    void sessionsAreParsedAndRefusedOnceMpiRuns() throws UsageException {
        assertTrue(latency("-I").sessions());
        assertEquals("-I needs MPI sessions, which came with MPI 4.0; this MPI library"
                + " implements MPI 3.1", Sessions.refusal(3, 1));
        assertTrue(Sessions.refusal(4, 0).contains("no Session class"));
    }

    @Test
    void collectivesRepeatWithValidationAsC() throws UsageException {
        OptionParser allreduce = new OptionParser(mpi.common.collective.CollectiveSpec
                .blocking(Collective.ALLREDUCE));
        assertEquals(DataOptions.DEFAULT_VALIDATION_WARMUP,
                allreduce.parse("-c").data().validationWarmup());
        assertEquals(3, allreduce.parse("-c", "-u", "3").data().validationWarmup());
        assertEquals(0, allreduce.parse("-u", "3").data().validationWarmup(), "none without -c");
        assertEquals(2, new OptionParser(mpi.common.collective.CollectiveSpec.nonBlocking(
                Collective.BCAST)).parse("-c", "-u", "2").data().validationWarmup());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-b", "-D"})
    void refusedWhereNotTaken(String option) {
        // osu_allreduce takes neither (-b is pt2pt's; C refuses -D on reductions).
        String message = assertThrows(UsageException.class,
                () -> new OptionParser(mpi.common.collective.CollectiveSpec.blocking(Collective.ALLREDUCE)).parse(option, "1")).getMessage();
        assertEquals("unknown option " + option, message);
    }

    @ParameterizedTest
    @CsvSource({"GATHERV, true", "SCATTERV, true", "ALLGATHERV, true", "ALLTOALLV, true",
        "NEIGHBOR_ALLGATHERV, true", "NEIGHBOR_ALLTOALLV, true", "BCAST, true",
        "ALLTOALLW, false", "NEIGHBOR_ALLTOALLW, false", "REDUCE, false", "BARRIER, false"})
    void derivedTypesOnTheCollectivesCTakesThemOn(Collective c, boolean takes) throws Exception {
        for (mpi.common.collective.CollectiveSpec spec : new mpi.common.collective.CollectiveSpec[]
                {mpi.common.collective.CollectiveSpec.blocking(c),
                    mpi.common.collective.CollectiveSpec.nonBlocking(c)}) {
            OptionParser parser = new OptionParser(spec);
            if (takes) {
                assertEquals(DerivedLayout.Kind.CONTIGUOUS,
                        parser.parse("-D", "cont").data().derived().kind(), c.name());
            } else {
                assertEquals("unknown option -D", assertThrows(UsageException.class,
                        () -> parser.parse("-D", "cont")).getMessage(), c.name());
            }
        }
    }

    @Test
    void helpListsThem() {
        String help = Usage.text("OSULatency", PointToPointKind.LATENCY);
        for (String s : new String[] {"--validation-warmup", "--buffer-num", "--ddt", "--papi",
            "--session"}) {
            assertTrue(help.contains(s), s);
        }
    }
}
