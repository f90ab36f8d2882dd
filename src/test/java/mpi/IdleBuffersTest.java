package mpi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

/** An owner's idle small staging buffers: by size class, last kept first taken, bounded. */
class IdleBuffersTest {
    private static final int C64 = StagingPool.sizeClass(64);

    @Test
    void aBufferKeptIsTakenAgainFromItsClassOnlyLastFirst() {
        IdleBuffers idle = new IdleBuffers(4);
        ByteBuffer first = ByteBuffer.allocateDirect(64);
        ByteBuffer second = ByteBuffer.allocateDirect(64);
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
        assertTrue(idle.keep(ByteBuffer.allocateDirect(64), C64));
        assertFalse(idle.keep(ByteBuffer.allocateDirect(64), C64));
        int large = IdleBuffers.MAX_CLASS + 1;
        assertFalse(idle.keep(ByteBuffer.allocateDirect(1 << large), large));
        assertNull(idle.take(large));
    }

    @Test
    void releaseAllEmptiesEveryClass() {
        IdleBuffers idle = new IdleBuffers(2);
        idle.keep(ByteBuffer.allocateDirect(64), C64);
        idle.keep(ByteBuffer.allocateDirect(4096), IdleBuffers.MAX_CLASS);
        idle.releaseAll();
        assertNull(idle.take(C64));
        assertNull(idle.take(IdleBuffers.MAX_CLASS));
    }
}
