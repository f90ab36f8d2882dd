package mpi.common.pt2pt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import mpi.common.data.ElementType;
import mpi.common.data.TypedBuffer;
import mpi.common.options.Api;

/**
 * Two ranks' point-to-point validations, for every element type, with the "network" played by
 * copying elements between their buffers (rank 0 in a direct buffer, rank 1 in an array).
 */
class ValidationTest {
    private static final int CAPACITY = 1024;

    private static TypedBuffer direct(ElementType t) {
        return TypedBuffer.allocate(Api.BUFFER, t, CAPACITY);
    }

    private static TypedBuffer array(ElementType t) {
        return TypedBuffer.allocate(Api.ARRAYS, t, CAPACITY);
    }

    private static void deliver(TypedBuffer from, TypedBuffer to, int elements) {
        for (int i = 0; i < elements; i++) {
            to.put(i, from.get(i));
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void pingPongThatDeliversEveryMessagePasses(ElementType t) {
        TypedBuffer send0 = direct(t), recv0 = direct(t), send1 = array(t), recv1 = array(t);
        Validation rank0 = new Validation(send0, recv0, 2, 0, 1, true, true);
        Validation rank1 = new Validation(send1, recv1, 2, 1, 0, true, true);
        for (int elements : new int[] {0, 1, 7, 512, CAPACITY}) {
            for (int i = 0; i < 50; i++) {
                rank0.before(elements);
                rank1.before(elements);
                deliver(send0, recv1, elements);
                deliver(send1, recv0, elements);
                rank0.after(elements);
                rank1.after(elements);
            }
            assertFalse(rank0.takeCorrupted(), t + ": rank 0 at " + elements);
            assertFalse(rank1.takeCorrupted(), t + ": rank 1 at " + elements);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aMessageThatDidNotArriveIsCaughtOnce(ElementType t) {
        TypedBuffer send0 = direct(t), send1 = array(t), recv1 = array(t);
        Validation sender = new Validation(send0, direct(t), 2, 0, 1, true, false);
        Validation receiver = new Validation(send1, recv1, 2, 1, 0, false, true);
        for (int i = 0; i < 10; i++) {
            sender.before(1);
            receiver.before(1);
            if (i != 6) { // iteration 6 is lost: the receiver still holds iteration 5's element
                deliver(send0, recv1, 1);
            }
            sender.after(1);
            receiver.after(1);
        }
        assertTrue(receiver.takeCorrupted(), t.toString());
        assertFalse(receiver.takeCorrupted(), "the record is cleared once taken");
        assertFalse(sender.takeCorrupted(), "a sender checks nothing");
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void oneCorruptedElementAnywhereIsCaught(ElementType t) {
        for (int bad : new int[] {0, 255, CAPACITY - 1}) {
            TypedBuffer send = direct(t), recv = array(t);
            Validation sender = new Validation(send, direct(t), 2, 0, 1, true, false);
            Validation receiver = new Validation(array(t), recv, 2, 1, 0, false, true);
            sender.before(CAPACITY);
            deliver(send, recv, CAPACITY);
            recv.put(bad, recv.get(bad) ^ 1);
            receiver.after(CAPACITY);
            assertTrue(receiver.takeCorrupted(), t + ": element " + bad);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void receivingOwnDataIsCaught(ElementType t) {
        TypedBuffer send = direct(t), recv = direct(t);
        Validation rank0 = new Validation(send, recv, 2, 0, 1, true, true);
        rank0.before(64);
        deliver(send, recv, 64); // a loop-back instead of the peer's message
        rank0.after(64);
        assertTrue(rank0.takeCorrupted(), t.toString());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void dataShiftedByOneElementIsCaught(ElementType t) {
        TypedBuffer send = direct(t), recv = array(t);
        Validation sender = new Validation(send, direct(t), 2, 0, 1, true, false);
        Validation receiver = new Validation(array(t), recv, 2, 1, 0, false, true);
        sender.before(64);
        for (int i = 0; i < 64; i++) {
            recv.put(i, send.get(i + 1));
        }
        receiver.after(64);
        assertTrue(receiver.takeCorrupted(), t.toString());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void aSenderLeavesItsReceiveBufferAloneAndAReceiverItsSendBuffer(ElementType t) {
        TypedBuffer written = array(t), untouched = array(t);
        new Validation(written, untouched, 2, 0, 1, true, false).before(16);
        new Validation(untouched, written, 2, 1, 0, false, true).before(16);
        for (int i = 0; i < 16; i++) {
            assertEquals(0, untouched.get(i), t + " element " + i);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void ranksThatSkipIterationsFallOutOfStep(ElementType t) {
        // both ranks count the same iterations: one that counts one more sees a wrong pattern
        TypedBuffer send = direct(t), recv = array(t);
        Validation sender = new Validation(send, direct(t), 2, 0, 1, true, false);
        Validation receiver = new Validation(array(t), recv, 2, 1, 0, false, true);
        receiver.after(0); // an extra (empty) iteration only the receiver ran
        sender.before(32);
        deliver(send, recv, 32);
        receiver.after(32);
        assertTrue(receiver.takeCorrupted(), t.toString());
    }
}
