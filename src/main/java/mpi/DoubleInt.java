package mpi;

/**
 * The MINLOC/MAXLOC pair {@code {double value; int index}} as C lays it out, the struct of
 * {@link MPI#DOUBLE_INT}: {@code MPI.doubleInt.getData(buffer, i)} reads pair {@code i} of a buffer a
 * reduction with {@code MPI.DOUBLE_INT} wrote. Use {@link MPI#doubleInt}; its {@link #getType()} is
 * {@code MPI.DOUBLE_INT} itself, the type MINLOC and MAXLOC are defined on.
 */
public final class DoubleInt extends Struct {
    private final int value;
    private final int index;

    DoubleInt() {
        value = addDouble();
        index = addInt();
    }

    @Override
    Datatype buildType() {
        return MPI.DOUBLE_INT;
    }

    @Override
    protected DoubleInt.Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        /** @return the value */
        public double getValue() {
            return getDouble(value);
        }

        /** @return the index */
        public int getIndex() {
            return getInt(index);
        }

        /** @param v the new value */
        public void putValue(double v) {
            putDouble(value, v);
        }

        /** @param v the new index */
        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
