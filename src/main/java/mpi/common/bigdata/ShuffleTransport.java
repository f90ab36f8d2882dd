package mpi.common.bigdata;

import java.util.Locale;

import mpi.common.options.UsageException;

/** How a shuffle's blocks travel ({@code -t}): the same blocks, fetches and validation each. */
public enum ShuffleTransport {
    /**
     * MPI point-to-point, as MPI4Spark fetches blocks: per fetch a request message and a
     * non-blocking receive of the block, the serving rank's serving thread answering with a
     * non-blocking send.
     */
    MPI("MPI point-to-point (per fetch: MPI_Irecv of the block, MPI_Isend of a request;"
            + " a serving thread MPI_Isends the block)"),
    /** One {@code MPI_Alltoallv} of every block: the collective form of the same exchange. */
    ALLTOALLV("MPI_Alltoallv (every block in one call)"),
    /** Netty, the transport of Spark's block transfer service. */
    NETTY("Netty block transfers (a connection to each rank, a request per fetch)");

    private final String description;

    ShuffleTransport(String description) {
        this.description = description;
    }

    /** @return the name on the command line, e.g. {@code alltoallv} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return what the header says of it */
    public String description() {
        return description;
    }

    /**
     * @param value the argument of {@code -t}
     * @return the transport it names
     * @throws UsageException unless it is {@code mpi}, {@code alltoallv} or {@code netty}
     */
    public static ShuffleTransport parse(String value) throws UsageException {
        for (ShuffleTransport t : values()) {
            if (t.label().equals(value)) {
                return t;
            }
        }
        throw new UsageException("-t must be mpi, alltoallv or netty, got '" + value + "'");
    }
}
