package mpi.common.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.MPI;
import mpi.common.options.Api;

/**
 * A message buffer of elements of an {@link ElementType}, as MPI sees it: a Java array of
 * that type (arrays API) or a direct {@link ByteBuffer} in native byte order used with the
 * type's datatype (buffer API). Validation writes and checks elements through it, as
 * integers: a value is stored as a Java cast to the element type would store it, so integer
 * types wrap and floating-point types hold small integers exactly.
 */
public abstract class TypedBuffer {
    private final ElementType type;

    private TypedBuffer(ElementType type) {
        this.type = type;
    }

    /**
     * @param api      arrays: a Java array; buffer: a direct ByteBuffer in native order
     * @param type     the element type
     * @param elements the capacity in elements
     * @return a new buffer, every element 0
     */
    public static TypedBuffer allocate(Api api, ElementType type, int elements) {
        if (api == Api.ARRAYS) {
            return new OfArray(type, type.newArray(elements));
        }
        return new OfByteBuffer(type, MPI.newByteBuffer(Math.multiplyExact(elements, type.size())));
    }

    /**
     * The buffers of {@code -b multiple}: one per window slot, each of at least one element,
     * its first {@code elements} set to {@code value}.
     *
     * @param raws receives each buffer's {@link #raw()}, slot by slot; its length is the slots
     * @return the buffers, slot by slot
     */
    public static TypedBuffer[] perSlot(Api api, ElementType type, int elements, long value,
            Object[] raws) {
        TypedBuffer[] buffers = new TypedBuffer[raws.length];
        for (int w = 0; w < raws.length; w++) {
            buffers[w] = allocate(api, type, Math.max(1, elements));
            buffers[w].fill(elements, value);
            raws[w] = buffers[w].raw();
        }
        return buffers;
    }

    /**
     * @param raw  an array of {@code type}'s primitive type, or a ByteBuffer (its byte order
     *             is the one MPI uses: native, as {@code MPI.newByteBuffer} makes it)
     * @param type the element type
     * @return a view of {@code raw}, sharing its elements
     */
    public static TypedBuffer wrap(Object raw, ElementType type) {
        if (raw instanceof ByteBuffer) {
            ByteBuffer b = (ByteBuffer) raw;
            if (b.order() != ByteOrder.nativeOrder()) {
                throw new IllegalArgumentException("a ByteBuffer for MPI is in native byte order");
            }
            return new OfByteBuffer(type, b);
        }
        OfArray array = new OfArray(type, raw);
        array.capacity(); // checks the array's type
        return array;
    }

    /** @return the element type */
    public final ElementType type() {
        return type;
    }

    /** @return the buffer to pass to MPI calls */
    public abstract Object raw();

    /** @return the capacity in elements */
    public abstract int capacity();

    /** Stores {@code value}, cast to the element type, at element {@code index}. */
    public abstract void put(int index, long value);

    /** @return whether element {@code index} holds {@code value} cast to the element type */
    public abstract boolean holds(int index, long value);

    /** @return element {@code index} as an integer (a floating-point one truncated) */
    public abstract long get(int index);

    /**
     * Sets the first {@code elements} elements to {@code value}, e.g. to touch every page. One
     * element is stored, then copied in bulk onto the next ones, doubling the filled prefix:
     * a 1 GiB buffer fills at memory speed, not at one call per element.
     */
    public final void fill(int elements, long value) {
        if (elements <= 0) {
            return;
        }
        put(0, value);
        for (int filled = 1; filled < elements; ) {
            int n = Math.min(filled, elements - filled);
            copyWithin(0, filled, n);
            filled += n;
        }
    }

    /** Copies elements {@code [from, from + n)} onto {@code [to, to + n)}, which do not overlap. */
    abstract void copyWithin(int from, int to, int n);

    private static final class OfArray extends TypedBuffer {
        private final Object array;

        OfArray(ElementType type, Object array) {
            super(type);
            this.array = array;
        }

        @Override
        public Object raw() {
            return array;
        }

        @Override
        public int capacity() {
            switch (type()) {
                case BYTE:   return ((byte[]) array).length;
                case CHAR:   return ((char[]) array).length;
                case SHORT:  return ((short[]) array).length;
                case INT:    return ((int[]) array).length;
                case LONG:   return ((long[]) array).length;
                case FLOAT:  return ((float[]) array).length;
                case DOUBLE: return ((double[]) array).length;
                default:     throw new AssertionError(type());
            }
        }

        @Override
        public void put(int index, long value) {
            switch (type()) {
                case BYTE:   ((byte[]) array)[index] = (byte) value; break;
                case CHAR:   ((char[]) array)[index] = (char) value; break;
                case SHORT:  ((short[]) array)[index] = (short) value; break;
                case INT:    ((int[]) array)[index] = (int) value; break;
                case LONG:   ((long[]) array)[index] = value; break;
                case FLOAT:  ((float[]) array)[index] = (float) value; break;
                case DOUBLE: ((double[]) array)[index] = (double) value; break;
                default:     throw new AssertionError(type());
            }
        }

        @Override
        void copyWithin(int from, int to, int n) {
            System.arraycopy(array, from, array, to, n);
        }

        @Override
        public long get(int index) {
            switch (type()) {
                case BYTE:   return ((byte[]) array)[index];
                case CHAR:   return ((char[]) array)[index];
                case SHORT:  return ((short[]) array)[index];
                case INT:    return ((int[]) array)[index];
                case LONG:   return ((long[]) array)[index];
                case FLOAT:  return (long) ((float[]) array)[index];
                case DOUBLE: return (long) ((double[]) array)[index];
                default:     throw new AssertionError(type());
            }
        }

        @Override
        public boolean holds(int index, long value) {
            switch (type()) {
                case BYTE:   return ((byte[]) array)[index] == (byte) value;
                case CHAR:   return ((char[]) array)[index] == (char) value;
                case SHORT:  return ((short[]) array)[index] == (short) value;
                case INT:    return ((int[]) array)[index] == (int) value;
                case LONG:   return ((long[]) array)[index] == value;
                case FLOAT:  return ((float[]) array)[index] == (float) value;
                case DOUBLE: return ((double[]) array)[index] == (double) value;
                default:     throw new AssertionError(type());
            }
        }
    }

    /** Absolute get/put at byte offsets: the buffer's position, which MPI ignores, stays. */
    private static final class OfByteBuffer extends TypedBuffer {
        private final ByteBuffer bytes;

        OfByteBuffer(ElementType type, ByteBuffer bytes) {
            super(type);
            this.bytes = bytes;
        }

        @Override
        public Object raw() {
            return bytes;
        }

        @Override
        public int capacity() {
            return bytes.capacity() / type().size();
        }

        @Override
        public void put(int index, long value) {
            int at = index * type().size();
            switch (type()) {
                case BYTE:   bytes.put(at, (byte) value); break;
                case CHAR:   bytes.putChar(at, (char) value); break;
                case SHORT:  bytes.putShort(at, (short) value); break;
                case INT:    bytes.putInt(at, (int) value); break;
                case LONG:   bytes.putLong(at, value); break;
                case FLOAT:  bytes.putFloat(at, (float) value); break;
                case DOUBLE: bytes.putDouble(at, (double) value); break;
                default:     throw new AssertionError(type());
            }
        }

        @Override
        void copyWithin(int from, int to, int n) {
            int size = type().size();
            bytes.put(to * size, bytes, from * size, n * size);
        }

        @Override
        public long get(int index) {
            int at = index * type().size();
            switch (type()) {
                case BYTE:   return bytes.get(at);
                case CHAR:   return bytes.getChar(at);
                case SHORT:  return bytes.getShort(at);
                case INT:    return bytes.getInt(at);
                case LONG:   return bytes.getLong(at);
                case FLOAT:  return (long) bytes.getFloat(at);
                case DOUBLE: return (long) bytes.getDouble(at);
                default:     throw new AssertionError(type());
            }
        }

        @Override
        public boolean holds(int index, long value) {
            int at = index * type().size();
            switch (type()) {
                case BYTE:   return bytes.get(at) == (byte) value;
                case CHAR:   return bytes.getChar(at) == (char) value;
                case SHORT:  return bytes.getShort(at) == (short) value;
                case INT:    return bytes.getInt(at) == (int) value;
                case LONG:   return bytes.getLong(at) == value;
                case FLOAT:  return bytes.getFloat(at) == (float) value;
                case DOUBLE: return bytes.getDouble(at) == (double) value;
                default:     throw new AssertionError(type());
            }
        }
    }
}
