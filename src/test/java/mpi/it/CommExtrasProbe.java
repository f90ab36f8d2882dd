package mpi.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

import mpi.CartComm;
import mpi.Datatype;
import mpi.GraphComm;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * The communicator extras on 2 ranks: iDup and getRequest (on each communicator class), hints
 * of communicators and windows (setInfo, getInfo), pack, unpack and packSize (arrays, direct
 * buffers, positions, a PACKED message), queryThread, isThreadMain, pControl, slice views,
 * REQUEST_NULL, INFO_ENV, Datatype.dup, clone and setName, getTopology, and the exceptions of
 * bad input. Each rank prints {@code rank R ok}; a wrong value is an exception and exit 1.
 */
public final class CommExtrasProbe {
    private CommExtrasProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_FUNNELED);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        environment(provided);
        duplicates(world);
        hints(world);
        packing(world, rank);
        badPacking(world);
        types(world);
        System.out.println("rank " + rank + " ok");
        MPI.Finalize();
    }

    private static void environment(int provided) throws Exception {
        require(MPI.queryThread() == provided, "queryThread " + MPI.queryThread() + " of "
                + provided);
        require(MPI.isThreadMain(), "isThreadMain on main");
        AtomicBoolean other = new AtomicBoolean(true);
        Thread t = new Thread(() -> other.set(MPI.isThreadMain()));
        t.start();
        t.join();
        require(!other.get(), "isThreadMain on another thread");
        MPI.pControl(1, null);
        MPI.pControl(0, "ignored");
        require(MPI.REQUEST_NULL.isNull() && MPI.REQUEST_NULL.test(), "REQUEST_NULL complete");
        MPI.REQUEST_NULL.waitFor();
        require(MPI.INFO_ENV.size() >= 0, "INFO_ENV readable");

        int[] ints = {0, 1, 2, 3, 4};
        IntBuffer view = MPI.slice(ints, 2);
        require(view.capacity() == 3 && view.get(0) == 2, "slice(int[], 2) starts at 2");
        view.put(0, 9);
        require(ints[2] == 9, "a slice shares the array");
        ByteBuffer bytes = MPI.slice(new byte[8], 8);
        require(bytes.capacity() == 0 && bytes.order() == ByteOrder.nativeOrder(),
                "slice(byte[], length): empty, native order");
        require(MPI.slice(new double[] {1, 2}, 1).get(0) == 2, "slice(double[], 1)");
        expect(IndexOutOfBoundsException.class, () -> MPI.slice(ints, 6), "slice past the end");
    }

    private static void duplicates(Intracomm world) throws Exception {
        require(world.getRequest() == null, "getRequest of a communicator not from iDup");
        Intracomm copy = world.iDup();
        copy.getRequest().waitFor();
        int[] sum = new int[1];
        copy.allReduce(new int[] {copy.getRank() + 1}, sum, 1, MPI.INT, MPI.SUM);
        require(sum[0] == 3, "allReduce on the iDup'd communicator: " + sum[0]);
        require(world.getTopology() == MPI.UNDEFINED, "the world has no topology");
        CartComm cart = world.createCart(new int[] {2}, new boolean[] {false}, false);
        CartComm cartCopy = cart.iDup();
        cartCopy.getRequest().waitFor();
        require(cartCopy.getTopology() == MPI.CART, "iDup keeps the cartesian topology");
        cartCopy.free();
        cart.free();
        int other = 1 - world.getRank();
        GraphComm ring = world.createDistGraphAdjacent(new int[] {other}, new int[] {other},
                MPI.INFO_NULL, false);
        GraphComm ringCopy = ring.iDup();
        ringCopy.getRequest().waitFor();
        require(ringCopy.getTopology() == MPI.DIST_GRAPH, "iDup keeps the graph topology");
        ringCopy.free();
        ring.free();
        Intercomm inter = MPI.COMM_SELF.createIntercomm(world, 0, other, 9);
        Intercomm interCopy = inter.iDup();
        interCopy.getRequest().waitFor();
        require(interCopy.isInter() && interCopy.getRemoteSize() == 1, "iDup of an Intercomm");
        interCopy.free();
        inter.free();
        copy.free();
        expect(MPIException.class, copy::getInfo, "getInfo of a freed communicator");
        expect(MPIException.class, copy::iDup, "iDup of a freed communicator");
    }

    private static void hints(Intracomm world) throws Exception {
        Intracomm dup = world.dup();
        Info hints = new Info();
        hints.set("mpi_assert_no_any_tag", "true");
        dup.setInfo(hints);
        Info used = dup.getInfo();
        // MPI keeps only the hints it knows: what it returns must read back, nothing more.
        for (int i = 0; i < used.size(); i++) {
            require(used.get(used.getKey(i)) != null, "getInfo's key " + used.getKey(i));
        }
        String kept = used.get("mpi_assert_no_any_tag");
        require(kept == null || kept.equals("true"), "a kept hint keeps its value: " + kept);
        used.free();
        expect(NullPointerException.class, () -> dup.setInfo(null), "setInfo(null)");
        dup.free();

        Win win = new Win(MPI.newByteBuffer(8), 8, 1, MPI.INFO_NULL, world);
        win.setInfo(hints);
        Info winInfo = win.getInfo();
        require(winInfo.size() >= 0, "a window's hints");
        winInfo.free();
        expect(NullPointerException.class, () -> win.setInfo(null), "Win.setInfo(null)");
        win.free();
        hints.free();
    }

    private static void packing(Intracomm world, int rank) throws Exception {
        int[] ints = {7, -8, 9};
        double[] doubles = {1.5, -2.25};
        byte[] packed = new byte[world.packSize(3, MPI.INT) + world.packSize(2, MPI.DOUBLE)];
        require(world.packSize(3, MPI.INT) >= 12 && world.packSize(2, MPI.DOUBLE) >= 16,
                "packSize covers the data");
        int afterInts = world.pack(ints, 3, MPI.INT, packed, 0);
        int end = world.pack(doubles, 2, MPI.DOUBLE, packed, afterInts);
        require(afterInts >= 12 && end - afterInts >= 16, "positions " + afterInts + ", " + end);
        int[] intsBack = new int[3];
        double[] doublesBack = new double[2];
        require(world.unpack(packed, 0, intsBack, 3, MPI.INT) == afterInts, "unpack position");
        require(world.unpack(packed, afterInts, doublesBack, 2, MPI.DOUBLE) == end,
                "second unpack position");
        require(Arrays.equals(ints, intsBack) && Arrays.equals(doubles, doublesBack),
                "round trip: " + Arrays.toString(intsBack) + Arrays.toString(doublesBack));

        // Direct buffers, in and out: the same bytes as the arrays'.
        IntBuffer directInts = MPI.newIntBuffer(3).put(0, 7).put(1, -8).put(2, 9);
        byte[] packedDirect = new byte[packed.length];
        require(world.pack(directInts, 3, MPI.INT, packedDirect, 0) == afterInts,
                "pack of a direct buffer");
        require(Arrays.equals(Arrays.copyOf(packedDirect, afterInts),
                Arrays.copyOf(packed, afterInts)), "a direct buffer packs as its array");
        DoubleBuffer directDoubles = MPI.newDoubleBuffer(2);
        world.unpack(packed, afterInts, directDoubles, 2, MPI.DOUBLE);
        require(directDoubles.get(0) == 1.5 && directDoubles.get(1) == -2.25,
                "unpack into a direct buffer");

        // A PACKED message, unpacked on the other rank.
        if (rank == 0) {
            world.send(packed, end, MPI.PACKED, 1, 7);
        } else {
            byte[] received = new byte[packed.length];
            world.recv(received, received.length, MPI.PACKED, 0, 7);
            int[] i = new int[3];
            double[] d = new double[2];
            int at = world.unpack(received, 0, i, 3, MPI.INT);
            world.unpack(received, at, d, 2, MPI.DOUBLE);
            require(Arrays.equals(ints, i) && Arrays.equals(doubles, d), "a PACKED message");
        }
    }

    private static void badPacking(Intracomm world) throws Exception {
        int[] ints = {1, 2, 3};
        byte[] packed = new byte[64];
        expect(IndexOutOfBoundsException.class, () -> world.pack(ints, 3, MPI.INT, packed, -1),
                "pack at a negative position");
        expect(IndexOutOfBoundsException.class, () -> world.pack(ints, 3, MPI.INT, packed, 65),
                "pack past the end");
        expect(IndexOutOfBoundsException.class,
                () -> world.pack(ints, 3, MPI.INT, new byte[11], 0), "pack into too few bytes");
        expect(IndexOutOfBoundsException.class, () -> world.pack(ints, 3, MPI.INT, packed, 60),
                "pack too near the end");
        expect(IndexOutOfBoundsException.class, () -> world.pack(ints, 4, MPI.INT, packed, 0),
                "pack of more ints than the array has");
        expect(NullPointerException.class, () -> world.pack(ints, 3, MPI.INT, null, 0),
                "pack into null");
        expect(NullPointerException.class, () -> world.pack(null, 3, MPI.INT, packed, 0),
                "pack from null");
        expect(NullPointerException.class, () -> world.pack(ints, 3, null, packed, 0),
                "pack with a null type");
        expect(IllegalArgumentException.class,
                () -> world.pack(new double[3], 3, MPI.INT, packed, 0), "pack of a wrong array");
        expect(IndexOutOfBoundsException.class,
                () -> world.unpack(packed, 64, new int[1], 1, MPI.INT), "unpack at the end");
        expect(IndexOutOfBoundsException.class,
                () -> world.unpack(packed, -1, new int[1], 1, MPI.INT), "unpack before the start");
        expect(IndexOutOfBoundsException.class,
                () -> world.unpack(packed, 0, new int[1], 2, MPI.INT), "unpack into too short");
        expect(NullPointerException.class, () -> world.unpack(null, 0, new int[1], 1, MPI.INT),
                "unpack from null");
        expect(NullPointerException.class, () -> world.unpack(packed, 0, null, 1, MPI.INT),
                "unpack into null");
        expect(IllegalArgumentException.class, () -> world.packSize(-1, MPI.INT),
                "packSize of a negative count");
        expect(NullPointerException.class, () -> world.packSize(1, null), "packSize of null");
    }

    private static void types(Intracomm world) throws Exception {
        Datatype intCopy = MPI.INT.dup();
        require(intCopy.getSize() == 4, "dup of MPI.INT has its size");
        int other = 1 - world.getRank();
        int[] got = new int[1];
        world.sendRecv(new int[] {world.getRank() + 10}, 1, intCopy, other, 3, got, 1, intCopy,
                other, 3);
        require(got[0] == other + 10, "a dup'd type carries a message: " + got[0]);
        intCopy.setName("omb-j int");
        require(intCopy.getName().equals("omb-j int"), "setName read back: " + intCopy.getName());
        expect(IllegalArgumentException.class,
                () -> intCopy.setName("x".repeat(MPI.MAX_OBJECT_NAME)), "a name too long");
        intCopy.free();
        expect(IllegalStateException.class, intCopy::dup, "dup of a freed type");

        Datatype everyOther = Datatype.createVector(2, 1, 2, MPI.INT);
        everyOther.commit();
        Datatype copy = everyOther.clone();
        byte[] packed = new byte[world.packSize(1, copy)];
        int end = world.pack(new int[] {1, 2, 3}, 1, copy, packed, 0);
        int[] back = {-1, -1, -1};
        world.unpack(packed, 0, back, 1, copy);
        require(end >= 8 && Arrays.equals(back, new int[] {1, -1, 3}),
                "a committed clone packs a vector, leaving its gap: " + Arrays.toString(back));
        copy.free();
        everyOther.free();
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void expect(Class<? extends Throwable> kind, Call call, String what) {
        try {
            call.run();
        } catch (Throwable t) {
            require(kind.isInstance(t) && t.getMessage() != null && !t.getMessage().isEmpty(),
                    what + ": " + t);
            return;
        }
        require(false, what + " was let through");
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
