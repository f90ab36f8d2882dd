package mpi;

/**
 * An error reported by the MPI library. The message is the library's own error string
 * ({@code MPI_Error_string}); {@link #getErrorCode()} and {@link #getErrorClass()} give the
 * code and its class ({@code MPI_Error_class}).
 *
 * <p><b>Unchecked, unlike Open MPI's.</b> Open MPI's Java bindings make this a checked
 * exception and declare {@code throws MPIException} on nearly every method; MVAPICH2-J's
 * calls throw no checked exception, so its users call {@code send} and {@code recv} in methods
 * without a {@code throws} clause. Extending {@link RuntimeException} keeps both habits legal
 * here: a {@code throws} clause or a {@code catch} of {@code MPIException} compiles, and none
 * is required. The methods of this binding still declare {@code throws MPIException} where
 * Open MPI's do, so their signatures are identical.
 */
public class MPIException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final int errorClass;

    /**
     * Creates an exception for an MPI error code (an extension: Open MPI's constructor of
     * this kind is not public).
     *
     * @param message    the library's error string
     * @param errorCode  the error code an MPI call returned
     * @param errorClass the error class of that code
     */
    public MPIException(String message, int errorCode, int errorClass) {
        super(message);
        this.errorCode = errorCode;
        this.errorClass = errorClass;
    }

    /**
     * Creates an exception with a message and no MPI error code (both codes are 0), as Open
     * MPI's constructor of the same signature.
     *
     * @param message what went wrong
     */
    public MPIException(String message) {
        this(message, 0, 0);
    }

    /**
     * Creates an exception for a cause, with no MPI error code (both codes are 0), as Open
     * MPI's constructor of the same signature.
     *
     * @param cause what went wrong
     */
    public MPIException(Throwable cause) {
        super(cause);
        this.errorCode = 0;
        this.errorClass = 0;
    }

    /** @return the error code the MPI call returned */
    public int getErrorCode() {
        return errorCode;
    }

    /** @return the error class of the code ({@code MPI_Error_class}) */
    public int getErrorClass() {
        return errorClass;
    }
}
