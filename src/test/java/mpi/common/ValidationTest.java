package mpi.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

/** Two ranks' validations, with the "network" played by copying bytes between their buffers. */
class ValidationTest {
    private static final int CAPACITY = 4096;

    private final MessageBuffer send0 = MessageBuffer.wrap(ByteBuffer.allocateDirect(CAPACITY));
    private final MessageBuffer recv0 = MessageBuffer.wrap(ByteBuffer.allocateDirect(CAPACITY));
    private final MessageBuffer send1 = MessageBuffer.wrap(new byte[CAPACITY]);
    private final MessageBuffer recv1 = MessageBuffer.wrap(new byte[CAPACITY]);

    private static void deliver(MessageBuffer from, MessageBuffer to, int size) {
        for (int i = 0; i < size; i++) {
            byte b = from.raw() instanceof byte[] ? ((byte[]) from.raw())[i]
                    : ((ByteBuffer) from.raw()).get(i);
            if (to.raw() instanceof byte[]) {
                ((byte[]) to.raw())[i] = b;
            } else {
                ((ByteBuffer) to.raw()).put(i, b);
            }
        }
    }

    @Test
    void pingPongThatDeliversEveryMessagePasses() {
        Validation rank0 = new Validation(send0, recv0, 0, 1, true, true);
        Validation rank1 = new Validation(send1, recv1, 1, 0, true, true);
        for (int size : new int[] {0, 1, 7, 1024, CAPACITY}) {
            for (int i = 0; i < 50; i++) {
                rank0.before(size);
                rank1.before(size);
                deliver(send0, recv1, size);
                deliver(send1, recv0, size);
                rank0.after(size);
                rank1.after(size);
            }
            assertFalse(rank0.takeCorrupted(), "rank 0 at " + size);
            assertFalse(rank1.takeCorrupted(), "rank 1 at " + size);
        }
    }

    @Test
    void aMessageThatDidNotArriveIsCaughtOnce() {
        Validation sender = new Validation(send0, recv0, 0, 1, true, false);
        Validation receiver = new Validation(send1, recv1, 1, 0, false, true);
        for (int i = 0; i < 10; i++) {
            sender.before(1);
            receiver.before(1);
            if (i != 6) { // iteration 6 is lost: the receiver still holds iteration 5's byte
                deliver(send0, recv1, 1);
            }
            sender.after(1);
            receiver.after(1);
        }
        assertTrue(receiver.takeCorrupted());
        assertFalse(receiver.takeCorrupted(), "the record is cleared once taken");
        assertFalse(sender.takeCorrupted(), "a sender checks nothing");
    }

    @Test
    void receivingOwnDataIsCaught() {
        Validation rank0 = new Validation(send0, recv0, 0, 1, true, true);
        rank0.before(64);
        deliver(send0, recv0, 64); // a loop-back instead of the peer's message
        rank0.after(64);
        assertTrue(rank0.takeCorrupted());
    }

    @Test
    void aSenderLeavesItsReceiveBufferAloneAndAReceiverItsSendBuffer() {
        MessageBuffer sendOnly = MessageBuffer.wrap(new byte[16]);
        MessageBuffer untouched = MessageBuffer.wrap(new byte[16]);
        new Validation(sendOnly, untouched, 0, 1, true, false).before(16);
        new Validation(untouched, sendOnly, 1, 0, false, true).before(16);
        for (byte b : (byte[]) untouched.raw()) {
            assertTrue(b == 0);
        }
    }

    @Test
    void ranksThatSkipIterationsFallOutOfStep() {
        // both ranks count the same iterations: one that counts one more sees a wrong pattern
        Validation sender = new Validation(send0, recv0, 0, 1, true, false);
        Validation receiver = new Validation(send1, recv1, 1, 0, false, true);
        receiver.after(0); // an extra (empty) iteration only the receiver ran
        sender.before(32);
        deliver(send0, recv1, 32);
        receiver.after(32);
        assertTrue(receiver.takeCorrupted());
    }
}
