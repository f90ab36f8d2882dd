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
 * <p>Cost: per array argument, one pool acquire (no allocation once the pool holds a buffer of
 * that size class) and, for data MPI reads, one copy in; per completing synchronization call,
 * one copy back per result array and one pool release per staged argument. Entries live in
 * arrays that grow only when more operations are pending at once than ever before, so the
 * steady state allocates nothing. Direct buffers never come here.
 */
final class WinStaging {
    private static final int INITIAL = 16;

    private Object[] arrays = new Object[INITIAL];
    private ByteBuffer[] copies = new ByteBuffer[INITIAL];
    private int[] copyBackBytes = new int[INITIAL];
    private int[] ranks = new int[INITIAL];
    private int n;

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
            nCopy(array, kindOf(array), copy, bytes, false);
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
        ByteBuffer copy = StagingPool.acquire(Math.max(bytes, 1));
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
            nCopy(arrays[i], kindOf(arrays[i]), copies[i], copyBackBytes[i], true);
        }
        StagingPool.release(copies[i]);
    }

    private void move(int from, int to) {
        if (from != to) {
            arrays[to] = arrays[from];
            copies[to] = copies[from];
            copyBackBytes[to] = copyBackBytes[from];
            ranks[to] = ranks[from];
        }
    }

    // Element kinds of the arrays, for nCopy (javac -h copies them into mpi_WinStaging.h).
    static final int K_BYTE = 0, K_CHAR = 1, K_SHORT = 2, K_BOOLEAN = 3, K_INT = 4, K_LONG = 5,
            K_FLOAT = 6, K_DOUBLE = 7;

    /**
     * The element kind of a primitive array (checked by the caller against the datatype).
     * Found here, where the JIT turns each test into a class-pointer compare, rather than in C,
     * where asking the array's class and comparing it with each array class costs JNI calls.
     */
    static int kindOf(Object array) {
        if (array instanceof byte[]) {
            return K_BYTE;
        } else if (array instanceof char[]) {
            return K_CHAR;
        } else if (array instanceof short[]) {
            return K_SHORT;
        } else if (array instanceof boolean[]) {
            return K_BOOLEAN;
        } else if (array instanceof int[]) {
            return K_INT;
        } else if (array instanceof long[]) {
            return K_LONG;
        } else if (array instanceof float[]) {
            return K_FLOAT;
        } else if (array instanceof double[]) {
            return K_DOUBLE;
        }
        throw new IllegalArgumentException("not a primitive array: " + array.getClass().getName());
    }

    /**
     * Copies the first {@code bytes} bytes (whole elements) of an array of element kind
     * {@code kind} into {@code staging}, or back ({@code toArray}), with one
     * Get/Set&lt;Type&gt;ArrayRegion (no pinning).
     */
    private static native void nCopy(Object array, int kind, ByteBuffer staging, int bytes,
            boolean toArray);

    /** Keeps the first {@code kept} entries, dropping the references of the others. */
    private void clear(int kept) {
        for (int i = kept; i < n; i++) {
            arrays[i] = null;
            copies[i] = null;
        }
        n = kept;
    }
}
