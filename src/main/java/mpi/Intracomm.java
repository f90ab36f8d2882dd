package mpi;

/** An intra-communicator: the kind of {@link MPI#COMM_WORLD}, {@link MPI#COMM_SELF}, and their splits. */
public class Intracomm extends Comm {
    Intracomm(long handle) {
        super(handle);
    }

    /** @return a duplicate of this communicator ({@code MPI_Comm_dup}) */
    @Override
    public Intracomm dup() throws MPIException {
        MPI.check();
        return new Intracomm(nDup(handle));
    }

    /**
     * Splits the communicator ({@code MPI_Comm_split}).
     *
     * @return the new communicator of this process's colour, or null for {@code MPI.UNDEFINED}
     */
    public final Intracomm split(int colour, int key) throws MPIException {
        MPI.check();
        long h = nSplit(handle, colour, key);
        return h == MPI.COMM_NULL_HANDLE ? null : new Intracomm(h);
    }

    private static native long nSplit(long comm, int colour, int key) throws MPIException;
}
