package mpi;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Staging memory shared by the persistent requests ({@link Prequest}) on one Java array, one
 * instance for sends and one for receives: a window of persistent calls on one array (OMB's
 * persistent bandwidth tests) takes one staging buffer, not one per request, and costs one
 * copy each way per start of the window. A share lives from the first request's creation to
 * the last one's {@link Prequest#free}. Messages of at most
 * {@link StagingPool#OWN_BUFFER_MAX_BYTES} bytes are never shared: their copy costs less
 * than the bookkeeping (see {@link SharedStaging}, its non-persistent counterpart).
 */
final class PersistentStaging {
    static final PersistentStaging SENDS = new PersistentStaging();
    static final PersistentStaging RECEIVES = new PersistentStaging();

    /** Staging memory freed while MPI may still use it: kept reachable for good. */
    private static final List<ByteBuffer> ORPHANED = new ArrayList<>();

    /** One array's staging buffer and the requests that share it. Guarded by itself. */
    static final class Share {
        final ByteBuffer buffer;
        final int bytes;
        /** Requests created on it and not yet freed. Guarded by the {@link PersistentStaging}. */
        int users = 1;
        /** Requests started and not yet completed. */
        int active;
        /** Sends only: the bytes copied in since {@link #active} was last 0. */
        int copied;
        /** Receives only: the most bytes completed since the last copy into the array. */
        int received;
        /** A request was freed while active: the buffer is never pooled. */
        boolean orphaned;

        Share(ByteBuffer buffer, int bytes) {
            this.buffer = buffer;
            this.bytes = bytes;
        }
    }

    private final Map<Object, Share> byArray = new IdentityHashMap<>();

    private PersistentStaging() {
    }

    /**
     * @return the share of {@code array}'s staging, covering its first {@code bytes} bytes,
     *         now with one more user (a new one if there was none); or null if the request
     *         is to have its own staging (small, or larger than the share)
     */
    synchronized Share join(Object array, int bytes) {
        if (bytes <= StagingPool.OWN_BUFFER_MAX_BYTES) {
            return null;
        }
        Share s = byArray.get(array);
        if (s == null) {
            s = new Share(StagingPool.acquire(bytes), bytes);
            byArray.put(array, s);
            return s;
        }
        if (s.orphaned || bytes > s.bytes) {
            return null;
        }
        s.users++;
        return s;
    }

    /** One user of {@code s} is freed; the last one returns the buffer to the pool. */
    synchronized void leave(Object array, Share s) {
        if (--s.users == 0) {
            if (byArray.get(array) == s) {
                byArray.remove(array);
            }
            if (!s.orphaned) {
                StagingPool.release(s.buffer);
            }
        }
    }

    /**
     * A request was freed while active: MPI may use {@code staging} at any time from now on,
     * so it is neither pooled nor shared again.
     */
    void orphan(Object array, Share s, ByteBuffer staging) {
        synchronized (ORPHANED) {
            ORPHANED.add(staging);
        }
        if (s != null) {
            synchronized (s) {
                s.active--;
            }
            synchronized (this) {
                s.orphaned = true;
                if (byArray.get(array) == s) {
                    byArray.remove(array);
                }
            }
            leave(array, s);
        }
    }
}
