package mpi;

import static mpi.Backends.POINT_TO_POINT;

import java.lang.annotation.Native;
import java.nio.ByteBuffer;

/**
 * Copies between a Java primitive array and native staging memory: the one copy primitive of
 * every call that stages arrays (non-blocking point-to-point and collective calls, one-sided
 * operations).
 *
 * <p>The element kind of the array is found here, in Java, where the JIT turns each
 * {@code instanceof} into a class-pointer compare, and the native side then makes exactly one
 * Get/Set&lt;Type&gt;ArrayRegion call (no pinning). Finding it in C instead costs JNI calls per
 * copy (the array's class, then a compare with each primitive array class): 180-295 ns for a
 * {@code long[]}, against 60-66 ns for the whole copy this way.
 */
final class ArrayCopy {
    // Element kinds (javac -h copies them into mpi_ArrayCopy.h for the C side).
    @Native
    static final int K_BYTE = 0, K_CHAR = 1, K_SHORT = 2, K_BOOLEAN = 3, K_INT = 4, K_LONG = 5,
            K_FLOAT = 6, K_DOUBLE = 7;

    private ArrayCopy() {
    }

    /**
     * @return the element kind of a primitive array (its match with the datatype is checked by
     *         the caller, {@link BufferArgs})
     * @throws IllegalArgumentException if {@code array} is not a primitive array
     */
    static int kindOf(Object array) {
        if (array instanceof byte[]) {
            return K_BYTE;
        } else if (array instanceof char[]) {
            return K_CHAR;
        } else if (array instanceof short[]) {
            return K_SHORT;
        } else if (array instanceof boolean[]) {
            return K_BOOLEAN;
        } else if (array instanceof int[]) {
            return K_INT;
        } else if (array instanceof long[]) {
            return K_LONG;
        } else if (array instanceof float[]) {
            return K_FLOAT;
        } else if (array instanceof double[]) {
            return K_DOUBLE;
        }
        throw new IllegalArgumentException("not a primitive array: "
                + (array == null ? "null" : array.getClass().getName()));
    }

    /**
     * Up to this many bytes, a {@code byte[]} is copied to and from staging memory in Java
     * (a {@link ByteBuffer} bulk put or get, which the JIT turns into its own copy loop)
     * rather than by {@code Get/SetByteArrayRegion}, which is a call into the VM (a
     * thread-state transition each way) however few bytes it copies: 3-17 ns per message of
     * osu_bw's 8 B rate with arrays (README, "Message rate"). The staging buffer of such a
     * message is its call's own ({@link StagingPool#OWN_BUFFER_MAX_BYTES}).
     */
    static final int JAVA_COPY_MAX_BYTES = StagingPool.OWN_BUFFER_MAX_BYTES;

    /** @return whether a copy of {@code bytes} of {@code array} to or from staging is Java's */
    static boolean copiesInJava(Object array, int bytes) {
        return array instanceof byte[] && bytes <= JAVA_COPY_MAX_BYTES;
    }

    /**
     * For a call whose native side can copy the array itself in the same JNI call: copies it
     * into the start of {@code staging} here if Java's copy is the cheaper one
     * ({@link #copiesInJava}).
     *
     * @return whether it copied (if not, the native call must)
     */
    static boolean copiedInJava(Object array, ByteBuffer staging, int bytes) {
        if (!copiesInJava(array, bytes)) {
            return false;
        }
        staging.put(0, (byte[]) array, 0, bytes);
        return true;
    }

    /**
     * Copies the array's first {@code bytes} bytes (whole elements) into the start of
     * {@code staging}: in Java for a small {@code byte[]} ({@link #copiesInJava}), else with
     * one native call. The position of {@code staging} is not moved.
     */
    static void toStaging(Object array, ByteBuffer staging, int bytes) {
        if (!copiedInJava(array, staging, bytes)) {
            copy(array, staging, 0, bytes, false);
        }
    }

    /**
     * @return a new array of {@code type}'s element type ({@code byte[]} for the mixed pair
     *         types) holding {@code bytes} bytes: what a user-defined reduction's array form
     *         gets ({@link UserFunction})
     */
    static Object newArray(Datatype type, int bytes) {
        int length = bytes / type.baseSize();
        switch (type.kind()) {
            case Datatype.BYTE:    return new byte[length];
            case Datatype.CHAR:    return new char[length];
            case Datatype.SHORT:   return new short[length];
            case Datatype.BOOLEAN: return new boolean[length];
            case Datatype.INT:     return new int[length];
            case Datatype.LONG:    return new long[length];
            case Datatype.FLOAT:   return new float[length];
            case Datatype.DOUBLE:  return new double[length];
            default:               throw new AssertionError(type.kind());
        }
    }

    /** Copies the first {@code bytes} bytes of {@code staging} into the start of the array. */
    static void toArray(ByteBuffer staging, Object array, int bytes) {
        if (copiesInJava(array, bytes)) {
            staging.get(0, (byte[]) array, 0, bytes);
        } else {
            copy(array, staging, 0, bytes, true);
        }
    }

    /**
     * Copies bytes {@code [offset, offset + bytes)} of {@code staging} into the same bytes of
     * the array (whole elements: both are multiples of the element size), for staging memory
     * that mirrors the array from its start and of which only some blocks were written.
     */
    static void toArray(ByteBuffer staging, Object array, int offset, int bytes) {
        copy(array, staging, offset, bytes, true);
    }

    /**
     * Copies blocks of {@code staging} into the same bytes of the array, leaving the rest of
     * the array as it is: pairs (byte offset, bytes) in {@code blocks}, whole elements of the
     * array (the received blocks of a non-blocking v- or w-collective, {@link ReceiveBlocks}).
     * One JNI call for all of them.
     *
     * @throws IllegalArgumentException if a block is not whole elements of the array
     */
    static void blocksToArray(ByteBuffer staging, Object array, int[] blocks) {
        int kind = kindOf(array);
        for (int k = 0; k + 1 < blocks.length; k += 2) {
            checkStaging(staging, blocks[k], blocks[k + 1]);
        }
        POINT_TO_POINT.arrayCopyBlocks(array, kind, staging, blocks);
    }

    private static void copy(Object array, ByteBuffer staging, int offset, int bytes,
            boolean toArray) {
        int kind = kindOf(array);
        checkStaging(staging, offset, bytes);
        POINT_TO_POINT.arrayCopy(array, kind, staging, offset, bytes, toArray);
    }

    /**
     * The native side trusts that staging is direct and these bounds of it (the array's are
     * JNI's): it reads the address without GetDirectBufferAddress's class check.
     */
    private static void checkStaging(ByteBuffer staging, int offset, int bytes) {
        if (!staging.isDirect()) {
            throw new IllegalArgumentException("staging memory must be a direct buffer");
        }
        if (offset < 0 || bytes < 0 || bytes > staging.capacity() - offset) {
            throw new IndexOutOfBoundsException("bytes [" + offset + ", " + offset + " + " + bytes
                    + ") outside staging memory of " + staging.capacity() + " bytes");
        }
    }

}
