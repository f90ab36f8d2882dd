package mpi.it;

import java.nio.Buffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;

import mpi.CartComm;
import mpi.CartParms;
import mpi.Comm;
import mpi.Datatype;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.ShiftParms;

/**
 * Exercises the topology binding on 3 or more ranks: cartesian grids (createDims, createCart
 * with periods, coordinates and ranks both ways, wrap-around, shifts, a grid smaller than the
 * world), distributed graphs (adjacent weighted and unweighted, and createDistGraph) and their
 * neighbour lists, and every neighbour collective, blocking and non-blocking, on int arrays
 * and direct IntBuffers, on a ring, on an asymmetric graph (rank r sends to every higher rank:
 * rank 0 has no sources and the last rank no destinations) and on a periodic grid. Rank s
 * sends element i of its block for destination d as {@code 1000 * (s + 1) + 100 * d + i}
 * (alltoall family) or {@code 1000 * (s + 1) + i} (allgather family); a receiver checks the
 * block from each source, and that the gaps between blocks were not written. Prints
 * {@code PASS name} or {@code FAIL name: why} per check; {@link TopologyIT} asserts.
 */
public final class TopologyProbe {
    private static int rank;
    private static int np;

    private interface Check {
        void run() throws Exception;
    }

    private interface ModeCheck {
        void run(Mode mode) throws Exception;
    }

    /** How buffers are passed and whether the call is non-blocking. */
    enum Mode {
        ARRAY, BUFFER, ARRAY_NB, BUFFER_NB;

        boolean nb() {
            return this == ARRAY_NB || this == BUFFER_NB;
        }

        boolean arrays() {
            return this == ARRAY || this == ARRAY_NB;
        }
    }

    /** A graph's neighbour lists on this rank, as given to createDistGraphAdjacent. */
    private record Graph(String name, Comm comm, int[] sources, int[] destinations) {
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        np = MPI.COMM_WORLD.getSize();

        check("createDims", TopologyProbe::createDims);
        check("createCart 1-d periodic", TopologyProbe::ring1d);
        check("createCart 2-d, one dimension periodic", TopologyProbe::grid2d);
        check("createCart smaller than the world", TopologyProbe::smallerGrid);
        check("createCart bad arguments", TopologyProbe::badCartArguments);
        check("createDistGraphAdjacent unweighted ring", TopologyProbe::ringNeighbors);
        check("createDistGraphAdjacent weighted asymmetric", TopologyProbe::asymmetricNeighbors);
        check("createDistGraph", TopologyProbe::distGraph);
        check("negative distributed graph ranks", TopologyProbe::negativeDistGraphRanks);
        check("GraphComm.dup keeps the topology", TopologyProbe::graphDup);

        Graph ring = ring();
        Graph asym = asymmetric();
        Graph cart = cartRing();
        for (Graph g : new Graph[] {ring, asym, cart}) {
            for (Mode m : Mode.values()) {
                check(g, "neighborAllGather", m, mode -> allGather(g, mode));
                check(g, "neighborAllGatherv", m, mode -> allGatherv(g, mode));
                check(g, "neighborAllToAll", m, mode -> allToAll(g, mode));
                check(g, "neighborAllToAllv", m, mode -> allToAllv(g, mode));
                check(g, "neighborAllToAllw", m, mode -> allToAllw(g, mode));
            }
        }
        check("neighborAllToAllw mixed datatypes on a ring [BUFFER]", () -> mixedW(ring, false));
        check("neighborAllToAllw mixed datatypes on a ring [BUFFER_NB]", () -> mixedW(ring, true));
        check("neighbour counts shorter than the degree", () -> shortCounts(ring));
        check("neighbour collective without a topology", TopologyProbe::noTopology);
        ring.comm().free();
        asym.comm().free();
        cart.comm().free();
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }

    private static void check(String label, Check c) {
        try {
            c.run();
            System.out.println("PASS " + label);
        } catch (Throwable t) {
            System.out.println("FAIL " + label + ": " + t);
        }
        System.out.flush();
    }

    private static void check(Graph g, String name, Mode mode, ModeCheck c) {
        check(name + " on " + g.name() + " [" + mode + "]", () -> c.run(mode));
    }

    private static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what + " (rank " + rank + " of " + np + ")");
        }
    }

    private static void expectEquals(Object expected, Object actual, String what) {
        boolean same = expected instanceof int[] e && actual instanceof int[] a
                ? Arrays.equals(e, a) : expected.equals(actual);
        expect(same, what + ": expected " + show(expected) + ", got " + show(actual));
    }

    private static String show(Object o) {
        return o instanceof int[] a ? Arrays.toString(a) : String.valueOf(o);
    }

    private static int mod(int a) {
        return Math.floorMod(a, np);
    }

    // ---- cartesian grids ----

    private static void createDims() throws MPIException {
        int[] two = new int[2];
        CartComm.createDims(np, two);
        expect(two[0] * two[1] == np && two[0] >= two[1], "createDims(np, 2) = "
                + Arrays.toString(two));
        int[] fixed = {0, 1};
        CartComm.createDims(np, fixed);
        expectEquals(new int[] {np, 1}, fixed, "createDims(np, {0, 1})");
        int[] four = new int[2];
        CartComm.createDims(4, four);
        expectEquals(new int[] {2, 2}, four, "createDims(4, 2)");
        try {
            CartComm.createDims(np, new int[] {np + 1});
            throw new AssertionError("createDims with a size that does not divide np passed");
        } catch (MPIException expected) {
            // MPI_Dims_create's error, as an exception
        }
    }

    private static void ring1d() throws MPIException {
        CartComm c = MPI.COMM_WORLD.createCart(new int[] {np}, new boolean[] {true}, false);
        CartParms topo = c.getTopo();
        expectEquals(1, topo.getDimCount(), "dimensions");
        expectEquals(np, topo.getDim(0), "size");
        expectEquals(true, topo.getPeriod(0), "periodic");
        expectEquals(rank, topo.getCoord(0), "own coordinate");
        for (int r = 0; r < np; r++) {
            expectEquals(new int[] {r}, c.getCoords(r), "getCoords(" + r + ")");
            expectEquals(r, c.getRank(new int[] {r}), "getRank(getCoords(" + r + "))");
        }
        expectEquals(np - 1, c.getRank(new int[] {-1}), "wrap-around below");
        expectEquals(0, c.getRank(new int[] {np}), "wrap-around above");
        expectEquals(1, c.getRank(new int[] {np + 1}), "wrap-around above by two");
        ShiftParms up = c.shift(0, 1);
        expectEquals(mod(rank - 1), up.getRankSource(), "shift(0, 1) source");
        expectEquals(mod(rank + 1), up.getRankDest(), "shift(0, 1) destination");
        ShiftParms down2 = c.shift(0, -2);
        expectEquals(mod(rank + 2), down2.getRankSource(), "shift(0, -2) source");
        expectEquals(mod(rank - 2), down2.getRankDest(), "shift(0, -2) destination");
        CartComm d = c.dup();
        expectEquals(np, d.getTopo().getDim(0), "dup keeps the grid");
        d.free();
        c.free();
    }

    private static void grid2d() throws MPIException {
        int[] dims = new int[2];
        CartComm.createDims(np, dims);
        CartComm c = MPI.COMM_WORLD.createCart(dims, new boolean[] {true, false}, false);
        CartParms topo = c.getTopo();
        expectEquals(new int[] {dims[0], dims[1]},
                new int[] {topo.getDim(0), topo.getDim(1)}, "dims");
        expect(topo.getPeriod(0) && !topo.getPeriod(1), "periods true, false");
        int[] mine = c.getCoords(rank);
        expectEquals(mine, new int[] {topo.getCoord(0), topo.getCoord(1)}, "own coordinates");
        for (int r = 0; r < np; r++) {
            int[] xy = c.getCoords(r);
            // row-major: the last dimension changes fastest
            expectEquals(new int[] {r / dims[1], r % dims[1]}, xy, "getCoords(" + r + ")");
            expectEquals(r, c.getRank(xy), "getRank(getCoords(" + r + "))");
        }
        // Dimension 0 wraps; dimension 1 does not: off its edge is PROC_NULL, or an error.
        expectEquals(c.getRank(new int[] {dims[0] - 1, mine[1]}),
                c.getRank(new int[] {-1, mine[1]}), "wrap-around in the periodic dimension");
        ShiftParms s = c.shift(1, 1);
        expectEquals(mine[1] == 0 ? MPI.PROC_NULL : c.getRank(new int[] {mine[0], mine[1] - 1}),
                s.getRankSource(), "shift(1, 1) source");
        expectEquals(mine[1] == dims[1] - 1 ? MPI.PROC_NULL
                : c.getRank(new int[] {mine[0], mine[1] + 1}), s.getRankDest(),
                "shift(1, 1) destination");
        try {
            c.getRank(new int[] {0, dims[1]});
            throw new AssertionError("getRank off the edge of a non-periodic dimension passed");
        } catch (MPIException expected) {
            // MPI_ERR_ARG from MPI_Cart_rank
        }
        c.free();
    }

    private static void smallerGrid() throws MPIException {
        CartComm c = MPI.COMM_WORLD.createCart(new int[] {np - 1}, new boolean[] {false}, false);
        if (rank == np - 1) {
            expect(c == null, "the rank off the grid gets null");
        } else {
            expect(c != null, "a rank on the grid gets its communicator");
            expectEquals(np - 1, c.getSize(), "grid size");
            ShiftParms s = c.shift(0, 1);
            expectEquals(rank == np - 2 ? MPI.PROC_NULL : rank + 1, s.getRankDest(),
                    "a non-periodic edge");
            c.free();
        }
    }

    private static void badCartArguments() throws MPIException {
        try {
            MPI.COMM_WORLD.createCart(new int[] {np, 1}, new boolean[] {true}, false);
            throw new AssertionError("createCart with fewer periods than dimensions passed");
        } catch (IllegalArgumentException expected) {
            expect(expected.getMessage().contains("periods"), expected.getMessage());
        }
        CartComm c = MPI.COMM_WORLD.createCart(new int[] {np, 1}, new boolean[] {true, true},
                false);
        try {
            c.getRank(new int[] {0});
            throw new AssertionError("getRank with fewer coordinates than dimensions passed");
        } catch (IllegalArgumentException expected) {
            expect(expected.getMessage().contains("coords"), expected.getMessage());
        }
        c.free();
    }

    // ---- distributed graphs ----

    /** Both ring neighbours, each way: sources {left, right}, destinations {right, left}. */
    private static Graph ring() throws MPIException {
        int[] sources = {mod(rank - 1), mod(rank + 1)};
        int[] destinations = {mod(rank + 1), mod(rank - 1)};
        GraphComm g = MPI.COMM_WORLD.createDistGraphAdjacent(sources, destinations,
                MPI.INFO_NULL, false);
        return new Graph("a ring", g, sources, destinations);
    }

    /** Rank r sends to every higher rank; it lists its sources from the highest down. */
    private static Graph asymmetric() throws MPIException {
        int[] sources = new int[rank];
        Arrays.setAll(sources, i -> rank - 1 - i);
        int[] destinations = new int[np - 1 - rank];
        Arrays.setAll(destinations, i -> rank + 1 + i);
        GraphComm g = MPI.COMM_WORLD.createDistGraphAdjacent(sources,
                weights(sources, s -> 10 * s + rank), destinations,
                weights(destinations, d -> 10 * rank + d), MPI.INFO_NULL, false);
        return new Graph("an asymmetric graph", g, sources, destinations);
    }

    /**
     * A 1-d periodic grid: its neighbourhood is, per dimension, the rank below then the one
     * above, as sources and as destinations.
     */
    private static Graph cartRing() throws MPIException {
        CartComm c = MPI.COMM_WORLD.createCart(new int[] {np}, new boolean[] {true}, false);
        int[] both = {mod(rank - 1), mod(rank + 1)};
        return new Graph("a periodic grid", c, both, both);
    }

    private static int[] weights(int[] ranks, IntUnaryOperator weight) {
        int[] w = new int[ranks.length];
        Arrays.setAll(w, i -> weight.applyAsInt(ranks[i]));
        return w;
    }

    private static void expectNeighbors(DistGraphNeighbors n, int[] sources,
            int[] destinations) {
        expectEquals(sources.length, n.getInDegree(), "in-degree");
        expectEquals(destinations.length, n.getOutDegree(), "out-degree");
        int[] s = new int[n.getInDegree()];
        Arrays.setAll(s, n::getSource);
        int[] d = new int[n.getOutDegree()];
        Arrays.setAll(d, n::getDestination);
        expectEquals(sources, s, "sources");
        expectEquals(destinations, d, "destinations");
    }

    private static void ringNeighbors() throws MPIException {
        Graph g = ring();
        DistGraphNeighbors n = ((GraphComm) g.comm()).getDistGraphNeighbors();
        expectNeighbors(n, g.sources(), g.destinations());
        expect(!n.isWeighted(), "unweighted");
        g.comm().free();
    }

    private static void asymmetricNeighbors() throws MPIException {
        Graph g = asymmetric();
        DistGraphNeighbors n = ((GraphComm) g.comm()).getDistGraphNeighbors();
        expectNeighbors(n, g.sources(), g.destinations());
        expect(n.isWeighted(), "weighted");
        int[] sw = new int[n.getInDegree()];
        Arrays.setAll(sw, n::getSourceWeight);
        int[] dw = new int[n.getOutDegree()];
        Arrays.setAll(dw, n::getDestinationWeight);
        expectEquals(weights(g.sources(), s -> 10 * s + rank), sw, "source weights");
        expectEquals(weights(g.destinations(), d -> 10 * rank + d), dw, "destination weights");
        g.comm().free();
    }

    /** Each rank names one edge, its own to the next rank; MPI gathers the lists. */
    private static void distGraph() throws MPIException {
        GraphComm g = MPI.COMM_WORLD.createDistGraph(new int[] {rank}, new int[] {1},
                new int[] {mod(rank + 1)}, MPI.INFO_NULL, false);
        DistGraphNeighbors n = g.getDistGraphNeighbors();
        expectNeighbors(n, new int[] {mod(rank - 1)}, new int[] {mod(rank + 1)});
        expect(!n.isWeighted(), "unweighted");
        g.free();
        // Weighted: rank 0 names every edge r -> r + 1 (weight r), the others none.
        int[] sources = rank == 0 ? new int[np] : new int[0];
        Arrays.setAll(sources, i -> i);
        int[] degrees = new int[sources.length];
        Arrays.fill(degrees, 1);
        int[] destinations = weights(sources, s -> mod(s + 1));
        GraphComm w = MPI.COMM_WORLD.createDistGraph(sources, degrees, destinations,
                weights(sources, s -> s), MPI.INFO_NULL, false);
        DistGraphNeighbors wn = w.getDistGraphNeighbors();
        expectNeighbors(wn, new int[] {mod(rank - 1)}, new int[] {mod(rank + 1)});
        expect(wn.isWeighted(), "weighted");
        expectEquals(mod(rank - 1), wn.getSourceWeight(0), "source weight");
        expectEquals(rank, wn.getDestinationWeight(0), "destination weight");
        w.free();
    }

    /**
     * A negative rank (MPI.PROC_NULL) in a distributed graph is refused before MPI is called:
     * Open MPI 4.1 took it and corrupted its heap (MisuseIT, an abort in a later free()).
     */
    private static void negativeDistGraphRanks() throws Exception {
        expectRefused("destinations[1]", () -> MPI.COMM_WORLD.createDistGraph(
                new int[] {rank}, new int[] {2}, new int[] {rank, MPI.PROC_NULL}, MPI.INFO_NULL,
                false));
        expectRefused("sources[0]", () -> MPI.COMM_WORLD.createDistGraph(new int[] {-1},
                new int[] {1}, new int[] {rank}, new int[] {1}, MPI.INFO_NULL, false));
        expectRefused("sources[0]", () -> MPI.COMM_WORLD.createDistGraphAdjacent(
                new int[] {MPI.PROC_NULL}, new int[] {rank}, MPI.INFO_NULL, false));
        expectRefused("destinations[0]", () -> MPI.COMM_WORLD.createDistGraphAdjacent(
                new int[] {rank}, new int[] {1}, new int[] {-3}, new int[] {1}, MPI.INFO_NULL,
                false));
    }

    private static void expectRefused(String what, Check c) throws Exception {
        try {
            c.run();
            throw new AssertionError("a graph with a negative rank (" + what + ") was made");
        } catch (IllegalArgumentException expected) {
            expect(expected.getMessage().startsWith(what), expected.getMessage());
        }
    }

    private static void graphDup() throws MPIException {
        Graph g = asymmetric();
        GraphComm d = ((GraphComm) g.comm()).dup();
        expectNeighbors(d.getDistGraphNeighbors(), g.sources(), g.destinations());
        d.free();
        g.comm().free();
    }

    // ---- neighbour collectives ----

    private static final int N = 3; // elements per block
    private static final int GAP = -7; // what the gaps between received blocks hold

    private static int value(int src, int i) {
        return 1000 * (src + 1) + i;
    }

    private static int value(int src, int dest, int i) {
        return 1000 * (src + 1) + 100 * dest + i;
    }

    /** A buffer of n ints, filled by f: an int[] or a direct IntBuffer, as the mode says. */
    private static Object buffer(Mode mode, int n, IntUnaryOperator f) {
        int[] a = new int[n];
        Arrays.setAll(a, f);
        if (mode.arrays()) {
            return a;
        }
        IntBuffer b = MPI.newIntBuffer(n);
        b.put(a).clear();
        return b;
    }

    private static int[] read(Object buf) {
        if (buf instanceof int[] a) {
            return a;
        }
        IntBuffer b = ((IntBuffer) buf).duplicate();
        b.clear();
        int[] a = new int[b.remaining()];
        b.get(a);
        return a;
    }

    private static void done(Request r) throws MPIException {
        if (r != null) {
            r.waitFor();
        }
    }

    /** Displacements of blocks with these counts, a gap of one element after each. */
    private static int[] displs(int[] counts) {
        int[] d = new int[counts.length];
        for (int j = 1; j < counts.length; j++) {
            d[j] = d[j - 1] + counts[j - 1] + 1;
        }
        return d;
    }

    private static int extent(int[] counts, int[] displs) {
        int e = 0;
        for (int j = 0; j < counts.length; j++) {
            e = Math.max(e, displs[j] + counts[j]);
        }
        return e;
    }

    /**
     * Checks that block j of {@code buf} (at displs[j], counts[j] elements) holds
     * expected(j, i), and that the elements outside every block are the gap value, in every
     * mode: a non-blocking call on an array copies back only the blocks it received.
     */
    private static void expectBlocks(Object buf, int[] counts, int[] displs,
            java.util.function.IntBinaryOperator expected, String what) {
        int[] got = read(buf);
        boolean[] inBlock = new boolean[got.length];
        for (int j = 0; j < counts.length; j++) {
            for (int i = 0; i < counts[j]; i++) {
                int at = displs[j] + i;
                inBlock[at] = true;
                int want = expected.applyAsInt(j, i);
                expect(got[at] == want, what + ": element " + i + " of block " + j + " is "
                        + got[at] + ", expected " + want);
            }
        }
        for (int at = 0; at < got.length; at++) {
            expect(inBlock[at] || got[at] == GAP, what + ": gap element " + at
                    + " was overwritten with " + got[at]);
        }
    }

    private static int[] filled(int n, int v) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    private static void allGather(Graph g, Mode m) throws MPIException {
        int in = g.sources().length;
        Object send = buffer(m, N, i -> value(rank, i));
        Object recv = buffer(m, N * in, i -> GAP);
        Comm c = g.comm();
        if (m == Mode.BUFFER_NB) {
            done(c.iNeighborAllGather((Buffer) send, N, MPI.INT, (Buffer) recv, N, MPI.INT));
        } else if (m.nb()) {
            done(c.iNeighborAllGather(send, N, MPI.INT, recv, N, MPI.INT));
        } else {
            c.neighborAllGather(send, N, MPI.INT, recv, N, MPI.INT);
        }
        int[] displs = new int[in];
        Arrays.setAll(displs, j -> j * N);
        expectBlocks(recv, filled(in, N), displs, (j, i) -> value(g.sources()[j], i),
                "neighborAllGather");
    }

    /** Rank s sends 1 + s % N elements in an allgatherv. */
    private static int gathervCount(int s) {
        return 1 + s % N;
    }

    private static void allGatherv(Graph g, Mode m) throws MPIException {
        int[] counts = weights(g.sources(), TopologyProbe::gathervCount);
        int[] displs = displs(counts);
        int mine = gathervCount(rank);
        Object send = buffer(m, mine, i -> value(rank, i));
        Object recv = buffer(m, extent(counts, displs), i -> GAP);
        Comm c = g.comm();
        if (m == Mode.BUFFER_NB) {
            done(c.iNeighborAllGatherv((Buffer) send, mine, MPI.INT, (Buffer) recv, counts,
                    displs, MPI.INT));
        } else if (m.nb()) {
            done(c.iNeighborAllGatherv(send, mine, MPI.INT, recv, counts, displs, MPI.INT));
        } else {
            c.neighborAllGatherv(send, mine, MPI.INT, recv, counts, displs, MPI.INT);
        }
        expectBlocks(recv, counts, displs, (j, i) -> value(g.sources()[j], i),
                "neighborAllGatherv");
    }

    private static void allToAll(Graph g, Mode m) throws MPIException {
        int in = g.sources().length;
        int[] dest = g.destinations();
        Object send = buffer(m, N * dest.length, k -> value(rank, dest[k / N], k % N));
        Object recv = buffer(m, N * in, i -> GAP);
        Comm c = g.comm();
        if (m == Mode.BUFFER_NB) {
            done(c.iNeighborAllToAll((Buffer) send, N, MPI.INT, (Buffer) recv, N, MPI.INT));
        } else if (m.nb()) {
            done(c.iNeighborAllToAll(send, N, MPI.INT, recv, N, MPI.INT));
        } else {
            c.neighborAllToAll(send, N, MPI.INT, recv, N, MPI.INT);
        }
        int[] displs = new int[in];
        Arrays.setAll(displs, j -> j * N);
        expectBlocks(recv, filled(in, N), displs, (j, i) -> value(g.sources()[j], rank, i),
                "neighborAllToAll");
    }

    /** Rank s sends 1 + (s + d) % N elements to rank d in an alltoallv or alltoallw. */
    private static int alltoallvCount(int s, int d) {
        return 1 + (s + d) % N;
    }

    /** The send buffer of an alltoallv: block k, for destination k, at sdispls[k]. */
    private static Object vSendBuffer(Graph g, Mode m, int[] scounts, int[] sdispls) {
        int[] s = filled(extent(scounts, sdispls), GAP);
        for (int k = 0; k < scounts.length; k++) {
            for (int i = 0; i < scounts[k]; i++) {
                s[sdispls[k] + i] = value(rank, g.destinations()[k], i);
            }
        }
        return buffer(m, s.length, i -> s[i]);
    }

    private static void allToAllv(Graph g, Mode m) throws MPIException {
        int[] scounts = weights(g.destinations(), d -> alltoallvCount(rank, d));
        int[] sdispls = displs(scounts);
        int[] rcounts = weights(g.sources(), s -> alltoallvCount(s, rank));
        int[] rdispls = displs(rcounts);
        Object send = vSendBuffer(g, m, scounts, sdispls);
        Object recv = buffer(m, extent(rcounts, rdispls), i -> GAP);
        Comm c = g.comm();
        if (m == Mode.BUFFER_NB) {
            done(c.iNeighborAllToAllv((Buffer) send, scounts, sdispls, MPI.INT, (Buffer) recv,
                    rcounts, rdispls, MPI.INT));
        } else if (m.nb()) {
            done(c.iNeighborAllToAllv(send, scounts, sdispls, MPI.INT, recv, rcounts, rdispls,
                    MPI.INT));
        } else {
            c.neighborAllToAllv(send, scounts, sdispls, MPI.INT, recv, rcounts, rdispls,
                    MPI.INT);
        }
        expectBlocks(recv, rcounts, rdispls, (j, i) -> value(g.sources()[j], rank, i),
                "neighborAllToAllv");
    }

    private static int[] bytes(int[] elementDispls) {
        int[] b = new int[elementDispls.length];
        Arrays.setAll(b, j -> elementDispls[j] * Integer.BYTES);
        return b;
    }

    /** As alltoallv, with the displacements in bytes and one datatype per neighbour. */
    private static void allToAllw(Graph g, Mode m) throws MPIException {
        int[] scounts = weights(g.destinations(), d -> alltoallvCount(rank, d));
        int[] sdispls = displs(scounts);
        int[] rcounts = weights(g.sources(), s -> alltoallvCount(s, rank));
        int[] rdispls = displs(rcounts);
        Datatype[] stypes = new Datatype[scounts.length];
        Arrays.fill(stypes, MPI.INT);
        Datatype[] rtypes = new Datatype[rcounts.length];
        Arrays.fill(rtypes, MPI.INT);
        Object send = vSendBuffer(g, m, scounts, sdispls);
        Object recv = buffer(m, extent(rcounts, rdispls), i -> GAP);
        Comm c = g.comm();
        if (m == Mode.BUFFER_NB) {
            done(c.iNeighborAllToAllw((Buffer) send, scounts, bytes(sdispls), stypes,
                    (Buffer) recv, rcounts, bytes(rdispls), rtypes));
        } else if (m.nb()) {
            done(c.iNeighborAllToAllw(send, scounts, bytes(sdispls), stypes, recv, rcounts,
                    bytes(rdispls), rtypes));
        } else {
            c.neighborAllToAllw(send, scounts, bytes(sdispls), stypes, recv, rcounts,
                    bytes(rdispls), rtypes);
        }
        expectBlocks(recv, rcounts, rdispls, (j, i) -> value(g.sources()[j], rank, i),
                "neighborAllToAllw");
    }

    /**
     * alltoallw with a datatype per neighbour and byte displacements that are no multiple of
     * an int: on the ring, block 0 (to the right, from the left) is 3 MPI.BYTEs and block 1
     * (to the left, from the right) 2 MPI.INTs, at odd byte offsets in a direct ByteBuffer.
     */
    private static void mixedW(Graph g, boolean nb) throws MPIException {
        byte gap = (byte) GAP;
        int[] counts = {3, 2};
        Datatype[] types = {MPI.BYTE, MPI.INT};
        int[] sdispls = {1, 5};
        int[] rdispls = {3, 9};
        java.nio.ByteBuffer send = MPI.newByteBuffer(16).order(java.nio.ByteOrder.nativeOrder());
        java.nio.ByteBuffer recv = MPI.newByteBuffer(20).order(java.nio.ByteOrder.nativeOrder());
        for (int i = 0; i < 16; i++) {
            send.put(i, gap);
        }
        for (int i = 0; i < 20; i++) {
            recv.put(i, gap);
        }
        for (int i = 0; i < 3; i++) {
            send.put(sdispls[0] + i, (byte) (10 * rank + i));
        }
        for (int i = 0; i < 2; i++) {
            send.putInt(sdispls[1] + 4 * i, value(rank, g.destinations()[1], i));
        }
        if (nb) {
            done(g.comm().iNeighborAllToAllw((Buffer) send, counts, sdispls, types, (Buffer) recv,
                    counts, rdispls, types));
        } else {
            g.comm().neighborAllToAllw(send, counts, sdispls, types, recv, counts, rdispls,
                    types);
        }
        int left = g.sources()[0];
        int right = g.sources()[1];
        for (int at = 0; at < 20; at++) {
            int want = at >= 3 && at < 6 ? (byte) (10 * left + at - 3) : at >= 9 && at < 17
                    ? Integer.MIN_VALUE : gap;
            if (want != Integer.MIN_VALUE) {
                expect(recv.get(at) == want, "byte " + at + " is " + recv.get(at) + ", expected "
                        + want);
            }
        }
        for (int i = 0; i < 2; i++) {
            expectEquals(value(right, rank, i), recv.getInt(rdispls[1] + 4 * i),
                    "int " + i + " from the right");
        }
    }

    /**
     * Too short a count array is an IllegalArgumentException before MPI is called, on a graph
     * where every rank has neighbours (so every rank fails alike and none is left in MPI).
     */
    private static void shortCounts(Graph g) throws MPIException {
        int in = g.sources().length;
        int out = g.destinations().length;
        int[] recv = new int[N * np];
        try {
            g.comm().neighborAllGatherv(new int[N], N, MPI.INT, recv, new int[in - 1],
                    new int[in], MPI.INT);
            throw new AssertionError("neighborAllGatherv with too few counts passed");
        } catch (IllegalArgumentException expected) {
            expect(expected.getMessage().contains("in-neighbour"), expected.getMessage());
        }
        Datatype[] types = new Datatype[Math.max(in, out)];
        Arrays.fill(types, MPI.INT);
        try {
            g.comm().neighborAllToAllw(new int[N * np], new int[out], new int[out - 1], types,
                    recv, new int[in], new int[in], types);
            throw new AssertionError("neighborAllToAllw with too few displacements passed");
        } catch (IllegalArgumentException expected) {
            expect(expected.getMessage().contains("out-neighbour"), expected.getMessage());
        }
        try {
            g.comm().neighborAllToAllw(new byte[N * np], new int[out], new int[out], types,
                    recv, new int[in], new int[in], types);
            throw new AssertionError("neighborAllToAllw of MPI.INTs on a byte[] passed");
        } catch (IllegalArgumentException expected) {
            expect(expected.getMessage().contains("MPI.INT"), expected.getMessage());
        }
        try {
            g.comm().iNeighborAllToAll(new int[N * out], N, MPI.INT, new int[N * in - 1], N,
                    MPI.INT);
            throw new AssertionError("iNeighborAllToAll into too short an array passed");
        } catch (IndexOutOfBoundsException expected) {
            // BufferArgs: the count exceeds the array
        }
    }

    private static void noTopology() {
        try {
            MPI.COMM_WORLD.neighborAllGather(new int[N], N, MPI.INT, new int[N * np], N,
                    MPI.INT);
            throw new AssertionError("a neighbour collective on COMM_WORLD passed");
        } catch (MPIException expected) {
            // MPI_ERR_TOPOLOGY
        }
    }
}
