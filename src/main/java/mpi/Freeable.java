package mpi;

/** An MPI object whose handle the program frees, as in Open MPI's Java bindings. */
public interface Freeable {
    /**
     * Frees the MPI object.
     *
     * @throws MPIException if MPI refuses it
     */
    void free() throws MPIException;
}
