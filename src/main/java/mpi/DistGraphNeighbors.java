package mpi;

/**
 * The neighbours of one process in a distributed graph topology, from
 * {@link GraphComm#getDistGraphNeighbors()}: its sources (edges into it) and destinations
 * (edges out of it), in the order the neighbour collectives exchange blocks with them.
 */
public final class DistGraphNeighbors {
    private final int[] sources;
    private final int[] sourceWeights;
    private final int[] destinations;
    private final int[] destWeights;
    private final boolean weighted;

    DistGraphNeighbors(int[] sources, int[] sourceWeights, int[] destinations,
            int[] destWeights, boolean weighted) {
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
        this.weighted = weighted;
    }

    /** @return the number of edges into this process */
    public int getInDegree() {
        return sources.length;
    }

    /** @return the number of edges out of this process */
    public int getOutDegree() {
        return destinations.length;
    }

    /**
     * @return false if the graph was made without weights ({@code MPI_UNWEIGHTED}); its
     *         weights then read as 0
     */
    public boolean isWeighted() {
        return weighted;
    }

    /** @return the rank at the start of edge {@code i} into this process */
    public int getSource(int i) {
        return sources[i];
    }

    /** @return the weight of edge {@code i} into this process */
    public int getSourceWeight(int i) {
        return sourceWeights[i];
    }

    /** @return the rank at the end of edge {@code i} out of this process */
    public int getDestination(int i) {
        return destinations[i];
    }

    /** @return the weight of edge {@code i} out of this process */
    public int getDestinationWeight(int i) {
        return destWeights[i];
    }
}
