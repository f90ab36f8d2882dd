package mpi.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import mpi.common.options.Api;

class TypedBufferTest {
    @ParameterizedTest
    @EnumSource(ElementType.class)
    void arraysOfTheTypeAndNativeByteBuffers(ElementType t) {
        TypedBuffer a = TypedBuffer.allocate(Api.ARRAYS, t, 10);
        TypedBuffer b = TypedBuffer.allocate(Api.BUFFER, t, 10);
        assertEquals(t.name().toLowerCase() + "[]", a.raw().getClass().getSimpleName());
        ByteBuffer bytes = (ByteBuffer) b.raw();
        assertTrue(bytes.isDirect());
        assertEquals(ByteOrder.nativeOrder(), bytes.order());
        assertEquals(10 * t.size(), bytes.capacity());
        assertEquals(10, a.capacity());
        assertEquals(10, b.capacity());
        for (TypedBuffer x : new TypedBuffer[] {a, b}) {
            assertEquals(t, x.type());
            for (int i = 0; i < 10; i++) {
                assertEquals(0, x.get(i));
                x.put(i, 100 + i);
            }
            for (int i = 0; i < 10; i++) {
                assertEquals(100 + i, x.get(i));
                assertTrue(x.holds(i, 100 + i));
                assertFalse(x.holds(i, 101 + i));
            }
            x.fill(3, 7);
            assertEquals(7, x.get(2));
            assertEquals(103, x.get(3));
        }
    }

    @Test
    void valuesAreStoredAsJavaCastsStoreThem() {
        TypedBuffer b = TypedBuffer.allocate(Api.BUFFER, ElementType.BYTE, 1);
        b.put(0, 300);
        assertEquals(44, b.get(0));
        assertTrue(b.holds(0, 300));
        assertTrue(b.holds(0, 44));
        TypedBuffer c = TypedBuffer.allocate(Api.ARRAYS, ElementType.CHAR, 1);
        c.put(0, -1);
        assertEquals(65535, c.get(0));
        TypedBuffer s = TypedBuffer.allocate(Api.ARRAYS, ElementType.SHORT, 1);
        s.put(0, 40000);
        assertEquals(40000 - 65536, s.get(0));
    }

    @Test
    void aFractionOrNanIsNotTheInteger() {
        float[] f = {5.5f, Float.NaN};
        TypedBuffer b = TypedBuffer.wrap(f, ElementType.FLOAT);
        assertFalse(b.holds(0, 5));
        assertFalse(b.holds(1, 0));
        ByteBuffer d = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        d.putDouble(0, 3.0000001);
        assertFalse(TypedBuffer.wrap(d, ElementType.DOUBLE).holds(0, 3));
        assertEquals(2, TypedBuffer.wrap(d, ElementType.DOUBLE).capacity());
    }

    @Test
    void wrapChecksTheType() {
        assertThrows(ClassCastException.class, () -> TypedBuffer.wrap(new int[4], ElementType.LONG));
        assertThrows(IllegalArgumentException.class, () -> TypedBuffer.wrap(
                ByteBuffer.allocateDirect(8).order(ByteOrder.BIG_ENDIAN == ByteOrder.nativeOrder()
                        ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN), ElementType.INT));
    }

    /** fill copies a filled prefix onto the rest in doubling steps: every count, exactly. */
    @ParameterizedTest
    @EnumSource(ElementType.class)
    void fillSetsExactlyThePrefixWhateverItsLength(ElementType t) {
        for (Api api : Api.values()) {
            for (int n : new int[] {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 33, 1000, 4097}) {
                TypedBuffer x = TypedBuffer.allocate(api, t, 4100);
                x.put(4099, 5);
                x.fill(n, 9);
                for (int i = 0; i < 4100; i++) {
                    long expected = i < n ? 9 : i == 4099 ? 5 : 0;
                    assertEquals(expected, x.get(i), api + " fill(" + n + ") at " + i);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Api.class)
    void perSlotBuffersAreDistinctFilledAndNeverEmpty(Api api) {
        Object[] raws = new Object[3];
        TypedBuffer[] slots = TypedBuffer.perSlot(api, ElementType.INT, 4, 7, raws);
        assertEquals(3, slots.length);
        for (int w = 0; w < 3; w++) {
            assertTrue(raws[w] == slots[w].raw(), "slot " + w + "'s raw buffer");
            assertEquals(4, slots[w].capacity());
            for (int i = 0; i < 4; i++) {
                assertTrue(slots[w].holds(i, 7), "slot " + w + " element " + i);
            }
            for (int v = 0; v < w; v++) {
                assertFalse(raws[v] == raws[w], "slots " + v + " and " + w + " share a buffer");
            }
        }
        Object[] empty = new Object[2];
        TypedBuffer[] none = TypedBuffer.perSlot(api, ElementType.INT, 0, 7, empty);
        assertEquals(1, none[0].capacity(), "a message of no elements still gets a buffer");
        assertEquals(0, none[1].get(0), "and nothing is filled");
    }
}
