package mpi;

import static mpi.Backends.TYPES;

/**
 * Hints to the MPI library ({@code MPI_Info}): key and value strings that window and
 * topology constructors accept. {@link MPI#INFO_NULL} passes none, which is what the
 * benchmarks use. Names and signatures follow the Open MPI Java bindings.
 */
public final class Info implements Freeable {
    private long handle;

    /** Creates an empty set of hints ({@code MPI_Info_create}). */
    public Info() throws MPIException {
        MPI.check();
        handle = TYPES.infoCreate();
    }

    Info(long handle) {
        this.handle = handle;
    }

    /** @return the native {@code MPI_Info}, for the calls that take hints */
    long handle() {
        return handle;
    }

    /**
     * Sets a hint ({@code MPI_Info_set}).
     *
     * @param key   the hint's name
     * @param value its value
     */
    public void set(String key, String value) throws MPIException {
        MPI.check();
        checkUsable();
        TYPES.infoSet(handle, key, value);
    }

    /**
     * @param key a hint's name
     * @return its value ({@code MPI_Info_get}), or null if it is not set
     */
    public String get(String key) throws MPIException {
        MPI.check();
        checkUsable();
        return TYPES.infoGet(handle, key);
    }

    /** Frees the hints ({@code MPI_Info_free}); the object is then {@link #isNull()}. */
    public void free() throws MPIException {
        MPI.check();
        checkUsable();
        TYPES.infoFree(handle);
        handle = MPI.INFO_NULL_HANDLE;
    }

    /** @return the number of hints set ({@code MPI_Info_get_nkeys}) */
    public int size() throws MPIException {
        MPI.check();
        checkUsable();
        return TYPES.infoSize(handle);
    }

    /**
     * @param i an index from 0 to {@link #size()} - 1
     * @return the name of the hint at that index ({@code MPI_Info_get_nthkey})
     */
    public String getKey(int i) throws MPIException {
        int n = size();
        if (i < 0 || i >= n) {
            throw new IllegalArgumentException("key index " + i + " of " + n + " keys");
        }
        return TYPES.infoKey(handle, i);
    }

    /**
     * Removes a hint ({@code MPI_Info_delete}); one that is not set is an MPIException
     * ({@code MPI.ERR_INFO_NOKEY}).
     */
    public void delete(String key) throws MPIException {
        MPI.check();
        checkUsable();
        if (key == null) {
            throw new NullPointerException("key is null");
        }
        TYPES.infoDelete(handle, key);
    }

    /** @return a copy of these hints ({@code MPI_Info_dup}) */
    public Info dup() throws MPIException {
        MPI.check();
        checkUsable();
        return new Info(TYPES.infoDup(handle));
    }

    /** @return {@link #dup()}, as Open MPI's bindings name it too */
    @Override
    public Info clone() {
        return dup();
    }

    /** @return whether this is {@link MPI#INFO_NULL} or freed hints */
    public boolean isNull() {
        return handle == MPI.INFO_NULL_HANDLE;
    }

    private void checkUsable() {
        if (isNull()) {
            throw new IllegalStateException("MPI.INFO_NULL or a freed Info has no hints");
        }
    }

}
