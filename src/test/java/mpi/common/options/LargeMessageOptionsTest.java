package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import mpi.common.BenchmarkSpec;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.collective.SizePlan;
import mpi.common.data.ElementType;
import mpi.common.onesided.OneSidedKind;
import mpi.common.pt2pt.FanKind;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.threads.MultiThreadSpec;
import mpi.common.transport.Transport;
import mpi.common.transport.TransportSpec;

/**
 * Message sizes at and beyond what a Java message buffer holds (issue 11, item 5): a size that
 * cannot be expressed is one usage line found by the option checks, before any buffer is
 * allocated or any MPI call is made with it, for every kind of benchmark; 1 GiB messages pass
 * once {@code -M} allows them, and {@code -M} still guards memory.
 */
class LargeMessageOptionsTest {
    private static final String ONE_GIB = "1073741824";
    private static final String TOO_LARGE_LINE = " is too large: a Java array or ByteBuffer"
            + " message holds at most 2147479552 bytes (-m)";

    /** Every kind of benchmark that takes message sizes: each parses -m the same way. */
    static Stream<BenchmarkSpec> sizedSpecs() {
        List<BenchmarkSpec> specs = new ArrayList<>(List.of(PointToPointKind.values()));
        specs.add(CollectiveSpec.blocking(Collective.BCAST));
        specs.add(CollectiveSpec.blocking(Collective.GATHER));
        specs.add(CollectiveSpec.nonBlocking(Collective.ALLTOALL));
        specs.add(CollectiveSpec.blocking(Collective.NEIGHBOR_ALLTOALLW));
        specs.addAll(List.of(OneSidedKind.values()));
        specs.addAll(List.of(FanKind.values()));
        specs.add(MultiThreadSpec.LATENCY);
        specs.add(new TransportSpec(PointToPointKind.LATENCY, Transport.NIO));
        specs.add(new TransportSpec(PointToPointKind.BANDWIDTH, Transport.NETTY));
        return specs.stream().filter(s -> s.features().contains(Feature.SIZES));
    }

    @ParameterizedTest
    @MethodSource("sizedSpecs")
    void everyKindRefusesASizeBeyondAJavaBufferInOneLine(BenchmarkSpec spec) {
        OptionParser parser = new OptionParser(spec);
        // over a ByteBuffer's limit (page-aligned), over a Java array's, over an int, over a long
        for (String size : new String[] {"2147479553", "2147483640", "2147483648", "4294967296",
            "99999999999999999999"}) {
            for (String m : new String[] {size, "1:" + size, size + ":"}) {
                // with the highest -M where the benchmark takes one: the size alone is at fault
                String[] args = takesMemoryLimit(spec)
                        ? new String[] {"-m", m, "-M", "9223372036854775807"}
                        : new String[] {"-m", m};
                String message = assertThrows(UsageException.class, () -> parser.parse(args),
                        spec + " -m " + m).getMessage();
                assertEquals("message size " + size + TOO_LARGE_LINE, message);
            }
        }
    }

    private static boolean takesMemoryLimit(BenchmarkSpec spec) {
        return spec.features().contains(Feature.MEMORY_LIMIT_REJECTS)
                || spec.features().contains(Feature.MEMORY_LIMIT_SKIPS);
    }

    @ParameterizedTest
    @EnumSource(value = ElementType.class)
    void theLargestSizeHoldsAnIntCountOfEveryType(ElementType type) throws UsageException {
        Options o = new OptionParser(PointToPointKind.LATENCY).parse("-m", "2147479552:2147479552",
                "-T", type.label(), "-M", "2147479552");
        assertArrayEquals(new int[] {MessageSizes.MAX_SIZE}, o.sizes().toArray());
        assertEquals(0, MessageSizes.MAX_SIZE % type.size());
        long count = MessageSizes.MAX_SIZE / type.size();
        assertEquals(count, (int) count, "the count of " + type.label() + "s is an int");
    }

    @Test
    void oneGibibyteNeedsTheMemoryLimitRaised() throws UsageException {
        for (PointToPointKind kind : List.of(PointToPointKind.LATENCY,
                PointToPointKind.BANDWIDTH)) {
            OptionParser parser = new OptionParser(kind);
            assertEquals("max message size 1073741824 is above the memory limit of 536870912"
                    + " bytes (-M)", assertThrows(UsageException.class,
                            () -> parser.parse("-m", ONE_GIB + ":" + ONE_GIB)).getMessage());
            Options o = parser.parse("-m", ONE_GIB + ":" + ONE_GIB, "-M", ONE_GIB);
            assertArrayEquals(new int[] {1 << 30}, o.sizes().toArray());
            // -M guards the largest message, not the default range
            assertThrows(UsageException.class, () -> parser.parse("-m", ONE_GIB + ":" + ONE_GIB,
                    "-M", "1073741823"));
        }
    }

    @Test
    void aOneGibibyteBroadcastRunsOnlyUnderARaisedLimit() throws UsageException {
        CollectiveSpec bcast = CollectiveSpec.blocking(Collective.BCAST);
        Options byDefault = new OptionParser(bcast).parse("-m", ONE_GIB + ":" + ONE_GIB);
        assertEquals("every message size of 1073741824:1073741824 would need buffers over the"
                + " memory limit of 536870912 bytes per process (-M)",
                assertThrows(UsageException.class, () -> bcast.checkOptions(byDefault, 2))
                        .getMessage());
        Options raised = new OptionParser(bcast).parse("-m", ONE_GIB + ":" + ONE_GIB,
                "-M", ONE_GIB);
        bcast.checkOptions(raised, 2);
        assertArrayEquals(new int[] {1 << 30}, SizePlan.of(raised, Collective.BCAST, 2).run());
    }

    @Test
    void aGatherWhoseReceiveBufferCannotBeExpressedIsRefusedOrSkipped() throws UsageException {
        CollectiveSpec gather = CollectiveSpec.blocking(Collective.GATHER);
        // 2 processes x 1 GiB = 2 GiB: more than a Java buffer, whatever -M says
        Options alone = new OptionParser(gather).parse("-m", ONE_GIB + ":" + ONE_GIB,
                "-M", "8589934592");
        SizePlan plan = SizePlan.of(alone, Collective.GATHER, 2);
        assertArrayEquals(new int[0], plan.run());
        assertArrayEquals(new int[] {1 << 30}, plan.tooLarge());
        assertArrayEquals(new int[0], plan.skipped());
        assertEquals("every message size of 1073741824:1073741824 would need a buffer larger than"
                + " the 2147479552 bytes a Java array or ByteBuffer message holds (on 2"
                + " processes)", assertThrows(UsageException.class,
                        () -> gather.checkOptions(alone, 2)).getMessage());
        // in a range, such sizes are skipped with a line of their own, as -M skips
        Options range = new OptionParser(gather).parse("-m", "268435456:" + ONE_GIB,
                "-M", "8589934592");
        plan = SizePlan.of(range, Collective.GATHER, 4);
        assertArrayEquals(new int[] {1 << 28}, plan.run());
        assertArrayEquals(new int[] {1 << 29, 1 << 30}, plan.tooLarge());
        assertEquals("skipped message sizes 536870912, 1073741824: on 4 processes they need a"
                + " buffer larger than the 2147479552 bytes a Java array or ByteBuffer message"
                + " holds", plan.tooLargeMessage(4));
        gather.checkOptions(range, 4);
        // both reasons at once: -M skips the small size, the buffer limit the large one
        Options both = new OptionParser(gather).parse("-m", "268435456:" + ONE_GIB,
                "-M", "268435456");
        assertEquals("every message size of 268435456:1073741824 would need buffers over the"
                + " memory limit of 268435456 bytes per process (-M) or a buffer larger than the"
                + " 2147479552 bytes a Java array or ByteBuffer message holds (on 4 processes)",
                assertThrows(UsageException.class, () -> gather.checkOptions(both, 4))
                        .getMessage());
    }

    @Test
    void aOneSidedWindowBeyondAJavaBufferIsRefused() throws UsageException {
        OneSidedKind put = OneSidedKind.PUT_BANDWIDTH;
        Options two = new OptionParser(put).parse("-m", ONE_GIB + ":" + ONE_GIB, "-W", "2");
        assertEquals("a window of 2147483648 bytes (the largest size times -W) is larger than the"
                + " 2147479552 bytes a Java array or ByteBuffer holds; lower -m or -W",
                assertThrows(UsageException.class, () -> put.checkOptions(two, 2)).getMessage());
        put.checkOptions(new OptionParser(put).parse("-m", ONE_GIB + ":" + ONE_GIB, "-W", "1"), 2);
        // a latency test has no window: 1 GiB is one message
        OneSidedKind.PUT_LATENCY.checkOptions(new OptionParser(OneSidedKind.PUT_LATENCY)
                .parse("-m", ONE_GIB + ":" + ONE_GIB), 2);
    }
}
