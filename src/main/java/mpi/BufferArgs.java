package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ShortBuffer;
import java.nio.IntBuffer;
import java.nio.FloatBuffer;

/**
 * Checks the buffer arguments of a call before it reaches native code, so that misuse is a
 * Java exception and never a JVM crash: a JNI function handed a null, a heap buffer or a
 * too-short array would read or write out of bounds.
 */
final class BufferArgs {
    private BufferArgs() {
    }

    /**
     * Checks that {@code buf} can hold {@code count} elements of {@code type}.
     *
     * @return true if {@code buf} is a Java array, false if it is a direct buffer
     * @throws NullPointerException      if {@code buf} or {@code type} is null
     * @throws IllegalArgumentException  if {@code buf} is neither a direct buffer nor an array
     *                                   whose element type is {@code type}'s, or count is negative
     * @throws IndexOutOfBoundsException if {@code count} elements do not fit in {@code buf}
     */
    static boolean isArray(Object buf, int count, Datatype type) {
        if (buf == null) {
            throw new NullPointerException("buffer is null");
        }
        // Explicitly, not at type.span: once C2 compiles a call site that has thrown often,
        // it throws a preallocated NullPointerException without a message
        // (OmitStackTraceInFastThrow), which MisuseIT saw after a few thousand misuses.
        if (type == null) {
            throw new NullPointerException("datatype is null");
        }
        if (count < 0) {
            throw new IllegalArgumentException("count is negative: " + count);
        }
        // A derived type reaches its span, not count * size (Datatype.span): a vector of
        // N blocks of B elements with stride S reaches (N-1)*S+B elements.
        long bytes = type.span(count);
        if (buf instanceof Buffer) {
            checkDirect((Buffer) buf, bytes, type);
            return false;
        }
        int length = type.arrayLength(buf);
        if (length < 0) {
            throw new IllegalArgumentException(describe(buf) + " does not match datatype " + type
                    + "; pass an array of its element type or a direct buffer");
        }
        if (bytes > (long) length * type.baseSize()) {
            throw new IndexOutOfBoundsException("count " + count + " of " + type + " reaches "
                    + bytes / type.baseSize() + " elements, beyond the buffer's length of "
                    + length + " elements (" + describe(buf) + ")");
        }
        return true;
    }

    private static void checkDirect(Buffer buf, long bytes, Datatype type) {
        if (!buf.isDirect()) {
            throw new IllegalArgumentException("a heap " + buf.getClass().getSimpleName()
                    + " was given where a direct buffer is needed; use MPI.newByteBuffer"
                    + " (or ByteBuffer.allocateDirect), or pass a Java array");
        }
        long capacity = (long) buf.capacity() * elementSize(buf);
        if (bytes > capacity) {
            throw new IndexOutOfBoundsException("count of " + bytes + " bytes (" + type
                    + ") exceeds the direct buffer's capacity of " + capacity + " bytes");
        }
    }

    /** Size in bytes of one element of a buffer. */
    static int elementSize(Buffer buf) {
        if (buf instanceof ByteBuffer) {
            return 1;
        }
        if (buf instanceof CharBuffer || buf instanceof ShortBuffer) {
            return 2;
        }
        if (buf instanceof IntBuffer || buf instanceof FloatBuffer) {
            return 4;
        }
        return 8; // LongBuffer, DoubleBuffer
    }

    private static String describe(Object buf) {
        Class<?> c = buf.getClass();
        String name = c.isArray() ? c.getComponentType().getName() + "[]" : c.getName();
        return ("aeiou".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }
}
