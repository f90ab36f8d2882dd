package mpi;

/** What a receive learned about the message it matched. */
public final class Status {
    // Written by the native code after a receive or a completed request.
    int source;
    int tag;
    int error;
    long bytes;

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

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", error=" + error + ", bytes=" + bytes + "]";
    }
}
