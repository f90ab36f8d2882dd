package mpi;

import java.nio.ByteBuffer;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Staging memory for non-blocking sends from Java arrays, shared by the sends outstanding at
 * the same time from the same array.
 *
 * <p>A send copies the array's data to native memory before it returns. MPI forbids changing
 * a send buffer until the send completes (MPI 4.0, section 3.7.2), so while one staged send
 * of an array is still pending, the array still holds the bytes that were copied: a second
 * send of the same array (or of a prefix of it) sends that copy again instead of making its
 * own. The copy is never written while shared. This is what makes a window of sends from one
 * array (OMB's bandwidth test) cost one copy instead of one per message; a program that breaks
 * the rule sends the data of the first pending send, where a C program would send undefined
 * data. Small sends ({@link StagingPool#OWN_BUFFER_MAX_BYTES}) copy into a pooled buffer of
 * their own instead.
 */
final class SendStaging {
    /** A staged copy of an array and how many pending sends use it. */
    private static final class Shared {
        final ByteBuffer buffer;
        final int bytes;
        int users = 1;
        /** A freed request may still be sending it: never shared again nor pooled. */
        boolean orphaned;

        Shared(ByteBuffer buffer, int bytes) {
            this.buffer = buffer;
            this.bytes = bytes;
        }
    }

    private static final Map<Object, Shared> BY_ARRAY = new IdentityHashMap<>();

    private SendStaging() {
    }

    /**
     * @return the staged copy of a pending send of {@code array} that holds its first
     *         {@code bytes} bytes, now also used by the caller's send; or null if there is none
     */
    static ByteBuffer share(Object array, int bytes) {
        if (bytes <= StagingPool.OWN_BUFFER_MAX_BYTES) {
            return null;
        }
        synchronized (SendStaging.class) {
            return shareLarge(array, bytes);
        }
    }

    private static ByteBuffer shareLarge(Object array, int bytes) {
        Shared s = BY_ARRAY.get(array);
        if (s == null || s.orphaned || bytes > s.bytes) {
            return null;
        }
        s.users++;
        return s.buffer;
    }

    /**
     * Records {@code staging}, just filled with {@code array}'s first {@code bytes} bytes by a
     * send, for later sends of the array to share while that send is pending.
     */
    static void register(Object array, ByteBuffer staging, int bytes) {
        if (bytes > StagingPool.OWN_BUFFER_MAX_BYTES) {
            synchronized (SendStaging.class) {
                BY_ARRAY.putIfAbsent(array, new Shared(staging, bytes));
            }
        }
    }

    /** Ends one send's use of {@code staging}; the last user returns it to the pool. */
    static void release(Object array, ByteBuffer staging) {
        if (staging.capacity() <= StagingPool.OWN_BUFFER_MAX_BYTES) {
            StagingPool.release(staging);
            return;
        }
        synchronized (SendStaging.class) {
            releaseLarge(array, staging);
        }
    }

    private static void releaseLarge(Object array, ByteBuffer staging) {
        Shared s = BY_ARRAY.get(array);
        if (s == null || s.buffer != staging) {
            StagingPool.release(staging);
        } else if (--s.users == 0) {
            BY_ARRAY.remove(array);
            if (!s.orphaned) {
                StagingPool.release(staging);
            }
        }
    }

    /**
     * A send using {@code staging} was freed ({@code MPI_Request_free}): MPI may read the
     * memory at any time from now on, so it is neither shared with later sends nor pooled.
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

    /** Copies an array's first {@code bytes} bytes into staging memory. */
    static void copyFromArray(Object array, ByteBuffer staging, int bytes) {
        nCopyFromArray(array, staging, bytes);
    }

    private static native void nCopyFromArray(Object array, ByteBuffer staging, int bytes);
}
