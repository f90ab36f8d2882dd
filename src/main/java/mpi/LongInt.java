package mpi;

/**
 * The MINLOC/MAXLOC pair {@code {long value; int index}} as C lays it out, the struct of
 * {@link MPI#LONG_INT}: {@code MPI.longInt.getData(buffer, i)} reads pair {@code i} of a buffer a
 * reduction with {@code MPI.LONG_INT} wrote. Use {@link MPI#longInt}; its {@link #getType()} is
 * {@code MPI.LONG_INT} itself, the type MINLOC and MAXLOC are defined on.
 */
public final class LongInt extends Struct {
    private final int value;
    private final int index;

    LongInt() {
        value = addLong();
        index = addInt();
    }

    @Override
    Datatype buildType() {
        return MPI.LONG_INT;
    }

    @Override
    protected LongInt.Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        /** @return the value */
        public long getValue() {
            return getLong(value);
        }

        /** @return the index */
        public int getIndex() {
            return getInt(index);
        }

        /** @param v the new value */
        public void putValue(long v) {
            putLong(value, v);
        }

        /** @param v the new index */
        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
