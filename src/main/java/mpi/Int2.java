package mpi;

/**
 * The MINLOC/MAXLOC pair {@code {int value; int index}} as C lays it out, the struct of
 * {@link MPI#INT2}: {@code MPI.int2.getData(buffer, i)} reads pair {@code i} of a buffer a
 * reduction with {@code MPI.INT2} wrote. Use {@link MPI#int2}; its {@link #getType()} is
 * {@code MPI.INT2} itself, the type MINLOC and MAXLOC are defined on.
 */
public final class Int2 extends Struct {
    private final int value;
    private final int index;

    Int2() {
        value = addInt();
        index = addInt();
    }

    @Override
    Datatype buildType() {
        return MPI.INT2;
    }

    @Override
    protected Int2.Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        /** @return the value */
        public int getValue() {
            return getInt(value);
        }

        /** @return the index */
        public int getIndex() {
            return getInt(index);
        }

        /** @param v the new value */
        public void putValue(int v) {
            putInt(value, v);
        }

        /** @param v the new index */
        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
