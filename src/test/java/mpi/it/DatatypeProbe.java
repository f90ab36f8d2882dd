package mpi.it;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * The binding's derived datatypes on 2 ranks under mpirun (with -Xcheck:jni): vectors and
 * indexed types in blocking and non-blocking point-to-point calls and in a collective, on Java
 * arrays and direct buffers, the gaps left untouched; too-short buffers, uncommitted and freed
 * types refused. Each check prints {@code PASS name} or {@code FAIL name: why}.
 */
public final class DatatypeProbe {
    private static int rank;
    private static int peer;
    private static Comm world;

    private interface Check {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        peer = 1 - rank;
        check("layout read from MPI", DatatypeProbe::layout);
        check("vector send and recv on arrays, gaps kept", () -> vectorBlocking(true));
        check("vector send and recv on buffers, gaps kept", () -> vectorBlocking(false));
        check("vector iSend and iRecv on arrays, gaps kept", () -> vectorNonBlocking(true));
        check("vector iSend and iRecv on buffers, gaps kept", () -> vectorNonBlocking(false));
        check("indexed send and recv", DatatypeProbe::indexed);
        check("contiguous bcast, vector allToAll on arrays", DatatypeProbe::collectives);
        check("too-short buffers are refused", DatatypeProbe::tooShort);
        check("uncommitted and freed types are refused", DatatypeProbe::lifecycle);
        world.barrier();
        MPI.Finalize();
    }

    private static void check(String name, Check c) {
        try {
            c.run();
            System.out.println("PASS " + name);
        } catch (Throwable t) {
            System.out.println("FAIL " + name + ": " + t);
        }
        System.out.flush();
        try {
            world.barrier();
        } catch (Exception e) {
            System.out.println("FAIL barrier after " + name + ": " + e);
        }
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    private static void expect(Class<? extends Throwable> type, Check c) throws Exception {
        try {
            c.run();
        } catch (Throwable t) {
            if (type.isInstance(t) && t.getMessage() != null && !t.getMessage().isEmpty()) {
                return;
            }
            throw new AssertionError("expected " + type.getSimpleName() + ", got " + t, t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + ", nothing thrown");
    }

    /** vector(3 blocks of 2 ints, stride 4): spans (3-1)*4+2 = 10 ints, carries 6. */
    private static Datatype vector() throws Exception {
        Datatype v = Datatype.createVector(3, 2, 4, MPI.INT);
        v.commit();
        return v;
    }

    private static void layout() throws Exception {
        Datatype v = vector();
        require(v.getSize() == 6 * 4, "size " + v.getSize());
        require(v.getExtent() == 10 * 4, "extent " + v.getExtent());
        require(v.getTrueExtent() == 10 * 4 && v.getLb() == 0 && v.getTrueLb() == 0,
                "true extent " + v.getTrueExtent());
        Datatype x = Datatype.createIndexed(new int[] {1, 2}, new int[] {3, 7}, MPI.BYTE);
        x.commit();
        require(x.getSize() == 3 && x.getTrueLb() == 3 && x.getTrueExtent() == 6,
                "indexed " + x.getSize() + " " + x.getTrueLb() + " " + x.getTrueExtent());
        x.free();
        v.free();
    }

    private static int[] carried(int[] sent) {
        int[] expect = new int[10];
        Arrays.fill(expect, -1);
        for (int b = 0; b < 3; b++) {
            for (int e = 0; e < 2; e++) {
                expect[4 * b + e] = sent[4 * b + e];
            }
        }
        return expect;
    }

    private static int[] message() {
        int[] m = new int[10];
        for (int i = 0; i < m.length; i++) {
            m[i] = 100 + i;
        }
        return m;
    }

    private static void vectorBlocking(boolean arrays) throws Exception {
        Datatype v = vector();
        int[] recv = new int[10];
        Arrays.fill(recv, -1);
        if (arrays) {
            if (rank == 0) {
                world.send(message(), 1, v, peer, 1);
            } else {
                Status s = world.recv(recv, 1, v, peer, 1);
                require(s.getCount(v) == 1, "count " + s.getCount(v));
            }
        } else {
            IntBuffer out = ints(message());
            IntBuffer in = ints(recv);
            if (rank == 0) {
                world.send(out, 1, v, peer, 1);
            } else {
                world.recv(in, 1, v, peer, 1);
                in.get(0, recv);
            }
        }
        if (rank == 1) {
            require(Arrays.equals(recv, carried(message())), Arrays.toString(recv));
        }
        v.free();
    }

    private static void vectorNonBlocking(boolean arrays) throws Exception {
        Datatype v = vector();
        int[] recv = new int[10];
        Arrays.fill(recv, -1);
        if (rank == 0) {
            Object out = arrays ? message() : ints(message());
            Request r = world.iSend(out, 1, v, peer, 2);
            r.waitFor();
        } else {
            IntBuffer in = ints(recv);
            Request r = arrays ? world.iRecv(recv, 1, v, peer, 2) : world.iRecv(in, 1, v, peer, 2);
            r.waitFor();
            if (!arrays) {
                in.get(0, recv);
            }
            require(Arrays.equals(recv, carried(message())), Arrays.toString(recv));
        }
        v.free();
    }

    private static void indexed() throws Exception {
        Datatype x = Datatype.createIndexed(new int[] {2, 1}, new int[] {1, 6}, MPI.BYTE);
        x.commit();
        byte[] recv = new byte[8];
        Arrays.fill(recv, (byte) -1);
        if (rank == 0) {
            world.send(new byte[] {10, 11, 12, 13, 14, 15, 16, 17}, 1, x, peer, 3);
        } else {
            world.recv(recv, 1, x, peer, 3);
            require(Arrays.equals(recv, new byte[] {-1, 11, 12, -1, -1, -1, 16, -1}),
                    Arrays.toString(recv));
        }
        x.free();
    }

    private static void collectives() throws Exception {
        Datatype c = Datatype.createContiguous(4, MPI.INT);
        c.commit();
        int[] b = rank == 0 ? new int[] {1, 2, 3, 4} : new int[4];
        world.bcast(b, 1, c, 0);
        require(Arrays.equals(b, new int[] {1, 2, 3, 4}), "bcast " + Arrays.toString(b));
        c.free();
        // vector(2 blocks of 1, stride 2): extent 3 ints; rank i's block starts at i*3.
        Datatype v = Datatype.createVector(2, 1, 2, MPI.INT);
        v.commit();
        int[] send = new int[6];
        for (int i = 0; i < send.length; i++) {
            send[i] = 10 * rank + i;
        }
        int[] recv = new int[6];
        Arrays.fill(recv, -1);
        world.allToAll(send, 1, v, recv, 1, v);
        int[] expect = {10 * 0 + 3 * rank, -1, 10 * 0 + 3 * rank + 2,
            10 * 1 + 3 * rank, -1, 10 * 1 + 3 * rank + 2};
        require(Arrays.equals(recv, expect), "allToAll " + Arrays.toString(recv));
        // Non-blocking, staged arrays: the gaps come back as they were.
        Arrays.fill(recv, -1);
        world.iAllToAll(send, 1, v, recv, 1, v).waitFor();
        require(Arrays.equals(recv, expect), "iAllToAll " + Arrays.toString(recv));
        v.free();
    }

    private static void tooShort() throws Exception {
        Datatype v = vector(); // spans 10 ints: 6 carried would fit in 6, 10 do not
        expect(IndexOutOfBoundsException.class, () -> world.send(new int[9], 1, v, peer, 4));
        expect(IndexOutOfBoundsException.class, () -> world.recv(new int[9], 1, v, peer, 4));
        expect(IndexOutOfBoundsException.class,
                () -> world.iRecv(ByteBuffer.allocateDirect(39), 1, v, peer, 4));
        expect(IndexOutOfBoundsException.class,
                () -> world.iSend(new int[19], 2, v, peer, 4)); // 2 instances span 20
        expect(IndexOutOfBoundsException.class,
                () -> world.allToAll(new int[5], 1, v, new int[20], 1, v)); // 2 span 6
        expect(IllegalArgumentException.class, () -> world.send(new byte[40], 1, v, peer, 4));
        v.free();
    }

    private static void lifecycle() throws Exception {
        Datatype v = Datatype.createVector(2, 1, 2, MPI.INT);
        expect(IllegalStateException.class, () -> world.send(new int[3], 1, v, peer, 5));
        v.commit();
        v.free();
        expect(IllegalStateException.class, () -> world.send(new int[3], 1, v, peer, 5));
        expect(IllegalStateException.class, v::free);
        expect(IllegalStateException.class, () -> Datatype.createContiguous(2, v));
        expect(IllegalStateException.class, MPI.INT::free);
        expect(IllegalArgumentException.class, () -> Datatype.createVector(-1, 1, 1, MPI.INT));
        expect(IllegalArgumentException.class,
                () -> Datatype.createIndexed(new int[] {1}, new int[] {1, 2}, MPI.INT));
        Datatype before = Datatype.createIndexed(new int[] {1}, new int[] {-1}, MPI.INT);
        before.commit();
        expect(IllegalArgumentException.class, () -> world.send(new int[4], 1, before, peer, 5));
        before.free();
    }

    private static IntBuffer ints(int[] values) {
        IntBuffer b = MPI.newByteBuffer(values.length * 4).asIntBuffer();
        b.put(0, values);
        return b;
    }
}
