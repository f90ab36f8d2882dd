package mpi.common.pt2pt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Linux's CPU lists, which say how many processors a host has online. */
class HostsTest {
    @Test
    void aCpuListCountsItsRangesAndSingleCpus() {
        assertEquals(2, Hosts.cpuCount("0-1"));
        assertEquals(1, Hosts.cpuCount("0"));
        assertEquals(6, Hosts.cpuCount("0-3,6,9"));
        assertEquals(64, Hosts.cpuCount("0-31,32-63"));
    }

    @Test
    void anythingElseIsNotACpuList() {
        for (String bad : new String[] {"", "a", "3-1", "0-1-2", "0,,1"}) {
            assertThrows(NumberFormatException.class, () -> Hosts.cpuCount(bad), bad);
        }
    }

    @Test
    void thisHostHasAtLeastOneProcessorOnline() {
        assertTrue(Hosts.onlineProcessors() >= 1);
    }
}
