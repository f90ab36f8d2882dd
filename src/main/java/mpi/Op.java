package mpi;

/** A predefined MPI reduction operation ({@code MPI.SUM}, {@code MPI.MAX}, ...). */
public final class Op {
    final long handle;
    private final String name;

    Op(long handle, String name) {
        this.handle = handle;
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
