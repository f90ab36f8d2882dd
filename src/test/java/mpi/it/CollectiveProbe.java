package mpi.it;

import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Exercises every collective of the binding on any number of ranks: blocking and
 * non-blocking, with int arrays (pinned, or staged) and with direct IntBuffers, and the
 * in-place forms. Rank r contributes {@code value(r, i) = 1000 * (r + 1) + i} at element i
 * (or, in per-destination blocks, {@code 1000 * (r + 1) + 100 * dest + i}). Prints
 * {@code PASS name} or {@code FAIL name: why} per check; {@link CollectiveBindingIT} asserts.
 */
public final class CollectiveProbe {
    private static final int N = 3; // elements per block
    private static Comm world;
    private static int rank;
    private static int np;

    private interface Check {
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

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        np = world.getSize();
        for (Mode m : Mode.values()) {
            check("barrier", m, mode -> done(mode.nb() ? world.iBarrier() : null));
            check("bcast", m, CollectiveProbe::bcast);
            check("reduce", m, CollectiveProbe::reduce);
            check("reduce in place", m, CollectiveProbe::reduceInPlace);
            check("allReduce", m, CollectiveProbe::allReduce);
            check("allReduce in place", m, CollectiveProbe::allReduceInPlace);
            check("gather", m, CollectiveProbe::gather);
            check("gather in place", m, CollectiveProbe::gatherInPlace);
            check("gatherv", m, CollectiveProbe::gatherv);
            check("scatter", m, CollectiveProbe::scatter);
            check("scatter in place", m, CollectiveProbe::scatterInPlace);
            check("scatterv", m, CollectiveProbe::scatterv);
            check("allGather", m, CollectiveProbe::allGather);
            check("allGather in place", m, CollectiveProbe::allGatherInPlace);
            check("allGatherv", m, CollectiveProbe::allGatherv);
            check("allGatherv in place", m, CollectiveProbe::allGathervInPlace);
            check("allToAll", m, CollectiveProbe::allToAll);
            check("allToAllv", m, CollectiveProbe::allToAllv);
            check("reduceScatter", m, CollectiveProbe::reduceScatter);
            check("reduceScatterBlock", m, CollectiveProbe::reduceScatterBlock);
            check("reduceScatterBlock in place", m, CollectiveProbe::reduceScatterBlockInPlace);
            check("allToAllw", m, CollectiveProbe::allToAllw);
            check("own blocks that differ refused", m, CollectiveProbe::ownBlocksDiffer);
        }
        world.barrier();
        MPI.Finalize();
    }

    private static void check(String name, Mode mode, Check c) {
        String label = name + " [" + mode + "]";
        try {
            c.run(mode);
            System.out.println("PASS " + label);
        } catch (Throwable t) {
            System.out.println("FAIL " + label + ": " + t);
        }
        System.out.flush();
    }

    private static int value(int r, int i) {
        return 1000 * (r + 1) + i;
    }

    private static int value(int r, int dest, int i) {
        return 1000 * (r + 1) + 100 * dest + i;
    }

    /** A buffer of n ints, filled by f: an int[] or a direct IntBuffer, as the mode says. */
    private static Object buffer(Mode mode, int n, java.util.function.IntUnaryOperator f) {
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
        if (buf instanceof int[]) {
            return (int[]) buf;
        }
        IntBuffer b = ((IntBuffer) buf).duplicate();
        b.clear();
        int[] a = new int[b.remaining()];
        b.get(a);
        return a;
    }

    private static void expect(Object buf, int from, int[] expected, String what) {
        int[] got = read(buf);
        for (int i = 0; i < expected.length; i++) {
            if (got[from + i] != expected[i]) {
                throw new AssertionError(what + ": element " + (from + i) + " is " + got[from + i]
                        + ", expected " + expected[i] + " (rank " + rank + ")");
            }
        }
    }

    /**
     * Checks that the elements between and after the blocks (at displs[r], counts[r]
     * elements) still hold {@code gap}: a v-collective writes only its blocks, in every mode
     * (a non-blocking one on an array copies back only the blocks it received).
     */
    private static void expectGaps(Object buf, int[] counts, int[] displs, int gap,
            String what) {
        int[] got = read(buf);
        boolean[] inBlock = new boolean[got.length];
        for (int r = 0; r < counts.length; r++) {
            Arrays.fill(inBlock, displs[r], displs[r] + counts[r], true);
        }
        for (int at = 0; at < got.length; at++) {
            if (!inBlock[at] && got[at] != gap) {
                throw new AssertionError(what + ": gap element " + at + " was overwritten with "
                        + got[at] + " (rank " + rank + ")");
            }
        }
    }

    private static void done(Request r) throws MPIException {
        if (r != null) {
            r.waitFor();
        }
    }

    private static int[] sumOverRanks(int n) {
        int[] s = new int[n];
        for (int r = 0; r < np; r++) {
            for (int i = 0; i < n; i++) {
                s[i] += value(r, i);
            }
        }
        return s;
    }

    private static int[] block(int r, int n) {
        int[] b = new int[n];
        Arrays.setAll(b, i -> value(r, i));
        return b;
    }

    private static void bcast(Mode m) throws MPIException {
        int root = np - 1;
        Object buf = buffer(m, N, i -> rank == root ? value(root, i) : -1);
        done(m.nb() ? world.iBcast(buf, N, MPI.INT, root) : bcastBlocking(buf, root));
        expect(buf, 0, block(root, N), "bcast");
    }

    private static Request bcastBlocking(Object buf, int root) throws MPIException {
        world.bcast(buf, N, MPI.INT, root);
        return null;
    }

    private static void reduce(Mode m) throws MPIException {
        Object send = buffer(m, N, i -> value(rank, i));
        Object recv = buffer(m, N, i -> -1);
        if (m.nb()) {
            done(world.iReduce(send, recv, N, MPI.INT, MPI.SUM, 0));
        } else {
            world.reduce(send, recv, N, MPI.INT, MPI.SUM, 0);
        }
        if (rank == 0) {
            expect(recv, 0, sumOverRanks(N), "reduce");
        }
        expect(send, 0, block(rank, N), "reduce leaves the send buffer");
    }

    private static void reduceInPlace(Mode m) throws MPIException {
        Object buf = buffer(m, N, i -> value(rank, i));
        if (m.nb()) {
            done(world.iReduce(buf, N, MPI.INT, MPI.SUM, 0));
        } else {
            world.reduce(buf, N, MPI.INT, MPI.SUM, 0);
        }
        expect(buf, 0, rank == 0 ? sumOverRanks(N) : block(rank, N), "reduce in place");
    }

    private static void allReduce(Mode m) throws MPIException {
        Object send = buffer(m, N, i -> value(rank, i));
        Object recv = buffer(m, N, i -> -1);
        if (m.nb()) {
            done(world.iAllReduce(send, recv, N, MPI.INT, MPI.SUM));
        } else {
            world.allReduce(send, recv, N, MPI.INT, MPI.SUM);
        }
        expect(recv, 0, sumOverRanks(N), "allReduce");
    }

    private static void allReduceInPlace(Mode m) throws MPIException {
        Object buf = buffer(m, N, i -> value(rank, i));
        if (m.nb()) {
            done(world.iAllReduce(buf, N, MPI.INT, MPI.SUM));
        } else {
            world.allReduce(buf, N, MPI.INT, MPI.SUM);
        }
        expect(buf, 0, sumOverRanks(N), "allReduce in place");
    }

    private static void expectBlocks(Object buf, String what) {
        for (int r = 0; r < np; r++) {
            expect(buf, r * N, block(r, N), what);
        }
    }

    private static void gather(Mode m) throws MPIException {
        int root = np / 2;
        Object send = buffer(m, N, i -> value(rank, i));
        Object recv = buffer(m, N * np, i -> -1);
        if (m.nb()) {
            done(world.iGather(send, N, MPI.INT, recv, N, MPI.INT, root));
        } else {
            world.gather(send, N, MPI.INT, recv, N, MPI.INT, root);
        }
        if (rank == root) {
            expectBlocks(recv, "gather");
        }
    }

    private static void gatherInPlace(Mode m) throws MPIException {
        int root = 0;
        Object buf = rank == root ? buffer(m, N * np, i -> i / N == root ? value(root, i % N) : -1)
                : buffer(m, N, i -> value(rank, i));
        if (m.nb()) {
            done(world.iGather(buf, N, MPI.INT, root));
        } else {
            world.gather(buf, N, MPI.INT, root);
        }
        if (rank == root) {
            expectBlocks(buf, "gather in place");
        }
    }

    private static int[] counts() {
        int[] c = new int[np];
        Arrays.setAll(c, r -> 1 + r % N); // varying: 1, 2, 3, 1, ...
        return c;
    }

    private static int[] displs(int[] counts) {
        int[] d = new int[np];
        for (int r = 1; r < np; r++) {
            d[r] = d[r - 1] + counts[r - 1] + 1; // a gap of one element between blocks
        }
        return d;
    }

    private static void gatherv(Mode m) throws MPIException {
        int root = np - 1;
        int[] c = counts();
        int[] d = displs(c);
        Object send = buffer(m, c[rank], i -> value(rank, i));
        Object recv = buffer(m, d[np - 1] + c[np - 1], i -> -1);
        if (m.nb()) {
            done(world.iGatherv(send, c[rank], MPI.INT, recv, c, d, MPI.INT, root));
        } else {
            world.gatherv(send, c[rank], MPI.INT, recv, c, d, MPI.INT, root);
        }
        if (rank == root) {
            for (int r = 0; r < np; r++) {
                expect(recv, d[r], block(r, c[r]), "gatherv");
            }
            expectGaps(recv, c, d, -1, "gatherv");
        }
    }

    private static void scatter(Mode m) throws MPIException {
        int root = np / 2;
        Object send = buffer(m, N * np, i -> value(root, i / N, i % N));
        Object recv = buffer(m, N, i -> -1);
        if (m.nb()) {
            done(world.iScatter(send, N, MPI.INT, recv, N, MPI.INT, root));
        } else {
            world.scatter(send, N, MPI.INT, recv, N, MPI.INT, root);
        }
        int[] mine = new int[N];
        Arrays.setAll(mine, i -> value(root, rank, i));
        expect(recv, 0, mine, "scatter");
    }

    private static void scatterInPlace(Mode m) throws MPIException {
        int root = 0;
        Object buf = rank == root ? buffer(m, N * np, i -> value(root, i / N, i % N))
                : buffer(m, N, i -> -1);
        if (m.nb()) {
            done(world.iScatter(buf, N, MPI.INT, root));
        } else {
            world.scatter(buf, N, MPI.INT, root);
        }
        int[] mine = new int[N];
        Arrays.setAll(mine, i -> value(root, rank, i));
        expect(buf, rank == root ? root * N : 0, mine, "scatter in place");
    }

    private static void scatterv(Mode m) throws MPIException {
        int root = 0;
        int[] c = counts();
        int[] d = displs(c);
        Object send = buffer(m, d[np - 1] + c[np - 1], i -> 7000 + i);
        Object recv = buffer(m, c[rank], i -> -1);
        if (m.nb()) {
            done(world.iScatterv(send, c, d, MPI.INT, recv, c[rank], MPI.INT, root));
        } else {
            world.scatterv(send, c, d, MPI.INT, recv, c[rank], MPI.INT, root);
        }
        int[] mine = new int[c[rank]];
        Arrays.setAll(mine, i -> 7000 + d[rank] + i);
        expect(recv, 0, mine, "scatterv");
    }

    private static void allGather(Mode m) throws MPIException {
        Object send = buffer(m, N, i -> value(rank, i));
        Object recv = buffer(m, N * np, i -> -1);
        if (m.nb()) {
            done(world.iAllGather(send, N, MPI.INT, recv, N, MPI.INT));
        } else {
            world.allGather(send, N, MPI.INT, recv, N, MPI.INT);
        }
        expectBlocks(recv, "allGather");
    }

    /**
     * A block a process sends itself that is longer than the block it receives from itself
     * (MPI leaves it undefined; Open MPI may copy the whole message past the receive block):
     * refused before MPI is called, in an allgather and in a neighbour allgather on a periodic
     * ring of one process (its own neighbour both ways). Nothing reaches MPI, so the ranks
     * need not agree.
     */
    private static void ownBlocksDiffer(Mode m) throws MPIException {
        Object send = buffer(m, 8 * N, i -> value(rank, i));
        Object recv = buffer(m, 8 * N * np, i -> -1);
        expectRefused("allGather", () -> {
            if (m.nb()) {
                done(world.iAllGather(send, 8 * N, MPI.INT, recv, N, MPI.INT));
            } else {
                world.allGather(send, 8 * N, MPI.INT, recv, N, MPI.INT);
            }
        });
        mpi.CartComm ring = MPI.COMM_SELF.createCart(new int[] {1}, new boolean[] {true},
                false);
        expectRefused("neighborAllGather", () -> {
            if (m.nb()) {
                done(ring.iNeighborAllGather(send, 8 * N, MPI.INT, recv, N, MPI.INT));
            } else {
                ring.neighborAllGather(send, 8 * N, MPI.INT, recv, N, MPI.INT);
            }
        });
        // The same blocks as one size work.
        if (m.nb()) {
            done(ring.iNeighborAllGather(send, N, MPI.INT, recv, N, MPI.INT));
        } else {
            ring.neighborAllGather(send, N, MPI.INT, recv, N, MPI.INT);
        }
        int[] got = read(recv);
        for (int i = 0; i < 2 * N; i++) {
            if (got[i] != value(rank, i % N)) {
                throw new AssertionError("neighborAllGather on a ring of one: element " + i
                        + " is " + got[i]);
            }
        }
        ring.free();
    }

    private interface Call {
        void run() throws MPIException;
    }

    private static void expectRefused(String what, Call call) throws MPIException {
        try {
            call.run();
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().contains("sends itself")) {
                throw new AssertionError(what + ": " + e.getMessage());
            }
            return;
        }
        throw new AssertionError(what + ": blocks of different sizes to itself accepted");
    }

    private static void allGatherInPlace(Mode m) throws MPIException {
        Object buf = buffer(m, N * np, i -> i / N == rank ? value(rank, i % N) : -1);
        if (m.nb()) {
            done(world.iAllGather(buf, N, MPI.INT));
        } else {
            world.allGather(buf, N, MPI.INT);
        }
        expectBlocks(buf, "allGather in place");
    }

    private static void allGatherv(Mode m) throws MPIException {
        int[] c = counts();
        int[] d = displs(c);
        Object send = buffer(m, c[rank], i -> value(rank, i));
        Object recv = buffer(m, d[np - 1] + c[np - 1], i -> -1);
        if (m.nb()) {
            done(world.iAllGatherv(send, c[rank], MPI.INT, recv, c, d, MPI.INT));
        } else {
            world.allGatherv(send, c[rank], MPI.INT, recv, c, d, MPI.INT);
        }
        for (int r = 0; r < np; r++) {
            expect(recv, d[r], block(r, c[r]), "allGatherv");
        }
        expectGaps(recv, c, d, -1, "allGatherv");
    }

    private static void allToAll(Mode m) throws MPIException {
        Object send = buffer(m, N * np, i -> value(rank, i / N, i % N));
        Object recv = buffer(m, N * np, i -> -1);
        if (m.nb()) {
            done(world.iAllToAll(send, N, MPI.INT, recv, N, MPI.INT));
        } else {
            world.allToAll(send, N, MPI.INT, recv, N, MPI.INT);
        }
        for (int r = 0; r < np; r++) {
            final int from = r;
            int[] b = new int[N];
            Arrays.setAll(b, i -> value(from, rank, i));
            expect(recv, r * N, b, "allToAll");
        }
    }

    /** In-place allgatherv: each rank's block is already at its displacement; gaps stay. */
    private static void allGathervInPlace(Mode m) throws MPIException {
        int[] c = counts();
        int[] d = displs(c);
        int[] a = new int[d[np - 1] + c[np - 1]];
        Arrays.fill(a, -1);
        for (int i = 0; i < c[rank]; i++) {
            a[d[rank] + i] = value(rank, i);
        }
        Object buf = buffer(m, a.length, i -> a[i]);
        if (m.nb()) {
            done(world.iAllGatherv(buf, c, d, MPI.INT));
        } else {
            world.allGatherv(buf, c, d, MPI.INT);
        }
        for (int r = 0; r < np; r++) {
            expect(buf, d[r], block(r, c[r]), "allGatherv in place");
        }
        expectGaps(buf, c, d, -1, "allGatherv in place");
    }

    private static void allToAllv(Mode m) throws MPIException {
        // Rank r sends (1 + dest % N) elements to each dest; so every rank receives c[rank].
        int[] sc = new int[np];
        Arrays.setAll(sc, dest -> 1 + dest % N);
        int[] sd = displs(sc);
        int[] rc = new int[np];
        Arrays.fill(rc, 1 + rank % N);
        int[] rd = displs(rc);
        Object send = buffer(m, sd[np - 1] + sc[np - 1], i -> -2);
        int[] s = read(send).clone();
        for (int dest = 0; dest < np; dest++) {
            for (int i = 0; i < sc[dest]; i++) {
                s[sd[dest] + i] = value(rank, dest, i);
            }
        }
        if (send instanceof int[]) {
            send = s;
        } else {
            ((IntBuffer) send).put(s).clear();
        }
        Object recv = buffer(m, rd[np - 1] + rc[np - 1], i -> -1);
        if (m.nb()) {
            done(world.iAllToAllv(send, sc, sd, MPI.INT, recv, rc, rd, MPI.INT));
        } else {
            world.allToAllv(send, sc, sd, MPI.INT, recv, rc, rd, MPI.INT);
        }
        for (int r = 0; r < np; r++) {
            final int from = r;
            int[] b = new int[rc[r]];
            Arrays.setAll(b, i -> value(from, rank, i));
            expect(recv, rd[r], b, "allToAllv");
        }
        expectGaps(recv, rc, rd, -1, "allToAllv");
    }

    private static void reduceScatter(Mode m) throws MPIException {
        int[] c = counts();
        int total = Arrays.stream(c).sum();
        Object send = buffer(m, total, i -> value(rank, i));
        Object recv = buffer(m, c[rank], i -> -1);
        if (m.nb()) {
            done(world.iReduceScatter(send, recv, c, MPI.INT, MPI.SUM));
        } else {
            world.reduceScatter(send, recv, c, MPI.INT, MPI.SUM);
        }
        int offset = Arrays.stream(c, 0, rank).sum();
        int[] sum = sumOverRanks(total);
        expect(recv, 0, Arrays.copyOfRange(sum, offset, offset + c[rank]), "reduceScatter");
    }

    private static void reduceScatterBlock(Mode m) throws MPIException {
        Object send = buffer(m, N * np, i -> value(rank, i));
        Object recv = buffer(m, N, i -> -1);
        if (m.nb()) {
            done(world.iReduceScatterBlock(send, recv, N, MPI.INT, MPI.SUM));
        } else {
            world.reduceScatterBlock(send, recv, N, MPI.INT, MPI.SUM);
        }
        int[] sum = sumOverRanks(N * np);
        expect(recv, 0, Arrays.copyOfRange(sum, rank * N, rank * N + N), "reduceScatterBlock");
    }

    private static void reduceScatterBlockInPlace(Mode m) throws MPIException {
        Object buf = buffer(m, N * np, i -> value(rank, i));
        if (m.nb()) {
            done(world.iReduceScatterBlock(buf, N, MPI.INT, MPI.SUM));
        } else {
            world.reduceScatterBlock(buf, N, MPI.INT, MPI.SUM);
        }
        int[] sum = sumOverRanks(N * np);
        expect(buf, 0, Arrays.copyOfRange(sum, rank * N, rank * N + N), "reduceScatterBlock in place");
    }

    /**
     * Blocks of different sizes where the byte displacements say: rank r sends d + 1
     * elements to rank d, its blocks in reverse order of destination with a one-element gap
     * after each; it receives rank s's block at element {@code s * (r + 2) + 1}, so the
     * element before each block must stay untouched.
     */
    private static void allToAllw(Mode m) throws MPIException {
        int[] sc = new int[np];
        int[] sd = new int[np];
        int[] rc = new int[np];
        int[] rd = new int[np];
        mpi.Datatype[] types = new mpi.Datatype[np];
        Arrays.fill(types, MPI.INT);
        int at = 0;
        for (int d = np - 1; d >= 0; d--) {
            sc[d] = d + 1;
            sd[d] = at * Integer.BYTES;
            at += sc[d] + 1;
        }
        int[] s = new int[at];
        Arrays.fill(s, -2);
        for (int d = 0; d < np; d++) {
            for (int i = 0; i < sc[d]; i++) {
                s[sd[d] / Integer.BYTES + i] = value(rank, d, i);
            }
            rc[d] = rank + 1;
            rd[d] = (d * (rank + 2) + 1) * Integer.BYTES;
        }
        Object send = buffer(m, at, i -> s[i]);
        Object recv = buffer(m, np * (rank + 2), i -> -1);
        if (m.nb()) {
            done(world.iAllToAllw(send, sc, sd, types, recv, rc, rd, types));
        } else {
            world.allToAllw(send, sc, sd, types, recv, rc, rd, types);
        }
        for (int r = 0; r < np; r++) {
            final int from = r;
            int[] b = new int[rank + 2];
            Arrays.setAll(b, i -> i == 0 ? -1 : value(from, rank, i - 1));
            expect(recv, rd[r] / Integer.BYTES - 1, b, "allToAllw");
        }
    }
}
