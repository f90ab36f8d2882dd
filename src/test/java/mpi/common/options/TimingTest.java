package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import mpi.common.BenchmarkSpec;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.onesided.OneSidedKind;
import mpi.common.pt2pt.FanKind;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.results.OptionValues;
import mpi.common.threads.MultiThreadSpec;
import mpi.common.transport.Transport;
import mpi.common.transport.TransportSpec;

/** {@code --timing}: the blocking collectives take it; every other family says why not. */
class TimingTest {
    private static Options parse(BenchmarkSpec spec, String... args) throws UsageException {
        return new OptionParser(spec).parse(args);
    }

    @Test
    void theBlockingCollectivesTakeEachMethodAndOmbIsTheDefault() throws UsageException {
        for (Collective c : List.of(Collective.BCAST, Collective.ALLREDUCE, Collective.BARRIER,
                Collective.NEIGHBOR_ALLGATHER)) {
            CollectiveSpec spec = CollectiveSpec.blocking(c);
            assertEquals(Timing.OMB, parse(spec).timing(), c.label());
            for (Timing t : Timing.values()) {
                assertEquals(t, parse(spec, "--timing", t.label()).timing(), c.label());
            }
            assertEquals(Timing.ROOT, parse(spec, "--timing=max", "--timing", "ROOT").timing());
            assertTrue(Usage.text("OSUProgram", spec).contains("--timing"), c.label());
        }
        assertEquals("max", OptionValues.of(parse(CollectiveSpec.blocking(Collective.BCAST),
                "--timing", "max")).get("timing"));
    }

    @Test
    void otherFamiliesRefuseItSayingWhy() {
        for (BenchmarkSpec spec : List.of(PointToPointKind.LATENCY, PointToPointKind.BANDWIDTH,
                FanKind.values()[0], OneSidedKind.PUT_LATENCY, MultiThreadSpec.values()[0],
                CollectiveSpec.nonBlocking(Collective.ALLREDUCE),
                new TransportSpec(PointToPointKind.BANDWIDTH, Transport.values()[0]))) {
            String message = assertThrows(UsageException.class,
                    () -> parse(spec, "--timing", "omb")).getMessage();
            assertEquals("--timing: " + spec.timingRefusal(), message, spec.title());
            assertFalse(Usage.text("OSUProgram", spec).contains("--timing"), spec.title());
        }
        assertTrue(CollectiveSpec.nonBlocking(Collective.BCAST).timingRefusal()
                .contains("non-blocking"));
    }

    @Test
    void globalTimingRefusesValidation() {
        assertEquals("--timing global starts each call in its window, with no barrier between"
                + " calls; -c's checks need one: run -c without it", assertThrows(
                UsageException.class, () -> parse(CollectiveSpec.blocking(Collective.BCAST),
                        "--timing", "global", "-c")).getMessage());
    }

    @Test
    void anUnknownMethodIsOneLine() {
        assertEquals("--timing needs one of omb|max|root|global, got 'global2'", assertThrows(
                UsageException.class, () -> parse(CollectiveSpec.blocking(Collective.BCAST),
                        "--timing", "global2")).getMessage());
        assertEquals("--timing needs a value (" + Timing.labels() + ")", assertThrows(
                UsageException.class, () -> parse(CollectiveSpec.blocking(Collective.BCAST),
                        "--timing")).getMessage());
    }
}
