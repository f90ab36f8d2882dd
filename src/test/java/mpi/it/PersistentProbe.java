package mpi.it;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;

import mpi.Comm;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/**
 * Exercises the binding's persistent requests ({@link Prequest}) on 2 ranks under mpirun.
 * Each check prints {@code PASS name} or {@code FAIL name: why}; {@link PersistentIT} asserts
 * on those lines. Rank 0 sends, rank 1 receives and checks, unless a check says otherwise.
 */
public final class PersistentProbe {
    private static final int ROUNDS = 4;
    private static int rank;
    private static Comm world;

    private interface Check {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        check("restarted buffer send delivers fresh data", PersistentProbe::restartedBuffers);
        check("restarted array send and receive deliver fresh data", PersistentProbe::restartedArrays);
        check("large arrays, completed by test", PersistentProbe::largeArraysByTest);
        check("startAll of a window on one array", () -> window(4096, 8));
        check("startAll of a window of small arrays", () -> window(16, 8));
        check("startAll of direct buffers, waitAll", PersistentProbe::windowOfBuffers);
        check("sends of different lengths sharing an array", PersistentProbe::differentLengths);
        check("synchronous and ready-mode sends", PersistentProbe::sendModes);
        check("inactive requests: wait, test and free", PersistentProbe::inactive);
        check("misuse is a Java exception", PersistentProbe::misuse);
        check("persistent collectives on arrays restarted deliver fresh data",
                PersistentProbe::collectivesOnArrays);
        check("persistent collectives on buffers, in place and all-to-allw",
                PersistentProbe::collectivesOnBuffers);
        check("persistent collective misuse is a Java exception",
                PersistentProbe::collectiveMisuse);
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
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    /** The value of element k in round r. */
    private static int value(int round, int k) {
        return round * 100_003 + k * 7 + 1;
    }

    private static void restartedBuffers() throws MPIException {
        int n = 256;
        IntBuffer buf = MPI.newIntBuffer(n);
        Prequest p = rank == 0 ? world.sendInit(buf, n, MPI.INT, 1, 11)
                : world.recvInit(buf, n, MPI.INT, 0, 11);
        for (int round = 0; round < ROUNDS; round++) {
            if (rank == 0) {
                for (int k = 0; k < n; k++) {
                    buf.put(k, value(round, k));
                }
            }
            p.start();
            p.waitFor();
            require(!p.isNull(), "a completed persistent request stays valid");
            if (rank == 1) {
                for (int k = 0; k < n; k++) {
                    require(buf.get(k) == value(round, k), "round " + round + " element " + k);
                }
            }
        }
        p.free();
        require(p.isNull(), "freed");
    }

    private static void restartedArrays() throws MPIException {
        int n = 100;
        int[] ints = new int[n];
        double[] doubles = new double[n];
        Prequest pi = rank == 0 ? world.sendInit(ints, n, MPI.INT, 1, 12)
                : world.recvInit(ints, n, MPI.INT, 0, 12);
        Prequest pd = rank == 0 ? world.sendInit(doubles, n - 1, MPI.DOUBLE, 1, 13)
                : world.recvInit(doubles, n, MPI.DOUBLE, 0, 13);
        for (int round = 0; round < ROUNDS; round++) {
            if (rank == 0) {
                // Changed between starts: each start must send the array as it is now.
                for (int k = 0; k < n; k++) {
                    ints[k] = value(round, k);
                    doubles[k] = value(round, k) / 3.0;
                }
            }
            pi.start();
            pd.start();
            pi.waitFor();
            pd.waitFor();
            if (rank == 1) {
                for (int k = 0; k < n; k++) {
                    require(ints[k] == value(round, k), "round " + round + " int " + k);
                }
                for (int k = 0; k < n - 1; k++) {
                    require(doubles[k] == value(round, k) / 3.0, "round " + round + " double " + k);
                }
                require(doubles[n - 1] == 0, "beyond the message the array is untouched");
            }
        }
        pi.free();
        pd.free();
    }

    /** Arrays above the small-message limit (shared staging), completed with test(). */
    private static void largeArraysByTest() throws MPIException {
        int n = 5000;
        long[] data = new long[n];
        Prequest p = rank == 0 ? world.sendInit(data, n, MPI.LONG, 1, 14)
                : world.recvInit(data, n, MPI.LONG, 0, 14);
        for (int round = 0; round < ROUNDS; round++) {
            if (rank == 0) {
                for (int k = 0; k < n; k++) {
                    data[k] = (long) value(round, k) << 20;
                }
            }
            p.start();
            long tests = 0;
            while (!p.test()) {
                tests++;
            }
            require(p.test(), "an inactive request tests complete (after " + tests + " tests)");
            if (rank == 1) {
                for (int k = 0; k < n; k++) {
                    require(data[k] == (long) value(round, k) << 20, "round " + round + " element " + k);
                }
            }
        }
        p.free();
    }

    /**
     * A window of w requests on one array of n ints each way, started with startAll. Rank 1
     * completes round 0 with waitAll and the others one request at a time, last first.
     */
    private static void window(int n, int w) throws MPIException {
        int[] data = new int[n];
        Prequest[] window = new Prequest[w];
        for (int i = 0; i < w; i++) {
            window[i] = rank == 0 ? world.sendInit(data, n, MPI.INT, 1, 15)
                    : world.recvInit(data, n, MPI.INT, 0, 15);
        }
        for (int round = 0; round < ROUNDS; round++) {
            if (rank == 0) {
                for (int k = 0; k < n; k++) {
                    data[k] = value(round, k);
                }
            } else {
                java.util.Arrays.fill(data, -1);
            }
            Prequest.startAll(window);
            if (rank == 0 || round == 0) {
                Request.waitAll(window);
            } else {
                for (int i = w - 1; i >= 0; i--) {
                    window[i].waitFor();
                }
            }
            if (rank == 1) {
                for (int k = 0; k < n; k++) {
                    require(data[k] == value(round, k), "round " + round + " element " + k);
                }
            }
        }
        for (Prequest p : window) {
            p.free();
            require(p.isNull(), "freed");
        }
    }

    private static void windowOfBuffers() throws MPIException {
        int n = 64;
        int w = 4;
        DoubleBuffer[] bufs = new DoubleBuffer[w];
        Prequest[] window = new Prequest[w];
        for (int i = 0; i < w; i++) {
            bufs[i] = MPI.newDoubleBuffer(n);
            window[i] = rank == 0 ? world.sendInit(bufs[i], n, MPI.DOUBLE, 1, 16 + i)
                    : world.recvInit(bufs[i], n, MPI.DOUBLE, 0, 16 + i);
        }
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < w && rank == 0; i++) {
                for (int k = 0; k < n; k++) {
                    bufs[i].put(k, value(round, k) + i / 4.0);
                }
            }
            Prequest.startAll(window);
            Request.waitAll(window);
            for (int i = 0; i < w && rank == 1; i++) {
                for (int k = 0; k < n; k++) {
                    require(bufs[i].get(k) == value(round, k) + i / 4.0,
                            "round " + round + " slot " + i + " element " + k);
                }
            }
        }
        for (Prequest p : window) {
            p.free();
        }
    }

    /**
     * Two sends of one array, a short one started first: the long one, started while the short
     * one is active, must still send the array's whole prefix, not only what the short one
     * copied.
     */
    private static void differentLengths() throws MPIException {
        int n = 8000;
        int shortN = 2000;
        int[] data = new int[n];
        if (rank == 0) {
            // Created long first: the share is sized by the first request, the short joins it.
            Prequest longSend = world.sendInit(data, n, MPI.INT, 1, 18);
            Prequest shortSend = world.sendInit(data, shortN, MPI.INT, 1, 17);
            for (int round = 0; round < ROUNDS; round++) {
                for (int k = 0; k < n; k++) {
                    data[k] = value(round, k);
                }
                shortSend.start();
                longSend.start();
                Request.waitAll(new Request[] {shortSend, longSend});
            }
            shortSend.free();
            longSend.free();
        } else {
            int[] shortData = new int[shortN];
            for (int round = 0; round < ROUNDS; round++) {
                world.recv(shortData, shortN, MPI.INT, 0, 17);
                world.recv(data, n, MPI.INT, 0, 18);
                for (int k = 0; k < n; k++) {
                    require(data[k] == value(round, k) && (k >= shortN || shortData[k] == data[k]),
                            "round " + round + " element " + k);
                }
            }
        }
    }

    private static void sendModes() throws MPIException {
        int n = 32;
        ByteBuffer buf = MPI.newByteBuffer(n);
        if (rank == 0) {
            Prequest ssend = world.sSendInit(buf, n, MPI.BYTE, 1, 20);
            Prequest rsend = world.rSendInit(buf, n, MPI.BYTE, 1, 21);
            for (int round = 0; round < ROUNDS; round++) {
                for (int k = 0; k < n; k++) {
                    buf.put(k, (byte) (round + k));
                }
                ssend.start();
                ssend.waitFor();
                world.barrier(); // the ready-mode send's receive is posted
                rsend.start();
                rsend.waitFor();
            }
            ssend.free();
            rsend.free();
        } else {
            ByteBuffer second = MPI.newByteBuffer(n);
            Prequest recv = world.recvInit(buf, n, MPI.BYTE, 0, 20);
            Prequest ready = world.recvInit(second, n, MPI.BYTE, 0, 21);
            for (int round = 0; round < ROUNDS; round++) {
                recv.start();
                recv.waitFor();
                ready.start();
                world.barrier();
                ready.waitFor();
                for (int k = 0; k < n; k++) {
                    require(buf.get(k) == (byte) (round + k) && second.get(k) == (byte) (round + k),
                            "round " + round + " byte " + k);
                }
            }
            recv.free();
            ready.free();
        }
    }

    private static void inactive() throws MPIException {
        int[] data = new int[10];
        Prequest p = world.recvInit(data, 10, MPI.INT, 1 - rank, 30);
        p.waitFor(); // never started: returns at once
        require(p.test(), "an inactive request tests complete");
        require(!p.isNull(), "and stays valid");
        Request.waitAll(new Request[] {p, null});
        p.free();
        require(p.isNull(), "freed");
        p.free(); // a second free does nothing
        Prequest q = world.sendInit(MPI.newByteBuffer(8), 8, MPI.BYTE, 1 - rank, 31);
        q.free();
        require(q.isNull(), "a freed buffer request");
    }

    private static void misuse() throws Exception {
        expect(IllegalArgumentException.class,
                () -> world.sendInit(ByteBuffer.allocate(8), 8, MPI.BYTE, 1 - rank, 40));
        expect(IndexOutOfBoundsException.class,
                () -> world.recvInit(new int[4], 5, MPI.INT, 1 - rank, 40));
        expect(IllegalArgumentException.class,
                () -> world.recvInit(new byte[8], 2, MPI.INT, 1 - rank, 40));
        expect(NullPointerException.class,
                () -> world.sendInit((Object) null, 1, MPI.INT, 1 - rank, 40));
    }

    /**
     * A persistent broadcast and allreduce on Java arrays, started together and one by one over
     * rounds: each start sends what the arrays hold then, each completion writes back.
     */
    private static void collectivesOnArrays() throws MPIException {
        Intracomm comm = MPI.COMM_WORLD;
        int n = 300, np = comm.getSize();
        int[] bcast = new int[n], send = new int[n], recv = new int[n];
        Prequest b = comm.bcastInit(bcast, n, MPI.INT, 0);
        Prequest a = comm.allReduceInit(send, recv, n, MPI.INT, MPI.SUM);
        for (int round = 0; round < ROUNDS; round++) {
            for (int k = 0; k < n; k++) {
                bcast[k] = rank == 0 ? value(round, k) : -1;
                send[k] = value(round, k) + rank;
                recv[k] = -1;
            }
            if (round % 2 == 0) {
                Prequest.startAll(new Prequest[] {b, a});
                Request.waitAll(new Request[] {b, a});
            } else {
                b.start();
                b.waitFor();
                a.start();
                a.waitFor();
            }
            for (int k = 0; k < n; k++) {
                require(bcast[k] == value(round, k), "bcast round " + round + " element " + k);
                int sum = np * value(round, k) + np * (np - 1) / 2;
                require(recv[k] == sum, "allreduce round " + round + " element " + k);
            }
        }
        b.free();
        a.free();
        require(b.isNull() && a.isNull(), "freed requests are null");
    }

    /** In-place allreduce, alltoallv and alltoallw on direct buffers, restarted. */
    private static void collectivesOnBuffers() throws MPIException {
        Intracomm comm = MPI.COMM_WORLD;
        int np = comm.getSize(), n = 64;
        IntBuffer inPlace = MPI.newIntBuffer(n);
        Prequest sum = comm.allReduceInit(inPlace, n, MPI.INT, MPI.SUM);
        IntBuffer sendV = MPI.newIntBuffer(np * n), recvV = MPI.newIntBuffer(np * n);
        int[] counts = new int[np], displs = new int[np], byteDispls = new int[np];
        Datatype[] types = new Datatype[np];
        for (int r = 0; r < np; r++) {
            counts[r] = n;
            displs[r] = r * n;
            byteDispls[r] = r * n * Integer.BYTES;
            types[r] = MPI.INT;
        }
        Prequest v = comm.allToAllvInit(sendV, counts, displs, MPI.INT, recvV, counts, displs,
                MPI.INT);
        IntBuffer sendW = MPI.newIntBuffer(np * n), recvW = MPI.newIntBuffer(np * n);
        Prequest w = comm.allToAllwInit(sendW, counts, byteDispls, types, recvW, counts,
                byteDispls, types);
        for (int round = 0; round < ROUNDS; round++) {
            for (int k = 0; k < n; k++) {
                inPlace.put(k, value(round, k) + rank);
            }
            for (int r = 0; r < np; r++) {
                for (int k = 0; k < n; k++) {
                    sendV.put(r * n + k, value(round, k) + 1000 * rank + r);
                    sendW.put(r * n + k, value(round, k) + 2000 * rank + r);
                }
            }
            Prequest.startAll(new Prequest[] {sum, v, w});
            Request.waitAll(new Request[] {sum, v, w});
            for (int k = 0; k < n; k++) {
                require(inPlace.get(k) == np * value(round, k) + np * (np - 1) / 2,
                        "in-place allreduce round " + round);
            }
            for (int r = 0; r < np; r++) {
                for (int k = 0; k < n; k++) {
                    require(recvV.get(r * n + k) == value(round, k) + 1000 * r + rank,
                            "alltoallv round " + round + " from " + r);
                    require(recvW.get(r * n + k) == value(round, k) + 2000 * r + rank,
                            "alltoallw round " + round + " from " + r);
                }
            }
        }
        sum.free();
        v.free();
        w.free();
    }

    private static void collectiveMisuse() throws Exception {
        Intracomm comm = MPI.COMM_WORLD;
        expect(IndexOutOfBoundsException.class, () -> comm.bcastInit(new int[4], 5, MPI.INT, 0));
        expect(IllegalArgumentException.class,
                () -> comm.bcastInit(ByteBuffer.allocate(8), 8, MPI.BYTE, 0));
        Prequest b = comm.barrierInit();
        b.start();
        expect(IllegalStateException.class, b::start);
        expect(IllegalStateException.class, b::free);
        expect(IllegalStateException.class, b::cancel);
        b.waitFor();
        b.free();
        require(b.isNull(), "a freed persistent barrier is null");
    }

    private static void expect(Class<? extends Throwable> type, Check c) throws Exception {
        try {
            c.run();
        } catch (Throwable t) {
            if (type.isInstance(t) && t.getMessage() != null && !t.getMessage().isEmpty()) {
                return;
            }
            throw new AssertionError("expected " + type.getSimpleName() + " with a message, got " + t, t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + ", nothing thrown");
    }
}
