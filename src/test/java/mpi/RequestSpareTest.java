package mpi;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

/**
 * A reused request keeps its small staging buffer between calls, and only a reused one does
 * (no MPI call: the requests are completed by hand, as a wait completes them).
 */
class RequestSpareTest {
    private static final byte[] ARRAY = new byte[8];

    /** A staged send of {@link #ARRAY} in {@code reuse} (or a new request), completed. */
    private static Request completedSend(Request reuse, ByteBuffer staging) {
        Request r = Request.start(reuse, MPI.REQUEST_NULL_HANDLE, ARRAY, staging, Request.SEND);
        r.complete(true);
        return r;
    }

    @Test
    void aRequestNeverReusedKeepsNothing() {
        Request fresh = completedSend(null, StagingPool.acquire(8));
        assertNull(Request.spareFor(fresh, 8), "Open MPI's API: a new request per call");
    }

    @Test
    void aReusedRequestHandsItsBufferToItsNextCall() {
        Request r = completedSend(null, StagingPool.acquire(8));
        ByteBuffer second = StagingPool.acquire(8);
        assertSame(r, completedSend(r, second));
        assertSame(second, Request.spareFor(r, 8));
        assertNull(Request.spareFor(r, 8), "handed out once");
    }

    @Test
    void aSpareTooSmallForTheNextCallGoesBackToThePool() {
        Request r = completedSend(null, StagingPool.acquire(8));
        ByteBuffer small = StagingPool.acquire(8);
        completedSend(r, small);
        assertNull(Request.spareFor(r, small.capacity() + 1));
        assertSame(small, StagingPool.acquire(8), "the pool has it back");
    }

    @Test
    void aLargeBufferIsNeverKept() {
        Request r = completedSend(null, StagingPool.acquire(8));
        completedSend(r, StagingPool.acquire(StagingPool.OWN_BUFFER_MAX_BYTES + 1));
        assertNull(Request.spareFor(r, 8), "large buffers may be shared: the pool's");
    }

    @Test
    void freeingACompletedRequestReturnsItsSpare() throws MPIException {
        Request r = completedSend(null, StagingPool.acquire(8));
        ByteBuffer second = StagingPool.acquire(8);
        completedSend(r, second);
        r.freeNow();
        assertNull(Request.spareFor(r, 8));
        assertSame(second, StagingPool.acquire(8), "the pool has it back");
    }
}
