package mpi;

/**
 * An error handler: what MPI does when a call on a communicator or window fails
 * ({@link Comm#setErrhandler}, {@link Win#setErrhandler}). The predefined ones are
 * {@link MPI#ERRORS_RETURN} (the binding's default: the error comes back as an
 * {@link MPIException} carrying the MPI's error class and its own text) and
 * {@link MPI#ERRORS_ARE_FATAL} (the MPI aborts the job). As in Open MPI's Java bindings, a
 * program cannot make its own.
 */
public final class Errhandler {
    final long handle;

    Errhandler(long handle) {
        this.handle = handle;
    }

    /** @return the predefined handler of this handle, or a new object for another one */
    static Errhandler of(long handle) {
        if (handle == MPI.ERRORS_RETURN.handle) {
            return MPI.ERRORS_RETURN;
        }
        return handle == MPI.ERRORS_ARE_FATAL.handle ? MPI.ERRORS_ARE_FATAL
                : new Errhandler(handle);
    }

    @Override
    public String toString() {
        return this == MPI.ERRORS_RETURN ? "MPI.ERRORS_RETURN"
                : this == MPI.ERRORS_ARE_FATAL ? "MPI.ERRORS_ARE_FATAL" : "Errhandler";
    }
}
