package mpi;

import java.nio.ByteBuffer;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Staging memory shared by the non-blocking calls on one Java array that are pending at the
 * same time, one instance for sends and one for receives. This is what makes a window of
 * calls on one array (OMB's bandwidth tests) cost one copy each way instead of one per message.
 *
 * <ul>
 * <li>{@link #SENDS}: MPI forbids changing a send buffer until the send completes (MPI 4.0,
 * section 3.7.2), so while one staged send of an array is pending, the array still holds the
 * bytes that were copied; a later send of the array (or of a prefix of it) sends that copy
 * again. The copy is never written while shared. A program that breaks the rule sends the data
 * of the first pending send, where a C program would send undefined data.
 * <li>{@link #RECEIVES}: receives into one array all start at its index 0, so MPI already
 * makes their data undefined where they overlap, exactly as for C receives posted into one
 * buffer. Sharing keeps one staging buffer hot in cache instead of one per receive.
 * </ul>
 *
 * Messages of at most {@link StagingPool#OWN_BUFFER_MAX_BYTES} are never shared: copying them
 * costs less than the bookkeeping.
 */
final class SharedStaging {
    static final SharedStaging SENDS = new SharedStaging();
    static final SharedStaging RECEIVES = new SharedStaging();

    /** A shared staging buffer, how many of its bytes the sharing calls use, and by how many. */
    private static final class Share {
        final ByteBuffer buffer;
        final int bytes;
        int users = 1;
        /** A freed request may still be using it: never shared again nor pooled. */
        boolean orphaned;

        Share(ByteBuffer buffer, int bytes) {
            this.buffer = buffer;
            this.bytes = bytes;
        }
    }

    private final Map<Object, Share> byArray = new IdentityHashMap<>();

    private SharedStaging() {
    }

    /**
     * @return the staging buffer of a pending call on {@code array} covering its first
     *         {@code bytes} bytes, now also used by the caller; or null if there is none
     */
    ByteBuffer join(Object array, int bytes) {
        if (bytes <= StagingPool.OWN_BUFFER_MAX_BYTES) {
            return null;
        }
        synchronized (this) {
            Share s = byArray.get(array);
            if (s == null || s.orphaned || bytes > s.bytes) {
                return null;
            }
            s.users++;
            return s.buffer;
        }
    }

    /**
     * Offers {@code staging}, taken from the pool by a call on {@code array} of {@code bytes}
     * bytes, for later calls on the array to {@link #join} while it is in use.
     */
    void offer(Object array, ByteBuffer staging, int bytes) {
        if (bytes > StagingPool.OWN_BUFFER_MAX_BYTES) {
            synchronized (this) {
                byArray.putIfAbsent(array, new Share(staging, bytes));
            }
        }
    }

    /** Ends one call's use of {@code staging}; the last user returns it to the pool. */
    void release(Object array, ByteBuffer staging) {
        if (staging.capacity() <= StagingPool.OWN_BUFFER_MAX_BYTES) {
            StagingPool.release(staging);
            return;
        }
        synchronized (this) {
            Share s = byArray.get(array);
            if (s == null || s.buffer != staging) {
                StagingPool.release(staging);
            } else if (--s.users == 0) {
                byArray.remove(array);
                if (!s.orphaned) {
                    StagingPool.release(staging);
                }
            }
        }
    }

    /**
     * A call using {@code staging} was freed ({@code MPI_Request_free}): MPI may use the
     * memory at any time from now on, so it is neither shared with later calls nor pooled.
     */
    synchronized void orphan(Object array, ByteBuffer staging) {
        Share s = byArray.get(array);
        if (s != null && s.buffer == staging) {
            s.orphaned = true;
            if (--s.users == 0) {
                byArray.remove(array);
            }
        }
    }
}
