package mpi;

import java.nio.ByteBuffer;

/**
 * Idle small staging buffers of one owner (a thread, a window), by size class up to
 * {@link StagingPool#OWN_BUFFER_MAX_BYTES}, at most a fixed number per class: buffers the
 * owner takes again before it goes to the shared {@link StagingPool}. Only the owner touches
 * them, so nothing here locks, and the stacks are arrays made once per class: the steady
 * state allocates nothing.
 */
final class IdleBuffers {
    /** The largest size class kept: that of {@link StagingPool#OWN_BUFFER_MAX_BYTES}. */
    static final int MAX_CLASS = StagingPool.sizeClass(StagingPool.OWN_BUFFER_MAX_BYTES);

    private final ByteBuffer[][] stacks = new ByteBuffer[MAX_CLASS + 1][];
    private final int[] depth = new int[MAX_CLASS + 1];
    private final int perClass;

    /** @param perClass the most buffers kept idle per size class */
    IdleBuffers(int perClass) {
        this.perClass = perClass;
    }

    /** @return an idle buffer of size class {@code c} ({@link StagingPool#sizeClass}), or null */
    ByteBuffer take(int c) {
        if (c > MAX_CLASS || depth[c] == 0) {
            return null;
        }
        ByteBuffer b = stacks[c][--depth[c]];
        stacks[c][depth[c]] = null;
        return b;
    }

    /**
     * Keeps {@code b}, whose capacity is all of size class {@code c}, if the class is small
     * and not full.
     *
     * @return whether it was kept (else the caller gives it elsewhere)
     */
    boolean keep(ByteBuffer b, int c) {
        if (c > MAX_CLASS || depth[c] == perClass) {
            return false;
        }
        if (stacks[c] == null) {
            stacks[c] = new ByteBuffer[perClass];
        }
        stacks[c][depth[c]++] = b;
        return true;
    }

    /** Gives every idle buffer to the shared {@link StagingPool} (a window being freed). */
    void releaseAll() {
        for (int c = 0; c <= MAX_CLASS; c++) {
            ByteBuffer b;
            while ((b = take(c)) != null) {
                StagingPool.releaseShared(b);
            }
        }
    }
}
