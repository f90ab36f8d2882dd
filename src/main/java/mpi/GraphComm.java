package mpi;

import static mpi.Backends.COMMUNICATORS;

/**
 * A communicator with a graph topology: a distributed graph
 * ({@code MPI_Dist_graph_create_adjacent}, {@code MPI_Dist_graph_create}), made by
 * {@link Intracomm#createDistGraphAdjacent} or {@link Intracomm#createDistGraph}, or a graph
 * of {@link Intracomm#createGraph} ({@code MPI_Graph_create}). Each process has its own sources (in-neighbours) and
 * destinations (out-neighbours), which the neighbour collectives of {@link Comm} exchange with,
 * in that order.
 */
public final class GraphComm extends Intracomm {
    GraphComm(long handle) {
        super(handle);
    }

    /** @return a duplicate of this communicator, with its topology ({@code MPI_Comm_dup}) */
    @Override
    public GraphComm dup() throws MPIException {
        return new GraphComm(COMMUNICATORS.commDup(live()));
    }

    /** @return a duplicate with these hints ({@code MPI_Comm_dup_with_info}) */
    public GraphComm dupWithInfo(Info info) throws MPIException {
        return new GraphComm(COMMUNICATORS.commDupWithInfo(live(), infoHandle(info)));
    }

    /**
     * @return a duplicate, with its topology ({@code MPI_Comm_idup}), usable once
     *         {@link #getRequest()} completes
     */
    @Override
    public GraphComm iDup() throws MPIException {
        long[] started = new long[1];
        return pending(new GraphComm(COMMUNICATORS.commIdup(live(), started)), started[0]);
    }

    /** @return {@link #dup()}, as Open MPI's bindings name it too */
    @Override
    public GraphComm clone() {
        return dup();
    }

    /**
     * @return the graph of a communicator made by {@link Intracomm#createGraph}
     *         ({@code MPI_Graphdims_get}, {@code MPI_Graph_get}); an {@link MPIException}
     *         on a distributed graph
     */
    public GraphParms getDims() throws MPIException {
        int[] all = COMMUNICATORS.graphGet(live());
        int nodes = all[0], edges = all[1];
        return new GraphParms(java.util.Arrays.copyOfRange(all, 2, 2 + nodes),
                java.util.Arrays.copyOfRange(all, 2 + nodes, 2 + nodes + edges));
    }

    /**
     * @param rank a rank of this communicator
     * @return its neighbours in a graph of {@link Intracomm#createGraph}
     *         ({@code MPI_Graph_neighbors})
     */
    public int[] getNeighbors(int rank) throws MPIException {
        return COMMUNICATORS.graphNeighborsOf(live(), rank); // MPI checks the rank
    }

    /**
     * @return the rank this process would have in a graph of {@code index} and {@code edges}
     *         mapped onto this communicator's processes, or {@code MPI.UNDEFINED}
     *         ({@code MPI_Graph_map})
     */
    public int map(int[] index, int[] edges) throws MPIException {
        long comm = live();
        GraphTopology.check(index, edges, getSize());
        return COMMUNICATORS.graphMap(comm, index, edges);
    }

    /**
     * @return this process's sources and destinations, in the order the neighbour
     *         collectives use them, and their weights
     *         ({@code MPI_Dist_graph_neighbors_count}, {@code MPI_Dist_graph_neighbors})
     */
    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        MPI.check();
        long counts = COMMUNICATORS.graphNeighborsCount(handle);
        int in = (int) (counts >>> 33);
        int out = (int) (counts >>> 1) & 0x7FFF_FFFF;
        boolean weighted = (counts & 1) != 0;
        int[] sources = new int[in];
        int[] sourceWeights = new int[in];
        int[] destinations = new int[out];
        int[] destWeights = new int[out];
        COMMUNICATORS.graphNeighbors(handle, sources, weighted ? sourceWeights : null, destinations,
                weighted ? destWeights : null);
        return new DistGraphNeighbors(sources, sourceWeights, destinations, destWeights,
                weighted);
    }

}
