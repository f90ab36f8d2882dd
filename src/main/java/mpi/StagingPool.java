package mpi;

import static mpi.Backends.ENVIRONMENT;

import java.nio.ByteBuffer;

/**
 * Native memory for non-blocking calls on Java arrays. An array cannot stay pinned after a
 * JNI call returns, so such a call copies through a direct buffer that its {@link Request}
 * owns until completion. Buffers are recycled by power-of-two size class: a fresh direct
 * buffer costs a zeroing pass and page faults, a pooled one only the copy.
 */
final class StagingPool {
    /** The system property that bounds the idle staging memory, in bytes. */
    static final String POOL_PROPERTY = "ombj.stagingPoolBytes";
    private static final long DEFAULT_POOLED_BYTES = 512L << 20;

    private static final int MIN_CLASS = 6;                   // 64 bytes
    private static final int MAX_CLASS = 30;                  // 1 GiB; larger ones are not pooled
    private static final int PER_CLASS = 128;                 // a window of 64 sends + 64 receives
    /**
     * What idle buffers may hold: 512 MiB, or the system property {@value #POOL_PROPERTY} (in
     * bytes). A staging buffer larger than the bound is allocated afresh for every call and
     * left to the GC: at 1 GiB that is a zeroing pass, page faults and, near the direct-memory
     * limit, a System.gc() per message (OSUBandwidth -a arrays at 1 GiB: 460 MB/s against
     * 4271 with buffers); -Dombj.stagingPoolBytes=3221225472 keeps a window of two.
     */
    private static final long MAX_POOLED_BYTES = poolBound(System.getProperty(POOL_PROPERTY));

    /**
     * Staged messages of at most this many bytes get a buffer of their own, never shared by
     * calls on the same array ({@link SharedStaging}): copying them costs
     * less than the bookkeeping of sharing. Their buffers are at most this large too.
     */
    static final int OWN_BUFFER_MAX_BYTES = 4096;

    private static final ByteBuffer[][] free = new ByteBuffer[MAX_CLASS + 1][];
    private static final int[] depth = new int[MAX_CLASS + 1];
    private static long pooledBytes;

    /**
     * Each thread's own idle small buffers (messages of at most {@link #OWN_BUFFER_MAX_BYTES},
     * one buffer per call), which only their thread touches: a small message's staging then
     * costs no lock. The shared pool's lock is two atomic instructions per acquire and per
     * release: 6-12 ns per message of osu_bw's 8 B rate with arrays (README, "Message rate").
     * A buffer may be released by another thread than the one that acquired it (a request
     * completed elsewhere); it joins that thread's buffers. At most {@link #PER_CLASS} per
     * class, about 1 MiB per thread; beyond that, and for the buffers of a thread that ends,
     * the shared pool or the GC.
     */
    private static final ThreadLocal<IdleBuffers> THREAD = ThreadLocal.withInitial(
            () -> new IdleBuffers(PER_CLASS));

    private StagingPool() {
    }

    /** @return a direct buffer of at least {@code bytes} bytes */
    static ByteBuffer acquire(int bytes) {
        int c = sizeClass(bytes);
        if (c > MAX_CLASS) {
            return ENVIRONMENT.newByteBuffer(bytes);
        }
        if (c <= IdleBuffers.MAX_CLASS) {
            ByteBuffer b = THREAD.get().take(c);
            if (b != null) {
                return b;
            }
        }
        synchronized (StagingPool.class) {
            if (depth[c] > 0) {
                ByteBuffer b = free[c][--depth[c]];
                free[c][depth[c]] = null;
                pooledBytes -= b.capacity();
                return b;
            }
        }
        return ENVIRONMENT.newByteBuffer(1 << c);
    }

    /** Returns a buffer from {@link #acquire}; beyond the pool's bounds it is left to the GC. */
    static void release(ByteBuffer b) {
        int c = sizeClass(b.capacity());
        if (c > MAX_CLASS || b.capacity() != 1 << c) {
            return;
        }
        if (c <= IdleBuffers.MAX_CLASS && THREAD.get().keep(b, c)) {
            return;
        }
        pool(b, c);
    }

    /**
     * Returns a buffer from {@link #acquire} to the shared pool, not to the calling thread's
     * idle buffers: an owner of {@link IdleBuffers} giving its own back.
     */
    static void releaseShared(ByteBuffer b) {
        int c = sizeClass(b.capacity());
        if (c <= MAX_CLASS && b.capacity() == 1 << c) {
            pool(b, c);
        }
    }

    /** Keeps {@code b}, of whole size class {@code c}, in the shared pool if it has room. */
    private static void pool(ByteBuffer b, int c) {
        synchronized (StagingPool.class) {
            if (free[c] == null) {
                free[c] = new ByteBuffer[PER_CLASS];
            }
            if (depth[c] < PER_CLASS && pooledBytes + b.capacity() <= MAX_POOLED_BYTES) {
                free[c][depth[c]++] = b;
                pooledBytes += b.capacity();
            }
        }
    }

    /**
     * @param value the property's value, or null
     * @return the bound it gives, or the default (with one line on standard error if the
     *         value is not a number of bytes)
     */
    static long poolBound(String value) {
        if (value == null) {
            return DEFAULT_POOLED_BYTES;
        }
        try {
            long bytes = Long.parseLong(value.strip());
            if (bytes >= 0) {
                return bytes;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        System.err.println("OMB-J: -D" + POOL_PROPERTY + "=" + value + " is not a number of"
                + " bytes; the staging pool keeps " + DEFAULT_POOLED_BYTES + " bytes");
        return DEFAULT_POOLED_BYTES;
    }

    static int sizeClass(int bytes) {
        return Math.max(MIN_CLASS, 32 - Integer.numberOfLeadingZeros(Math.max(bytes, 1) - 1));
    }

    /** Copies an array's first {@code bytes} bytes into staging memory ({@link ArrayCopy}). */
    static void copyFromArray(Object array, ByteBuffer staging, int bytes) {
        ArrayCopy.toStaging(array, staging, bytes);
    }
}
