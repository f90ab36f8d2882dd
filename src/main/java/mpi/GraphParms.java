package mpi;

/**
 * The topology of a graph communicator, from {@link GraphComm#getDims()}
 * ({@code MPI_Graph_get}): for each node, the cumulative count of edges up to it (its
 * neighbours are {@code edges[index[i-1]] .. edges[index[i] - 1]}), and the edges.
 */
public final class GraphParms {
    private final int[] index;
    private final int[] edges;

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    /** @return the number of nodes */
    public int getIndexCount() {
        return index.length;
    }

    /** @return the number of edges up to and including node {@code n}'s */
    public int getIndex(int n) {
        return index[n];
    }

    /** @return the number of edges */
    public int getEdgeCount() {
        return edges.length;
    }

    /** @return edge {@code n}: the rank it leads to */
    public int getEdge(int n) {
        return edges[n];
    }
}
