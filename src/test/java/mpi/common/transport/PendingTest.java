package mpi.common.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The queue of a link's direction: bytes moved complete operations in order, across the ring. */
class PendingTest {
    @Test
    void bytesCompleteOperationsInOrderAndCarryOver() {
        Pending p = new Pending(3);
        p.post(10, false);
        p.post(4, true);
        p.post(10, false);
        assertEquals(10, p.length());
        p.advance(7, p.posted());
        assertEquals(0, p.done());
        assertEquals(7, p.progress());
        p.advance(5, p.posted()); // ends the first, 2 of the ack
        assertEquals(1, p.done());
        assertTrue(p.ack());
        assertEquals(2, p.progress());
        p.advance(12, p.posted()); // the rest of both
        assertEquals(3, p.done());
        assertFalse(p.hasCurrent(p.posted()));
    }

    @Test
    void theRingWrapsAndRefusesMoreThanItsCapacity() {
        Pending p = new Pending(2);
        p.post(1, false);
        p.post(2, false);
        assertThrows(IllegalStateException.class, () -> p.post(3, false));
        p.advance(1, p.posted());
        p.post(3, true); // reuses slot 0
        assertEquals(p.slot(0), p.slot(2));
        assertEquals(3, p.length(2));
        assertTrue(p.ack(2));
        p.completeUpTo(3);
        assertFalse(p.hasCurrent(p.posted()));
        assertEquals(0, p.progress());
    }

    @Test
    void anOperationIsDoneOnlyWhenPostedAsTheCallerKnows() {
        Pending p = new Pending(4);
        p.post(5, false);
        p.advance(5, 0); // the other thread has not seen it posted
        assertEquals(0, p.done());
        p.advance(0, 1);
        assertEquals(1, p.done());
    }
}
