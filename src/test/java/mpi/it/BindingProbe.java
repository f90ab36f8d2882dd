package mpi.it;

import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.Datatype;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Exercises the binding on 2 ranks under mpirun. Each check prints {@code PASS name} or
 * {@code FAIL name: why}; {@link BindingIT} asserts on those lines. Rank 0 sends, rank 1
 * receives and checks, unless a check says otherwise.
 */
public final class BindingProbe {
    /**
     * A system property: what MPI_MAX of 0xFFF0 and 'a' as MPI_UINT16_T gives in C on the
     * library under test, where that is not 0xFFF0 (MpichIT sets it from its C reproducer).
     */
    static final String CHAR_MAX_PROPERTY = "ombj.probe.charMaxInC";
    private static int rank;
    private static int peer;
    private static Comm world;

    private interface Check {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        check("call before Init is refused", () -> expect(IllegalStateException.class,
                () -> MPI.COMM_WORLD.getRank()));
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        peer = 1 - rank;
        check("constants from the library", BindingProbe::constants);
        check("blocking arrays of every type", BindingProbe::blockingArrays);
        check("blocking small byte[] through staging: what arrived, nothing more",
                BindingProbe::blockingSmallBytes);
        check("a receive from PROC_NULL: no message, tag ANY_TAG",
                BindingProbe::procNullReceive);
        check("blocking direct buffers and slices", BindingProbe::blockingBuffers);
        check("sendRecv array with buffer", BindingProbe::sendRecv);
        check("wildcards give the real source and tag", BindingProbe::wildcards);
        check("non-blocking arrays are staged", BindingProbe::stagedArrays);
        check("staged calls on one array share a copy only while pending", BindingProbe::sharedStaging);
        check("a zero-byte staged receive gives its staging back", BindingProbe::zeroByteReceive);
        check("non-blocking direct buffers", BindingProbe::nonBlockingBuffers);
        check("test, waitAll with nulls, waitAllStatus", BindingProbe::completionCalls);
        check("request keeps its buffer reachable", BindingProbe::reachability);
        check("bcast, reduce, allReduce", BindingProbe::collectives);
        check("dup and split", BindingProbe::communicators);
        check("Info hints set, get, free", BindingProbe::info);
        check("MPI errors become MPIException", BindingProbe::mpiErrors);
        check("misuse is a Java exception", BindingProbe::misuse);
        world.barrier();
        MPI.Finalize();
        check("call after Finalize is refused", () -> expect(IllegalStateException.class,
                () -> MPI.COMM_WORLD.barrier()));
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

    private static void constants() throws Exception {
        require(world.getSize() == 2, "size " + world.getSize());
        require(MPI.ANY_SOURCE != MPI.PROC_NULL && MPI.ANY_SOURCE < 0, "ANY_SOURCE " + MPI.ANY_SOURCE);
        require(MPI.THREAD_SINGLE < MPI.THREAD_MULTIPLE, "thread levels");
        require(MPI.INT.getSize() == 4 && MPI.LONG.getSize() == 8 && MPI.CHAR.getSize() == 2, "sizes");
        double t0 = MPI.wtime(); // Open MPI counts from the first call: 0 is a valid reading
        Thread.sleep(2);
        double t1 = MPI.wtime();
        require(t1 - t0 >= 0.001 && t1 - t0 < 10 && MPI.wtick() > 0, "timers " + t0 + " " + t1);
        require(!MPI.getProcessorName().isEmpty(), "processor name");
        require(MPI.isInitialized() && !MPI.isFinalized(), "state");
    }

    private static void blockingArrays() throws MPIException {
        int n = 1000;
        if (rank == 0) {
            byte[] b = new byte[n];
            char[] c = new char[n];
            short[] s = new short[n];
            boolean[] z = new boolean[n];
            int[] i = new int[n];
            long[] l = new long[n];
            float[] f = new float[n];
            double[] d = new double[n];
            for (int k = 0; k < n; k++) {
                b[k] = (byte) k;
                c[k] = (char) (60000 + k);
                s[k] = (short) -k;
                z[k] = k % 3 == 0;
                i[k] = k * 100003;
                l[k] = k * 10000000019L;
                f[k] = k / 3f;
                d[k] = k / 7.0;
            }
            world.send(b, n, MPI.BYTE, 1, 1);
            world.send(c, n, MPI.CHAR, 1, 2);
            world.send(s, n, MPI.SHORT, 1, 3);
            world.send(z, n, MPI.BOOLEAN, 1, 4);
            world.send(i, n, MPI.INT, 1, 5);
            world.send(l, n, MPI.LONG, 1, 6);
            world.send(f, n, MPI.FLOAT, 1, 7);
            world.send(d, n - 1, MPI.DOUBLE, 1, 8);
        } else {
            byte[] b = new byte[n];
            char[] c = new char[n];
            short[] s = new short[n];
            boolean[] z = new boolean[n];
            int[] i = new int[n];
            long[] l = new long[n];
            float[] f = new float[n];
            double[] d = new double[n];
            world.recv(b, n, MPI.BYTE, 0, 1);
            world.recv(c, n, MPI.CHAR, 0, 2);
            world.recv(s, n, MPI.SHORT, 0, 3);
            world.recv(z, n, MPI.BOOLEAN, 0, 4);
            world.recv(i, n, MPI.INT, 0, 5);
            world.recv(l, n, MPI.LONG, 0, 6);
            world.recv(f, n, MPI.FLOAT, 0, 7);
            Status st = world.recv(d, n, MPI.DOUBLE, 0, 8);
            for (int k = 0; k < n; k++) {
                require(b[k] == (byte) k && c[k] == (char) (60000 + k) && s[k] == (short) -k
                        && z[k] == (k % 3 == 0) && i[k] == k * 100003 && l[k] == k * 10000000019L
                        && f[k] == k / 3f, "element " + k);
                require(k == n - 1 ? d[k] == 0 : d[k] == k / 7.0, "double " + k);
            }
            require(st.getCount(MPI.DOUBLE) == n - 1 && st.getCount(MPI.BYTE) == 8 * (n - 1),
                    "count " + st.getCount(MPI.DOUBLE));
            require(st.getCount(MPI.LONG) == n - 1, "count in another 8-byte type");
        }
    }

    /**
     * A blocking call on a small byte[] copies through the thread's staging memory, in Java
     * (ThreadStaging): a message shorter than the receive writes its own bytes and leaves
     * the rest of the array, with a known tag and with ANY_TAG, and the status counts what
     * arrived; a byte[] above the limit is pinned, and its receive behaves the same.
     */
    private static void blockingSmallBytes() throws MPIException {
        int[] sizes = {0, 1, 8, 2048, 2049, 6000};
        for (int n : sizes) {
            byte[] b = new byte[n + 16];
            if (rank == 0) {
                for (int k = 0; k < n; k++) {
                    b[k] = (byte) (k * 7 + 1);
                }
                world.send(b, n, MPI.BYTE, 1, 20);
                world.send(b, n, MPI.BYTE, 1, 21);
            } else {
                for (int any = 0; any < 2; any++) {
                    Arrays.fill(b, (byte) -3);
                    Status st = world.recv(b, n + 8, MPI.BYTE, 0, any == 0 ? 20 : MPI.ANY_TAG);
                    for (int k = 0; k < n; k++) {
                        require(b[k] == (byte) (k * 7 + 1), n + " B, byte " + k);
                    }
                    for (int k = n; k < b.length; k++) {
                        require(b[k] == -3, n + " B, byte " + k + " past the message");
                    }
                    require(st.getCount(MPI.BYTE) == n && st.getSource() == 0
                            && st.getTag() == 20 + any, n + " B, status " + st.getCount(MPI.BYTE)
                            + " " + st.getTag());
                }
            }
        }
    }

    /**
     * A receive from PROC_NULL returns at once with no message: source PROC_NULL, tag
     * ANY_TAG (not the one asked for), count 0, the buffer untouched; on every path.
     */
    private static void procNullReceive() throws MPIException {
        Object[] buffers = {new byte[8], new byte[3000], new int[4], MPI.newByteBuffer(8)};
        for (Object buf : buffers) {
            if (buf instanceof byte[] b) {
                Arrays.fill(b, (byte) 9);
            }
            Datatype type = buf instanceof int[] ? MPI.INT : MPI.BYTE;
            Status st = world.recv(buf, 4, type, MPI.PROC_NULL, 5);
            String what = buf.getClass().getSimpleName();
            require(st.getSource() == MPI.PROC_NULL && st.getTag() == MPI.ANY_TAG
                    && st.getCount(type) == 0, what + ": status " + st.getSource() + " "
                    + st.getTag() + " " + st.getCount(type));
            require(!(buf instanceof byte[] b) || b[0] == 9, what + " untouched");
        }
    }

    private static void blockingBuffers() throws MPIException {
        ByteBuffer bytes = MPI.newByteBuffer(64);
        IntBuffer ints = MPI.newIntBuffer(16);
        if (rank == 0) {
            for (int k = 0; k < 64; k++) {
                bytes.put(k, (byte) (k + 1));
            }
            for (int k = 0; k < 16; k++) {
                ints.put(k, k * k);
            }
            bytes.position(10); // ignored: the base address is used
            world.send(bytes, 64, MPI.BYTE, 1, 1);
            world.send(ints, 16, MPI.INT, 1, 2);
            world.send(MPI.slice(bytes, 32), 8, MPI.BYTE, 1, 3);
        } else {
            world.recv(bytes, 64, MPI.BYTE, 0, 1);
            world.recv(ints, 16, MPI.INT, 0, 2);
            ByteBuffer tail = MPI.newByteBuffer(8);
            world.recv(tail, 8, MPI.BYTE, 0, 3);
            for (int k = 0; k < 64; k++) {
                require(bytes.get(k) == (byte) (k + 1), "byte " + k);
            }
            for (int k = 0; k < 16; k++) {
                require(ints.get(k) == k * k, "int " + k);
            }
            require(tail.get(0) == 33 && tail.get(7) == 40, "slice starts at its offset");
        }
    }

    private static void sendRecv() throws MPIException {
        int[] mine = {rank * 10 + 1, rank * 10 + 2};
        IntBuffer theirs = MPI.newIntBuffer(2);
        Status st = world.sendRecv(mine, 2, MPI.INT, peer, 9, theirs, 2, MPI.INT, peer, 9);
        require(theirs.get(0) == peer * 10 + 1 && theirs.get(1) == peer * 10 + 2, "exchanged values");
        require(st.getSource() == peer && st.getTag() == 9, "status " + st);
    }

    private static void wildcards() throws MPIException {
        if (rank == 0) {
            world.send(new int[] {7}, 1, MPI.INT, 1, 42);
        } else {
            Status st = world.recv(new int[1], 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            require(st.getSource() == 0 && st.getTag() == 42, "status " + st);
        }
    }

    private static void stagedArrays() throws MPIException {
        int n = 100_000;
        if (rank == 0) {
            long[] data = new long[n];
            Arrays.setAll(data, k -> k * 3L);
            Request r = world.iSend(data, n, MPI.LONG, 1, 11);
            Arrays.fill(data, -1L); // the call copied: the receiver must still see k * 3
            r.waitFor();
            require(r.isNull(), "request is null after waitFor");
        } else {
            long[] data = new long[n];
            Request r = world.iRecv(data, n, MPI.LONG, 0, 11);
            Status st = r.waitStatus();
            for (int k = 0; k < n; k++) {
                require(data[k] == k * 3L, "element " + k + " = " + data[k]);
            }
            require(st.getCount(MPI.LONG) == n && st.getSource() == 0, "status " + st);
        }
        // booleans, small (own staging buffer) and large (shared staging)
        for (int m : new int[] {100, 100_000}) {
            boolean[] flags = new boolean[m];
            if (rank == 0) {
                for (int k = 0; k < m; k++) {
                    flags[k] = k % 3 == 0;
                }
                world.iSend(flags, m, MPI.BOOLEAN, 1, 12).waitFor();
            } else {
                world.iRecv(flags, m, MPI.BOOLEAN, 0, 12).waitFor();
                for (int k = 0; k < m; k++) {
                    require(flags[k] == (k % 3 == 0), "flag " + k + " of " + m);
                }
            }
        }
    }

    /**
     * Staged sends and receives of one array pending at the same time share one copy; the
     * sharing ends with them. Window 1: six sends of one array and a seventh of its first half,
     * each received into its own array. Window 2: the array changed after window 1 completed,
     * six sends received into one array. Then a freed send: once the receiver's reply shows it
     * complete, the array changes and the next send must carry the new data, not the freed
     * send's copy.
     */
    private static void sharedStaging() throws MPIException {
        int n = 16384;
        int window = 6;
        Request[] reqs = new Request[window + 1];
        int[] ack = new int[1];
        if (rank == 0) {
            int[] data = new int[n];
            Arrays.fill(data, 1);
            data[n / 2 - 1] = 3;
            data[n - 1] = 2;
            for (int j = 0; j < window; j++) {
                reqs[j] = world.iSend(data, n, MPI.INT, 1, 20);
            }
            reqs[window] = world.iSend(data, n / 2, MPI.INT, 1, 20);
            Request.waitAll(reqs);
            Arrays.fill(data, 7);
            for (int j = 0; j < window; j++) {
                reqs[j] = world.iSend(data, n, MPI.INT, 1, 21);
            }
            reqs[window] = null;
            Request.waitAll(reqs);
            Arrays.fill(data, 11);
            world.iSend(data, n, MPI.INT, 1, 22).free();
            world.recv(ack, 1, MPI.INT, 1, 23);
            Arrays.fill(data, 12);
            world.iSend(data, n, MPI.INT, 1, 22).waitFor();
        } else {
            int[][] each = new int[window + 1][n];
            for (int j = 0; j <= window; j++) {
                reqs[j] = world.iRecv(each[j], n, MPI.INT, 0, 20);
            }
            Status[] st = Request.waitAllStatus(reqs);
            for (int j = 0; j < window; j++) {
                require(each[j][0] == 1 && each[j][n / 2 - 1] == 3 && each[j][n - 1] == 2,
                        "message " + j + " carries " + each[j][0] + "," + each[j][n / 2 - 1]
                                + "," + each[j][n - 1]);
                require(st[j].getCount(MPI.INT) == n, "message " + j + " count " + st[j]);
            }
            require(st[window].getCount(MPI.INT) == n / 2 && each[window][0] == 1
                    && each[window][n / 2 - 1] == 3 && each[window][n / 2] == 0,
                    "half message: count " + st[window].getCount(MPI.INT));
            int[] one = new int[n];
            for (int j = 0; j < window; j++) {
                reqs[j] = world.iRecv(one, n, MPI.INT, 0, 21);
            }
            reqs[window] = null;
            Request.waitAll(reqs);
            require(one[0] == 7 && one[n - 1] == 7, "window 2 carries " + one[0]);
            world.recv(one, n, MPI.INT, 0, 22);
            require(one[0] == 11 && one[n - 1] == 11, "freed send carries " + one[0]);
            world.send(ack, 1, MPI.INT, 0, 23);
            world.recv(one, n, MPI.INT, 0, 22);
            require(one[0] == 12 && one[n - 1] == 12, "send after a freed one carries " + one[0]);
        }
        // A window of small receives into one array (a staging buffer each, one copy back):
        // the array holds the last message, whole.
        int small = 16;
        if (rank == 0) {
            int[][] messages = new int[window][small];
            for (int j = 0; j < window; j++) {
                Arrays.fill(messages[j], 100 + j);
                reqs[j] = world.iSend(messages[j], small, MPI.INT, 1, 24);
            }
            reqs[window] = null;
            Request.waitAll(reqs);
        } else {
            int[] one = new int[small];
            for (int j = 0; j < window; j++) {
                reqs[j] = world.iRecv(one, small, MPI.INT, 0, 24);
            }
            reqs[window] = null;
            Request.waitAll(reqs);
            int last = 100 + window - 1;
            require(one[0] == last && one[small - 1] == last,
                    "small receives into one array hold " + one[0] + ".." + one[small - 1]);
        }
    }

    /**
     * A completed zero-byte receive into an array must end its use of the array's shared
     * staging: a later receive into the array must not share memory that went back to the
     * pool. After the zero-byte receive, a receive into the array gets its message; then more
     * sends than the pool holds take every pooled buffer of that size and fill it with 2s,
     * which would overwrite that message if its staging were among them.
     */
    private static void zeroByteReceive() throws MPIException {
        Comm self = MPI.COMM_SELF;
        int bytes = 64;
        byte[] array = new byte[bytes];
        byte[] ones = new byte[bytes];
        Arrays.fill(ones, (byte) 1);
        Request zero = self.iRecv(array, 0, MPI.BYTE, 0, 30);
        self.iSend(ones, 0, MPI.BYTE, 0, 30).waitFor();
        zero.waitFor();
        Request intoArray = self.iRecv(array, bytes, MPI.BYTE, 0, 31);
        self.iSend(ones, bytes, MPI.BYTE, 0, 31).waitFor();
        int n = 130; // more than StagingPool keeps per size class
        byte[][] twos = new byte[n][bytes];
        Request[] sends = new Request[n];
        for (int k = 0; k < n; k++) {
            Arrays.fill(twos[k], (byte) 2);
            sends[k] = self.iSend(twos[k], bytes, MPI.BYTE, 0, 32);
        }
        intoArray.waitFor();
        byte[] sink = new byte[bytes];
        for (int k = 0; k < n; k++) {
            self.recv(sink, bytes, MPI.BYTE, 0, 32);
        }
        Request.waitAll(sends);
        require(array[0] == 1 && array[bytes - 1] == 1, "array got " + array[0]);
    }

    private static void nonBlockingBuffers() throws MPIException {
        DoubleBuffer buf = MPI.newDoubleBuffer(1000);
        Request r;
        if (rank == 0) {
            for (int k = 0; k < 1000; k++) {
                buf.put(k, k + 0.5);
            }
            r = world.iSend(buf, 1000, MPI.DOUBLE, 1, 12);
        } else {
            r = world.iRecv(buf, 1000, MPI.DOUBLE, 0, 12);
        }
        r.waitFor();
        if (rank == 1) {
            for (int k = 0; k < 1000; k++) {
                require(buf.get(k) == k + 0.5, "element " + k);
            }
        }
    }

    private static void completionCalls() throws MPIException {
        int window = 300; // more than the native stack array holds
        Request[] reqs = new Request[window + 1];
        short[][] bufs = new short[window][4];
        for (int j = 0; j < window; j++) {
            if (rank == 0) {
                Arrays.fill(bufs[j], (short) j);
                reqs[j] = world.iSend(bufs[j], 4, MPI.SHORT, 1, 13);
            } else {
                reqs[j] = world.iRecv(bufs[j], 4, MPI.SHORT, 0, 13);
            }
        }
        // reqs[window] stays null: waitAll skips it
        if (rank == 0) {
            Request.waitAll(reqs);
        } else {
            Status[] st = Request.waitAllStatus(reqs);
            require(st[0].getTag() == 13 && st[0].getCount(MPI.SHORT) == 4, "status " + st[0]);
            for (int j = 0; j < window; j++) {
                require(bufs[j][0] == j && bufs[j][3] == j, "buffer " + j);
            }
        }
        for (int j = 0; j < window; j++) {
            require(reqs[j].isNull(), "request " + j + " completed");
        }
        Request t = rank == 0 ? world.iSend(new int[] {5}, 1, MPI.INT, 1, 14)
                : world.iRecv(new int[1], 1, MPI.INT, 0, 14);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!t.test()) {
            require(System.nanoTime() < deadline, "test() never completed");
        }
    }

    private static void reachability() throws Exception {
        if (rank == 1) {
            ByteBuffer buf = MPI.newByteBuffer(1 << 20);
            WeakReference<ByteBuffer> ref = new WeakReference<>(buf);
            Request r = world.iRecv(buf, 1 << 20, MPI.BYTE, 0, 15);
            buf = null;
            for (int k = 0; k < 3; k++) {
                System.gc();
            }
            require(ref.get() != null, "buffer collected while its receive was pending");
            world.send(new byte[1], 1, MPI.BYTE, 0, 16);
            r.waitFor();
            r = null;
            for (int k = 0; k < 10 && ref.get() != null; k++) {
                System.gc();
                Thread.sleep(10);
            }
            require(ref.get() == null, "completed request still holds its buffer");
        } else {
            world.recv(new byte[1], 1, MPI.BYTE, 1, 16);
            ByteBuffer data = MPI.newByteBuffer(1 << 20);
            world.send(data, 1 << 20, MPI.BYTE, 1, 15);
        }
    }

    private static void collectives() throws MPIException {
        float[] b = rank == 0 ? new float[] {1.5f, 2.5f} : new float[2];
        world.bcast(b, 2, MPI.FLOAT, 0);
        require(b[0] == 1.5f && b[1] == 2.5f, "bcast " + Arrays.toString(b));
        long[] mine = {rank + 1, 10L * (rank + 1)};
        long[] sum = new long[2];
        world.reduce(mine, rank == 1 ? sum : null, 2, MPI.LONG, MPI.SUM, 1);
        require(rank != 1 || (sum[0] == 3 && sum[1] == 30), "reduce " + Arrays.toString(sum));
        IntBuffer max = MPI.newIntBuffer(1);
        world.allReduce(new int[] {rank * 7}, max, 1, MPI.INT, MPI.MAX);
        require(max.get(0) == 7, "allReduce " + max.get(0));
        // MPI.BYTE is signed, as Java's byte: the maximum of -100 and 20 is 20 (unsigned, 156).
        byte[] bmax = new byte[1];
        world.allReduce(new byte[] {(byte) (rank == 0 ? -100 : 20)}, bmax, 1, MPI.BYTE, MPI.MAX);
        require(bmax[0] == 20, "MPI.BYTE compares as a signed byte: " + bmax[0]);
        // MPI.CHAR is unsigned, as Java's char: the maximum of 0xFFF0 and 'a' is 0xFFF0, unless
        // the library's own MPI_UINT16_T MAX gives another in C (MpichIT, MPICH 4.0.2).
        char[] cmax = new char[1];
        world.allReduce(new char[] {rank == 0 ? '\uFFF0' : 'a'}, cmax, 1, MPI.CHAR, MPI.MAX);
        int inC = Integer.getInteger(CHAR_MAX_PROPERTY, 0xFFF0);
        require(cmax[0] == inC, "MPI.CHAR compares as an unsigned char (as MPI_UINT16_T in C: "
                + inC + "): " + (int) cmax[0]);
    }

    private static void communicators() throws Exception {
        Intracomm dup = MPI.COMM_WORLD.dup();
        require(dup.getSize() == 2 && dup.getRank() == rank, "dup");
        dup.barrier();
        require(!dup.isInter() && !MPI.COMM_WORLD.isInter(), "an intracommunicator is no intercommunicator");
        dup.free();
        expect(MPIException.class, dup::isInter);
        Intracomm alone = MPI.COMM_WORLD.split(rank, 0);
        require(alone.getSize() == 1 && alone.getRank() == 0, "split");
        alone.free();
        require(MPI.COMM_WORLD.split(MPI.UNDEFINED, 0) == null, "UNDEFINED colour gives null");
    }

    private static void info() throws Exception {
        require(MPI.INFO_NULL.isNull(), "INFO_NULL is null");
        Info hints = new Info();
        require(!hints.isNull(), "a new Info is not null");
        hints.set("no_locks", "true");
        require("true".equals(hints.get("no_locks")), "the value set is read back");
        require(hints.get("absent_key") == null, "an absent key gives null");
        hints.free();
        require(hints.isNull(), "a freed Info is null");
        expect(IllegalStateException.class, () -> hints.set("k", "v"));
        expect(IllegalStateException.class, () -> MPI.INFO_NULL.get("k"));
    }

    private static void mpiErrors() throws Exception {
        try {
            world.send(new byte[1], 1, MPI.BYTE, 99, 0);
            throw new AssertionError("send to rank 99 succeeded");
        } catch (MPIException e) {
            require(e.getMessage() != null && !e.getMessage().isEmpty(), "message");
            require(e.getErrorCode() != MPI.SUCCESS && e.getErrorClass() != MPI.SUCCESS, "codes");
        }
        // A staged send whose MPI call fails after the array's copy (a copy with no exception
        // check after it, ombj_copy_checked_array): the MPIException, under -Xcheck:jni.
        expect(MPIException.class, () -> world.iSend(new byte[1], 1, MPI.BYTE, 99, 0));
    }

    private static void misuse() throws Exception {
        expect(NullPointerException.class, () -> world.send(null, 1, MPI.BYTE, peer, 0));
        expect(IndexOutOfBoundsException.class, () -> world.send(new int[2], 3, MPI.INT, peer, 0));
        expect(IndexOutOfBoundsException.class,
                () -> world.recv(MPI.newByteBuffer(7), 2, MPI.INT, peer, 0));
        expect(IllegalArgumentException.class, () -> world.send(new int[2], 2, MPI.LONG, peer, 0));
        expect(IllegalArgumentException.class, () -> world.send(new byte[2], -1, MPI.BYTE, peer, 0));
        expect(IllegalArgumentException.class,
                () -> world.send(ByteBuffer.allocate(8), 8, MPI.BYTE, peer, 0));
        expect(IllegalArgumentException.class,
                () -> world.iSend(ByteBuffer.allocate(8), 8, MPI.BYTE, peer, 0));
        expect(IllegalArgumentException.class, () -> world.iRecv("text", 1, MPI.BYTE, peer, 0));
        expect(IllegalStateException.class, () -> MPI.Init(new String[0]));
    }
}
