package mpi;

/**
 * The MINLOC/MAXLOC pair {@code {short value; int index}} as C lays it out, the struct of
 * {@link MPI#SHORT_INT}: {@code MPI.shortInt.getData(buffer, i)} reads pair {@code i} of a buffer a
 * reduction with {@code MPI.SHORT_INT} wrote. Use {@link MPI#shortInt}; its {@link #getType()} is
 * {@code MPI.SHORT_INT} itself, the type MINLOC and MAXLOC are defined on.
 */
public final class ShortInt extends Struct {
    private final int value;
    private final int index;

    ShortInt() {
        value = addShort();
        index = addInt();
    }

    @Override
    Datatype buildType() {
        return MPI.SHORT_INT;
    }

    @Override
    protected ShortInt.Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        /** @return the value */
        public short getValue() {
            return getShort(value);
        }

        /** @return the index */
        public int getIndex() {
            return getInt(index);
        }

        /** @param v the new value */
        public void putValue(short v) {
            putShort(value, v);
        }

        /** @param v the new index */
        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
