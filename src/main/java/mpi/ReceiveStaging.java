package mpi;

import java.nio.ByteBuffer;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Staging memory for receives into Java arrays, shared by the receives outstanding at the
 * same time into the same array. Such receives all start at the array's index 0, so MPI
 * already makes their data undefined where they overlap, exactly as for C receives posted into
 * one buffer (as OMB's bandwidth test does). Sharing keeps one staging buffer hot in cache
 * instead of one per receive, and lets a batch completion copy it back once. Small receives
 * ({@link StagingPool#OWN_BUFFER_MAX_BYTES}) take a pooled buffer of their own instead.
 */
final class ReceiveStaging {
    /** A staging buffer and how many outstanding receives use it. */
    private static final class Shared {
        final ByteBuffer buffer;
        int users;
        /** A freed request may still be receiving into it: never shared again nor pooled. */
        boolean orphaned;

        Shared(ByteBuffer buffer) {
            this.buffer = buffer;
        }
    }

    private static final Map<Object, Shared> BY_ARRAY = new IdentityHashMap<>();

    private ReceiveStaging() {
    }

    /** @return staging memory of at least {@code bytes} bytes for a receive into {@code array} */
    static ByteBuffer acquire(Object array, int bytes) {
        if (bytes <= StagingPool.OWN_BUFFER_MAX_BYTES) {
            return StagingPool.acquire(bytes);
        }
        synchronized (ReceiveStaging.class) {
            return acquireLarge(array, bytes);
        }
    }

    private static ByteBuffer acquireLarge(Object array, int bytes) {
        Shared s = BY_ARRAY.get(array);
        if (s == null) {
            s = new Shared(StagingPool.acquire(bytes));
            BY_ARRAY.put(array, s);
        } else if (s.orphaned || s.buffer.capacity() < bytes) {
            return StagingPool.acquire(bytes); // its own: not shareable, or too small
        }
        s.users++;
        return s.buffer;
    }

    /** Ends one receive's use of {@code staging}; the last user returns it to the pool. */
    static void release(Object array, ByteBuffer staging) {
        if (staging.capacity() <= StagingPool.OWN_BUFFER_MAX_BYTES) {
            StagingPool.release(staging);
            return;
        }
        synchronized (ReceiveStaging.class) {
            releaseLarge(array, staging);
        }
    }

    private static void releaseLarge(Object array, ByteBuffer staging) {
        Shared s = BY_ARRAY.get(array);
        if (s == null || s.buffer != staging) {
            StagingPool.release(staging);
            return;
        }
        if (--s.users == 0) {
            BY_ARRAY.remove(array);
            if (!s.orphaned) {
                StagingPool.release(staging);
            }
        }
    }

    /**
     * A receive using {@code staging} was freed ({@code MPI_Request_free}): MPI may write the
     * memory at any time from now on, so it is neither shared with later receives nor pooled.
     */
    static synchronized void orphan(Object array, ByteBuffer staging) {
        Shared s = BY_ARRAY.get(array);
        if (s != null && s.buffer == staging) {
            s.orphaned = true;
            if (--s.users == 0) {
                BY_ARRAY.remove(array);
            }
        }
    }
}
