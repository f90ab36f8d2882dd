package mpi.common.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The shuffle's connections (issue 26): where a rank listens, given which peers share its
 * network stack, and the admission of one connection per peer by the token it was told.
 */
class ShuffleMeshTest {
    @Test
    void aRankListensOnlyWhereItsPeersConnectFrom() {
        MeshPlan oneHost = new MeshPlan(1, new boolean[] {true, true, true});
        assertArrayEquals(new int[] {0, 2}, oneHost.peers());
        assertTrue(oneHost.needsLoopback());
        assertFalse(oneHost.needsExternal());
        MeshPlan twoHosts = new MeshPlan(0, new boolean[] {true, false});
        assertFalse(twoHosts.needsLoopback());
        assertTrue(twoHosts.needsExternal());
        MeshPlan mixed = new MeshPlan(0, new boolean[] {true, true, false});
        assertTrue(mixed.needsLoopback() && mixed.needsExternal());
    }

    @Test
    void eachPeersTokenSaysWhoConnectedAndNoOtherIsAdmitted() {
        PeerToken a = PeerToken.random();
        PeerToken b = PeerToken.random();
        Admission admission = new Admission(List.of(a, b), 10_000);
        Admission.Candidate first = admission.candidate();
        assertEquals(Admission.Verdict.ADMITTED, first.take(b.greeting()));
        assertEquals(1, first.peer());
        Admission.Candidate second = admission.candidate();
        assertEquals(Admission.Verdict.ADMITTED, second.take(a.greeting()));
        assertEquals(0, second.peer());
        Admission.Candidate stranger = admission.candidate();
        assertEquals(Admission.Verdict.REFUSED,
                stranger.take(PeerToken.random().greeting()));
        assertEquals(-1, stranger.peer());
        assertEquals(1, admission.refused());
        assertEquals("no connection from the peers with their tokens within 10000 ms (1 other"
                + " connection refused: not the peer)", admission.timedOut().getMessage());
    }

    @Test
    void whatARankIsToldReadsBack() {
        PeerToken t = PeerToken.random();
        Rendezvous.Told told = new Rendezvous.Told(t, List.of(
                new java.net.InetSocketAddress("127.0.0.1", 4000),
                new java.net.InetSocketAddress("10.0.0.2", 5000)));
        Rendezvous.Told back = Rendezvous.Told.parse(told.text());
        assertEquals(told.where(), back.where());
        assertTrue(back.token().matches(t.greeting().array()));
        assertEquals(ByteBuffer.wrap(t.greeting().array()), t.greeting());
    }
}
