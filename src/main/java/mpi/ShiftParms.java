package mpi;

/** The two ranks of a shift on a cartesian grid, from {@link CartComm#shift(int, int)}. */
public final class ShiftParms {
    private final int source;
    private final int dest;

    ShiftParms(int source, int dest) {
        this.source = source;
        this.dest = dest;
    }

    /** @return the rank this process receives from, or {@link MPI#PROC_NULL} */
    public int getRankSource() {
        return source;
    }

    /** @return the rank this process sends to, or {@link MPI#PROC_NULL} */
    public int getRankDest() {
        return dest;
    }
}
