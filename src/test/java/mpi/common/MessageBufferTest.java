package mpi.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class MessageBufferTest {
    private static final int CAPACITY = 1 << 16;

    /** The buffer kinds a benchmark passes to MPI: a direct ByteBuffer and a byte[]. */
    static Stream<Arguments> kinds() {
        return Stream.of(
                Arguments.of("direct ByteBuffer", (Factory) () -> MessageBuffer.wrap(
                        ByteBuffer.allocateDirect(CAPACITY).order(ByteOrder.nativeOrder()))),
                Arguments.of("byte[]", (Factory) () -> MessageBuffer.wrap(new byte[CAPACITY])));
    }

    interface Factory {
        MessageBuffer create();
    }

    private static byte get(MessageBuffer b, int i) {
        Object raw = b.raw();
        return raw instanceof byte[] ? ((byte[]) raw)[i] : ((ByteBuffer) raw).get(i);
    }

    private static void put(MessageBuffer b, int i, byte value) {
        Object raw = b.raw();
        if (raw instanceof byte[]) {
            ((byte[]) raw)[i] = value;
        } else {
            ((ByteBuffer) raw).put(i, value);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void filledBufferChecksClean(String kind, Factory f) {
        MessageBuffer b = f.create();
        for (int size : new int[] {0, 1, 2, 3, 255, 256, 1000, CAPACITY}) {
            b.fillPattern(size, 1, 12345);
            assertEquals(0, b.countMismatches(size, 1, 12345), "size " + size);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aSingleCorruptedByteAnywhereIsCaught(String kind, Factory f) {
        MessageBuffer b = f.create();
        int size = 300;
        b.fillPattern(size, 0, 7);
        for (int i = 0; i < size; i++) {
            byte good = get(b, i);
            for (int flip : new int[] {1, 0x80, 0xFF}) {
                put(b, i, (byte) (good ^ flip));
                assertEquals(1, b.countMismatches(size, 0, 7), "byte " + i + " ^ " + flip);
            }
            put(b, i, good);
        }
        assertEquals(0, b.countMismatches(size, 0, 7));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void corruptionAtTheEndsOfTheLargestMessageIsCaught(String kind, Factory f) {
        MessageBuffer b = f.create();
        for (int i : new int[] {0, CAPACITY / 2, CAPACITY - 1}) {
            b.fillPattern(CAPACITY, 1, 99);
            put(b, i, (byte) (get(b, i) + 1));
            assertEquals(1, b.countMismatches(CAPACITY, 1, 99), "byte " + i);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void dataOfAnotherIterationDiffersAtEveryByte(String kind, Factory f) {
        MessageBuffer b = f.create();
        int size = 512;
        long exchange = 1000;
        b.fillPattern(size, 1, exchange);
        // stale data: the message of any of the 255 iterations before (or after) this one
        for (int d = 1; d < 256; d++) {
            assertEquals(size, b.countMismatches(size, 1, exchange + d), "exchange +" + d);
            assertEquals(size, b.countMismatches(size, 1, exchange - d), "exchange -" + d);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void staleDataIsCaughtEvenInAOneByteMessage(String kind, Factory f) {
        MessageBuffer b = f.create();
        for (long exchange = 0; exchange < 1000; exchange++) {
            b.fillPattern(1, 0, exchange);
            assertEquals(1, b.countMismatches(1, 0, exchange + 1), "exchange " + exchange);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void dataOfAnotherRankDiffersAtEveryByte(String kind, Factory f) {
        MessageBuffer b = f.create();
        int size = 512;
        b.fillPattern(size, 0, 42);
        assertEquals(size, b.countMismatches(size, 1, 42)); // the peer's, not our own send
        for (int rank = 1; rank < 256; rank++) {
            assertEquals(size, b.countMismatches(size, rank, 42), "rank " + rank);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void shiftedDataIsCaught(String kind, Factory f) {
        MessageBuffer b = f.create();
        MessageBuffer reference = MessageBuffer.wrap(new byte[CAPACITY]);
        reference.fillPattern(CAPACITY, 1, 3);
        int size = 4096;
        for (int shift : new int[] {1, 2, 4, 8, 64, 256, 4096, 8192}) {
            // the message as if read from `shift` bytes too far, or written that far too late
            for (int i = 0; i < size; i++) {
                put(b, i, ((byte[]) reference.raw())[i + shift]);
            }
            int bad = b.countMismatches(size, 1, 3);
            assertTrue(bad > size * 9 / 10, "shift " + shift + ": only " + bad + " bad bytes");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void dataThatNeverArrivedIsCaught(String kind, Factory f) {
        MessageBuffer b = f.create();
        // a fresh buffer (zeros), or one filled as the harness does before the first iteration
        assertTrue(b.countMismatches(256, 0, 0) > 240, "zeros");
        assertEquals(1, b.countMismatches(1, 0, 0), "zero byte");
        b.fill(256, (byte) 'b');
        assertTrue(b.countMismatches(256, 1, 0) > 240, "constant fill");
        assertEquals(1, b.countMismatches(1, 1, 0), "'b' byte");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void onlyTheMessageIsWrittenAndChecked(String kind, Factory f) {
        MessageBuffer b = f.create();
        b.fill(CAPACITY, (byte) 'x');
        b.fillPattern(100, 1, 5);
        assertEquals('x', get(b, 100));
        assertEquals('x', get(b, CAPACITY - 1));
        // garbage after the message does not count
        assertEquals(0, b.countMismatches(100, 1, 5));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void fillSetsTheMessageBytes(String kind, Factory f) {
        MessageBuffer b = f.create();
        b.fill(CAPACITY, (byte) 'a');
        b.fill(10, (byte) 'b');
        assertEquals('b', get(b, 0));
        assertEquals('b', get(b, 9));
        assertEquals('a', get(b, 10));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void sizesBeyondTheBufferAreRejected(String kind, Factory f) {
        MessageBuffer b = f.create();
        assertEquals(CAPACITY, b.capacity());
        assertThrows(IndexOutOfBoundsException.class, () -> b.fillPattern(CAPACITY + 1, 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.countMismatches(-1, 0, 0));
    }

    @Test
    void wrapKeepsTheBufferMpiSees() {
        byte[] array = new byte[8];
        assertSame(array, MessageBuffer.wrap(array).raw());
        ByteBuffer direct = ByteBuffer.allocateDirect(8);
        assertSame(direct, MessageBuffer.wrap(direct).raw());
        assertThrows(IllegalArgumentException.class, () -> MessageBuffer.wrap(new int[2]));
    }

    @Test
    void byteBufferPositionIsLeftAlone() {
        ByteBuffer direct = ByteBuffer.allocateDirect(64);
        direct.position(10);
        MessageBuffer b = MessageBuffer.wrap(direct);
        b.fillPattern(64, 0, 1);
        assertEquals(0, b.countMismatches(64, 0, 1));
        assertEquals(10, direct.position());
    }
}
