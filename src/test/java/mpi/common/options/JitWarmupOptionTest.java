package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import mpi.common.BenchmarkSpec;
import mpi.common.bigdata.ShuffleSpec;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.onesided.OneSidedKind;
import mpi.common.pt2pt.PointToPointKind;

/** {@code --jit-warmup auto|off}: every family's, auto by default, the last value counts. */
class JitWarmupOptionTest {
    private static Options parse(BenchmarkSpec spec, String... args) throws UsageException {
        return new OptionParser(spec).parse(args);
    }

    @Test
    void everyFamilyTakesItAndAutoIsTheDefault() throws UsageException {
        for (BenchmarkSpec spec : List.of(PointToPointKind.LATENCY, OneSidedKind.PUT_LATENCY,
                CollectiveSpec.blocking(Collective.BCAST),
                CollectiveSpec.nonBlocking(Collective.ALLREDUCE), ShuffleSpec.SPEC)) {
            assertTrue(parse(spec).jitWarmup(), spec.title());
            assertFalse(parse(spec, "--jit-warmup", "off").jitWarmup(), spec.title());
            assertTrue(parse(spec, "--jit-warmup=off", "--jit-warmup", "auto").jitWarmup());
            assertTrue(Usage.text("OSUProgram", spec).contains("--jit-warmup"), spec.title());
        }
    }

    @Test
    void anotherValueIsOneLine() {
        for (String bad : new String[] {"on", "OFF", "", "0"}) {
            assertEquals("--jit-warmup needs auto or off, got '" + bad + "'", assertThrows(
                    UsageException.class, () -> parse(PointToPointKind.LATENCY, "--jit-warmup",
                            bad)).getMessage());
        }
    }

    @Test
    void aSuiteGroupPassesItOn() throws UsageException {
        assertEquals(List.of(List.of("--jit-warmup", "off"), List.of("-c")),
                OptionParser.split("--jit-warmup=off", "-c"));
    }
}
