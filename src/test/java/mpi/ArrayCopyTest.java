package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The element kind of every primitive array, and the copies between arrays and staging memory
 * made with it (no MPI call: the copies are JNI only).
 */
class ArrayCopyTest {
    /** One array of each primitive type, with distinct values, and its element size. */
    private static final Object[] ARRAYS = {new byte[] {1, -2, 3}, new char[] {'a', 'b', 0xffff},
        new short[] {5, -6, 7}, new boolean[] {true, false, true}, new int[] {8, -9, 1 << 30},
        new long[] {10, -11, 1L << 60}, new float[] {1.5f, -2.5f, 3.25f},
        new double[] {3.5, -4.5, 1e300}};
    private static final int[] SIZES = {1, 2, 2, 1, 4, 8, 4, 8};

    @BeforeAll
    static void loadLibrary() {
        NativeLibrary.load();
    }

    @Test
    void onlySmallByteArraysAreCopiedInJava() {
        assertTrue(ArrayCopy.copiesInJava(new byte[8], 8));
        assertTrue(ArrayCopy.copiesInJava(new byte[5000], ArrayCopy.JAVA_COPY_MAX_BYTES));
        assertFalse(ArrayCopy.copiesInJava(new byte[5000], ArrayCopy.JAVA_COPY_MAX_BYTES + 1));
        assertFalse(ArrayCopy.copiesInJava(new int[2], 8));
        assertFalse(ArrayCopy.copiesInJava(new boolean[8], 8));
    }

    @Test
    void theJavaCopyPutsTheArraysFirstBytesAtTheStagingsStart() {
        byte[] array = {7, -1, 3, 4, 5};
        ByteBuffer staging = ByteBuffer.allocateDirect(8);
        staging.put(3, (byte) 99).position(2);
        ArrayCopy.toStaging(array, staging, 3);
        assertEquals(7, staging.get(0));
        assertEquals(-1, staging.get(1));
        assertEquals(3, staging.get(2));
        assertEquals(99, staging.get(3), "beyond the copied bytes");
        assertEquals(2, staging.position(), "an absolute copy: the position is not moved");
    }

    @Test
    void theJavaCopyBackWritesOnlyTheBytesAskedFor() {
        byte[] array = {1, 2, 3, 4, 5};
        ByteBuffer staging = ByteBuffer.allocateDirect(8);
        staging.put(0, new byte[] {-7, -8, -9}).position(1);
        ArrayCopy.toArray(staging, array, 2);
        assertArrayEquals(new byte[] {-7, -8, 3, 4, 5}, array);
        assertEquals(1, staging.position(), "an absolute copy: the position is not moved");
    }

    @Test
    void javaCopiesOutsideTheArrayOrTheStagingMemoryAreRefused() {
        ByteBuffer staging = ByteBuffer.allocateDirect(16);
        assertThrows(IndexOutOfBoundsException.class,
                () -> ArrayCopy.toStaging(new byte[4], staging, 8));
        assertThrows(IndexOutOfBoundsException.class,
                () -> ArrayCopy.toArray(staging, new byte[4], 8));
        assertThrows(IndexOutOfBoundsException.class,
                () -> ArrayCopy.toStaging(new byte[32], staging, 32));
        assertThrows(IndexOutOfBoundsException.class,
                () -> ArrayCopy.toArray(staging, new byte[32], 32));
    }

    @Test
    void everyPrimitiveArrayHasItsOwnKind() {
        int[] expected = {ArrayCopy.K_BYTE, ArrayCopy.K_CHAR, ArrayCopy.K_SHORT,
            ArrayCopy.K_BOOLEAN, ArrayCopy.K_INT, ArrayCopy.K_LONG, ArrayCopy.K_FLOAT,
            ArrayCopy.K_DOUBLE};
        for (int k = 0; k < ARRAYS.length; k++) {
            assertEquals(expected[k], ArrayCopy.kindOf(ARRAYS[k]), ARRAYS[k].getClass().getName());
        }
        assertEquals(ARRAYS.length, Arrays.stream(expected).distinct().count());
    }

    @Test
    void whatIsNotAPrimitiveArrayIsRefused() {
        for (Object notOne : new Object[] {"text", new Integer[1], new int[1][1],
            ByteBuffer.allocateDirect(8), null}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ArrayCopy.kindOf(notOne));
            assertTrue(e.getMessage().startsWith("not a primitive array"), e.getMessage());
        }
    }

    @Test
    void everyKindCopiesItsElementsIntoStagingInNativeOrder() {
        for (int k = 0; k < ARRAYS.length; k++) {
            ByteBuffer staging = ByteBuffer.allocateDirect(64).order(ByteOrder.nativeOrder());
            ArrayCopy.toStaging(ARRAYS[k], staging, 3 * SIZES[k]);
            assertEquals(Arrays.toString(elements(ARRAYS[k])),
                    Arrays.toString(read(staging, k)), ARRAYS[k].getClass().getName());
            assertEquals(0, staging.get(3 * SIZES[k]), "nothing past the bytes asked for");
        }
    }

    @Test
    void everyKindCopiesBackFromStaging() {
        for (int k = 0; k < ARRAYS.length; k++) {
            ByteBuffer staging = ByteBuffer.allocateDirect(64);
            ArrayCopy.toStaging(ARRAYS[k], staging, 3 * SIZES[k]);
            Object back = java.lang.reflect.Array.newInstance(
                    ARRAYS[k].getClass().getComponentType(), 3);
            ArrayCopy.toArray(staging, back, 3 * SIZES[k]);
            assertTrue(Objects.deepEquals(ARRAYS[k], back), ARRAYS[k].getClass().getName());
        }
    }

    @Test
    void onlyTheBytesAskedForAreCopied() {
        long[] array = {1, 2, 3, 4};
        ByteBuffer staging = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder());
        staging.asLongBuffer().put(new long[] {10, 20, 30, 40});
        ArrayCopy.toArray(staging, array, 16);
        assertArrayEquals(new long[] {10, 20, 3, 4}, array);
        // a block in the middle lands at the same place in the array
        ArrayCopy.toArray(staging, array, 16, 8);
        assertArrayEquals(new long[] {10, 20, 30, 4}, array);
        ArrayCopy.toArray(staging, array, 0, 0);
        assertArrayEquals(new long[] {10, 20, 30, 4}, array);
    }

    @Test
    void blocksLandAtTheirPlacesAndTheGapsAreLeftAlone() {
        int[] array = {1, 2, 3, 4, 5, 6};
        ByteBuffer staging = ByteBuffer.allocateDirect(24).order(ByteOrder.nativeOrder());
        staging.asIntBuffer().put(new int[] {10, 20, 30, 40, 50, 60});
        Request.copyBlocksToArray(staging, array, new int[] {4, 8, 20, 4});
        assertArrayEquals(new int[] {1, 20, 30, 4, 5, 60}, array);
        Request.copyBlocksToArray(staging, array, new int[0]);
        assertArrayEquals(new int[] {1, 20, 30, 4, 5, 60}, array);
    }

    @Test
    void blocksOutsideWholeElementsOrTheBuffersAreRefused() {
        ByteBuffer staging = ByteBuffer.allocateDirect(24);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ArrayCopy.blocksToArray(staging, new int[6], new int[] {2, 4}));
        assertEquals("a block is not whole elements of the array", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ArrayCopy.blocksToArray(staging, new long[3], new int[] {0, 8, 8, 4}));
        assertThrows(IndexOutOfBoundsException.class,
                () -> ArrayCopy.blocksToArray(staging, new int[16], new int[] {0, 4, 20, 8}));
        assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> ArrayCopy.blocksToArray(staging, new int[2], new int[] {4, 8}));
    }

    @Test
    void theStagingAndPoolEntryPointsCopyThroughIt() {
        double[] array = {1.25, 2.5};
        ByteBuffer staging = StagingPool.acquire(16);
        StagingPool.copyFromArray(array, staging, 16);
        double[] back = new double[2];
        Request.copyToArray(staging, back, 16);
        StagingPool.release(staging);
        assertArrayEquals(array, back);
    }

    @Test
    void copiesOutsideTheArrayOrTheStagingMemoryAreRefused() {
        ByteBuffer staging = ByteBuffer.allocateDirect(16);
        assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> ArrayCopy.toStaging(new int[2], staging, 12));
        assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> ArrayCopy.toArray(staging, new int[3], 8, 8));
        assertThrows(IndexOutOfBoundsException.class,
                () -> ArrayCopy.toStaging(new int[8], staging, 32));
        assertThrows(IndexOutOfBoundsException.class,
                () -> ArrayCopy.toArray(staging, new int[8], 8, 12));
        assertThrows(IndexOutOfBoundsException.class,
                () -> ArrayCopy.toArray(staging, new int[8], -4, 4));
    }

    private static Object[] elements(Object array) {
        Object[] e = new Object[java.lang.reflect.Array.getLength(array)];
        for (int i = 0; i < e.length; i++) {
            e[i] = java.lang.reflect.Array.get(array, i);
        }
        return e;
    }

    /** Three elements of kind number {@code k} (ARRAYS' order) read from the staging memory. */
    private static Object[] read(ByteBuffer b, int k) {
        Object[] e = new Object[3];
        for (int i = 0; i < 3; i++) {
            int at = i * SIZES[k];
            switch (k) {
                case 0: e[i] = b.get(at); break;
                case 1: e[i] = b.getChar(at); break;
                case 2: e[i] = b.getShort(at); break;
                case 3: e[i] = b.get(at) != 0; break;
                case 4: e[i] = b.getInt(at); break;
                case 5: e[i] = b.getLong(at); break;
                case 6: e[i] = b.getFloat(at); break;
                default: e[i] = b.getDouble(at); break;
            }
        }
        return e;
    }
}
