package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_CHAR_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ShortBuffer;

/**
 * What every part of the FFM backend shares: MPI errors as {@link MPIException}, the base
 * address of a direct buffer, a Java array as a heap segment, statuses, and scratch memory for
 * the arguments MPI writes back (a request, a status, a rank), which C keeps on its stack.
 */
final class FfmSupport {
    /** The layout of an MPI handle as it crosses to MPI: a 64-bit integer ({@link FfmAbi}). */
    static final ValueLayout.OfLong HANDLE = JAVA_LONG;
    /** An address argument given as a 64-bit integer (a direct buffer's, staging memory's). */
    static final ValueLayout.OfLong POINTER = JAVA_LONG;

    /** Bytes of scratch memory per thread: statuses, handles and counts of one call. */
    static final long SCRATCH_BYTES = 4096;

    private static final MethodHandle ERROR_STRING = FfmLibrary.downcall("MPI_Error_string",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle ERROR_CLASS = FfmLibrary.downcall("MPI_Error_class",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle GET_COUNT = FfmLibrary.critical("MPI_Get_count",
            FunctionDescriptor.of(JAVA_INT, POINTER, HANDLE, POINTER));
    private static final MethodHandle TEST_CANCELLED = FfmLibrary.critical("MPI_Test_cancelled",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER));

    /** MPI_BYTE, for the byte counts of statuses. */
    static final long MPI_BYTE = FfmLibrary.ABI.constant("BYTE");
    static final long STATUS_BYTES = FfmLibrary.ABI.statusBytes();
    /** MPI_UNDEFINED, the count of a status whose bytes are no whole number of elements. */
    private static final int UNDEFINED = (int) FfmLibrary.ABI.constant("UNDEFINED");
    /** Where a status holds its byte count, if the ABI says ({@link FfmAbi#statusByteCountAt}). */
    private static final long STATUS_BYTE_COUNT_AT = FfmLibrary.ABI.statusByteCountAt();

    /** Scratch of the one thread that calls MPI unless MPI_THREAD_MULTIPLE was provided. */
    private static final MemorySegment SHARED = Arena.global().allocate(SCRATCH_BYTES, 64);
    private static final ThreadLocal<MemorySegment> PER_THREAD = ThreadLocal.withInitial(
            () -> Arena.global().allocate(SCRATCH_BYTES, 64));

    private FfmSupport() {
    }

    /**
     * @return scratch memory of {@link #SCRATCH_BYTES} for the current call: one segment while
     *         only one thread may call MPI at a time (below {@code MPI_THREAD_MULTIPLE}, so a
     *         call costs no thread-local lookup), one per thread above
     */
    static MemorySegment scratch() {
        return MPI.threadMultiple ? PER_THREAD.get() : SHARED;
    }

    /**
     * What a backend method throws for what it caught: an unchecked exception ({@link
     * MPIException} is one) or an error as it is; anything else, which a downcall handle never
     * throws of its own, as an {@link AssertionError}. Every {@code Ffm<Concern>} method that
     * makes a downcall ends in {@code catch (Throwable t) { throw FfmSupport.unchecked(t); }}.
     *
     * @return {@code t} when it is unchecked, for the caller to {@code throw} (so that the
     *         compiler sees the method end there)
     */
    static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new AssertionError(t);
    }

    /** Throws the {@link MPIException} of an MPI return code other than MPI_SUCCESS. */
    static void check(int rc) throws MPIException {
        if (rc != 0) {
            throw exception(rc);
        }
    }

    /** @return the exception for MPI error code {@code rc}: the library's message and class */
    static MPIException exception(int rc) {
        int max = (int) FfmLibrary.ABI.constant("MAX_ERROR_STRING");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(max + 1L);
            MemorySegment len = arena.allocate(JAVA_INT);
            MemorySegment errorClass = arena.allocate(JAVA_INT);
            String message = (int) ERROR_STRING.invokeExact(rc, text, len) == 0
                    && len.get(JAVA_INT, 0) > 0
                    ? text.getString(0) : "MPI error " + rc;
            int cls = (int) ERROR_CLASS.invokeExact(rc, errorClass) == 0
                    ? errorClass.get(JAVA_INT, 0) : rc;
            return new MPIException(message, rc, cls);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * @return the address of a direct buffer's first element (not of its position: the
     *         binding, as Open MPI's Java bindings, uses a buffer from its start), or 0 for null
     */
    static long address(Buffer buf) {
        if (buf == null) {
            return 0;
        }
        long at = MemorySegment.ofBuffer(buf).address();
        int position = buf.position();
        return position == 0 ? at : at - (long) position * elementBytes(buf);
    }

    private static int elementBytes(Buffer buf) {
        if (buf instanceof ByteBuffer) {
            return 1;
        }
        if (buf instanceof CharBuffer || buf instanceof ShortBuffer) {
            return 2;
        }
        return buf instanceof java.nio.IntBuffer || buf instanceof java.nio.FloatBuffer ? 4 : 8;
    }

    /**
     * @return a Java primitive array of element kind {@code kind} ({@code ArrayCopy.K_*}) as a
     *         heap segment; not for boolean[], which has none (see {@link #copy})
     */
    static MemorySegment heap(Object array, int kind) {
        switch (kind) {
            case ArrayCopy.K_BYTE: return MemorySegment.ofArray((byte[]) array);
            case ArrayCopy.K_CHAR: return MemorySegment.ofArray((char[]) array);
            case ArrayCopy.K_SHORT: return MemorySegment.ofArray((short[]) array);
            case ArrayCopy.K_INT: return MemorySegment.ofArray((int[]) array);
            case ArrayCopy.K_LONG: return MemorySegment.ofArray((long[]) array);
            case ArrayCopy.K_FLOAT: return MemorySegment.ofArray((float[]) array);
            case ArrayCopy.K_DOUBLE: return MemorySegment.ofArray((double[]) array);
            default: throw new IllegalArgumentException("no heap segment for array kind " + kind);
        }
    }

    /**
     * Copies bytes {@code [offset, offset + bytes)} of a Java array of element kind
     * {@code kind} to native memory at {@code address}, or back into the array
     * ({@code toArray}), as the JNI library's {@code ombj_copy_array} does: a boolean is one
     * byte, 0 or 1, as JNI's {@code jboolean}.
     */
    static void copy(Object array, int kind, long address, int offset, int bytes, boolean toArray) {
        if (bytes == 0) {
            return;
        }
        // One branch per element type, each copying between the array itself and the whole
        // address space (NATIVE): no segment is made per call, so nothing is allocated however
        // many kinds of array one call site sees (a heap segment and a sized native one made
        // per call escaped once a site saw two kinds: about 230 bytes a copy).
        switch (kind) {
            case ArrayCopy.K_BYTE -> copy((byte[]) array, JAVA_BYTE, address, offset, bytes, toArray);
            case ArrayCopy.K_CHAR -> copy((char[]) array, JAVA_CHAR_UNALIGNED, address, offset,
                    bytes, toArray);
            case ArrayCopy.K_SHORT -> copy((short[]) array, JAVA_SHORT_UNALIGNED, address, offset,
                    bytes, toArray);
            case ArrayCopy.K_INT -> copy((int[]) array, JAVA_INT_UNALIGNED, address, offset,
                    bytes, toArray);
            case ArrayCopy.K_LONG -> copy((long[]) array, JAVA_LONG_UNALIGNED, address, offset,
                    bytes, toArray);
            case ArrayCopy.K_FLOAT -> copy((float[]) array, JAVA_FLOAT_UNALIGNED, address, offset,
                    bytes, toArray);
            case ArrayCopy.K_DOUBLE -> copy((double[]) array, JAVA_DOUBLE_UNALIGNED, address,
                    offset, bytes, toArray);
            case ArrayCopy.K_BOOLEAN -> copyBooleans((boolean[]) array, address, offset, bytes,
                    toArray);
            default -> throw new IllegalArgumentException("unknown array kind " + kind);
        }
    }

    /** Every address: native memory is reached through it at an offset, with no segment per call. */
    private static final MemorySegment NATIVE = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private static void copy(Object array, ValueLayout element, long address, int offset,
            int bytes, boolean toArray) {
        int size = (int) element.byteSize();
        if (toArray) {
            MemorySegment.copy(NATIVE, element, address, array, offset / size, bytes / size);
        } else {
            MemorySegment.copy(array, offset / size, NATIVE, element, address, bytes / size);
        }
    }

    /** boolean[] has no heap segment (the FFM API leaves its layout to the JVM): byte by byte. */
    private static void copyBooleans(boolean[] b, long address, int offset, int bytes,
            boolean toArray) {
        for (int i = 0; i < bytes; i++) {
            if (toArray) {
                b[offset + i] = NATIVE.get(JAVA_BYTE, address + i) != 0;
            } else {
                NATIVE.set(JAVA_BYTE, address + i, (byte) (b[offset + i] ? 1 : 0));
            }
        }
    }

    /** @return native memory at {@code address}, of {@code bytes} bytes */
    static MemorySegment at(long address, long bytes) {
        return MemorySegment.ofAddress(address).reinterpret(bytes);
    }

    /**
     * @return a copy of {@code values} in native memory of {@code arena}, at least one int long
     *         (so that an empty list is still a valid address, as the JNI library's copies)
     */
    static MemorySegment ints(Arena arena, int[] values) {
        MemorySegment s = arena.allocate(JAVA_INT, Math.max(values.length, 1));
        MemorySegment.copy(values, 0, s, JAVA_INT, 0, values.length);
        return s;
    }

    /**
     * @return the byte count of the status at {@code status} (MPI_Get_count on MPI_BYTE; 0 if
     *         undefined); {@code countOut}: 4 bytes of scratch. Addresses rather than segments:
     *         this runs on every receive, and a slice made per call is an allocation wherever
     *         the JIT does not inline the caller whole
     */
    static int statusCount(long status, long countOut) {
        if (STATUS_BYTE_COUNT_AT >= 0) {
            // What MPI_Get_count on MPI_BYTE returns, without the call: a receive's compiled
            // code stays small enough for the JIT to inline it into the caller's loop.
            long bytes = NATIVE.get(JAVA_LONG, status + STATUS_BYTE_COUNT_AT);
            return bytes > Integer.MAX_VALUE ? 0 : (int) bytes;
        }
        try {
            int rc = (int) GET_COUNT.invokeExact(status, MPI_BYTE, countOut);
            int bytes = NATIVE.get(JAVA_INT, countOut);
            return rc != 0 || bytes == UNDEFINED ? 0 : bytes;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Copies the MPI_Status at {@code status} into {@code s}; {@code countOut}: 4 bytes of scratch. */
    static void setStatus(Status s, long status, long countOut) {
        s.source = NATIVE.get(JAVA_INT, status + FfmAbi.STATUS_SOURCE);
        s.tag = NATIVE.get(JAVA_INT, status + FfmAbi.STATUS_TAG);
        s.error = NATIVE.get(JAVA_INT, status + FfmAbi.STATUS_ERROR);
        s.bytes = statusCount(status, countOut);
        try {
            int rc = (int) TEST_CANCELLED.invokeExact(status, countOut);
            s.cancelled = rc == 0 && NATIVE.get(JAVA_INT, countOut) != 0;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
