package mpi.common.data;

import java.util.Locale;

import mpi.Datatype;
import mpi.MPI;
import mpi.common.options.UsageException;

/**
 * The element type of a benchmark's messages ({@code -T}): the Java primitive type of the
 * arrays API, and the MPI datatype of every call. Message sizes stay in bytes; a size holds
 * {@code size / size()} elements.
 */
public enum ElementType {
    /** {@code byte[]}, {@code MPI.BYTE}: signed 8-bit. */
    BYTE(1, "MPI.BYTE"),
    /** {@code char[]}, {@code MPI.CHAR}: unsigned 16-bit. */
    CHAR(2, "MPI.CHAR"),
    /** {@code short[]}, {@code MPI.SHORT}. */
    SHORT(2, "MPI.SHORT"),
    /** {@code int[]}, {@code MPI.INT}. */
    INT(4, "MPI.INT"),
    /** {@code long[]}, {@code MPI.LONG}: 64-bit. */
    LONG(8, "MPI.LONG"),
    /** {@code float[]}, {@code MPI.FLOAT}. */
    FLOAT(4, "MPI.FLOAT"),
    /** {@code double[]}, {@code MPI.DOUBLE}. */
    DOUBLE(8, "MPI.DOUBLE");

    private final int size;
    private final String mpiName;

    ElementType(int size, String mpiName) {
        this.size = size;
        this.mpiName = mpiName;
    }

    /** @return the size of one element in bytes */
    public int size() {
        return size;
    }

    /** @return the name on the command line, e.g. {@code float} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the name of the MPI datatype in the binding, e.g. {@code MPI.FLOAT} */
    public String mpiName() {
        return mpiName;
    }

    /** @return whether the type is a floating-point one (exact sums need small values) */
    public boolean floating() {
        return this == FLOAT || this == DOUBLE;
    }

    /** @return whether the type is a signed integer type (all but char and the floats) */
    boolean signed() {
        return !floating() && this != CHAR;
    }

    /**
     * @return the bits of a non-negative integer that the type holds exactly: its width (with
     *         the sign bit) for integer types, its mantissa for floating-point ones
     */
    int exactBits() {
        switch (this) {
            case FLOAT:  return 24;
            case DOUBLE: return 53;
            default:     return 8 * size;
        }
    }

    /** @return the binding's datatype; loads the native library, so only once MPI runs */
    public Datatype datatype() {
        switch (this) {
            case BYTE:   return MPI.BYTE;
            case CHAR:   return MPI.CHAR;
            case SHORT:  return MPI.SHORT;
            case INT:    return MPI.INT;
            case LONG:   return MPI.LONG;
            case FLOAT:  return MPI.FLOAT;
            case DOUBLE: return MPI.DOUBLE;
            default:     throw new AssertionError(this);
        }
    }

    /** @return a new array of this element type with {@code elements} elements */
    Object newArray(int elements) {
        switch (this) {
            case BYTE:   return new byte[elements];
            case CHAR:   return new char[elements];
            case SHORT:  return new short[elements];
            case INT:    return new int[elements];
            case LONG:   return new long[elements];
            case FLOAT:  return new float[elements];
            case DOUBLE: return new double[elements];
            default:     throw new AssertionError(this);
        }
    }

    /**
     * @param value the argument of {@code -T}
     * @return the type it names
     * @throws UsageException unless it is one of {@code byte char short int long float double}
     */
    public static ElementType parse(String value) throws UsageException {
        for (ElementType type : values()) {
            if (type.label().equals(value)) {
                return type;
            }
        }
        throw new UsageException("-T must be byte, char, short, int, long, float or double, got '"
                + value + "'");
    }
}
