package mpi.common.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import mpi.common.data.ElementType;
import mpi.common.options.Feature;
import mpi.common.options.MessageSizes;
import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.Root;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;

/** The options of the collective benchmarks, and the ones every benchmark gained: MPI-free. */
class CollectiveOptionsTest {
    private static CollectiveSpec spec(Collective c) {
        return CollectiveSpec.blocking(c);
    }

    private static Options parse(Collective c, String... args) throws UsageException {
        return new OptionParser(spec(c)).parse(args);
    }

    private static String error(Collective c, String... args) {
        return assertThrows(UsageException.class, () -> parse(c, args)).getMessage();
    }

    /** The check once MPI runs, on {@code np} processes. */
    private static String runError(Collective c, int np, String... args) throws UsageException {
        Options o = parse(c, args);
        return assertThrows(UsageException.class, () -> spec(c).checkOptions(o, np)).getMessage();
    }

    @Test
    void defaultsAreThoseOfCOmb() throws UsageException {
        Options o = parse(Collective.BCAST);
        assertEquals(new MessageSizes(1, 1 << 20), o.sizes());
        assertEquals(1000, o.iterations().iterations(8192));
        assertEquals(100, o.iterations().warmup(8192));
        assertEquals(100, o.iterations().iterations(8193));
        assertEquals(10, o.iterations().warmup(8193));
        assertEquals(ElementType.BYTE, o.type());
        assertEquals(Root.ZERO, o.root());
        assertFalse(o.inPlace());
        assertTrue(o.tails().isEmpty());
        assertEquals(0, o.testCalls());
        assertEquals(536870912L, o.memoryLimit());
    }

    @ParameterizedTest
    @EnumSource(value = Collective.class,
            names = {"REDUCE", "ALLREDUCE", "REDUCE_SCATTER", "REDUCE_SCATTER_BLOCK"})
    void reductionsDefaultToFloatFromFourBytes(Collective c) throws UsageException {
        Options o = parse(c);
        assertEquals(ElementType.FLOAT, o.type());
        assertEquals(new MessageSizes(4, 1 << 20), o.sizes());
        assertEquals(new MessageSizes(4, 128), parse(c, "-m", "128").sizes());
        // with another type, the default minimum is one element of it
        assertEquals(new MessageSizes(1, 1 << 20), parse(c, "-T", "byte").sizes());
        assertEquals(new MessageSizes(8, 1 << 20), parse(c, "-T", "double").sizes());
    }

    @Test
    void typesChooseTheDefaultMinimumButNotAGivenOne() throws UsageException {
        assertEquals(new MessageSizes(8, 1 << 20), parse(Collective.GATHER, "-T", "long").sizes());
        assertEquals(new MessageSizes(2, 64), parse(Collective.GATHER, "-T", "char", "-m", "64").sizes());
        assertEquals(new MessageSizes(1, 64), parse(Collective.GATHER, "-T", "int", "-m", "1:64").sizes());
        assertEquals("no message size of 1:3 holds one int (4 bytes, -T)",
                error(Collective.GATHER, "-T", "int", "-m", "1:3"));
        assertEquals("no message size of 3:7 holds one long (8 bytes, -T)",
                error(Collective.GATHER, "-T", "long", "-m", "3:7"));
        assertEquals("minimum message size 8 is above the maximum 4 (-m 4)",
                error(Collective.GATHER, "-T", "double", "-m", "4"));
    }

    @ParameterizedTest
    @CsvSource({"byte,BYTE", "char,CHAR", "short,SHORT", "int,INT", "long,LONG", "float,FLOAT",
        "double,DOUBLE"})
    void everyType(String name, ElementType type) throws UsageException {
        assertEquals(type, parse(Collective.ALLTOALL, "-T", name).type());
        assertEquals(type, parse(Collective.ALLTOALL, "--type", name).type());
        assertEquals("MPI." + type.name(), type.mpiName());
        assertEquals(name, type.label());
    }

    @ParameterizedTest
    @ValueSource(strings = {"foo", "INT", "Float", "int32", "bool", "boolean", ""})
    void badType(String value) {
        assertEquals("-T must be byte, char, short, int, long, float or double, got '" + value
                + "'", error(Collective.BCAST, "-T", value));
    }

    @Test
    void roots() throws UsageException {
        assertEquals(new Root(3), parse(Collective.GATHER, "-k", "3").root());
        assertEquals(new Root(0), parse(Collective.SCATTERV, "--root-rank", "0").root());
        assertEquals(Root.ROTATE, parse(Collective.REDUCE, "-k", "rotate").root());
        assertEquals(Root.ROTATE, parse(Collective.BCAST, "-krotate").root());
        Root rotate = Root.ROTATE;
        assertEquals(0, rotate.at(0, 3));
        assertEquals(2, rotate.at(2, 3));
        assertEquals(0, rotate.at(3, 3));
        assertEquals(1, rotate.at(1000, 3));
        assertEquals(2, new Root(2).at(7, 4));
        assertEquals("rotate", rotate.toString());
        assertEquals("2", new Root(2).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "-1", "1.0", "rotating", "ROTATE", "", "+1", "99999999999"})
    void badRoot(String value) {
        assertEquals("-k needs a rank (0, 1, ...) or rotate, got '" + value + "'",
                error(Collective.GATHER, "-k", value));
    }

    @Test
    void rootMustBeARankOnceMpiRuns() throws UsageException {
        assertEquals("root 4 (-k) is not a rank of the 4 processes (0..3)",
                runError(Collective.BCAST, 4, "-k", "4"));
        assertEquals("root 2 (-k) is not a rank of the 2 processes (0..1)",
                runError(Collective.SCATTERV, 2, "-k", "2"));
        spec(Collective.BCAST).checkOptions(parse(Collective.BCAST, "-k", "3"), 4);
        spec(Collective.BCAST).checkOptions(parse(Collective.BCAST, "-k", "rotate"), 2);
    }

    @ParameterizedTest
    @EnumSource(Collective.class)
    void optionsTakenMatchTheCollective(Collective c) {
        Set<Feature> f = spec(c).features();
        assertEquals(c.rooted(), f.contains(Feature.ROOT), "-k");
        assertEquals(c.hasInPlace(), f.contains(Feature.IN_PLACE), "-l");
        for (Feature data : EnumSet.of(Feature.SIZES, Feature.VALIDATION, Feature.DATATYPE,
                Feature.MEMORY_LIMIT_SKIPS)) {
            assertEquals(c.hasData(), f.contains(data), data.toString());
        }
        assertFalse(f.contains(Feature.WINDOW));
        assertFalse(f.contains(Feature.MEMORY_LIMIT_REJECTS));
        assertFalse(f.contains(Feature.TEST_CALLS));
    }

    @Test
    void optionsABenchmarkDoesNotTakeAreUnknown() {
        assertEquals("unknown option -k", error(Collective.ALLREDUCE, "-k", "1"));
        assertEquals("unknown option -k", error(Collective.ALLTOALL, "-k", "rotate"));
        assertEquals("unknown option -l", error(Collective.BARRIER, "-l"));
        assertEquals("unknown option -l", error(Collective.BCAST, "-l"));
        assertEquals("unknown option -W", error(Collective.BCAST, "-W", "4"));
        assertEquals("unknown option -t", error(Collective.BCAST, "-t", "4"));
        assertEquals("unknown option -c", error(Collective.BARRIER, "-c"));
        assertEquals("unknown option -m", error(Collective.BARRIER, "-m", "4"));
        assertEquals("unknown option -T", error(Collective.BARRIER, "-T", "int"));
        assertEquals("unknown option -M", error(Collective.BARRIER, "-M", "4096"));
        assertEquals("unknown option --in-place", error(Collective.BCAST, "--in-place"));
        assertThrows(UsageException.class, () -> new OptionParser(PointToPointKind.LATENCY)
                .parse("-k", "0"));
        assertThrows(UsageException.class, () -> new OptionParser(PointToPointKind.LATENCY)
                .parse("-l"));
    }

    @Test
    void pointToPointTakesTheDatatype() throws UsageException {
        assertEquals(ElementType.INT, new OptionParser(PointToPointKind.BANDWIDTH)
                .parse("-T", "int").type());
        assertEquals(ElementType.BYTE, new OptionParser(PointToPointKind.LATENCY).parse().type());
        assertThrows(UsageException.class, () -> new OptionParser(PointToPointKind.LATENCY)
                .parse("-T", "boolean"));
    }

    @Test
    void inPlace() throws UsageException {
        assertTrue(parse(Collective.ALLREDUCE, "-l").inPlace());
        assertTrue(parse(Collective.GATHERV, "--in-place").inPlace());
        assertTrue(parse(Collective.REDUCE_SCATTER_BLOCK, "-lc").inPlace());
        assertFalse(parse(Collective.ALLREDUCE).inPlace());
    }

    @Test
    void testCallsOnlyWhereTheSpecTakesThem() throws UsageException {
        CollectiveSpec nonBlocking = CollectiveSpec.nonBlocking(Collective.BCAST);
        OptionParser p = new OptionParser(nonBlocking);
        assertEquals(0, p.parse().testCalls());
        assertEquals(100, p.parse("-t", "100").testCalls());
        assertEquals(7, p.parse("--num-test-calls", "7").testCalls());
        assertEquals("-t needs a positive integer, got '0'",
                assertThrows(UsageException.class, () -> p.parse("-t", "0")).getMessage());
        assertEquals("-t needs a positive integer, got 'x'",
                assertThrows(UsageException.class, () -> p.parse("-t", "x")).getMessage());
        assertEquals("Non-blocking Broadcast Latency Test", nonBlocking.title());
        assertTrue(nonBlocking.features().contains(Feature.ROOT));
    }

    /**
     * A persistent collective takes its blocking twin's options but -a objects, needs
     * the persistent-collectives extension of the binding, and has C OMB's title.
     */
    @ParameterizedTest
    @EnumSource(value = Collective.class, names = {"BCAST", "ALLREDUCE", "GATHERV", "ALLTOALLW",
        "BARRIER", "REDUCE_SCATTER"})
    void persistentCollectivesTakeTheBlockingOptionsButObjects(Collective c)
            throws UsageException {
        CollectiveSpec persistent = CollectiveSpec.persistent(c);
        Set<Feature> blocking = CollectiveSpec.blocking(c).features();
        blocking.remove(Feature.OBJECTS);
        blocking.remove(Feature.ALGORITHM); // no control variable names a persistent one
        assertEquals(blocking, persistent.features());
        assertEquals(c.label() + " Persistent Latency Test", persistent.title());
        Options o = new OptionParser(persistent).parse();
        assertEquals(Set.of(mpi.common.binding.Extension.PERSISTENT_COLLECTIVES),
                persistent.extensions(o).stream()
                        .filter(e -> e == mpi.common.binding.Extension.PERSISTENT_COLLECTIVES)
                        .collect(java.util.stream.Collectors.toSet()));
        assertTrue(persistent.description().contains(c.mpiName() + "_init"),
                persistent.description());
        if (mpi.common.collective.ObjectBlocks.moves(c) && !c.reduction()) {
            assertTrue(persistent.objectsRefusal().contains("persistent collective binds"),
                    persistent.objectsRefusal());
        }
    }


    @Test
    void collectivesNeedTwoProcesses() throws UsageException {
        assertEquals("needs at least 2 processes, got 1", assertThrows(UsageException.class,
                () -> spec(Collective.BARRIER).checkProcesses(1)).getMessage());
        spec(Collective.ALLTOALLV).checkProcesses(2);
        spec(Collective.ALLTOALLV).checkProcesses(3);
        spec(Collective.ALLTOALLV).checkProcesses(64);
    }

    @Test
    void memoryLimitDoesNotRejectCollectiveSizes() throws UsageException {
        Options o = parse(Collective.GATHER, "-M", "1024", "-m", "1:1048576");
        assertEquals(1024, o.memoryLimit());
        assertEquals(1 << 20, o.sizes().max());
    }

    @Test
    void sizesOverTheMemoryLimitAreSkipped() throws UsageException {
        // Gather on 4 ranks: a size needs size + 4 x size bytes; 5 x 8192 = 40960
        SizePlan plan = SizePlan.of(parse(Collective.GATHER, "-M", "40960", "-m", "1:65536"),
                Collective.GATHER, 4);
        assertArrayEquals(new int[] {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096,
            8192}, plan.run());
        assertArrayEquals(new int[] {16384, 32768, 65536}, plan.skipped());
        assertEquals(8192, plan.largest());
        assertEquals("skipped message sizes 16384, 32768, 65536: their buffers would exceed"
                + " the memory limit of 40960 bytes per process (-M)", plan.skipMessage());
        // in place: one buffer of 4 x size
        plan = SizePlan.of(parse(Collective.GATHER, "-l", "-M", "40960", "-m", "8192:16384"),
                Collective.GATHER, 4);
        assertArrayEquals(new int[] {8192}, plan.run());
        assertEquals("skipped message size 16384: its buffers would exceed the memory limit"
                + " of 40960 bytes per process (-M)", plan.skipMessage());
        // Allreduce of floats: send and receive of size bytes each
        plan = SizePlan.of(parse(Collective.ALLREDUCE, "-M", "2048", "-m", "1:4096"),
                Collective.ALLREDUCE, 64);
        assertArrayEquals(new int[] {4, 8, 16, 32, 64, 128, 256, 512, 1024}, plan.run());
        assertArrayEquals(new int[] {2048, 4096}, plan.skipped());
        // nothing skipped by default
        plan = SizePlan.of(parse(Collective.ALLTOALLV), Collective.ALLTOALLV, 4);
        assertEquals(21, plan.run().length);
        assertEquals(0, plan.skipped().length);
    }

    @Test
    void sizesBelowOneElementAreNotRunNorSkipped() throws UsageException {
        SizePlan plan = SizePlan.of(parse(Collective.BCAST, "-T", "double", "-m", "1:64"),
                Collective.BCAST, 2);
        assertArrayEquals(new int[] {8, 16, 32, 64}, plan.run());
        assertEquals(0, plan.skipped().length);
        plan = SizePlan.of(parse(Collective.BCAST, "-T", "int", "-m", "3:48"), Collective.BCAST, 2);
        assertArrayEquals(new int[] {6, 12, 24, 48}, plan.run());
    }

    @Test
    void everySizeOverTheLimitIsBadInput() throws UsageException {
        assertEquals("every message size of 1024:4096 would need buffers over the memory limit"
                + " of 1000 bytes per process (-M)",
                runError(Collective.ALLTOALL, 2, "-M", "1000", "-m", "1024:4096"));
        spec(Collective.ALLTOALL).checkOptions(parse(Collective.ALLTOALL, "-M", "1000",
                "-m", "1:4096"), 2);
    }

    @Test
    void barrierRunsOneSize() throws UsageException {
        SizePlan plan = SizePlan.of(parse(Collective.BARRIER), Collective.BARRIER, 4);
        assertArrayEquals(new int[] {0}, plan.run());
        assertEquals(ElementType.BYTE, parse(Collective.BARRIER).type());
    }

    @Test
    void tailsEverywhere() throws UsageException {
        assertEquals("50,90,99", parse(Collective.BARRIER, "-z").tails().toString());
        assertEquals("50,95,99.9", parse(Collective.BCAST, "-z", "50,95,99.9").tails().toString());
        assertEquals("50,99", parse(Collective.BCAST, "-z50,99").tails().toString());
        assertEquals("75", parse(Collective.BCAST, "--tail-lat", "75").tails().toString());
        assertEquals("50,90,99", parse(Collective.BCAST, "-z", "-c").tails().toString());
        assertTrue(parse(Collective.BCAST, "-z", "-c").validate());
        assertEquals("50,90,99", new OptionParser(PointToPointKind.LATENCY).parse("-z").tails()
                .toString());
        assertEquals("99", new OptionParser(PointToPointKind.BANDWIDTH).parse("-z", "99").tails()
                .toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "a", "100.5", "-5", "50,", ",50", "50,,90", "50;90",
        "1e2", "0.0", " 50"})
    void badTails(String value) {
        assertEquals("-z needs percentiles in (0, 100] separated by commas, e.g. -z 50,95,99.9,"
                + " got '" + value + "'", error(Collective.BCAST, "-z", value));
        assertThrows(UsageException.class, () -> new OptionParser(PointToPointKind.LATENCY)
                .parse("-z", value));
    }

    @Test
    void helpAndVersionSkipTheChecks() throws UsageException {
        assertTrue(parse(Collective.BCAST, "-k", "x", "-h").help());
        Options o = parse(Collective.REDUCE, "-v");
        assertTrue(o.version());
        assertEquals(ElementType.FLOAT, o.type());
    }
}
