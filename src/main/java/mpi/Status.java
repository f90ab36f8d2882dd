package mpi;

/** What a receive learned about the message it matched. */
public final class Status {
    // Written by the native code after a receive or a completed request.
    int source;
    int tag;
    int error;
    long bytes;
    boolean cancelled;
    /** The request's index in a waitAny, testAny, waitSome or testSome; else MPI.UNDEFINED. */
    int index = MPI.UNDEFINED;

    Status() {
    }

    /**
     * @return the status of a receive with a known tag whose native call returned the
     * source in the high 32 bits and the bytes received in the low 32: one return value
     * instead of four JNI field writes on the hot path. A receive from {@code MPI.PROC_NULL}
     * completes with no message: MPI gives it the tag {@code MPI.ANY_TAG}, not the one asked
     * for.
     */
    static Status received(long sourceAndBytes, int tag) {
        Status s = new Status();
        s.source = (int) (sourceAndBytes >> 32);
        s.tag = s.source == MPI.PROC_NULL ? MPI.ANY_TAG : tag;
        s.bytes = sourceAndBytes & 0xFFFF_FFFFL;
        return s;
    }

    /** @return the rank the message came from */
    public int getSource() throws MPIException {
        return source;
    }

    /** @return the tag of the message */
    public int getTag() throws MPIException {
        return tag;
    }

    /** @return the error code of the operation ({@code MPI_SUCCESS} when it completed) */
    public int getError() throws MPIException {
        return error;
    }

    /**
     * @param type the datatype of the receive
     * @return the number of elements of {@code type} received, or {@link MPI#UNDEFINED} when
     *         the bytes received are not a whole number of them
     */
    public int getCount(Datatype type) throws MPIException {
        if (type.getSize() == 0) {
            return bytes == 0 ? 0 : MPI.UNDEFINED; // a type that carries no data
        }
        long n = bytes / type.getSize();
        return n * type.getSize() == bytes && n <= Integer.MAX_VALUE ? (int) n : MPI.UNDEFINED;
    }

    /**
     * @return the number of basic elements received ({@code MPI_Get_elements}): of a derived
     *         type, the elements of its base type, so that a partial last instance counts
     *         too; {@code MPI.UNDEFINED} if the bytes are no whole number of them
     */
    public int getElements(Datatype type) throws MPIException {
        long n = elements(type);
        return n <= Integer.MAX_VALUE ? (int) n : MPI.UNDEFINED;
    }

    /** @return {@link #getElements} as a {@link Count} ({@code MPI_Get_elements_x}) */
    public Count getElementsX(Datatype type) throws MPIException {
        return new Count(elements(type));
    }

    private long elements(Datatype type) {
        if (type == null) {
            throw new NullPointerException("datatype is null");
        }
        int size = type.baseSize();
        if (size == 0) {
            return 0;
        }
        return bytes % size == 0 ? bytes / size : MPI.UNDEFINED;
    }

    /** Sets the elements this status reports ({@code MPI_Status_set_elements}). */
    public void setElements(Datatype type, int count) throws MPIException {
        setElementsX(type, new Count(count));
    }

    /** Sets the elements this status reports ({@code MPI_Status_set_elements_x}). */
    public void setElementsX(Datatype type, Count count) throws MPIException {
        if (type == null || count == null) {
            throw new NullPointerException(type == null ? "datatype is null" : "count is null");
        }
        if (count.getCount() < 0) {
            throw new IllegalArgumentException("count is negative: " + count.getCount());
        }
        bytes = Math.multiplyExact(count.getCount(), (long) type.baseSize());
    }

    /** @return whether the operation was cancelled ({@code MPI_Test_cancelled}) */
    public boolean isCancelled() throws MPIException {
        return cancelled;
    }

    /** Sets what {@link #isCancelled} reports ({@code MPI_Status_set_cancelled}). */
    public void setCancelled(boolean flag) throws MPIException {
        cancelled = flag;
    }

    /**
     * @return the index, in the array given, of the request this status is of, for the
     *         statuses of {@link Request#waitAnyStatus}, {@link Request#testAnyStatus},
     *         {@link Request#waitSomeStatus} and {@link Request#testSomeStatus};
     *         {@code MPI.UNDEFINED} otherwise
     */
    public int getIndex() {
        return index;
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", error=" + error + ", bytes=" + bytes
                + (cancelled ? ", cancelled" : "") + "]";
    }
}
