package mpi.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Comm;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;
import mpi.installation.MpiInstallation;

/**
 * Exercises the one-sided binding ({@link Win}, {@link mpi.Group}) on 2 ranks under mpirun.
 * Each check prints {@code PASS name} or {@code FAIL name: why}; {@link WinIT} asserts on
 * those lines. Rank 0 is the origin and rank 1 the target, unless a check says otherwise.
 *
 * <p>The main matrix: for each window kind (create, allocate, dynamic), each synchronization
 * (lock, flush, flushLocal, lockAll, fence, pscw) and each form (direct buffers, Java arrays),
 * rank 0 issues in one epoch a put, a get, an accumulate, a get-accumulate, a fetch-and-op and
 * two compare-and-swaps (one matching, one not), each on its own region of rank 1's window.
 * Rank 0 checks the results right after the call that completes the operations; rank 1 checks
 * its window memory after the epoch.
 */
public final class WinProbe {
    /** Window regions, in bytes (displacement unit 1). */
    private static final int PUT_AT = 0, PUT_BYTES = 16, GET_AT = 16, GET_BYTES = 16,
            ACC_AT = 32, ACC_INTS = 4, GACC_AT = 48, GACC_INTS = 2, FOP_AT = 56, CAS_HIT_AT = 64,
            CAS_MISS_AT = 72, WINDOW_BYTES = 128;

    private static int rank;
    private static Comm world;
    /**
     * Argument {@code no-cas-on-allocate}: Open MPI 4.1.4's osc/rdma component (its default on
     * one node, over btl/vader) crashes the target in MPI_Compare_and_swap on a window of
     * MPI_Win_allocate, in C as well; WinIT runs the probe so with Open MPI's default
     * components, and with no check left out with {@code --mca osc sm,pt2pt} and on MPICH
     * ({@link MpiInstallation#oneSided()}).
     */
    private static boolean noCasOnAllocate;

    private interface Check {
        void run() throws Exception;
    }

    private enum Kind { CREATE, ALLOCATE, DYNAMIC }

    private enum Sync { LOCK, FLUSH, FLUSH_LOCAL, LOCK_ALL, FENCE, PSCW }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        noCasOnAllocate = args.length > 0 && args[0].equals("no-cas-on-allocate");
        check("constants from the library", WinProbe::constants);
        check("groups: getGroup, incl, excl, compare, translateRanks, free", WinProbe::groups);
        check("allocate writes the address and getAllocatedBuffer reaches the memory",
                WinProbe::allocatedMemory);
        check("allocate shared", WinProbe::allocateShared);
        for (Kind kind : Kind.values()) {
            for (Sync sync : Sync.values()) {
                for (boolean arrays : new boolean[] {false, true}) {
                    String name = "window " + kind + " sync " + sync + (arrays ? " arrays" : " buffers");
                    check(name, () -> matrix(kind, sync, arrays));
                }
            }
        }
        check("request-based operations", WinProbe::requestBased);
        check("test ends the exposure epoch", WinProbe::winTest);
        check("array results appear at the completing call, sync and waitFor copy nothing",
                WinProbe::arraysSettleAtCompletion);
        check("no allocation per operation in the steady state", WinProbe::noAllocation);
        check("MPI errors become MPIException", WinProbe::mpiErrors);
        check("misuse is a Java exception", WinProbe::misuse);
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

    // ---- patterns ----

    /** The target's initial window byte at {@code i}. */
    private static byte targetByte(int i) {
        return (byte) (i * 7 + 3);
    }

    /** The origin's byte at {@code i}. */
    private static byte originByte(int i) {
        return (byte) (100 - i * 5);
    }

    /** The target's initial int or long at byte offset {@code at}, as the window holds it. */
    private static int targetInt(int at) {
        ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder());
        for (int i = 0; i < 4; i++) {
            b.put(targetByte(at + i));
        }
        return b.getInt(0);
    }

    private static long targetLong(int at) {
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder());
        for (int i = 0; i < 8; i++) {
            b.put(targetByte(at + i));
        }
        return b.getLong(0);
    }

    private static int originInt(int k) {
        return 1000 + 17 * k;
    }

    private static final long FOP_ADD = 123_456_789_000L, CAS_NEW = -42L;

    // ---- checks ----

    private static void constants() {
        require(MPI.LOCK_SHARED != MPI.LOCK_EXCLUSIVE, "lock types");
        int modes = MPI.MODE_NOCHECK | MPI.MODE_NOSTORE | MPI.MODE_NOPUT | MPI.MODE_NOPRECEDE
                | MPI.MODE_NOSUCCEED;
        require(Integer.bitCount(modes) == 5, "modes are distinct bits: " + modes);
        require(MPI.IDENT != MPI.UNEQUAL && MPI.SIMILAR != MPI.UNEQUAL, "comparison results");
        require(Win.FLAVOR_PRIVATE == 0 && Win.FLAVOR_SHARED == 1, "Open MPI's flavors");
    }

    private static void groups() throws Exception {
        Group all = world.getGroup();
        require(all.getSize() == 2 && all.getRank() == rank, "world group " + all.getSize());
        Group one = all.incl(new int[] {1});
        require(one.getSize() == 1, "incl size " + one.getSize());
        require(one.getRank() == (rank == 1 ? 0 : MPI.UNDEFINED), "incl rank " + one.getRank());
        Group other = all.excl(new int[] {1});
        int[] translated = Group.translateRanks(other, new int[] {0}, all);
        require(translated.length == 1 && translated[0] == 0, "translateRanks " + translated[0]);
        Group both = Group.union(one, other);
        require(both.getSize() == 2 && Group.compare(both, all) == MPI.SIMILAR,
                "union of {1} and {0} is similar, not identical, to {0, 1}");
        require(Group.intersection(one, other).getSize() == 0, "intersection");
        require(Group.difference(all, one).getSize() == 1, "difference");
        Win win = new Win(MPI.newByteBuffer(8), 8, 1, MPI.INFO_NULL, world);
        Group ofWin = win.getGroup();
        require(Group.compare(ofWin, all) == MPI.IDENT, "window group is the world's");
        win.free();
        for (Group g : new Group[] {all, one, other, both, ofWin}) {
            g.free();
            require(g.isNull(), "freed group is null");
        }
        expect(IllegalStateException.class, () -> one.getSize());
        require(MPI.GROUP_EMPTY.getSize() == 0, "GROUP_EMPTY");
    }

    private static void allocatedMemory() throws Exception {
        ByteBuffer address = MPI.newByteBuffer(8);
        Win win = new Win(64, 1, MPI.INFO_NULL, world, address, Win.FLAVOR_PRIVATE);
        ByteBuffer memory = win.getAllocatedBuffer();
        require(memory.capacity() == 64 && memory.isDirect(), "capacity " + memory.capacity());
        require(memory.order() == ByteOrder.nativeOrder(), "native order");
        require(address.getLong(0) == MPI.getAddress(memory), "address written to base");
        Win created = new Win(MPI.newByteBuffer(8), 8, 1, MPI.INFO_NULL, world);
        require(created.getAllocatedBuffer() == null, "created window has no allocated buffer");
        created.free();
        // Without an address buffer, and sized in ints by an IntBuffer base.
        Win unnamed = new Win(16, 1, MPI.INFO_NULL, world, null, Win.FLAVOR_PRIVATE);
        require(unnamed.getAllocatedBuffer().capacity() == 16, "null base: bytes");
        unnamed.free();
        Win ints = new Win(16, 1, MPI.INFO_NULL, world, MPI.newIntBuffer(2), Win.FLAVOR_PRIVATE);
        require(ints.getAllocatedBuffer().capacity() == 64, "IntBuffer base: 16 ints");
        ints.free();
        win.free();
    }

    private static void allocateShared() throws Exception {
        Win win = new Win(32, 1, MPI.INFO_NULL, world, MPI.newByteBuffer(8), Win.FLAVOR_SHARED);
        ByteBuffer mine = win.getAllocatedBuffer();
        require(mine.capacity() == 32, "segment size " + mine.capacity());
        mine.put(0, (byte) (rank + 10));
        world.barrier();
        if (rank == 0) {
            ByteBuffer got = MPI.newByteBuffer(1);
            win.lock(MPI.LOCK_SHARED, 1, 0);
            win.get(got, 1, MPI.BYTE, 1, 0, 1, MPI.BYTE);
            win.unlock(1);
            require(got.get(0) == 11, "read rank 1's segment: " + got.get(0));
        }
        world.barrier();
        win.free();
    }

    /** A window of one kind over {@link #WINDOW_BYTES} bytes, and how to reach its memory. */
    private static final class Window {
        final Win win;
        final ByteBuffer local;   // this rank's window memory
        final long remoteBase;    // the target's displacement of byte 0

        Window(Kind kind) throws MPIException {
            switch (kind) {
                case CREATE:
                    local = MPI.newByteBuffer(WINDOW_BYTES);
                    win = new Win(local, WINDOW_BYTES, 1, MPI.INFO_NULL, world);
                    remoteBase = 0;
                    break;
                case ALLOCATE:
                    win = new Win(WINDOW_BYTES, 1, MPI.INFO_NULL, world, MPI.newByteBuffer(8),
                            Win.FLAVOR_PRIVATE);
                    local = win.getAllocatedBuffer();
                    remoteBase = 0;
                    break;
                default:
                    win = new Win(MPI.INFO_NULL, world);
                    local = MPI.newByteBuffer(WINDOW_BYTES);
                    win.attach(local, WINDOW_BYTES);
                    long[] mine = {MPI.getAddress(local)};
                    long[] theirs = new long[1];
                    world.sendRecv(mine, 1, MPI.LONG, 1 - rank, 1, theirs, 1, MPI.LONG, 1 - rank, 1);
                    remoteBase = theirs[0];
                    break;
            }
        }

        void free(Kind kind) throws MPIException {
            if (kind == Kind.DYNAMIC) {
                win.detach(local);
            }
            win.free();
        }
    }

    /** The origin's operands and results, as direct buffers or as Java arrays. */
    private static final class Operands {
        final boolean arrays;
        final Object put, get, acc, gaccIn, gaccOut, fopIn, fopOut, casNew, casHit, casMiss,
                casHitOut, casMissOut;

        Operands(boolean arrays) {
            this.arrays = arrays;
            byte[] p = new byte[PUT_BYTES];
            for (int i = 0; i < p.length; i++) {
                p[i] = originByte(i);
            }
            int[] a = new int[ACC_INTS];
            for (int k = 0; k < a.length; k++) {
                a[k] = originInt(k);
            }
            int[] ga = {originInt(10), originInt(11)};
            long[] fop = {FOP_ADD};
            long[] casNewValue = {CAS_NEW};
            long[] hit = {targetLong(CAS_HIT_AT)};
            long[] miss = {targetLong(CAS_MISS_AT) + 1};
            if (arrays) {
                put = p;
                get = new byte[GET_BYTES];
                acc = a;
                gaccIn = ga;
                gaccOut = new int[GACC_INTS];
                fopIn = fop;
                fopOut = new long[1];
                casNew = casNewValue;
                casHit = hit;
                casMiss = miss;
                casHitOut = new long[1];
                casMissOut = new long[1];
            } else {
                put = MPI.newByteBuffer(PUT_BYTES).put(p);
                get = MPI.newByteBuffer(GET_BYTES);
                acc = MPI.newIntBuffer(ACC_INTS).put(a);
                gaccIn = MPI.newIntBuffer(GACC_INTS).put(ga);
                gaccOut = MPI.newIntBuffer(GACC_INTS);
                fopIn = MPI.newLongBuffer(1).put(fop);
                fopOut = MPI.newLongBuffer(1);
                casNew = MPI.newLongBuffer(1).put(casNewValue);
                casHit = MPI.newLongBuffer(1).put(hit);
                casMiss = MPI.newLongBuffer(1).put(miss);
                casHitOut = MPI.newLongBuffer(1);
                casMissOut = MPI.newLongBuffer(1);
            }
        }

        /** Issues every operation at the target, in one epoch. */
        void issue(Win win, int target, long base, boolean cas) throws MPIException {
            if (!arrays && base == 0) {
                // Open MPI's forms: direct buffers and int displacements.
                win.put((java.nio.Buffer) put, PUT_BYTES, MPI.BYTE, target, PUT_AT, PUT_BYTES, MPI.BYTE);
                win.get((java.nio.Buffer) get, GET_BYTES, MPI.BYTE, target, GET_AT, GET_BYTES, MPI.BYTE);
                win.accumulate((java.nio.Buffer) acc, ACC_INTS, MPI.INT, target, ACC_AT, ACC_INTS,
                        MPI.INT, MPI.SUM);
                win.getAccumulate((java.nio.Buffer) gaccIn, GACC_INTS, MPI.INT,
                        (java.nio.Buffer) gaccOut, GACC_INTS, MPI.INT, target, GACC_AT, GACC_INTS,
                        MPI.INT, MPI.SUM);
                win.fetchAndOp((java.nio.Buffer) fopIn, (java.nio.Buffer) fopOut, MPI.LONG, target,
                        FOP_AT, MPI.SUM);
                if (!cas) {
                    return;
                }
                win.compareAndSwap((java.nio.Buffer) casNew, (java.nio.Buffer) casHit,
                        (java.nio.Buffer) casHitOut, MPI.LONG, target, CAS_HIT_AT);
                win.compareAndSwap((java.nio.Buffer) casNew, (java.nio.Buffer) casMiss,
                        (java.nio.Buffer) casMissOut, MPI.LONG, target, CAS_MISS_AT);
                return;
            }
            // The extension forms: Object buffers and long displacements.
            win.put(put, PUT_BYTES, MPI.BYTE, target, base + PUT_AT, PUT_BYTES, MPI.BYTE);
            win.get(get, GET_BYTES, MPI.BYTE, target, base + GET_AT, GET_BYTES, MPI.BYTE);
            win.accumulate(acc, ACC_INTS, MPI.INT, target, base + ACC_AT, ACC_INTS, MPI.INT, MPI.SUM);
            win.getAccumulate(gaccIn, GACC_INTS, MPI.INT, gaccOut, GACC_INTS, MPI.INT, target,
                    base + GACC_AT, GACC_INTS, MPI.INT, MPI.SUM);
            win.fetchAndOp(fopIn, fopOut, MPI.LONG, target, base + FOP_AT, MPI.SUM);
            if (!cas) {
                return;
            }
            win.compareAndSwap(casNew, casHit, casHitOut, MPI.LONG, target, base + CAS_HIT_AT);
            win.compareAndSwap(casNew, casMiss, casMissOut, MPI.LONG, target, base + CAS_MISS_AT);
        }

        /** After the completing call: every result holds the target's initial data. */
        void checkResults(boolean cas) {
            for (int i = 0; i < GET_BYTES; i++) {
                byte got = arrays ? ((byte[]) get)[i] : ((ByteBuffer) get).get(i);
                require(got == targetByte(GET_AT + i), "get byte " + i + ": " + got);
            }
            for (int k = 0; k < GACC_INTS; k++) {
                int got = arrays ? ((int[]) gaccOut)[k] : ((java.nio.IntBuffer) gaccOut).get(k);
                require(got == targetInt(GACC_AT + 4 * k), "getAccumulate result " + k + ": " + got);
            }
            require(longAt(fopOut) == targetLong(FOP_AT), "fetchAndOp result " + longAt(fopOut));
            if (!cas) {
                return;
            }
            require(longAt(casHitOut) == targetLong(CAS_HIT_AT), "CAS (match) result");
            require(longAt(casMissOut) == targetLong(CAS_MISS_AT), "CAS (no match) result");
        }

        private long longAt(Object o) {
            return arrays ? ((long[]) o)[0] : ((java.nio.LongBuffer) o).get(0);
        }
    }

    /** Rank 1: the window memory after the epoch. */
    private static void checkTarget(ByteBuffer w, boolean cas) {
        for (int i = 0; i < PUT_BYTES; i++) {
            require(w.get(PUT_AT + i) == originByte(i), "put byte " + i + ": " + w.get(PUT_AT + i));
        }
        for (int i = 0; i < GET_BYTES; i++) {
            require(w.get(GET_AT + i) == targetByte(GET_AT + i), "get changed the window");
        }
        for (int k = 0; k < ACC_INTS; k++) {
            int want = targetInt(ACC_AT + 4 * k) + originInt(k);
            require(w.getInt(ACC_AT + 4 * k) == want, "accumulate " + k + ": " + w.getInt(ACC_AT + 4 * k));
        }
        for (int k = 0; k < GACC_INTS; k++) {
            int want = targetInt(GACC_AT + 4 * k) + originInt(10 + k);
            require(w.getInt(GACC_AT + 4 * k) == want, "getAccumulate " + k);
        }
        require(w.getLong(FOP_AT) == targetLong(FOP_AT) + FOP_ADD, "fetchAndOp window value");
        if (!cas) {
            return;
        }
        require(w.getLong(CAS_HIT_AT) == CAS_NEW, "CAS (match) swapped");
        require(w.getLong(CAS_MISS_AT) == targetLong(CAS_MISS_AT), "CAS (no match) left it");
    }

    private static void matrix(Kind kind, Sync sync, boolean arrays) throws Exception {
        boolean cas = !(noCasOnAllocate && kind == Kind.ALLOCATE);
        Window w = new Window(kind);
        for (int i = 0; i < WINDOW_BYTES; i++) {
            w.local.put(i, targetByte(i));
        }
        Operands ops = rank == 0 ? new Operands(arrays) : null;
        Group peer = null;
        if (sync == Sync.PSCW) {
            Group all = world.getGroup();
            peer = all.incl(new int[] {1 - rank});
            all.free();
        }
        world.barrier();
        Win win = w.win;
        if (rank == 0) {
            switch (sync) {
                case LOCK:
                    win.lock(MPI.LOCK_SHARED, 1, 0);
                    ops.issue(win, 1, w.remoteBase, cas);
                    win.unlock(1);
                    ops.checkResults(cas);
                    break;
                case FLUSH:
                case FLUSH_LOCAL:
                    win.lock(MPI.LOCK_SHARED, 1, 0);
                    ops.issue(win, 1, w.remoteBase, cas);
                    if (sync == Sync.FLUSH) {
                        win.flush(1);
                    } else {
                        win.flushLocal(1);
                    }
                    ops.checkResults(cas);
                    win.unlock(1);
                    break;
                case LOCK_ALL:
                    win.lockAll(0);
                    ops.issue(win, 1, w.remoteBase, cas);
                    win.unlockAll();
                    ops.checkResults(cas);
                    break;
                case FENCE:
                    win.fence(0);
                    ops.issue(win, 1, w.remoteBase, cas);
                    win.fence(0);
                    ops.checkResults(cas);
                    break;
                default:
                    win.start(peer, 0);
                    ops.issue(win, 1, w.remoteBase, cas);
                    win.complete();
                    ops.checkResults(cas);
                    break;
            }
        } else if (sync == Sync.FENCE) {
            win.fence(0);
            win.fence(0);
        } else if (sync == Sync.PSCW) {
            win.post(peer, 0);
            win.waitFor();
        }
        world.barrier();
        if (rank == 1) {
            checkTarget(w.local, cas);
        }
        if (peer != null) {
            peer.free();
        }
        world.barrier();
        w.free(kind);
    }

    private static void requestBased() throws Exception {
        Window w = new Window(Kind.CREATE);
        for (int i = 0; i < WINDOW_BYTES; i++) {
            w.local.put(i, targetByte(i));
        }
        world.barrier();
        if (rank == 0) {
            ByteBuffer put = MPI.newByteBuffer(8);
            for (int i = 0; i < 8; i++) {
                put.put(i, originByte(i));
            }
            ByteBuffer get = MPI.newByteBuffer(8);
            java.nio.IntBuffer acc = MPI.newIntBuffer(1).put(0, 5);
            java.nio.IntBuffer gaccOut = MPI.newIntBuffer(1);
            w.win.lockAll(0);
            Request[] r = {
                w.win.rPut(put, 8, MPI.BYTE, 1, 0, 8, MPI.BYTE),
                w.win.rGet(get, 8, MPI.BYTE, 1, 16, 8, MPI.BYTE),
                w.win.rAccumulate(acc, 1, MPI.INT, 1, 32, 1, MPI.INT, MPI.SUM),
                w.win.rGetAccumulate(acc, 1, MPI.INT, gaccOut, 1, MPI.INT, 1, 48, 1, MPI.INT, MPI.SUM)
            };
            Request.waitAll(r);
            for (int i = 0; i < 8; i++) {
                require(get.get(i) == targetByte(16 + i), "rGet byte " + i);
            }
            require(gaccOut.get(0) == targetInt(48), "rGetAccumulate result");
            w.win.unlockAll();
        }
        world.barrier();
        if (rank == 1) {
            for (int i = 0; i < 8; i++) {
                require(w.local.get(i) == originByte(i), "rPut byte " + i);
            }
            require(w.local.getInt(32) == targetInt(32) + 5, "rAccumulate");
            require(w.local.getInt(48) == targetInt(48) + 5, "rGetAccumulate window");
        }
        world.barrier();
        w.free(Kind.CREATE);
    }

    private static void winTest() throws Exception {
        Window w = new Window(Kind.ALLOCATE);
        Group all = world.getGroup();
        Group peer = all.incl(new int[] {1 - rank});
        all.free();
        if (rank == 1) {
            w.win.post(peer, 0);
            long spins = 0;
            while (!w.win.test()) {
                spins++;
            }
            require(spins >= 0, "test returned");
            require(w.local.get(0) == 77, "put arrived by the end of the exposure epoch");
        } else {
            w.win.start(peer, 0);
            w.win.put(new byte[] {77}, 1, MPI.BYTE, 1, 0L, 1, MPI.BYTE);
            w.win.complete();
        }
        peer.free();
        world.barrier();
        w.free(Kind.ALLOCATE);
    }

    /**
     * Array results arrive at the call that completes their operation: not at sync() (which
     * completes nothing), and at flush of their own target only.
     */
    private static void arraysSettleAtCompletion() throws Exception {
        Window w = new Window(Kind.CREATE);
        for (int i = 0; i < WINDOW_BYTES; i++) {
            w.local.put(i, targetByte(i));
        }
        world.barrier();
        if (rank == 0) {
            byte[] got = new byte[4];
            byte[] self = new byte[4];
            java.util.Arrays.fill(got, (byte) -1);
            java.util.Arrays.fill(self, (byte) -1);
            w.win.lockAll(0);
            w.win.get(got, 4, MPI.BYTE, 1, 0L, 4, MPI.BYTE);
            w.win.get(self, 4, MPI.BYTE, 0, 4L, 4, MPI.BYTE);
            w.win.sync();
            require(got[0] == -1 && self[0] == -1, "sync copied a result");
            w.win.flush(1);
            require(got[3] == targetByte(3), "flush(1) gave rank 1's result");
            require(self[0] == -1, "flush(1) copied the result of an operation at rank 0");
            w.win.flushLocalAll();
            require(self[3] == targetByte(7), "flushLocalAll gave the rest");
            // A get from MPI.PROC_NULL writes nothing, and an array reused for many gets
            // ends with the last one's data.
            byte[] untouched = {9, 9};
            w.win.get(untouched, 2, MPI.BYTE, MPI.PROC_NULL, 0L, 2, MPI.BYTE);
            byte[] reused = new byte[1];
            for (int i = 0; i < 200; i++) {
                w.win.get(reused, 1, MPI.BYTE, 1, (long) (i % 64), 1, MPI.BYTE);
            }
            w.win.unlockAll();
            require(untouched[0] == 9 && untouched[1] == 9, "PROC_NULL get wrote the array");
            require(reused[0] == targetByte(199 % 64), "last of many gets: " + reused[0]);
        }
        world.barrier();
        w.free(Kind.CREATE);
    }

    /**
     * Put + flush on a direct buffer allocates nothing; on arrays (put, get, fetchAndOp, each
     * flushed) the staging memory comes from the pool, so after a warm-up nothing either.
     */
    /** Keeps the control allocation of {@link #noAllocation} alive. */
    static byte[] sink;

    /** The operations of one measured round of {@link #noAllocation}. */
    private static final int ROUND = 5000;
    /**
     * The rounds {@link #noAllocation} may take to reach the steady state: the JIT compiles the
     * calls' path once they are hot, and on 2 shared cores (MPICH's waiting rank polls) its
     * compiler thread may take many rounds to get the processor.
     */
    private static final int MAX_ROUNDS = 200;

    /**
     * The steady state of one-sided operations allocates nothing: once the JIT has compiled
     * their path, a round of {@value #ROUND} operations of each kind allocates less than the
     * measuring calls themselves. Compiled code allocates in every round or in none, so the
     * check is that a round of each kind comes out clean within {@value #MAX_ROUNDS}: a path
     * that allocates per operation never does.
     */
    private static void noAllocation() throws Exception {
        Window w = new Window(Kind.ALLOCATE);
        world.barrier();
        String failure = null;
        if (rank == 0) {
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
            long self = Thread.currentThread().getId();
            // The meter works: a known allocation shows up.
            long start = threads.getThreadAllocatedBytes(self);
            sink = new byte[100_000];
            long control = threads.getThreadAllocatedBytes(self) - start;
            require(control >= 100_000, "allocation meter saw " + control + " of 100000 bytes");
            ByteBuffer buf = MPI.newByteBuffer(8);
            byte[] put = new byte[8];
            byte[] get = new byte[8];
            long[] one = {1};
            long[] fetched = new long[1];
            w.win.lock(MPI.LOCK_SHARED, 1, 0);
            boolean buffersClean = false, arraysClean = false;
            StringBuilder rounds = new StringBuilder();
            for (int round = 0; round < MAX_ROUNDS && !(buffersClean && arraysClean); round++) {
                long before = threads.getThreadAllocatedBytes(self);
                for (int i = 0; i < ROUND; i++) {
                    w.win.put(buf, 8, MPI.BYTE, 1, 0, 8, MPI.BYTE);
                    w.win.flush(1);
                }
                long mid = threads.getThreadAllocatedBytes(self);
                for (int i = 0; i < ROUND; i++) {
                    w.win.put(put, 8, MPI.BYTE, 1, 0L, 8, MPI.BYTE);
                    w.win.get(get, 8, MPI.BYTE, 1, 8L, 8, MPI.BYTE);
                    w.win.fetchAndOp(one, fetched, MPI.LONG, 1, 16L, MPI.SUM);
                    w.win.flush(1);
                }
                long after = threads.getThreadAllocatedBytes(self);
                // A few hundred bytes of slack for the measuring calls themselves.
                buffersClean |= mid - before < 1024;
                arraysClean |= after - mid < 1024;
                rounds.append(' ').append(mid - before).append('/').append(after - mid);
            }
            w.win.unlock(1);
            if (!buffersClean || !arraysClean) {
                failure = "no round of " + ROUND + " buffer put+flush" + (buffersClean ? " (clean)"
                        : "") + " or array put+get+fetchAndOp+flush" + (arraysClean ? " (clean)"
                        : "") + " allocated under 1024 bytes; bytes per round:" + rounds;
            }
        }
        // Both ranks free the window whatever rank 0 found, so a failure does not hang the run.
        world.barrier();
        w.free(Kind.ALLOCATE);
        require(failure == null, failure);
    }

    private static void mpiErrors() throws Exception {
        Window w = new Window(Kind.ALLOCATE);
        if (rank == 0) {
            expect(MPIException.class, () -> w.win.lock(MPI.LOCK_SHARED, 7, 0));
            w.win.lockAll(0);
            expect(MPIException.class, () -> w.win.put(MPI.newByteBuffer(4), 4, MPI.BYTE, 7, 0, 4,
                    MPI.BYTE));
            expect(MPIException.class, () -> w.win.get(new int[4], 4, MPI.INT, 7, 0L, 4, MPI.INT));
            w.win.unlockAll();
        }
        world.barrier();
        w.free(Kind.ALLOCATE);
        expect(IllegalStateException.class, () -> w.win.fence(0));
        expect(IllegalStateException.class, () -> w.win.put(MPI.newByteBuffer(1), 1, MPI.BYTE, 0,
                0, 1, MPI.BYTE));
        expect(IllegalStateException.class, () -> w.win.free());
    }

    private static void misuse() throws Exception {
        Window w = new Window(Kind.CREATE);
        Win win = w.win;
        expect(IllegalArgumentException.class, () -> win.put(ByteBuffer.allocate(4), 4, MPI.BYTE,
                1, 0, 4, MPI.BYTE));
        expect(IllegalArgumentException.class, () -> win.put(new int[4], 4, MPI.BYTE, 1, 0L, 4,
                MPI.BYTE));
        expect(IndexOutOfBoundsException.class, () -> win.get(new byte[2], 4, MPI.BYTE, 1, 0L, 4,
                MPI.BYTE));
        expect(IllegalArgumentException.class, () -> win.put(MPI.newByteBuffer(4), 1, MPI.INT, 1,
                0, 4, MPI.BYTE));
        expect(NullPointerException.class, () -> win.fetchAndOp(new long[1], null, MPI.LONG, 1,
                0L, MPI.SUM));
        expect(IllegalArgumentException.class, () -> new Win(ByteBuffer.allocate(8), 8, 1,
                MPI.INFO_NULL, world));
        expect(IndexOutOfBoundsException.class, () -> new Win(MPI.newByteBuffer(8), 9, 1,
                MPI.INFO_NULL, world));
        expect(IndexOutOfBoundsException.class, () -> new Win(8, 1, MPI.INFO_NULL, world,
                MPI.newByteBuffer(4), Win.FLAVOR_PRIVATE));
        expect(IllegalArgumentException.class, () -> new Win(8, 1, MPI.INFO_NULL, world,
                null, 7));
        world.barrier();
        w.free(Kind.CREATE);
    }
}
