package mpi;

import java.nio.ByteBuffer;

/**
 * The staged Java arrays of one window's one-sided operations that have not completed yet.
 *
 * <p>MPI reads an operation's origin (and compare) buffer and writes its result buffer at any
 * time until the operation completes at the origin, long after the JNI call that started it has
 * returned, and a Java array cannot stay pinned that long. So an operation on an array goes
 * through native staging memory taken from the {@link StagingPool}: an array MPI reads is copied
 * in before the call; an array MPI writes gets its data back from the staging memory when a
 * synchronization call completes the operation ({@link #settle}, {@link #settleAll}), and the
 * staging memory then goes back to the pool.
 *
 * <p>Cost: per array argument, one acquire and, for data MPI reads, one copy in; per
 * completing synchronization call, one copy back per result array and one release per staged
 * argument. Staging memory of up to {@value StagingPool#OWN_BUFFER_MAX_BYTES} bytes comes
 * back to this window's own idle buffers, and is taken from them first: an epoch of one small
 * put then costs no thread-local lookup of the pool (two per operation, a third of what
 * staging an 8-byte put cost on the FFM backend); larger memory comes from the pool and goes
 * back to it, as do the idle buffers when the window is freed ({@link #releaseIdle}). Entries
 * live in arrays that grow only when more operations are pending at once than ever before, so
 * the steady state allocates nothing. Direct buffers never come here.
 */
final class WinStaging {
    private static final int INITIAL = 16;
    /** Idle buffers kept per size class: a bandwidth epoch's window (osu_put_bw's -W 64). */
    private static final int IDLE_PER_CLASS = 64;

    private Object[] arrays = new Object[INITIAL];
    private ByteBuffer[] copies = new ByteBuffer[INITIAL];
    private int[] copyBackBytes = new int[INITIAL];
    private int[] ranks = new int[INITIAL];
    private int n;
    /** This window's idle small staging buffers. */
    private final IdleBuffers idle = new IdleBuffers(IDLE_PER_CLASS);

    /** @return the number of pending entries, to {@link #abandon} back to if a call fails */
    int mark() {
        return n;
    }

    /** @return whether no staged operation is pending */
    boolean isEmpty() {
        return n == 0;
    }

    /**
     * Stages an array that MPI reads (origin or compare buffer): its first {@code bytes} bytes
     * are copied now.
     *
     * @return the staging memory the operation uses instead of the array
     */
    ByteBuffer stageIn(Object array, int bytes, int targetRank) {
        ByteBuffer copy = add(array, bytes, targetRank, 0);
        if (bytes > 0) {
            ArrayCopy.toStaging(array, copy, bytes);
        }
        return copy;
    }

    /**
     * Stages an array that MPI writes (a get's origin, a fetching operation's result): its first
     * {@code bytes} bytes are copied back when the operation completes.
     *
     * @return the staging memory the operation uses instead of the array
     */
    ByteBuffer stageOut(Object array, int bytes, int targetRank) {
        return add(array, bytes, targetRank, bytes);
    }

    private ByteBuffer add(Object array, int bytes, int targetRank, int copyBack) {
        if (n == arrays.length) {
            grow();
        }
        ByteBuffer copy = acquire(Math.max(bytes, 1));
        arrays[n] = array;
        copies[n] = copy;
        copyBackBytes[n] = copyBack;
        ranks[n] = targetRank;
        n++;
        return copy;
    }

    private void grow() {
        int size = arrays.length * 2;
        arrays = java.util.Arrays.copyOf(arrays, size);
        copies = java.util.Arrays.copyOf(copies, size);
        copyBackBytes = java.util.Arrays.copyOf(copyBackBytes, size);
        ranks = java.util.Arrays.copyOf(ranks, size);
    }

    /**
     * The operations aimed at {@code targetRank} have completed at the origin: their result
     * arrays get their data, in the order the operations were issued (where results overlap in
     * one array, the last one issued is what remains, as a C program typically finds), and
     * their staging memory goes back to the pool.
     */
    void settle(int targetRank) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (ranks[i] == targetRank) {
                finish(i, true);
            } else {
                move(i, kept++);
            }
        }
        clear(kept);
    }

    /** Every staged operation has completed at the origin (see {@link #settle}). */
    void settleAll() {
        for (int i = 0; i < n; i++) {
            finish(i, true);
        }
        clear(0);
    }

    /**
     * Drops the entries from {@code mark} on without copying anything back: the call that
     * staged them failed, or MPI will never touch them (target {@code MPI.PROC_NULL}, or the
     * window was freed). Their staging memory goes back to the pool.
     */
    void abandon(int mark) {
        for (int i = mark; i < n; i++) {
            finish(i, false);
        }
        clear(mark);
    }

    private void finish(int i, boolean copyBack) {
        if (copyBack && copyBackBytes[i] > 0) {
            ArrayCopy.toArray(copies[i], arrays[i], copyBackBytes[i]);
        }
        release(copies[i]);
    }

    /** Staging memory of at least {@code bytes}: an idle buffer of its class, else the pool's. */
    private ByteBuffer acquire(int bytes) {
        ByteBuffer b = idle.take(StagingPool.sizeClass(bytes));
        return b != null ? b : StagingPool.acquire(bytes);
    }

    /** Keeps a small buffer of a whole size class idle here, else gives it back to the pool. */
    private void release(ByteBuffer b) {
        int c = StagingPool.sizeClass(b.capacity());
        if (b.capacity() != 1 << c || !idle.keep(b, c)) {
            StagingPool.release(b);
        }
    }

    /** Gives the idle buffers back to the pool: the window is being freed. */
    void releaseIdle() {
        idle.releaseAll();
    }

    private void move(int from, int to) {
        if (from != to) {
            arrays[to] = arrays[from];
            copies[to] = copies[from];
            copyBackBytes[to] = copyBackBytes[from];
            ranks[to] = ranks[from];
        }
    }

    /** Keeps the first {@code kept} entries, dropping the references of the others. */
    private void clear(int kept) {
        for (int i = kept; i < n; i++) {
            arrays[i] = null;
            copies[i] = null;
        }
        n = kept;
    }
}
