package mpi.common.onesided;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import mpi.common.BenchmarkSpec;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.Usage;
import mpi.common.options.UsageException;

/** {@code -w} and {@code -s}: per-benchmark defaults, the allowed set, the error lines. */
class OneSidedOptionsTest {
    /** A benchmark that takes -w and -s, as put_bibw: pscw and fence only, pscw by default. */
    private static final BenchmarkSpec ACTIVE_ONLY = spec(
            EnumSet.of(Synchronization.PSCW, Synchronization.FENCE), Synchronization.PSCW,
            EnumSet.of(Feature.SIZES, Feature.WINDOW_CREATION, Feature.SYNCHRONIZATION));
    private static final BenchmarkSpec ALL = spec(EnumSet.allOf(Synchronization.class),
            Synchronization.FLUSH,
            EnumSet.of(Feature.SIZES, Feature.WINDOW_CREATION, Feature.SYNCHRONIZATION));
    private static final BenchmarkSpec NONE = spec(EnumSet.allOf(Synchronization.class),
            Synchronization.FLUSH, EnumSet.of(Feature.SIZES));

    private static BenchmarkSpec spec(Set<Synchronization> allowed, Synchronization dflt,
            Set<Feature> features) {
        return new BenchmarkSpec() {
            @Override
            public String title() {
                return "Test";
            }

            @Override
            public String description() {
                return "a test";
            }

            @Override
            public MessageSizes defaultSizes() {
                return new MessageSizes(1, 1024);
            }

            @Override
            public IterationPolicy defaultIterations() {
                return new IterationPolicy(10000, 100, 1000, 10);
            }

            @Override
            public Set<Feature> features() {
                return features;
            }

            @Override
            public Synchronization defaultSynchronization() {
                return dflt;
            }

            @Override
            public Set<Synchronization> synchronizations() {
                return allowed;
            }

            @Override
            public void checkProcesses(int processes) {
            }
        };
    }

    @Test
    void defaultsComeFromTheSpec() throws UsageException {
        Options o = new OptionParser(ACTIVE_ONLY).parse();
        assertEquals(WindowCreation.ALLOCATE, o.windowCreation());
        assertEquals(Synchronization.PSCW, o.synchronization());
        assertEquals(Synchronization.FLUSH, new OptionParser(ALL).parse().synchronization());
    }

    @Test
    void everyValueParses() throws UsageException {
        for (WindowCreation w : WindowCreation.values()) {
            assertEquals(w, new OptionParser(ALL).parse("-w", w.label()).windowCreation());
        }
        for (Synchronization s : Synchronization.values()) {
            assertEquals(s, new OptionParser(ALL).parse("-s", s.label()).synchronization());
        }
        assertEquals(Synchronization.FENCE, new OptionParser(ALL)
                .parse("--sync-option", "fence").synchronization());
        assertEquals(WindowCreation.DYNAMIC, new OptionParser(ALL)
                .parse("--win-options=dynamic").windowCreation());
    }

    @Test
    void aSynchronizationTheBenchmarkDoesNotTakeIsAUsageError() {
        UsageException e = assertThrows(UsageException.class,
                () -> new OptionParser(ACTIVE_ONLY).parse("-s", "lock"));
        assertEquals("-s must be one of pscw, fence, got 'lock'", e.getMessage());
        e = assertThrows(UsageException.class, () -> new OptionParser(ALL).parse("-w", "shared"));
        assertEquals("-w must be create, allocate or dynamic, got 'shared'", e.getMessage());
    }

    @Test
    void aBenchmarkWithoutTheFeatureRejectsTheOptions() {
        assertEquals("unknown option -w", assertThrows(UsageException.class,
                () -> new OptionParser(NONE).parse("-w", "create")).getMessage());
        assertEquals("unknown option -s", assertThrows(UsageException.class,
                () -> new OptionParser(NONE).parse("-s", "lock")).getMessage());
    }

    @Test
    void usageListsOnlyTheAllowedSynchronizations() {
        String text = Usage.text("OSUPutBiBandwidth", ACTIVE_ONLY);
        assertTrue(text.contains("pscw|fence"), text);
        assertTrue(text.contains("(default pscw)"), text);
        assertTrue(text.contains("create|allocate|dynamic"), text);
        assertFalse(Usage.text("X", NONE).contains("-w,"), Usage.text("X", NONE));
        assertTrue(text.contains("-w,--win-options"), text);
    }

    @Test
    void labelsAndMpiNamesAreOmbs() {
        assertEquals("flush_local", Synchronization.FLUSH_LOCAL.label());
        assertEquals("MPI_Win_post/start/complete/wait", Synchronization.PSCW.mpiCalls());
        assertEquals("MPI_Win_create_dynamic", WindowCreation.DYNAMIC.mpiCall());
        assertTrue(Synchronization.FENCE.activeTarget());
        assertFalse(Synchronization.LOCK_ALL.activeTarget());
    }
}
