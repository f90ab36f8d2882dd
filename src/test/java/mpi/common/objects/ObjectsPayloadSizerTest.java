package mpi.common.objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The payload chosen for a size is the one whose serialized size is closest to it. */
class ObjectsPayloadSizerTest {
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"JAVA, DOUBLES", "JAVA, RECORDS", "KRYO, DOUBLES", "KRYO, RECORDS"})
    void closestAgreesWithATryOfEveryCount(SerializerKind kind, Payload payload) {
        PayloadSizer sizer = new PayloadSizer(payload, kind.create());
        for (int nominal : new int[] {1, 8, 100, 1000, 4096, 10_000}) {
            PayloadSizer.Size got = sizer.closest(nominal);
            int best = 1;
            for (int n = 1; n <= 1300; n++) {
                if (Math.abs(sizer.bytes(n) - nominal) < Math.abs(sizer.bytes(best) - nominal)) {
                    best = n;
                }
            }
            assertEquals(Math.abs(sizer.bytes(best) - nominal), Math.abs(got.bytes() - nominal),
                    "size " + nominal);
            assertEquals(sizer.bytes(got.elements()), got.bytes());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"JAVA, DOUBLES", "KRYO, RECORDS"})
    void largeSizesLandWithinOneElement(SerializerKind kind, Payload payload) {
        PayloadSizer sizer = new PayloadSizer(payload, kind.create());
        PayloadSizer.Size s = sizer.closest(1 << 20);
        int perElement = sizer.bytes(2) - sizer.bytes(1);
        assertTrue(Math.abs(s.bytes() - (1 << 20)) <= perElement, s.toString());
    }

    @org.junit.jupiter.api.Test
    void smallSizesBelowTheOverheadRunOnce() {
        ObjectMessages m = new ObjectMessages(ObjectOptions.DEFAULT, 1, 1);
        int[] kept = m.plan(new int[] {1, 2, 4, 8, 16, 32, 64, 128});
        // A Java-serialized double[1] is 35 bytes: 1 .. 32 all give one double.
        assertEquals(1, kept[0]);
        assertTrue(kept.length < 8 && kept.length >= 3, java.util.Arrays.toString(kept));
        assertArrayEquals(kept, java.util.Arrays.stream(kept).sorted().distinct().toArray());
        assertEquals(m.size(kept[kept.length - 1]), m.maxBytes());
    }

    /** The JIT warm-up runs 1 KiB when every size of the run is above (osu_latency -m 65536:65536). */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"JAVA, DOUBLES", "KRYO, RECORDS"})
    void aSizeBelowThePlannedOnesIsSizedOnDemand(SerializerKind kind, Payload payload) {
        ObjectMessages m = new ObjectMessages(new ObjectOptions(kind, payload), 1, 1);
        assertArrayEquals(new int[] {65536}, m.plan(new int[] {65536}));
        int warmup = m.size(1024);
        assertEquals(new PayloadSizer(payload, kind.create()).closest(1024).bytes(), warmup);
        assertTrue(warmup < m.maxBytes(), warmup + " within the buffers of " + m.maxBytes());
        assertEquals(m.maxBytes(), m.size(65536));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> m.size(1 << 20));
    }
}
