package mpi;

import java.nio.ByteBuffer;

/**
 * The staged arrays of a non-blocking collective: native copies of Java arrays (and of count
 * and displacement arrays, which MPI reads until completion), kept by the {@link Request}
 * until the operation completes, when receive arrays get their data back. Direct buffers are
 * only kept reachable.
 *
 * <p>A persistent collective ({@link Prequest}) keeps them from its creation to its free: each
 * start copies in again what the operation reads ({@link #restart}), each completion copies
 * back what it wrote ({@link #copyBack}), and only {@link #abandon} returns the memory.
 */
final class Staged {
    private static final int MAX = 8; // all-to-allw: two buffers, four int arrays, two type arrays

    private final Object[] arrays = new Object[MAX];     // a Java array, or a direct buffer kept reachable
    private final ByteBuffer[] copies = new ByteBuffer[MAX];
    private final int[] copyBackBytes = new int[MAX];
    private final int[] copyInBytes = new int[MAX];      // what a restart copies in again
    private int n;
    private int blocksAt = -1;    // the staged receive copied back by blocks, or -1
    private int[] blocks;         // its blocks: (byte offset, bytes) pairs, see ReceiveBlocks
    private Op op;                // a user-defined reduction's operation, or null

    /**
     * Keeps a user-defined operation reachable until completion (its callback with it), and
     * makes completion throw what its function threw.
     */
    void keep(Op op) {
        this.op = op;
    }

    /**
     * @param buf          a Java array or a direct buffer (or null: nothing to do)
     * @param isArray      whether {@code buf} is an array that must be staged
     * @param bytes        the bytes of {@code buf} the operation reads or writes
     * @param copyIn       whether the operation reads the data (copied now)
     * @param copyBack     whether the operation writes it (copied back on completion)
     * @return what the native call gets: the staging copy of an array, or {@code buf} itself
     */
    Object add(Object buf, boolean isArray, int bytes, boolean copyIn, boolean copyBack) {
        if (buf == null) {
            return null;
        }
        arrays[n] = buf;
        if (!isArray) {
            n++;
            return buf;
        }
        ByteBuffer copy = StagingPool.acquire(Math.max(bytes, 1));
        if (copyIn && bytes > 0) {
            StagingPool.copyFromArray(buf, copy, bytes);
        }
        copies[n] = copy;
        copyInBytes[n] = copyIn ? bytes : 0;
        copyBackBytes[n] = copyBack ? bytes : 0;
        n++;
        return copy;
    }

    /**
     * As {@link #add}, for a receive array of which only {@code blocks} (byte offset and
     * length pairs, from {@link ReceiveBlocks}) are written: only those are copied back, so
     * the gaps between them keep what the caller left there. With {@code blocks} null the
     * whole {@code bytes} are copied back.
     */
    Object addReceive(Object buf, boolean isArray, int bytes, boolean copyIn, int[] blocks) {
        if (buf != null && isArray && blocks != null) {
            this.blocksAt = n;
            this.blocks = blocks;
        }
        return add(buf, isArray, bytes, copyIn, true);
    }

    /** @return a direct copy of a count or displacement array (MPI reads it until completion) */
    ByteBuffer addInts(int[] values) {
        if (values == null) {
            return null;
        }
        int bytes = values.length * Integer.BYTES;
        ByteBuffer copy = StagingPool.acquire(Math.max(bytes, 1));
        copy.order(java.nio.ByteOrder.nativeOrder()).asIntBuffer().put(values);
        arrays[n] = values;
        copyInBytes[n] = 0;
        copyBackBytes[n] = 0;
        copies[n++] = copy;
        return copy;
    }

    /** @return a direct copy of datatype handles (all-to-allw's types, read until completion) */
    ByteBuffer addLongs(long[] values) {
        int bytes = values.length * Long.BYTES;
        ByteBuffer copy = StagingPool.acquire(Math.max(bytes, 1));
        copy.order(java.nio.ByteOrder.nativeOrder()).asLongBuffer().put(values);
        arrays[n] = values;
        copyInBytes[n] = 0;
        copyBackBytes[n] = 0;
        copies[n++] = copy;
        return copy;
    }

    /**
     * @return native memory of {@code bytes} bytes for arguments the native call converts
     *         (the widened displacements and datatype handles of an alltoallw), which MPI
     *         reads until completion
     */
    ByteBuffer addScratch(int bytes) {
        ByteBuffer scratch = StagingPool.acquire(Math.max(bytes, 1));
        arrays[n] = scratch;
        copyInBytes[n] = 0;
        copyBackBytes[n] = 0;
        copies[n++] = scratch;
        return scratch;
    }

    /**
     * Before a persistent collective's start: the arrays the operation reads are copied in
     * again (their contents at the start are what MPI sends, as for a direct buffer).
     */
    void restart() {
        for (int i = 0; i < n; i++) {
            if (copies[i] != null && copyInBytes[i] > 0) {
                StagingPool.copyFromArray(arrays[i], copies[i], copyInBytes[i]);
            }
        }
    }

    /**
     * After a persistent collective's completion: receive arrays get their data, the staging
     * memory is kept for the next start; then what a user-defined reduction's function threw
     * is thrown.
     */
    void copyBack() {
        for (int i = 0; i < n; i++) {
            if (copies[i] != null) {
                if (i == blocksAt) {
                    Request.copyBlocksToArray(copies[i], arrays[i], blocks);
                } else if (copyBackBytes[i] > 0) {
                    Request.copyToArray(copies[i], arrays[i], copyBackBytes[i]);
                }
            }
        }
        if (op != null) {
            op.rethrow();
        }
    }

    /**
     * After completion: receive arrays get their data, staging memory goes back to the pool;
     * then what a user-defined reduction's function threw is thrown.
     */
    void complete() {
        Op reduced = op;
        op = null; // rethrown once, after the memory has gone back
        copyBack();
        abandon();
        if (reduced != null) {
            reduced.rethrow();
        }
    }

    /** On a failed call: the staging memory goes back, nothing is copied. */
    void abandon() {
        for (int i = 0; i < n; i++) {
            if (copies[i] != null) {
                StagingPool.release(copies[i]);
                copies[i] = null;
            }
            arrays[i] = null;
        }
        n = 0;
        blocksAt = -1;
        blocks = null;
        op = null;
    }
}
