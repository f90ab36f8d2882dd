package mpi.common.pt2pt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.common.options.UsageException;

/** The host layout of the congestion benchmarks, as C OMB derives it from processor names. */
class HostLayoutTest {
    @Test
    void blockLayoutOfTwoHosts() throws UsageException {
        HostLayout l = HostLayout.of(new String[] {"a", "a", "b", "b"});
        assertEquals(2, l.hosts());
        assertEquals(2, l.perHost());
        assertTrue(l.isParent(0) && l.isParent(1));
        assertFalse(l.isParent(2) || l.isParent(3));
        assertArrayEquals(new int[] {2}, l.peers(0));
        assertArrayEquals(new int[] {3}, l.peers(1));
        assertArrayEquals(new int[] {0}, l.peers(2));
        assertArrayEquals(new int[] {1}, l.peers(3));
    }

    @Test
    void hostsAreOrderedByNameAndLocalIndicesByRank() throws UsageException {
        // Round-robin placement, the parent host ("n1") not holding rank 0.
        HostLayout l = HostLayout.of(new String[] {"n2", "n1", "n3", "n2", "n1", "n3"});
        assertEquals(3, l.hosts());
        assertEquals(2, l.perHost());
        assertFalse(l.isParent(0));
        assertTrue(l.isParent(1) && l.isParent(4));
        // Parent local 0 (rank 1) has local 0 of n2 (rank 0) and of n3 (rank 2) as children.
        assertArrayEquals(new int[] {0, 2}, l.peers(1));
        assertArrayEquals(new int[] {3, 5}, l.peers(4));
        assertArrayEquals(new int[] {1}, l.peers(0));
        assertArrayEquals(new int[] {1}, l.peers(2));
        assertArrayEquals(new int[] {4}, l.peers(5));
    }

    @Test
    void oneHostOrUnevenHostsAreRefused() {
        String one = assertThrows(UsageException.class,
                () -> HostLayout.of(new String[] {"h", "h", "h", "h"})).getMessage();
        assertEquals("needs processes on 2 or more hosts, all 4 run on h (OMB_J_HOSTS simulates"
                + " hosts for testing)", one);
        String uneven = assertThrows(UsageException.class,
                () -> HostLayout.of(new String[] {"a", "a", "b"})).getMessage();
        assertEquals("needs the same number of processes on every host, got [a: 2, b: 1]",
                uneven);
    }

    @Test
    void simulatedNamesNeedOnePerRank() throws UsageException {
        assertArrayEquals(new String[] {"a", "a", "b", "b"},
                Hosts.simulatedNames("a, a,b ,b", 4));
        assertEquals("OMB_J_HOSTS=a,b must name one host per rank, 4 names separated by commas",
                assertThrows(UsageException.class, () -> Hosts.simulatedNames("a,b", 4))
                        .getMessage());
        assertThrows(UsageException.class, () -> Hosts.simulatedNames("a,,b,b", 4));
    }

    @Test
    void theSendersAreTheChildrenInFanInAndTheParentsInFanOut() {
        assertTrue(FanKind.FAN_IN.sends(false));
        assertFalse(FanKind.FAN_IN.sends(true));
        assertTrue(FanKind.FAN_OUT.sends(true));
        assertFalse(FanKind.FAN_OUT.sends(false));
    }
}
