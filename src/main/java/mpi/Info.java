package mpi;

import static mpi.Backends.TYPES;

/**
 * Hints to the MPI library ({@code MPI_Info}): key and value strings that window and
 * topology constructors accept. {@link MPI#INFO_NULL} passes none, which is what the
 * benchmarks use. Names and signatures follow the Open MPI Java bindings.
 */
public final class Info {
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
