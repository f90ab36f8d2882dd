package mpi.common.topology;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

import mpi.CartComm;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.options.UsageException;

/**
 * The communicator of a neighborhood collective benchmark, built as C OMB builds it from
 * {@code -N}: each rank lists its in- and out-neighbours ({@link Neighbors}), then
 * {@code createDistGraphAdjacent} makes a distributed-graph communicator of them, every
 * weight 1, without reordering. Its creation is timed on every rank.
 */
public final class Neighborhood {
    private final GraphComm comm;
    private final Neighbors neighbors;

    private Neighborhood(GraphComm comm, Neighbors neighbors) {
        this.comm = comm;
        this.neighbors = neighbors;
    }

    /**
     * Checks {@code -N} against the number of processes, on every rank before the run, so
     * that a bad topology is a usage error (one line, exit 1 on every rank). C OMB exits with
     * status 0 when the radius is too large; this suite treats it as the user error it is.
     *
     * @param topology  the value of {@code -N}
     * @param processes the number of processes
     * @throws UsageException if the radius is too large for the grid of that many processes,
     *                        or the graph file is unreadable, malformed or names a rank that
     *                        does not exist
     * @throws MPIException   if {@code MPI_Dims_create} fails
     */
    public static void check(Topology topology, int processes)
            throws UsageException, MPIException {
        if (topology instanceof Topology.Cartesian c) {
            Neighbors.checkRadius(dims(c, processes), c.radius());
        } else if (topology instanceof Topology.Graph g) {
            Neighbors.readGraph(g.file(), processes);
        }
    }

    /**
     * Builds the neighbourhood. At rank 0, prints C OMB's lines before the preamble: for a
     * grid {@code Dimensions size = } and each extent followed by a space, then for both
     * {@code Time took to create topology graph:T us.}, T the creation time averaged over
     * ranks. Call after {@link #check}.
     *
     * @param world    the communicator of all processes
     * @param topology the value of {@code -N}
     * @param out      where rank 0 prints
     * @return the neighbourhood of this rank
     * @throws MPIException if an MPI call fails
     */
    public static Neighborhood create(Intracomm world, Topology topology, PrintStream out)
            throws MPIException {
        int rank = world.getRank();
        int processes = world.getSize();
        Neighbors lists;
        if (topology instanceof Topology.Cartesian c) {
            int[] dims = dims(c, processes);
            if (rank == 0) {
                StringBuilder line = new StringBuilder("Dimensions size = ");
                for (int d : dims) {
                    line.append(d).append(' ');
                }
                out.println(line);
            }
            lists = onGrid(world, dims, c.radius());
        } else {
            List<int[]> edges;
            try {
                edges = Neighbors.readGraph(((Topology.Graph) topology).file(), processes);
            } catch (UsageException e) {
                throw new IllegalStateException("the graph file changed after its check", e);
            }
            lists = Neighbors.ofGraph(edges, rank);
        }
        int[] sourceWeights = ones(lists.inDegree());
        int[] destWeights = ones(lists.outDegree());
        long start = System.nanoTime();
        GraphComm graph = world.createDistGraphAdjacent(lists.sources(), sourceWeights,
                lists.destinations(), destWeights, MPI.INFO_NULL, false);
        double micros = (System.nanoTime() - start) / 1e3;
        double[] sum = new double[1];
        world.reduce(new double[] {micros}, sum, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) {
            out.printf("Time took to create topology graph:%.2f us.%n", sum[0] / processes);
            out.flush();
        }
        return new Neighborhood(graph, neighborsOf(graph));
    }

    /** @return the extents {@code MPI_Dims_create} gives a grid of these processes */
    private static int[] dims(Topology.Cartesian c, int processes) throws MPIException {
        int[] dims = new int[c.dimensions()];
        CartComm.createDims(processes, dims);
        return dims;
    }

    /**
     * C OMB's grid neighbours: the rank at this rank's coordinates plus each offset (which
     * wraps, every dimension being periodic), as sources and as destinations.
     */
    private static Neighbors onGrid(Intracomm world, int[] dims, int radius)
            throws MPIException {
        boolean[] periods = new boolean[dims.length];
        Arrays.fill(periods, true);
        CartComm cart = world.createCart(dims, periods, false);
        int[] coords = cart.getCoords(cart.getRank());
        int[][] offsets = Neighbors.offsets(dims.length, radius);
        int[] ranks = new int[offsets.length];
        int[] at = new int[dims.length];
        for (int k = 0; k < offsets.length; k++) {
            for (int d = 0; d < dims.length; d++) {
                at[d] = coords[d] + offsets[k][d];
            }
            ranks[k] = cart.getRank(at);
        }
        cart.free();
        return new Neighbors(ranks, ranks.clone());
    }

    /** @return the neighbours as MPI records them (what the collectives exchange with) */
    private static Neighbors neighborsOf(GraphComm graph) throws MPIException {
        DistGraphNeighbors n = graph.getDistGraphNeighbors();
        int[] sources = new int[n.getInDegree()];
        int[] destinations = new int[n.getOutDegree()];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = n.getSource(i);
        }
        for (int i = 0; i < destinations.length; i++) {
            destinations[i] = n.getDestination(i);
        }
        return new Neighbors(sources, destinations);
    }

    private static int[] ones(int n) {
        int[] a = new int[n];
        Arrays.fill(a, 1);
        return a;
    }

    /** @return the distributed-graph communicator the collectives run on */
    public GraphComm comm() {
        return comm;
    }

    /** @return this rank's neighbours, in the order of the blocks of its buffers */
    public Neighbors neighbors() {
        return neighbors;
    }
}
