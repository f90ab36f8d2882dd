package mpi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

/**
 * An owner's idle small staging buffers: by size class, last kept first taken, bounded. The
 * buffers are the pool's own, as every buffer that comes here is.
 */
class IdleBuffersTest {
    private static final int C64 = StagingPool.sizeClass(64);

    @Test
    void aBufferKeptIsTakenAgainFromItsClassOnlyLastFirst() {
        IdleBuffers idle = new IdleBuffers(4);
        ByteBuffer first = StagingPool.acquire(64);
        ByteBuffer second = StagingPool.acquire(64);
        assertTrue(idle.keep(first, C64));
        assertTrue(idle.keep(second, C64));
        assertNull(idle.take(C64 + 1));
        assertSame(second, idle.take(C64));
        assertSame(first, idle.take(C64));
        assertNull(idle.take(C64));
    }

    @Test
    void aFullClassAndALargeClassKeepNothing() {
        IdleBuffers idle = new IdleBuffers(1);
        assertTrue(idle.keep(StagingPool.acquire(64), C64));
        assertFalse(idle.keep(StagingPool.acquire(64), C64));
        int large = IdleBuffers.MAX_CLASS + 1;
        assertFalse(idle.keep(StagingPool.acquire(1 << large), large));
        assertNull(idle.take(large));
    }

    @Test
    void releaseAllGivesEveryClassToTheSharedPool() throws InterruptedException {
        IdleBuffers idle = new IdleBuffers(2);
        ByteBuffer small = StagingPool.acquire(64);
        idle.keep(small, C64);
        idle.keep(StagingPool.acquire(4096), IdleBuffers.MAX_CLASS);
        idle.releaseAll();
        assertNull(idle.take(C64));
        assertNull(idle.take(IdleBuffers.MAX_CLASS));
        // A new thread has no idle buffers of its own: it acquires from the shared pool.
        ByteBuffer[] acquired = new ByteBuffer[1];
        Thread other = new Thread(() -> acquired[0] = StagingPool.acquire(64));
        other.start();
        other.join();
        assertSame(small, acquired[0]);
    }
}
