package mpi.it;

import java.util.Arrays;

import mpi.CartComm;
import mpi.GraphComm;
import mpi.GraphParms;
import mpi.Intracomm;
import mpi.MPI;

/**
 * Graph topologies ({@code createGraph}, {@code getDims}, {@code getNeighbors}, {@code map})
 * and Cartesian {@code map} and {@code sub} on 2 ranks, each result against the value worked
 * out here, and the graph descriptions the binding refuses. Each rank prints
 * {@code rank R ok}; a wrong value is an exception and exit status 1.
 */
public final class GraphTopologyProbe {
    private GraphTopologyProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        require(world.getSize() == 2, "run on 2 ranks");

        // Two nodes, each the other's neighbour.
        int[] index = {1, 2};
        int[] edges = {1, 0};
        GraphComm graph = world.createGraph(index, edges, false);
        require(graph != null && graph.getSize() == 2, "createGraph");
        GraphParms dims = graph.getDims();
        require(dims.getIndexCount() == 2 && dims.getIndex(0) == 1 && dims.getIndex(1) == 2
                && dims.getEdgeCount() == 2 && dims.getEdge(0) == 1 && dims.getEdge(1) == 0,
                "getDims");
        require(Arrays.equals(graph.getNeighbors(0), new int[] {1})
                && Arrays.equals(graph.getNeighbors(1), new int[] {0}), "getNeighbors");
        int mapped = graph.map(index, edges);
        require(mapped == 0 || mapped == 1, "map gave " + mapped);
        graph.free();
        // One node: the second process is left out.
        GraphComm alone = world.createGraph(new int[] {0}, new int[0], false);
        require(rank == 0 ? alone != null && alone.getSize() == 1 : alone == null,
                "a graph of one node");
        if (alone != null) {
            require(alone.getNeighbors(0).length == 0, "no neighbours");
            alone.free();
        }
        refused(() -> world.createGraph(new int[] {2, 1}, new int[] {1, 0}, false),
                "a decreasing index");
        refused(() -> world.createGraph(new int[] {1, 3}, new int[] {1, 0}, false),
                "an index beyond the edges");
        refused(() -> world.createGraph(new int[] {1, 2}, new int[] {1, 2}, false),
                "an edge to no node");
        refused(() -> world.createGraph(new int[] {0, 0, 0}, new int[0], false),
                "more nodes than processes");

        // A 2 x 1 grid: its sub-grids along each dimension, and where it maps.
        CartComm cart = world.createCart(new int[] {2, 1}, new boolean[] {false, false}, false);
        CartComm row = cart.sub(new boolean[] {true, false});
        CartComm column = cart.sub(new boolean[] {false, true});
        require(row.getSize() == 2 && column.getSize() == 1, "sub sizes " + row.getSize()
                + ", " + column.getSize());
        int cartRank = cart.map(new int[] {2, 1}, new boolean[] {false, false});
        require(cartRank == 0 || cartRank == 1, "cart map gave " + cartRank);
        refused(() -> cart.sub(new boolean[] {true}), "too few remainDims");
        refused(() -> cart.map(new int[] {2, 1}, new boolean[] {false}), "too few periods");
        row.free();
        column.free();
        cart.free();
        System.out.println("rank " + rank + " ok");
        MPI.Finalize();
    }

    private interface Call {
        Object run() throws Exception;
    }

    private static void refused(Call call, String what) throws Exception {
        try {
            call.run();
        } catch (IllegalArgumentException e) {
            return;
        }
        throw new IllegalStateException(what + " was not refused");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
