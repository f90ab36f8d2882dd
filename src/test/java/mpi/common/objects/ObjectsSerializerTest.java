package mpi.common.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each serializer round-trips each payload through a direct buffer, message after message. */
class ObjectsSerializerTest {
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"JAVA, DOUBLES", "JAVA, RECORDS", "KRYO, DOUBLES", "KRYO, RECORDS"})
    void roundTripsManyMessagesWithOneSerializer(SerializerKind kind, Payload payload) {
        ObjectSerializer s = kind.create();
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
        Object sent = payload.build(100);
        int length = -1;
        for (long exchange = 0; exchange < 5; exchange++) {
            payload.fill(sent, 3, 1, exchange);
            int n = s.write(sent, buffer);
            if (length >= 0) {
                assertEquals(length, n, "every message of a size has one length");
            }
            length = n;
            Object received = s.read(buffer, n);
            assertNotSame(sent, received);
            assertEquals(0, payload.wrongFields(received, 100, 3, 1, exchange));
            assertTrue(payload.wrongFields(received, 100, 3, 1, exchange + 1) > 0,
                    "another exchange's values differ");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"JAVA", "KRYO"})
    void aBufferTooSmallOverflows(SerializerKind kind) {
        ObjectSerializer s = kind.create();
        assertThrows(BufferOverflowException.class,
                () -> s.write(Payload.DOUBLES.build(100), ByteBuffer.allocate(64)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"JAVA", "KRYO"})
    void aMessageReadsFromIndexZeroWhateverThePosition(SerializerKind kind) {
        ObjectSerializer s = kind.create();
        ByteBuffer buffer = ByteBuffer.allocateDirect(4096);
        buffer.position(100);
        int n = s.write(Payload.RECORDS.build(5), buffer);
        buffer.position(7);
        assertEquals(0, Payload.RECORDS.wrongFields(s.read(buffer, n), 5, 0, 0, 0));
    }
}
