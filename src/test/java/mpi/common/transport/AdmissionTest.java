package mpi.common.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The rule of who joins a transport benchmark (issue 26): a connection's first bytes must be
 * the token, whole and alone. The check on its own (wrong token, short read, right token,
 * bytes past it, silence), then each transport's listener on loopback with strangers that
 * connect before the peer: the peer's connection is the one admitted, and with strangers only
 * the listener gives up at its deadline, saying so.
 */
class AdmissionTest {
    private static final PeerToken TOKEN = PeerToken.random();

    private static byte[] token() {
        return TOKEN.greeting().array();
    }

    private static Admission.Candidate candidate(Admission admission) {
        return admission.candidate();
    }

    @Test
    void theRightTokenIsAdmittedEvenInPieces() {
        Admission admission = new Admission(TOKEN, 10_000);
        assertEquals(Admission.Verdict.ADMITTED,
                candidate(admission).take(ByteBuffer.wrap(token())));
        Admission.Candidate pieces = candidate(admission);
        byte[] t = token();
        assertEquals(Admission.Verdict.WAITING, pieces.take(ByteBuffer.wrap(t, 0, 5)));
        assertEquals(Admission.Verdict.ADMITTED, pieces.take(ByteBuffer.wrap(t, 5, 11)));
        assertEquals(0, admission.refused());
    }

    @Test
    void aWrongTokenIsRefused() {
        Admission admission = new Admission(TOKEN, 10_000);
        byte[] wrong = token();
        wrong[PeerToken.BYTES - 1] ^= 1; // the last byte: a check that stops early misses it
        assertEquals(Admission.Verdict.REFUSED, candidate(admission).take(ByteBuffer.wrap(wrong)));
        assertEquals(Admission.Verdict.REFUSED,
                candidate(admission).take(ByteBuffer.wrap(PeerToken.random().greeting().array())));
        assertEquals(2, admission.refused());
    }

    @Test
    void aShortReadWaitsAndIsRefusedWhenTheConnectionEnds() {
        Admission admission = new Admission(TOKEN, 10_000);
        Admission.Candidate c = candidate(admission);
        assertEquals(Admission.Verdict.WAITING,
                c.take(ByteBuffer.wrap(Arrays.copyOf(token(), PeerToken.BYTES - 1))));
        assertEquals(0, admission.refused());
        assertEquals(Admission.Verdict.REFUSED, c.ended());
        assertEquals(Admission.Verdict.REFUSED, c.ended(), "refused once");
        assertEquals(1, admission.refused());
    }

    @Test
    void bytesPastTheTokenAreRefused() {
        Admission admission = new Admission(TOKEN, 10_000);
        byte[] more = Arrays.copyOf(token(), PeerToken.BYTES + 1);
        ByteBuffer bytes = ByteBuffer.wrap(more);
        assertEquals(Admission.Verdict.REFUSED, candidate(admission).take(bytes));
    }

    @Test
    void aSilentConnectionIsRefusedAfterItsTime() throws Exception {
        Admission admission = new Admission(TOKEN, 200);
        Admission.Candidate c = candidate(admission);
        assertEquals(Admission.Verdict.WAITING, c.expire());
        Thread.sleep(300);
        assertEquals(0, c.millisToExpiry());
        assertEquals(Admission.Verdict.REFUSED, c.expire());
        assertEquals(0, admission.millisLeft());
        assertEquals("no connection from the peer with its token within 200 ms (1 other"
                + " connection refused: not the peer)", admission.timedOut().getMessage());
    }

    @Test
    void aChannelIsReadNoFurtherThanTheTokenAndAShortOneIsRefusedAtItsEnd() throws Exception {
        Pipe pipe = Pipe.open();
        pipe.source().configureBlocking(false);
        Admission admission = new Admission(TOKEN, 10_000);
        Admission.Candidate right = candidate(admission);
        pipe.sink().write(ByteBuffer.wrap(Arrays.copyOf(token(), PeerToken.BYTES + 3)));
        assertEquals(Admission.Verdict.ADMITTED, right.readFrom(pipe.source()));
        ByteBuffer rest = ByteBuffer.allocate(8);
        assertEquals(3, pipe.source().read(rest), "the bytes after the token are the link's");

        Admission.Candidate shortRead = candidate(admission);
        pipe.sink().write(ByteBuffer.wrap(token(), 0, 8));
        assertEquals(Admission.Verdict.WAITING, shortRead.readFrom(pipe.source()));
        pipe.sink().close();
        assertEquals(Admission.Verdict.REFUSED, shortRead.readFrom(pipe.source()));
        pipe.source().close();
        assertEquals(1, admission.refused());
    }

    @Test
    void theTokenTravelsAsTextAndHidesInLogs() {
        assertArrayEquals(token(), PeerToken.fromText(TOKEN.toText()).greeting().array());
        assertEquals(2 * PeerToken.BYTES, TOKEN.toText().length());
        assertNotEquals(TOKEN.toText(), PeerToken.random().toText());
        assertEquals("PeerToken[16 bytes]", TOKEN.toString());
        assertThrows(IllegalArgumentException.class, () -> PeerToken.fromText("00ff"));
    }

    /** Strangers that connect first: silent, with garbage, with half a token and gone. */
    private static List<SocketChannel> strangers(InetSocketAddress where, boolean silent)
            throws IOException {
        List<SocketChannel> open = new ArrayList<>();
        if (silent) {
            open.add(SocketChannel.open(where));
        }
        SocketChannel garbage = SocketChannel.open(where);
        garbage.write(ByteBuffer.wrap(new byte[64]));
        open.add(garbage);
        try (SocketChannel half = SocketChannel.open(where)) {
            half.write(ByteBuffer.wrap(token(), 0, 8));
        }
        return open;
    }

    private static Buffers buffers(byte[] payload) {
        return Buffers.of(new Object[] {payload.clone()}, new Object[] {payload},
                new byte[Link.ACK_BYTES]);
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void thePeerIsAdmittedAfterStrangersThatConnectedFirst(Transport transport)
            throws Exception {
        byte[] sent = {1, 2, 3, 4, 5, 6, 7, 8};
        byte[] received = new byte[8];
        try (Transport.Listener listener = transport.listen(
                List.of(InetAddress.getLoopbackAddress()), new Admission(TOKEN, 10_000))) {
            InetSocketAddress where = listener.addresses().get(0);
            assertTrue(where.getAddress().isLoopbackAddress(), where.toString());
            List<SocketChannel> strangers = strangers(where, true);
            try (Link peer = transport.connect(where, TOKEN, buffers(sent), 2);
                    Link accepted = listener.accept(buffers(received), 2)) {
                peer.send(8);
                accepted.receive(8);
                assertArrayEquals(sent, received);
            } finally {
                for (SocketChannel s : strangers) {
                    s.close();
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void aListenerWithStrangersOnlyGivesUpAtItsDeadline(Transport transport) throws Exception {
        try (Transport.Listener listener = transport.listen(
                List.of(InetAddress.getLoopbackAddress()), new Admission(TOKEN, 1_500))) {
            List<SocketChannel> strangers = strangers(listener.addresses().get(0), false);
            try {
                IOException e = assertThrows(IOException.class,
                        () -> listener.accept(buffers(new byte[8]), 2));
                assertEquals("no connection from the peer with its token within 1500 ms"
                        + " (2 other connections refused: not the peer)", e.getMessage());
            } finally {
                for (SocketChannel s : strangers) {
                    s.close();
                }
            }
        }
    }
}
