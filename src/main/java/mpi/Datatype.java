package mpi;

import static mpi.Backends.TYPES;

/**
 * An MPI datatype of the binding: one of the predefined types in {@link MPI}, each tied to a
 * Java primitive type, or a derived type built from them with {@link #createContiguous},
 * {@link #createVector}, {@link #createIndexed}, {@link #createHVector},
 * {@link #createHIndexed}, {@link #createResized} or {@link #createStruct} (Open MPI's names
 * and signatures; {@link Struct} builds the last from fields). A Java array passed with a
 * datatype must have the element type of its base type. A struct of one element kind (all
 * ints) keeps it; a struct that mixes kinds (an int and a double) has bytes for its element
 * kind, as the mixed pair types do: it is used with a direct buffer or a {@code byte[]}, and
 * the buffer checks count its span in bytes, so MPI never reads past the array.
 *
 * <p>Sizes, extents and bounds are in <b>bytes</b>, as {@link #getSize()} of the predefined
 * types always was in this binding ({@code MPI.INT.getSize()} is 4). Open MPI's Java bindings
 * count them in elements of the base type instead; for {@code MPI.BYTE} and types built from
 * it the two agree.
 *
 * <p>A derived type must be {@link #commit() committed} before it is used in communication and
 * may be {@link #free() freed} after; a call given an uncommitted or freed type throws
 * {@link IllegalStateException}. Every call checks that its buffer holds the whole memory the
 * count and type reach ({@link #span}: a vector of N blocks of B elements with stride S spans
 * (N-1)*S+B elements, not N*B), so a too-short buffer is an exception, never a write past it.
 */
public final class Datatype implements Freeable {
    /** Java element kinds, in the order of {@code MPI.BYTE .. MPI.DOUBLE}. */
    static final int BYTE = 0, CHAR = 1, SHORT = 2, BOOLEAN = 3, INT = 4, LONG = 5, FLOAT = 6,
            DOUBLE = 7;

    final long handle;
    private final int kind;
    /** Bytes of one element of the base type (the Java primitive). */
    private final int baseSize;
    /** Bytes of data one instance carries ({@code MPI_Type_size}). */
    private final int size;
    private volatile String name;
    private final boolean derived;
    /** {@code MPI_Type_get_extent} and {@code MPI_Type_get_true_extent}, in bytes. */
    private final long lb, extent, trueLb, trueExtent;
    private volatile boolean committed;
    private volatile boolean freed;

    /** A predefined type: {@code size} bytes, extent and true extent alike. */
    Datatype(long handle, int kind, int size, String name) {
        this(handle, kind, size, size, name, false, new long[] {0, size, 0, size});
        this.committed = true;
    }

    private Datatype(long handle, int kind, int baseSize, int size, String name, boolean derived,
            long[] bounds) {
        this.handle = handle;
        this.kind = kind;
        this.baseSize = baseSize;
        this.size = size;
        this.name = name;
        this.derived = derived;
        this.lb = bounds[0];
        this.extent = bounds[1];
        this.trueLb = bounds[2];
        this.trueExtent = bounds[3];
    }

    /**
     * A predefined type whose instances are {@code size} bytes of data in {@code extent}
     * (C's struct padding: {@code MPI_DOUBLE_INT} is 12 bytes in 16), made of
     * {@code baseSize}-byte elements of {@code kind} (an {@code MPI_2INT} is two ints, a
     * mixed pair is bytes).
     */
    static Datatype predefined(long handle, int kind, int baseSize, int size, int extent,
            String name) {
        Datatype type = new Datatype(handle, kind, baseSize, size, name, false,
                new long[] {0, extent, 0, size});
        type.committed = true;
        return type;
    }

    /**
     * {@code MPI_Type_contiguous}: {@code count} copies of {@code oldType} side by side.
     *
     * @param count   replication count, 0 or more
     * @param oldType the type replicated: predefined or derived, not freed
     * @return the new type, to {@link #commit()} before use
     * @throws MPIException if MPI refuses it
     */
    public static Datatype createContiguous(int count, Datatype oldType) throws MPIException {
        MPI.check();
        checkOld(oldType);
        nonNegative(count, "count");
        return derive(oldType, TYPES.typeContiguous(count, oldType.handle),
                "contiguous(" + count + ", " + oldType.name + ")");
    }

    /**
     * {@code MPI_Type_vector}: {@code count} blocks of {@code blockLength} elements of
     * {@code oldType}, their starts {@code stride} elements apart.
     *
     * @param count       number of blocks, 0 or more
     * @param blockLength elements in each block, 0 or more
     * @param stride      elements between the starts of two blocks
     * @param oldType     the type of the elements, not freed
     * @return the new type, to {@link #commit()} before use
     * @throws MPIException if MPI refuses it
     */
    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType)
            throws MPIException {
        MPI.check();
        checkOld(oldType);
        nonNegative(count, "count");
        nonNegative(blockLength, "blockLength");
        return derive(oldType, TYPES.typeVector(count, blockLength, stride, oldType.handle),
                "vector(" + count + ", " + blockLength + ", " + stride + ", " + oldType.name + ")");
    }

    /**
     * {@code MPI_Type_indexed}: blocks of {@code blockLengths[i]} elements of {@code oldType}
     * at {@code displacements[i]} elements from the start.
     *
     * @param blockLengths  elements per block, 0 or more each
     * @param displacements each block's displacement in elements of {@code oldType}; as many
     * @param oldType       the type of the elements, not freed
     * @return the new type, to {@link #commit()} before use
     * @throws MPIException if MPI refuses it
     */
    public static Datatype createIndexed(int[] blockLengths, int[] displacements,
            Datatype oldType) throws MPIException {
        MPI.check();
        checkOld(oldType);
        checkBlocks(blockLengths, displacements, displacements == null ? 0 : displacements.length);
        return derive(oldType, TYPES.typeIndexed(blockLengths, displacements, oldType.handle),
                "indexed(" + blockLengths.length + " blocks, " + oldType.name + ")");
    }

    /**
     * {@code MPI_Type_create_hvector}: {@code count} blocks of {@code blockLength} elements of
     * {@code oldType}, their starts {@code stride} <b>bytes</b> apart.
     *
     * @param count       number of blocks, 0 or more
     * @param blockLength elements in each block, 0 or more
     * @param stride      bytes between the starts of two blocks
     * @param oldType     the type of the elements, not freed
     * @return the new type, to {@link #commit()} before use
     * @throws MPIException if MPI refuses it
     */
    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType)
            throws MPIException {
        MPI.check();
        checkOld(oldType);
        nonNegative(count, "count");
        nonNegative(blockLength, "blockLength");
        return derive(oldType, TYPES.typeHVector(count, blockLength, stride, oldType.handle),
                "hvector(" + count + ", " + blockLength + ", " + stride + ", " + oldType.name
                        + ")");
    }

    /**
     * {@code MPI_Type_create_hindexed}: blocks of {@code blockLengths[i]} elements of
     * {@code oldType} at {@code displacements[i]} <b>bytes</b> from the start.
     *
     * @param blockLengths  elements per block, 0 or more each
     * @param displacements each block's displacement in bytes; as many
     * @param oldType       the type of the elements, not freed
     * @return the new type, to {@link #commit()} before use
     * @throws MPIException if MPI refuses it
     */
    public static Datatype createHIndexed(int[] blockLengths, int[] displacements,
            Datatype oldType) throws MPIException {
        MPI.check();
        checkOld(oldType);
        checkBlocks(blockLengths, displacements, displacements == null ? 0 : displacements.length);
        return derive(oldType, TYPES.typeHIndexed(blockLengths, displacements, oldType.handle),
                "hindexed(" + blockLengths.length + " blocks, " + oldType.name + ")");
    }

    /**
     * {@code MPI_Type_create_struct}: blocks of {@code blockLengths[i]} elements of
     * {@code types[i]} at {@code displacements[i]} <b>bytes</b> from the start. Its element
     * kind is the types' if they share one, else bytes (see the class comment).
     *
     * @param blockLengths  elements per block, 0 or more each
     * @param displacements each block's displacement in bytes; as many
     * @param types         each block's type, not null nor freed; as many
     * @return the new type, to {@link #commit()} before use
     * @throws MPIException if MPI refuses it
     */
    public static Datatype createStruct(int[] blockLengths, int[] displacements,
            Datatype[] types) throws MPIException {
        MPI.check();
        if (types == null) {
            throw new NullPointerException("types is null");
        }
        checkBlocks(blockLengths, displacements, types.length);
        long[] handles = new long[types.length];
        Datatype common = types.length == 0 ? MPI.BYTE : types[0];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == null) {
                throw new NullPointerException("types[" + i + "] is null");
            }
            types[i].checkNotFreed();
            handles[i] = types[i].handle;
            if (types[i].kind != common.kind || types[i].baseSize != common.baseSize) {
                common = MPI.BYTE;
            }
        }
        return derive(common, TYPES.typeStruct(blockLengths, displacements, handles),
                "struct(" + types.length + " blocks)");
    }

    /**
     * {@code MPI_Type_create_resized}: {@code oldType} with its lower bound and extent set,
     * both in <b>bytes</b>: the extent is the distance between consecutive instances.
     *
     * @param oldType the type resized, not freed
     * @param lb      the new lower bound in bytes
     * @param extent  the new extent in bytes
     * @return the new type, to {@link #commit()} before use
     * @throws MPIException if MPI refuses it
     */
    public static Datatype createResized(Datatype oldType, int lb, int extent)
            throws MPIException {
        MPI.check();
        checkOld(oldType);
        return derive(oldType, TYPES.typeResized(oldType.handle, lb, extent),
                "resized(" + oldType.name + ", " + lb + ", " + extent + ")");
    }

    /**
     * {@code MPI_Type_commit}: makes a derived type usable in communication. Committing a
     * predefined or an already committed type does nothing, as in MPI.
     *
     * @throws MPIException if MPI refuses it
     * @throws IllegalStateException if the type was freed
     */
    public void commit() throws MPIException {
        MPI.check();
        checkNotFreed();
        if (!derived || committed) {
            return;
        }
        synchronized (this) {
            if (!committed) {
                TYPES.typeCommit(handle);
                committed = true;
            }
        }
    }

    /**
     * {@code MPI_Type_free}: releases a derived type; no call may use it after. Pending
     * communication that uses it completes normally, as MPI guarantees.
     *
     * @throws MPIException if MPI refuses it
     * @throws IllegalStateException if the type is predefined or was freed already
     */
    public void free() throws MPIException {
        MPI.check();
        if (!derived) {
            throw new IllegalStateException(name + " is predefined and cannot be freed");
        }
        synchronized (this) {
            checkNotFreed();
            TYPES.typeFree(handle);
            freed = true;
        }
    }

    /** @return whether this type was built by a {@code create} method (not predefined) */
    boolean isDerived() {
        return derived;
    }

    /** @return the bytes of data one instance of the type carries ({@code MPI_Type_size}) */
    public int getSize() {
        return size;
    }

    /** @return the lower bound in bytes ({@code MPI_Type_get_extent}) */
    public int getLb() {
        return (int) lb;
    }

    /** @return the extent in bytes: the distance between consecutive instances in a buffer */
    public int getExtent() {
        return (int) extent;
    }

    /** @return the true lower bound in bytes: where the first byte the type reaches lies */
    public int getTrueLb() {
        return (int) trueLb;
    }

    /** @return the true extent in bytes: from the first to past the last byte the type reaches */
    public int getTrueExtent() {
        return (int) trueExtent;
    }

    /** @return whether this is {@link MPI#DATATYPE_NULL} or a freed type */
    public boolean isNull() {
        return freed || handle == MPI.DATATYPE_NULL.handle;
    }

    /**
     * @return the type's name: the binding's, such as {@code MPI.INT}, or the last one given
     *         to {@link #setName}
     */
    public String getName() {
        return name;
    }

    /**
     * Names the type ({@code MPI_Type_set_name}), as debuggers and tools show it, and as
     * {@link #getName} and the binding's messages give it from now on.
     */
    public void setName(String name) throws MPIException {
        MPI.check();
        checkNotFreed();
        TYPES.typeSetName(handle, Comm.objectName(name));
        this.name = name;
    }

    /**
     * @return a new type of the same layout ({@code MPI_Type_dup}), committed if this one is;
     *         free it when done
     */
    public Datatype dup() throws MPIException {
        MPI.check();
        checkNotFreed();
        Datatype copy = derive(this, TYPES.typeDup(handle), "dup(" + name + ")");
        copy.committed = committed;
        return copy;
    }

    /** @return {@link #dup()}, as Open MPI's bindings name it too */
    @Override
    public Datatype clone() {
        return dup();
    }

    @Override
    public String toString() {
        return name;
    }

    /** @return the element kind: {@link #BYTE} .. {@link #DOUBLE} */
    int kind() {
        return kind;
    }

    /** @return the bytes of one element of the base type: the Java primitive's size */
    int baseSize() {
        return baseSize;
    }

    /**
     * The bytes from a buffer's start that {@code count} consecutive instances reach: the end
     * of the last one's true extent, {@code (count-1)*extent + trueLb + trueExtent}
     * ({@code count * size} for a predefined type); 0 for no instance. What a buffer must
     * hold, and what array staging copies.
     *
     * @throws IllegalStateException if the type is freed or derived and not committed
     * @throws IllegalArgumentException if the type reaches before the buffer's start
     *         (a negative displacement), which no buffer of this binding allows
     */
    long span(long count) {
        if (!derived) {
            // The hot path: a predefined type is never freed; its extent is its size but
            // for the padded pairs, whose arrays are C's arrays of structs.
            return count * extent;
        }
        checkUsable();
        if (count <= 0 || trueExtent == 0) {
            return 0;
        }
        long first = trueLb + Math.min(0, (count - 1) * extent);
        if (first < 0) {
            throw new IllegalArgumentException(name + " reaches " + -first
                    + " bytes before the buffer's start");
        }
        return trueLb + trueExtent + Math.max(0, (count - 1) * extent);
    }

    /** {@link #span} as an int, for staging memory (checked against overflow). */
    int spanBytes(long count) {
        return Math.toIntExact(span(count));
    }

    /** @throws IllegalStateException if this type cannot be used in communication */
    void checkUsable() {
        checkNotFreed();
        if (!committed) {
            throw new IllegalStateException(name + " is not committed: call commit() first");
        }
    }

    private void checkNotFreed() {
        if (freed) {
            throw new IllegalStateException(name + " was freed");
        }
    }

    /**
     * Length of {@code array} in elements if its element type is this datatype's, or -1.
     * A switch on the kind, so the JIT sees one cast per call site (no reflection).
     */
    int arrayLength(Object array) {
        switch (kind) {
            case BYTE:    return array instanceof byte[] ? ((byte[]) array).length : -1;
            case CHAR:    return array instanceof char[] ? ((char[]) array).length : -1;
            case SHORT:   return array instanceof short[] ? ((short[]) array).length : -1;
            case BOOLEAN: return array instanceof boolean[] ? ((boolean[]) array).length : -1;
            case INT:     return array instanceof int[] ? ((int[]) array).length : -1;
            case LONG:    return array instanceof long[] ? ((long[]) array).length : -1;
            case FLOAT:   return array instanceof float[] ? ((float[]) array).length : -1;
            case DOUBLE:  return array instanceof double[] ? ((double[]) array).length : -1;
            default:      throw new AssertionError(kind);
        }
    }

    private static void checkOld(Datatype oldType) {
        if (oldType == null) {
            throw new NullPointerException("oldType is null");
        }
        oldType.checkNotFreed();
    }

    /**
     * Both arrays there, block lengths not negative, as many displacements (and as many
     * types, {@code blocks}) as block lengths.
     */
    private static void checkBlocks(int[] blockLengths, int[] displacements, int blocks) {
        if (blockLengths == null || displacements == null) {
            throw new NullPointerException("blockLengths or displacements is null");
        }
        if (blockLengths.length != displacements.length || blocks != displacements.length) {
            throw new IllegalArgumentException(blockLengths.length + " block lengths but "
                    + displacements.length + " displacements"
                    + (blocks != displacements.length ? " and " + blocks + " types" : ""));
        }
        for (int b : blockLengths) {
            nonNegative(b, "block length");
        }
    }

    private static void nonNegative(int value, String what) {
        if (value < 0) {
            throw new IllegalArgumentException(what + " is negative: " + value);
        }
    }

    /**
     * Wraps a new MPI type with the element kind of {@code old} (the type it was built from),
     * its size and bounds read from MPI.
     */
    private static Datatype derive(Datatype old, long handle, String name) throws MPIException {
        long[] layout = new long[5];
        try {
            TYPES.typeLayout(handle, layout);
        } catch (RuntimeException e) { // MPIException is one
            TYPES.typeFree(handle);
            throw e;
        }
        if (layout[0] > Integer.MAX_VALUE || layout[2] > Integer.MAX_VALUE
                || layout[4] > Integer.MAX_VALUE) {
            TYPES.typeFree(handle);
            throw new IllegalArgumentException(name + " is larger than 2^31-1 bytes");
        }
        return new Datatype(handle, old.kind, old.baseSize, (int) layout[0], name, true,
                new long[] {layout[1], layout[2], layout[3], layout[4]});
    }

}
