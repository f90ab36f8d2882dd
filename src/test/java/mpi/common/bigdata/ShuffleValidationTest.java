package mpi.common.bigdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import mpi.common.objects.ObjectSerializer;
import mpi.common.objects.Payload;
import mpi.common.objects.SerializerKind;

/**
 * Validation of a shuffle's blocks ({@code -c}): a block read right passes; a block not read,
 * a block of another map output or partition, and a block with one byte changed fail.
 */
class ShuffleValidationTest {
    private static final int RECORDS = 5;

    /** A rank 1 of 2, 1 map output, 2 partitions: it fetches partition 1 from rank 0. */
    private static ShuffleLayout layout(int bytes) {
        int[][] sizes = {{bytes, bytes}, {bytes, bytes}};
        return new ShuffleLayout(2, 1, 1, new int[] {RECORDS, RECORDS}, sizes);
    }

    private static ByteBuffer serialized(SerializerKind kind, int mapId, int partition) {
        Object block = Payload.RECORDS.build(RECORDS);
        Payload.RECORDS.fill(block, mapId, partition, 0);
        ByteBuffer b = ByteBuffer.allocate(1 << 12);
        int n = kind.create().write(block, b);
        return b.slice(0, n);
    }

    @ParameterizedTest
    @EnumSource(SerializerKind.class)
    void theRightBlockPassesAndAnyOtherFails(SerializerKind kind) {
        ShuffleLayout layout = layout(serialized(kind, 0, 1).capacity());
        ShuffleLayout.Fetch f = layout.fetches().get(0);
        assertEquals(0, f.source());
        assertEquals(1, f.partition());
        ObjectSerializer reader = kind.create();
        int mapId = layout.mapId(f.source(), f.map());
        Object right = reader.read(serialized(kind, 0, 1), f.bytes());
        assertEquals(0, Payload.RECORDS.wrongFields(right, f.records(), mapId, 1, 0));
        Object otherMap = reader.read(serialized(kind, 1, 1), f.bytes());
        assertTrue(Payload.RECORDS.wrongFields(otherMap, f.records(), mapId, 1, 0) > 0);
        Object otherPartition = reader.read(serialized(kind, 0, 0), f.bytes());
        assertTrue(Payload.RECORDS.wrongFields(otherPartition, f.records(), mapId, 1, 0) > 0);
        assertEquals(5L * RECORDS, Payload.RECORDS.wrongFields(null, f.records(), mapId, 1, 0));
    }

    @Test
    void aReaderWithNothingReadFailsEveryField() {
        // A reader whose shuffle never ran: every block of its partitions is wrong.
        ShuffleOptions shape = new ShuffleOptions(1, 2, 1, 1, 0, ShuffleTransport.MPI);
        int bytes = serialized(SerializerKind.KRYO, 0, 1).capacity();
        ShuffleLayout layout = layout(bytes);
        long blocks = layout.fetches().size() + layout.locals().size();
        assertEquals(2, blocks);
        ShuffleReader reader = new ShuffleReader(new ShuffleData(layout,
                ByteBuffer.allocateDirect(layout.mapBytes(1))), shape,
                SerializerKind.KRYO);
        assertEquals(blocks * 5 * RECORDS, reader.wrongFields());
    }
}
