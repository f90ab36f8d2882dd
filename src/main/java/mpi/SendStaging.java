package mpi;

import java.nio.ByteBuffer;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Staging memory for non-blocking sends from Java arrays. A send copies the array's data
 * out before it returns; when the same array is sent again while an earlier staged copy of it
 * is still in flight and holds the same bytes (a memcmp, cheaper than a fresh copy to cold
 * memory), that copy is sent again instead: it is never written while shared, so the data on
 * the wire is exactly the array's at the time of the call. This is what makes a window of
 * sends from one array (OMB's bandwidth test) cost one copy instead of one per message.
 */
final class SendStaging {
    /** Below this size a copy is cheaper than the comparison's extra JNI call. */
    static final int SHARE_FROM_BYTES = 8192;

    private static final class Shared {
        final ByteBuffer buffer;
        final int bytes;
        int users = 1;

        Shared(ByteBuffer buffer, int bytes) {
            this.buffer = buffer;
            this.bytes = bytes;
        }
    }

    private static final Map<Object, Shared> BY_ARRAY = new IdentityHashMap<>();

    private SendStaging() {
    }

    /**
     * @return staging memory holding {@code array}'s first {@code bytes} bytes: an in-flight
     *         copy with the same bytes, or a fresh copy
     */
    static synchronized ByteBuffer stage(Object array, int bytes) {
        Shared s = BY_ARRAY.get(array);
        if (s != null && s.bytes == bytes && nSameBytes(array, s.buffer, bytes)) {
            s.users++;
            return s.buffer;
        }
        ByteBuffer fresh = StagingPool.acquire(bytes);
        nCopyFromArray(array, fresh, bytes);
        if (s == null) {
            BY_ARRAY.put(array, new Shared(fresh, bytes));
        }
        return fresh;
    }

    /** Ends one send's use of {@code staging}; the last user returns it to the pool. */
    static synchronized void release(Object array, ByteBuffer staging) {
        Shared s = BY_ARRAY.get(array);
        if (s == null || s.buffer != staging) {
            StagingPool.release(staging);
        } else if (--s.users == 0) {
            BY_ARRAY.remove(array);
            StagingPool.release(staging);
        }
    }

    /** Copies an array's first {@code bytes} bytes into staging memory. */
    static void copyFromArray(Object array, ByteBuffer staging, int bytes) {
        nCopyFromArray(array, staging, bytes);
    }

    /** @return whether the array's and the buffer's first {@code bytes} bytes are equal */
    private static native boolean nSameBytes(Object array, ByteBuffer staging, int bytes);

    private static native void nCopyFromArray(Object array, ByteBuffer staging, int bytes);
}
