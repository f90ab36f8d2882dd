package mpi;

/**
 * The MINLOC/MAXLOC pair {@code {float value; int index}} as C lays it out, the struct of
 * {@link MPI#FLOAT_INT}: {@code MPI.floatInt.getData(buffer, i)} reads pair {@code i} of a buffer a
 * reduction with {@code MPI.FLOAT_INT} wrote. Use {@link MPI#floatInt}; its {@link #getType()} is
 * {@code MPI.FLOAT_INT} itself, the type MINLOC and MAXLOC are defined on.
 */
public final class FloatInt extends Struct {
    private final int value;
    private final int index;

    FloatInt() {
        value = addFloat();
        index = addInt();
    }

    @Override
    Datatype buildType() {
        return MPI.FLOAT_INT;
    }

    @Override
    protected FloatInt.Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        /** @return the value */
        public float getValue() {
            return getFloat(value);
        }

        /** @return the index */
        public int getIndex() {
            return getInt(index);
        }

        /** @param v the new value */
        public void putValue(float v) {
            putFloat(value, v);
        }

        /** @param v the new index */
        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
