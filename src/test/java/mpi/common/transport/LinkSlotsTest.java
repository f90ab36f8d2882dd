package mpi.common.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both transports over loopback, without MPI: a window's messages go from each slot's send
 * buffer into the same slot's receive buffer (-b multiple's buffers per window slot), the
 * buffers a link is handed for the next size are the ones it uses, and a slot is never in two
 * queued operations at once.
 */
class LinkSlotsTest {
    private static final int SLOTS = 3;

    /** @return {@code SLOTS} byte arrays of {@code bytes}, slot w's all {@code first + w} */
    private static byte[][] slots(int bytes, int first) {
        byte[][] slots = new byte[SLOTS][bytes];
        for (int w = 0; w < SLOTS; w++) {
            java.util.Arrays.fill(slots[w], (byte) (first + w));
        }
        return slots;
    }

    /** Sends a window from {@code out}'s slots, received into {@code in}'s slots. */
    private static void window(Link sender, Link receiver, int bytes) throws Exception {
        for (int w = 0; w < SLOTS; w++) {
            receiver.postReceive(bytes, w);
        }
        for (int w = 0; w < SLOTS; w++) {
            sender.postSend(bytes, w);
        }
        sender.await();
        receiver.await();
    }

    private static void assertSlots(byte[][] received, int bytes, int first) {
        for (int w = 0; w < SLOTS; w++) {
            for (int i = 0; i < received[w].length; i++) {
                assertEquals(i < bytes ? (byte) (first + w) : 0, received[w][i],
                        "slot " + w + ", byte " + i);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void eachSlotReceivesItsOwnMessageAndTheNextSizesBuffersAreUsed(Transport transport)
            throws Exception {
        byte[][] out = slots(8, 1);
        byte[][] in = new byte[SLOTS][8];
        byte[][] out2 = slots(16, 11);
        byte[][] in2 = new byte[SLOTS][16];
        byte[] ackOut = new byte[Link.ACK_BYTES];
        byte[] ackIn = new byte[Link.ACK_BYTES];
        PeerToken token = PeerToken.random();
        try (Transport.Listener listener = transport.listen(
                List.of(InetAddress.getLoopbackAddress()), new Admission(token, 10_000))) {
            Link sender = transport.connect(listener.addresses().get(0), token,
                    Buffers.of(out, new byte[SLOTS][8], ackOut), SLOTS + 1);
            Link receiver = listener.accept(Buffers.of(new byte[SLOTS][8], in, ackIn),
                    SLOTS + 1);
            try {
                window(sender, receiver, 8);
                assertSlots(in, 8, 1);

                sender.use(Buffers.of(out2, new byte[SLOTS][16], ackOut));
                receiver.use(Buffers.of(new byte[SLOTS][16], in2, ackIn));
                window(sender, receiver, 16);
                assertSlots(in2, 16, 11);
                assertSlots(in, 8, 1); // the first size's buffers are left alone

                sender.postSend(4, 0);
                IllegalStateException twice = assertThrows(IllegalStateException.class,
                        () -> sender.postSend(4, 0));
                assertEquals("window slot 0 is already in a queued operation",
                        twice.getMessage());
                assertThrows(IllegalStateException.class,
                        () -> sender.use(Buffers.of(out2, in2, ackOut)),
                        "buffers replaced with an operation queued");
                receiver.postReceive(4, 0);
                sender.await();
                receiver.await();
                assertThrows(IllegalStateException.class,
                        () -> receiver.use(Buffers.of(new byte[2][4], new byte[2][4], ackIn)),
                        "another number of slots");
            } finally {
                sender.close();
                receiver.close();
            }
        }
    }
}
