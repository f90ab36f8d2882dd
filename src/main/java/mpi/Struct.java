package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A C struct described field by field (Open MPI's API): a subclass adds its fields in its
 * constructor ({@link #addInt()}, {@link #addDouble(int)}, {@link #addStruct}, ...), each call
 * returning the field's byte offset, and gives a {@link Data} subclass whose accessors read
 * and write one instance in a {@link ByteBuffer} through those offsets. {@link #getType()}
 * builds the matching MPI datatype ({@link Datatype#createStruct}) once.
 *
 * <p>Fields are laid out as a C compiler lays out a struct, which Open MPI's class does not:
 * each starts at the next multiple of its alignment (a primitive's size; a nested struct's
 * largest alignment; for {@link #addData} the largest power of two up to 8 dividing the type's
 * extent), and the extent is rounded up to the largest alignment, so that {@code (int,
 * double)} has its double at 8 and an extent of 16, as in C. {@link #setOffset} moves the next
 * field further. The layout is fixed the first time the extent, the type or data is asked for,
 * or the struct is added to another; adding a field after throws
 * {@link IllegalStateException}.
 *
 * <p>The type's element kind is bytes when the fields mix kinds ({@link Datatype}): send it
 * from a direct buffer ({@link MPI#newByteBuffer}) or a {@code byte[]}.
 */
public abstract class Struct {
    private final List<Field> fields = new ArrayList<>();
    /** Where the next field may start: the end of the last one, or {@link #setOffset}'s. */
    private int end;
    /** The largest alignment of a field, 1 for no field. */
    private int alignment = 1;
    private volatile boolean fixed;
    private Datatype type;

    /** A struct with no field yet: the subclass's constructor adds them. */
    public Struct() {
    }

    /** @return a new, unbound view of one instance: the subclass's {@link Data} */
    protected abstract Data newData();

    /** @return the offset of a {@code byte} field ({@link MPI#BYTE}) */
    public final int addByte() {
        return addByte(1);
    }

    /** @return the offset of {@code length} {@code byte}s ({@link MPI#BYTE}) */
    public final int addByte(int length) {
        return add(MPI.BYTE, 1, 1, length);
    }

    /** @return the offset of a {@code char} field ({@link MPI#CHAR}, 2 bytes) */
    public final int addChar() {
        return addChar(1);
    }

    /** @return the offset of {@code length} {@code char}s ({@link MPI#CHAR}) */
    public final int addChar(int length) {
        return add(MPI.CHAR, 2, 2, length);
    }

    /** @return the offset of a {@code short} field ({@link MPI#SHORT}) */
    public final int addShort() {
        return addShort(1);
    }

    /** @return the offset of {@code length} {@code short}s ({@link MPI#SHORT}) */
    public final int addShort(int length) {
        return add(MPI.SHORT, 2, 2, length);
    }

    /** @return the offset of an {@code int} field ({@link MPI#INT}) */
    public final int addInt() {
        return addInt(1);
    }

    /** @return the offset of {@code length} {@code int}s ({@link MPI#INT}) */
    public final int addInt(int length) {
        return add(MPI.INT, 4, 4, length);
    }

    /** @return the offset of a {@code long} field ({@link MPI#LONG}, 8 bytes) */
    public final int addLong() {
        return addLong(1);
    }

    /** @return the offset of {@code length} {@code long}s ({@link MPI#LONG}) */
    public final int addLong(int length) {
        return add(MPI.LONG, 8, 8, length);
    }

    /** @return the offset of a {@code float} field ({@link MPI#FLOAT}) */
    public final int addFloat() {
        return addFloat(1);
    }

    /** @return the offset of {@code length} {@code float}s ({@link MPI#FLOAT}) */
    public final int addFloat(int length) {
        return add(MPI.FLOAT, 4, 4, length);
    }

    /** @return the offset of a {@code double} field ({@link MPI#DOUBLE}) */
    public final int addDouble() {
        return addDouble(1);
    }

    /** @return the offset of {@code length} {@code double}s ({@link MPI#DOUBLE}) */
    public final int addDouble(int length) {
        return add(MPI.DOUBLE, 8, 8, length);
    }

    /** @return the offset of a field that is one {@code struct}, whose layout this fixes */
    public final int addStruct(Struct struct) throws MPIException {
        return addStruct(struct, 1);
    }

    /** @return the offset of {@code length} {@code struct}s, whose layout this fixes */
    public final int addStruct(Struct struct, int length) throws MPIException {
        if (struct == null) {
            throw new NullPointerException("struct is null");
        }
        if (struct == this) {
            throw new IllegalArgumentException("a struct cannot contain itself");
        }
        int extent = struct.getExtent();
        return add(struct, extent, struct.alignment, length);
    }

    /** @return the offset of a field of one {@code type} (predefined or derived) */
    public final int addData(Datatype type) throws MPIException {
        return addData(type, 1);
    }

    /** @return the offset of {@code length} consecutive instances of {@code type} */
    public final int addData(Datatype type, int length) throws MPIException {
        if (type == null) {
            throw new NullPointerException("type is null");
        }
        if (type.isNull()) {
            throw new IllegalArgumentException(type + " is freed or DATATYPE_NULL");
        }
        int extent = type.getExtent();
        // The largest power of two, up to 8, that divides the extent: 8 for MPI.DOUBLE_INT.
        int align = extent == 0 ? 1 : Math.min(8, Integer.lowestOneBit(extent));
        return add(type, extent, align, length);
    }

    /**
     * Moves the start of the next field to {@code offset} (then to its alignment).
     *
     * @param offset a byte offset not before the end of the last field
     * @return this struct
     * @throws IllegalArgumentException if {@code offset} is before the end of the last field
     * @throws IllegalStateException if the layout is fixed
     */
    public final Struct setOffset(int offset) {
        checkNotFixed();
        if (offset < end) {
            throw new IllegalArgumentException("offset " + offset
                    + " is before the end of the last field, " + end);
        }
        end = offset;
        return this;
    }

    /**
     * @return the bytes between consecutive instances: the end of the last field rounded up to
     *         the largest alignment, as C's {@code sizeof}. Fixes the layout
     */
    public final int getExtent() throws MPIException {
        fixed = true;
        return roundUp(end, alignment);
    }

    /**
     * Builds and commits the struct's datatype the first time (its extent is
     * {@link #getExtent()}); fixes the layout.
     *
     * @return the committed datatype, the same on every call
     * @throws MPIException if MPI refuses it
     */
    public final Datatype getType() throws MPIException {
        fixed = true;
        synchronized (this) {
            if (type == null) {
                type = buildType();
            }
            return type;
        }
    }

    /**
     * Builds the committed type: a struct of the fields, resized to C's extent. A pair class
     * returns its predefined type instead, the one MINLOC and MAXLOC are defined on.
     */
    Datatype buildType() throws MPIException {
        int n = fields.size();
        int[] lengths = new int[n];
        int[] offsets = new int[n];
        Datatype[] types = new Datatype[n];
        for (int i = 0; i < n; i++) {
            Field f = fields.get(i);
            lengths[i] = f.length;
            offsets[i] = f.offset;
            types[i] = f.type instanceof Struct ? ((Struct) f.type).getType() : (Datatype) f.type;
        }
        Datatype struct = Datatype.createStruct(lengths, offsets, types);
        int extent = getExtent();
        Datatype result = struct;
        // MPI pads the extent by its own rule (and starts it at the first field): C's is ours.
        if (struct.getLb() != 0 || struct.getExtent() != extent) {
            result = Datatype.createResized(struct, 0, extent);
            struct.free();
        }
        result.commit();
        return result;
    }

    /** @return a view of the instance at the start of {@code buffer}; fixes the layout */
    public final <T extends Data> T getData(ByteBuffer buffer) throws MPIException {
        return getData(buffer, 0);
    }

    /**
     * @return a view of instance {@code index} of an array of structs in {@code buffer}, at
     *         {@code index * getExtent()} bytes from its start; read in native byte order
     * @throws IndexOutOfBoundsException if that instance does not lie wholly in the buffer
     */
    @SuppressWarnings("unchecked")
    public final <T extends Data> T getData(ByteBuffer buffer, int index) throws MPIException {
        if (buffer == null) {
            throw new NullPointerException("buffer is null");
        }
        int extent = getExtent();
        long offset = (long) index * extent;
        if (index < 0 || offset + extent > buffer.limit()) {
            throw new IndexOutOfBoundsException("struct " + index + " of " + extent
                    + " bytes is not within the buffer's " + buffer.limit() + " bytes");
        }
        Data data = newData();
        data.buffer = buffer.duplicate().order(ByteOrder.nativeOrder());
        data.offset = (int) offset;
        return (T) data;
    }

    /** @return a view of the instance at the start of {@code array} */
    public final <T extends Data> T getData(byte[] array) throws MPIException {
        return getData(ByteBuffer.wrap(array), 0);
    }

    /** @return a view of instance {@code index} of an array of structs in {@code array} */
    public final <T extends Data> T getData(byte[] array, int index) throws MPIException {
        return getData(ByteBuffer.wrap(array), index);
    }

    private int add(Object fieldType, int extent, int align, int length) {
        checkNotFixed();
        if (length < 0) {
            throw new IllegalArgumentException("length is negative: " + length);
        }
        int offset = roundUp(end, align);
        end = Math.addExact(offset, Math.multiplyExact(extent, length));
        alignment = Math.max(alignment, align);
        fields.add(new Field(fieldType, offset, length));
        return offset;
    }

    private void checkNotFixed() {
        if (fixed) {
            throw new IllegalStateException("the struct's layout is fixed once its extent, type"
                    + " or data was asked for, or it was added to another struct");
        }
    }

    private static int roundUp(int value, int align) {
        return Math.addExact(value, align - 1) / align * align;
    }

    /** Whether element {@code index} of the field at {@code offset} is of {@code fieldType}. */
    private boolean holds(int offset, int index, Object fieldType) {
        for (Field f : fields) {
            if (f.offset == offset) {
                return f.type == fieldType && index >= 0 && index < f.length;
            }
        }
        return false;
    }

    /** One field: its type (a {@link Datatype} or a {@link Struct}), offset and count. */
    private static final class Field {
        final Object type;
        final int offset;
        final int length;

        Field(Object type, int offset, int length) {
            this.type = type;
            this.offset = offset;
            this.length = length;
        }
    }

    /**
     * A view of one instance of the struct in a buffer. A subclass's public accessors call
     * the protected ones here with the offsets the struct's {@code add} calls returned; with
     * assertions enabled ({@code -ea}) they check that the offset is a field of that type and
     * the index within its length (as Open MPI's do). Every access is within the instance's
     * buffer ({@link ByteBuffer}'s own bounds checks).
     */
    public abstract class Data {
        private ByteBuffer buffer;
        private int offset;

        /** @return the buffer from this instance's first byte on, in native byte order */
        public final ByteBuffer getBuffer() {
            return slice(offset);
        }

        private ByteBuffer slice(int position) {
            return buffer.duplicate().position(position).slice().order(ByteOrder.nativeOrder());
        }

        private int at(int field, int index, Datatype fieldType, int size) {
            assert holds(field, index, fieldType) : "no " + fieldType + " field at " + field
                    + " holds element " + index;
            return offset + field + index * size;
        }

        protected final byte getByte(int field) {
            return getByte(field, 0);
        }

        protected final byte getByte(int field, int index) {
            return buffer.get(at(field, index, MPI.BYTE, 1));
        }

        protected final void putByte(int field, byte v) {
            putByte(field, 0, v);
        }

        protected final void putByte(int field, int index, byte v) {
            buffer.put(at(field, index, MPI.BYTE, 1), v);
        }

        protected final char getChar(int field) {
            return getChar(field, 0);
        }

        protected final char getChar(int field, int index) {
            return buffer.getChar(at(field, index, MPI.CHAR, 2));
        }

        protected final void putChar(int field, char v) {
            putChar(field, 0, v);
        }

        protected final void putChar(int field, int index, char v) {
            buffer.putChar(at(field, index, MPI.CHAR, 2), v);
        }

        protected final short getShort(int field) {
            return getShort(field, 0);
        }

        protected final short getShort(int field, int index) {
            return buffer.getShort(at(field, index, MPI.SHORT, 2));
        }

        protected final void putShort(int field, short v) {
            putShort(field, 0, v);
        }

        protected final void putShort(int field, int index, short v) {
            buffer.putShort(at(field, index, MPI.SHORT, 2), v);
        }

        protected final int getInt(int field) {
            return getInt(field, 0);
        }

        protected final int getInt(int field, int index) {
            return buffer.getInt(at(field, index, MPI.INT, 4));
        }

        protected final void putInt(int field, int v) {
            putInt(field, 0, v);
        }

        protected final void putInt(int field, int index, int v) {
            buffer.putInt(at(field, index, MPI.INT, 4), v);
        }

        protected final long getLong(int field) {
            return getLong(field, 0);
        }

        protected final long getLong(int field, int index) {
            return buffer.getLong(at(field, index, MPI.LONG, 8));
        }

        protected final void putLong(int field, long v) {
            putLong(field, 0, v);
        }

        protected final void putLong(int field, int index, long v) {
            buffer.putLong(at(field, index, MPI.LONG, 8), v);
        }

        protected final float getFloat(int field) {
            return getFloat(field, 0);
        }

        protected final float getFloat(int field, int index) {
            return buffer.getFloat(at(field, index, MPI.FLOAT, 4));
        }

        protected final void putFloat(int field, float v) {
            putFloat(field, 0, v);
        }

        protected final void putFloat(int field, int index, float v) {
            buffer.putFloat(at(field, index, MPI.FLOAT, 4), v);
        }

        protected final double getDouble(int field) {
            return getDouble(field, 0);
        }

        protected final double getDouble(int field, int index) {
            return buffer.getDouble(at(field, index, MPI.DOUBLE, 8));
        }

        protected final void putDouble(int field, double v) {
            putDouble(field, 0, v);
        }

        protected final void putDouble(int field, int index, double v) {
            buffer.putDouble(at(field, index, MPI.DOUBLE, 8), v);
        }

        /** @return a view of the nested {@code struct} at {@code field} */
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field) {
            return getData(struct, field, 0);
        }

        /** @return a view of element {@code index} of the nested structs at {@code field} */
        @SuppressWarnings("unchecked")
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field,
                int index) {
            assert holds(field, index, struct) : "no struct field at " + field
                    + " holds element " + index;
            Struct nested = struct; // a type variable does not reach private members
            Struct.Data data = nested.newData();
            data.buffer = buffer;
            data.offset = offset + field + index * roundUp(nested.end, nested.alignment);
            return (D) data;
        }

        /** @return the buffer from the field of {@code type} at {@code field} on */
        protected final ByteBuffer getBuffer(Datatype type, int field) {
            return getBuffer(type, field, 0);
        }

        /** @return the buffer from element {@code index} of the field at {@code field} on */
        protected final ByteBuffer getBuffer(Datatype type, int field, int index) {
            assert holds(field, index, type) : "no " + type + " field at " + field
                    + " holds element " + index;
            return slice(offset + field + index * type.getExtent());
        }
    }
}
