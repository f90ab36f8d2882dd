package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.pt2pt.PointToPointKind;

/** The options meant for several benchmarks at once: a suite's group. */
class OptionParserSplitTest {
    @Test
    void splitGivesEachOptionWithItsValuesInShortForm() throws UsageException {
        assertEquals(List.of(List.of("-m", "8:64"), List.of("-c"), List.of("-i", "5"),
                List.of("-z"), List.of("-W", "4"), List.of("-z", "50,99"), List.of("-k", "rotate")),
                OptionParser.split("--message-size=8:64", "-c", "-i5", "-z", "-W", "4",
                        "--tail-lat", "50,99", "-k", "rotate"));
        assertEquals(List.of(), OptionParser.split());
    }

    @Test
    void splitTakesAnyBenchmarksOptionButNoOther() {
        assertEquals("unknown option -q",
                assertThrows(UsageException.class, () -> OptionParser.split("-q")).getMessage());
        assertEquals("unexpected argument 'x'",
                assertThrows(UsageException.class, () -> OptionParser.split("-c", "x")).getMessage());
        assertEquals("-W needs a value (N)",
                assertThrows(UsageException.class, () -> OptionParser.split("-W")).getMessage());
    }

    @Test
    void takesFollowsTheBenchmarksFeatures() {
        OptionParser latency = new OptionParser(PointToPointKind.LATENCY);
        OptionParser bandwidth = new OptionParser(PointToPointKind.BANDWIDTH);
        OptionParser barrier = new OptionParser(CollectiveSpec.blocking(Collective.BARRIER));
        assertTrue(latency.takes("-m") && latency.takes("-c") && latency.takes("-i"));
        assertFalse(latency.takes("-W"));
        assertTrue(bandwidth.takes("-W"));
        assertFalse(barrier.takes("-m") || barrier.takes("-c"));
        assertTrue(barrier.takes("-f") && barrier.takes("-z") && barrier.takes("-a"));
        assertFalse(latency.takes("m"));
    }
}
