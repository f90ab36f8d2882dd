package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * The staging pools under many threads at once, as under {@code MPI_THREAD_MULTIPLE}: no
 * buffer is ever handed to two holders at the same time, and none is lost. No MPI call.
 * (Remove StagingPool's {@code synchronized} blocks and the first test fails in well under a
 * second on two cores; share the small buffers' per-thread lists between threads and the
 * second does.)
 */
class StagingConcurrencyTest {
    private static final int THREADS = 8;
    private static final int ROUNDS = 200_000;

    /** Past {@link StagingPool#OWN_BUFFER_MAX_BYTES}: the shared pool, under its lock. */
    private static final int SHARED_POOL_BYTES = 8192;
    /** At most that: the calling thread's own buffers, no lock. */
    private static final int THREAD_BYTES = 48;
    private static final int HELD = 4;

    @Test
    void theSharedPoolNeverHandsOneBufferToTwoThreads() throws Exception {
        Map<ByteBuffer, Boolean> everSeen = hammer(SHARED_POOL_BYTES);
        // Every buffer made is back in the pool: as many are handed out again before a new one.
        int made = everSeen.size();
        List<ByteBuffer> again = new ArrayList<>();
        for (int i = 0; i < made; i++) {
            again.add(StagingPool.acquire(SHARED_POOL_BYTES));
        }
        long reused = again.stream().filter(everSeen::containsKey).count();
        again.forEach(StagingPool::release);
        assertEquals(Math.min(made, 128), reused, "buffers lost by the pool");
    }

    @Test
    void smallBuffersStayWithTheirThread() throws Exception {
        Map<ByteBuffer, Boolean> everSeen = hammer(THREAD_BYTES);
        // Each thread recycled its own: none made beyond what a thread held at once.
        assertTrue(everSeen.size() <= THREADS * HELD, everSeen.size() + " small buffers made for "
                + THREADS + " threads holding " + HELD + " each: the threads' buffers leak");
    }

    @Test
    void aSmallBufferReleasedByAnotherThreadJoinsThatThreadsBuffers() throws Exception {
        // A request completed in another thread than the one that started it.
        ByteBuffer fromMain = StagingPool.acquire(THREAD_BYTES);
        AtomicReference<ByteBuffer> reacquired = new AtomicReference<>();
        Thread other = new Thread(() -> {
            StagingPool.release(fromMain);
            reacquired.set(StagingPool.acquire(THREAD_BYTES));
        });
        other.start();
        other.join();
        assertSame(fromMain, reacquired.get());
        ByteBuffer mine = StagingPool.acquire(THREAD_BYTES);
        assertNotSame(fromMain, mine, "handed out by two threads' pools");
        StagingPool.release(mine);
    }

    /**
     * {@link #THREADS} threads acquire {@link #HELD} buffers of {@code bytes} bytes, mark
     * them, check their marks and release them, {@link #ROUNDS} times.
     *
     * @return every buffer handed out
     */
    private static Map<ByteBuffer, Boolean> hammer(int bytes) throws Exception {
        Map<ByteBuffer, Boolean> everSeen =
                java.util.Collections.synchronizedMap(new IdentityHashMap<>());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            byte mark = (byte) (t + 1);
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    ByteBuffer[] held = new ByteBuffer[HELD];
                    for (int i = 0; i < ROUNDS && failure.get() == null; i++) {
                        for (int h = 0; h < held.length; h++) {
                            held[h] = StagingPool.acquire(bytes); // one size class for all
                            held[h].put(0, mark).put(bytes - 1, mark);
                            everSeen.put(held[h], Boolean.TRUE);
                        }
                        for (ByteBuffer b : held) {
                            // Another holder of the same buffer would have written its mark.
                            if (b.get(0) != mark || b.get(bytes - 1) != mark) {
                                throw new AssertionError(
                                        "a staging buffer was handed to two threads");
                            }
                            StagingPool.release(b);
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        assertNull(failure.get(), () -> String.valueOf(failure.get()));
        return everSeen;
    }

    @Test
    void sharedStagingCountsItsUsersUnderThreads() throws Exception {
        // Sends of one array shared by many threads: the last user returns the buffer once.
        byte[] array = new byte[8192];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < ROUNDS / 10; i++) {
                        ByteBuffer b = SharedStaging.SENDS.join(array, array.length);
                        if (b == null) {
                            b = StagingPool.acquire(array.length);
                            SharedStaging.SENDS.offer(array, b, array.length);
                        }
                        SharedStaging.SENDS.release(array, b);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        assertNull(failure.get(), () -> String.valueOf(failure.get()));
        assertNull(SharedStaging.SENDS.join(array, array.length), "a share outlived its users");
    }
}
