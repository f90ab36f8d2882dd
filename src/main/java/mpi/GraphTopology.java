package mpi;

/**
 * The checks of a graph's description ({@code MPI_Graph_create}, {@code MPI_Graph_map}) that
 * keep MPI from reading beyond the arrays Java hands it: MPI reads {@code index.length}
 * entries of {@code index} and {@code index[last]} of {@code edges}.
 */
final class GraphTopology {
    private GraphTopology() {
    }

    /**
     * @param processes the communicator's size
     * @throws NullPointerException     if an array is null
     * @throws IllegalArgumentException if {@code index} is not a cumulative count that ends
     *         within {@code edges}, names more nodes than {@code processes}, or an edge names
     *         no node
     */
    static void check(int[] index, int[] edges, int processes) {
        if (index == null || edges == null) {
            throw new NullPointerException(index == null ? "index is null" : "edges is null");
        }
        if (index.length > processes) {
            throw new IllegalArgumentException("index names " + index.length
                    + " nodes, more than the communicator's " + processes + " processes");
        }
        int previous = 0;
        for (int i = 0; i < index.length; i++) {
            if (index[i] < previous) {
                throw new IllegalArgumentException("index[" + i + "] = " + index[i]
                        + " is less than the count before it (" + previous + ")");
            }
            previous = index[i];
        }
        if (previous > edges.length) {
            throw new IllegalArgumentException("index counts " + previous + " edges, edges has "
                    + edges.length);
        }
        for (int e = 0; e < previous; e++) {
            if (edges[e] < 0 || edges[e] >= index.length) {
                throw new IllegalArgumentException("edges[" + e + "] = " + edges[e]
                        + " names no node of " + index.length);
            }
        }
    }
}
