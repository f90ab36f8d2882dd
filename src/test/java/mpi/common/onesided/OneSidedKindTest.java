package mpi.common.onesided;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import mpi.common.binding.Extension;
import mpi.common.options.Feature;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.UsageException;

/** The nine one-sided programs' defaults, options and rules, as §3.1 of the catalogue. */
class OneSidedKindTest {
    private static Options parse(OneSidedKind kind, String... args) throws UsageException {
        return new OptionParser(kind).parse(args);
    }

    @Test
    void defaultsAreCOmbs() throws UsageException {
        for (OneSidedKind k : OneSidedKind.values()) {
            Options o = parse(k);
            WindowCreation w = k == OneSidedKind.GET_ACC_LATENCY ? WindowCreation.CREATE
                    : WindowCreation.ALLOCATE;
            Synchronization s = k == OneSidedKind.GET_ACC_LATENCY ? Synchronization.LOCK
                    : k == OneSidedKind.PUT_BI_BANDWIDTH ? Synchronization.PSCW
                    : Synchronization.FLUSH;
            assertEquals(w, o.windowCreation(), k.name());
            assertEquals(s, o.synchronization(), k.name());
            assertEquals(4194304, o.sizes().max(), k.name());
        }
    }

    @Test
    void iterationsFollowTheLoopClasses() throws UsageException {
        Options lat = parse(OneSidedKind.PUT_LATENCY);
        assertEquals(10000, lat.iterations().iterations(8192));
        assertEquals(100, lat.iterations().warmup(8192));
        assertEquals(1000, lat.iterations().iterations(8193));
        assertEquals(10, lat.iterations().warmup(8193));
        Options bw = parse(OneSidedKind.GET_BANDWIDTH);
        assertEquals(100, bw.iterations().iterations(1));
        assertEquals(20, bw.iterations().iterations(1 << 20));
        assertEquals(2, bw.iterations().warmup(1 << 20));
        Options fop = parse(OneSidedKind.FOP_LATENCY);
        assertEquals(10000, fop.iterations().iterations(1 << 22), "atomics have no switch");
        assertEquals(7, parse(OneSidedKind.CAS_LATENCY, "-i", "7").iterations().iterations(1));
    }

    @Test
    void optionsAreTakenWhereCOmbTakesThem() {
        Set<OneSidedKind> typed = EnumSet.of(OneSidedKind.ACC_LATENCY, OneSidedKind.FOP_LATENCY,
                OneSidedKind.CAS_LATENCY);
        Set<OneSidedKind> windowed = EnumSet.of(OneSidedKind.PUT_BANDWIDTH,
                OneSidedKind.GET_BANDWIDTH, OneSidedKind.PUT_BI_BANDWIDTH);
        for (OneSidedKind k : OneSidedKind.values()) {
            Set<Feature> f = k.features();
            assertTrue(f.containsAll(EnumSet.of(Feature.SIZES, Feature.WINDOW_CREATION,
                    Feature.SYNCHRONIZATION)), k.name());
            assertEquals(typed.contains(k), f.contains(Feature.VALIDATION), k.name());
            assertEquals(typed.contains(k), f.contains(Feature.DATATYPE), k.name());
            assertEquals(windowed.contains(k), f.contains(Feature.WINDOW), k.name());
        }
        assertEquals("unknown option -c", assertThrows(UsageException.class,
                () -> parse(OneSidedKind.PUT_LATENCY, "-c")).getMessage());
        assertEquals("unknown option -W", assertThrows(UsageException.class,
                () -> parse(OneSidedKind.ACC_LATENCY, "-W", "4")).getMessage());
    }

    @Test
    void putBiBandwidthIsActiveTargetOnly() {
        assertEquals(EnumSet.of(Synchronization.PSCW, Synchronization.FENCE),
                OneSidedKind.PUT_BI_BANDWIDTH.synchronizations());
        assertEquals("-s must be one of pscw, fence, got 'flush'", assertThrows(
                UsageException.class, () -> parse(OneSidedKind.PUT_BI_BANDWIDTH, "-s", "flush"))
                .getMessage());
        assertEquals(EnumSet.allOf(Synchronization.class),
                OneSidedKind.GET_BANDWIDTH.synchronizations());
    }

    @Test
    void exactlyTwoProcesses() throws UsageException {
        OneSidedKind.PUT_LATENCY.checkProcesses(2);
        assertEquals("needs exactly 2 processes, got 3", assertThrows(UsageException.class,
                () -> OneSidedKind.PUT_LATENCY.checkProcesses(3)).getMessage());
    }

    @Test
    void accTakesEveryTypeFopAndCasOmbs() throws UsageException {
        for (String t : new String[] {"byte", "char", "short", "int", "long", "float",
            "double"}) {
            OneSidedKind.ACC_LATENCY.checkOptions(parse(OneSidedKind.ACC_LATENCY, "-T", t), 2);
        }
        for (String t : new String[] {"byte", "int", "float"}) {
            OneSidedKind.FOP_LATENCY.checkOptions(parse(OneSidedKind.FOP_LATENCY, "-T", t), 2);
            OneSidedKind.CAS_LATENCY.checkOptions(parse(OneSidedKind.CAS_LATENCY, "-T", t), 2);
        }
        UsageException e = assertThrows(UsageException.class, () -> OneSidedKind.CAS_LATENCY
                .checkOptions(parse(OneSidedKind.CAS_LATENCY, "-T", "long"), 2));
        assertEquals("-T must be byte, int or float (C OMB's mpi_char, mpi_int and mpi_float)"
                + " for compare-and-swap, got 'long'", e.getMessage());
    }

    @Test
    void sizeZeroAloneIsRefused() throws UsageException {
        Options o = parse(OneSidedKind.GET_LATENCY, "-m", "0:0");
        assertEquals("no message size of 0:0 is 1 byte or more (-m)", assertThrows(
                UsageException.class, () -> OneSidedKind.GET_LATENCY.checkOptions(o, 2))
                .getMessage());
        OneSidedKind.GET_LATENCY.checkOptions(parse(OneSidedKind.GET_LATENCY, "-m", "0:1"), 2);
    }

    @Test
    void aWindowBeyondAJavaBufferIsRefused() throws UsageException {
        Options o = parse(OneSidedKind.PUT_BANDWIDTH, "-m", "67108864", "-W", "64");
        UsageException e = assertThrows(UsageException.class,
                () -> OneSidedKind.PUT_BANDWIDTH.checkOptions(o, 2));
        assertTrue(e.getMessage().startsWith("a window of 4294967296 bytes"), e.getMessage());
        OneSidedKind.PUT_BANDWIDTH.checkOptions(parse(OneSidedKind.PUT_BANDWIDTH), 2);
    }

    @Test
    void extensionsFollowTheOptions() throws UsageException {
        OneSidedKind k = OneSidedKind.ACC_LATENCY;
        assertEquals(Set.of(), k.extensions(parse(k, "-w", "create", "-c")),
                "Open MPI's bindings run the buffer API on created windows, validated");
        assertEquals(Set.of(), k.extensions(parse(k, "-w", "allocate")));
        assertEquals(Set.of(Extension.ALLOCATED_WINDOW_MEMORY), k.extensions(parse(k, "-c")));
        assertEquals(Set.of(Extension.ONE_SIDED_ARRAYS), k.extensions(parse(k, "-a", "arrays")));
        assertEquals(Set.of(Extension.DYNAMIC_WINDOWS, Extension.ONE_SIDED_ARRAYS),
                k.extensions(parse(k, "-w", "dynamic", "-a", "arrays")));
        assertEquals(Set.of(Extension.DYNAMIC_WINDOWS),
                OneSidedKind.PUT_LATENCY.extensions(parse(OneSidedKind.PUT_LATENCY, "-w",
                        "dynamic")));
    }

    @Test
    void locksAreExclusiveWhereCOmbsAre() {
        assertTrue(OneSidedKind.GET_ACC_LATENCY.exclusiveLock(Synchronization.FLUSH));
        assertTrue(OneSidedKind.FOP_LATENCY.exclusiveLock(Synchronization.LOCK));
        assertTrue(OneSidedKind.CAS_LATENCY.exclusiveLock(Synchronization.LOCK));
        assertFalse(OneSidedKind.CAS_LATENCY.exclusiveLock(Synchronization.FLUSH));
        assertFalse(OneSidedKind.PUT_LATENCY.exclusiveLock(Synchronization.LOCK));
    }

    @Test
    void activeTargetLatencyCountsTwoOperationsPerIteration() {
        for (Synchronization s : Synchronization.values()) {
            assertEquals(s.activeTarget() ? 2 : 1, OneSidedKind.PUT_LATENCY.trips(s), s.name());
            assertEquals(1, OneSidedKind.PUT_BANDWIDTH.trips(s), s.name());
        }
    }
}
