package mpi;

/**
 * A count that may exceed an int ({@code MPI_Count}), as {@link Status#getElementsX} returns
 * it; Open MPI's class of the same name.
 */
public final class Count implements Comparable<Object> {
    private long count;

    /** @param count the value */
    public Count(long count) {
        this.count = count;
    }

    /** @return the value */
    public long getCount() {
        return count;
    }

    /** @param count the new value */
    public void setCount(long count) {
        this.count = count;
    }

    /** Compares with another Count by value. */
    @Override
    public int compareTo(Object other) {
        return Long.compare(count, ((Count) other).count);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Count && ((Count) other).count == count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}
