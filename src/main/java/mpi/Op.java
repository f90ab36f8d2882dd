package mpi;

/** A predefined MPI reduction operation ({@code MPI.SUM}, {@code MPI.MAX}, ...). */
public final class Op {
    final long handle;
    private final String name;

    Op(long handle, String name) {
        this.handle = handle;
        this.name = name;
    }

    /**
     * Whether MPI defines this operation on elements of {@code type}: MPI_MAX, MPI_MIN,
     * MPI_SUM and MPI_PROD on numbers, the logical operations on integers and
     * {@link MPI#BOOLEAN}, the bitwise ones on integers. (Open MPI's collectives refuse other
     * pairs; its one-sided reductions would call a null function.)
     */
    boolean reduces(Datatype type) {
        boolean floating = type == MPI.FLOAT || type == MPI.DOUBLE;
        boolean logical = type == MPI.BOOLEAN;
        if (this == MPI.MAX || this == MPI.MIN || this == MPI.SUM || this == MPI.PROD) {
            return !logical;
        }
        if (this == MPI.LAND || this == MPI.LOR || this == MPI.LXOR) {
            return !floating;
        }
        return !floating && !logical;
    }

    @Override
    public String toString() {
        return name;
    }
}
