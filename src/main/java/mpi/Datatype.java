package mpi;

/**
 * An MPI datatype of the binding: one of the predefined types in {@link MPI}, each tied to a
 * Java primitive type. A Java array passed with a datatype must have that element type.
 */
public final class Datatype {
    /** Java element kinds, in the order of {@code MPI.BYTE .. MPI.DOUBLE}. */
    static final int BYTE = 0, CHAR = 1, SHORT = 2, BOOLEAN = 3, INT = 4, LONG = 5, FLOAT = 6,
            DOUBLE = 7;

    final long handle;
    private final int kind;
    private final int size;
    private final String name;

    Datatype(long handle, int kind, int size, String name) {
        this.handle = handle;
        this.kind = kind;
        this.size = size;
        this.name = name;
    }

    /** @return the size of one element in bytes */
    public int getSize() {
        return size;
    }

    /** @return the binding's name of the type, such as {@code MPI.INT} */
    public String getName() {
        return name;
    }

    @Override
    public String toString() {
        return name;
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
}
