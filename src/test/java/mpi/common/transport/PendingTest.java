package mpi.common.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The queue of a link's direction: bytes moved complete operations in order, across the ring. */
class PendingTest {
    @Test
    void bytesCompleteOperationsInOrderAndCarryOver() {
        Pending p = new Pending(3, 2);
        p.post(10, 0);
        p.post(4, Link.ACK);
        p.post(10, 1);
        assertEquals(10, p.length());
        p.advance(7, p.posted());
        assertEquals(0, p.done());
        assertEquals(7, p.progress());
        p.advance(5, p.posted()); // ends the first, 2 of the ack
        assertEquals(1, p.done());
        assertEquals(Link.ACK, p.buffer());
        assertEquals(2, p.progress());
        p.advance(2, p.posted());
        assertEquals(1, p.buffer(), "the third is on slot 1's buffer");
        p.advance(10, p.posted()); // the rest
        assertEquals(3, p.done());
        assertFalse(p.hasCurrent(p.posted()));
    }

    @Test
    void theRingWrapsAndRefusesMoreThanItsCapacity() {
        Pending p = new Pending(2, 2);
        p.post(1, 0);
        p.post(2, 1);
        assertThrows(IllegalStateException.class, () -> p.post(3, Link.ACK));
        p.advance(1, p.posted());
        p.post(3, Link.ACK); // reuses slot 0
        assertEquals(p.slot(0), p.slot(2));
        assertEquals(3, p.length(2));
        assertEquals(Link.ACK, p.buffer(2));
        assertEquals(1, p.buffer(1));
        p.completeUpTo(3);
        assertFalse(p.hasCurrent(p.posted()));
        assertEquals(0, p.progress());
    }

    /**
     * A slot's buffer has one view per transport: a second operation on it before the first
     * is done is refused, and allowed once it is; the acknowledgement is not a slot.
     */
    @Test
    void aSlotIsInOneQueuedOperationAtATime() {
        Pending p = new Pending(4, 2);
        p.post(8, 0);
        p.post(8, 1);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.post(8, 0));
        assertEquals("window slot 0 is already in a queued operation", e.getMessage());
        assertEquals(2, p.posted(), "the refused operation is not queued");
        p.post(4, Link.ACK);
        p.advance(8, p.posted()); // slot 0's is done, slot 1's not
        p.post(8, 0);
        assertThrows(IllegalStateException.class, () -> p.post(8, 1));
        p.completeUpTo(p.posted());
        p.post(8, 1);
        assertEquals(5, p.posted());
    }

    @Test
    void anOperationIsDoneOnlyWhenPostedAsTheCallerKnows() {
        Pending p = new Pending(4, 1);
        p.post(5, 0);
        p.advance(5, 0); // the other thread has not seen it posted
        assertEquals(0, p.done());
        p.advance(0, 1);
        assertEquals(1, p.done());
    }
}
