package mpi;

/**
 * An error reported by the MPI library. The message is the library's own error string
 * ({@code MPI_Error_string}); {@link #getErrorCode()} and {@link #getErrorClass()} give the
 * code and its class ({@code MPI_Error_class}).
 */
public class MPIException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final int errorClass;

    /**
     * Creates an exception for an MPI error code.
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

    /** @return the error code the MPI call returned */
    public int getErrorCode() {
        return errorCode;
    }

    /** @return the error class of the code ({@code MPI_Error_class}) */
    public int getErrorClass() {
        return errorClass;
    }
}
