package mpi.common.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mpi.common.options.OptionParser;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;

class GraphOutputsTest {
    @Test
    void aCommaListAsInC() throws UsageException {
        assertEquals(new GraphOutputs(true, true, false), GraphOutputs.parse("png,tty"));
        assertEquals(new GraphOutputs(false, false, true), GraphOutputs.parse("pdf"));
        assertEquals(new GraphOutputs(true, true, true), GraphOutputs.parse("tty,png,pdf"));
        assertTrue(GraphOutputs.parse("pdf").files());
        assertFalse(GraphOutputs.parse("tty").files());
        assertFalse(GraphOutputs.NONE.any());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "svg", "png,", "PNG", "png tty"})
    void anythingElseIsOneUsageLine(String list) {
        String message = assertThrows(UsageException.class, () -> GraphOutputs.parse(list))
                .getMessage();
        assertTrue(message.startsWith("-G needs tty, png or pdf"), message);
        assertFalse(message.contains("\n"), message);
    }

    @Test
    void theParserReadsGAndItsLongName() throws UsageException {
        OptionParser parser = new OptionParser(PointToPointKind.LATENCY);
        assertEquals(GraphOutputs.NONE, parser.parse().graph());
        assertEquals(new GraphOutputs(true, false, false), parser.parse("-G", "tty").graph());
        assertEquals(new GraphOutputs(false, true, true),
                parser.parse("--graph=png,pdf").graph());
        assertEquals(new GraphOutputs(false, true, false),
                parser.parse("-G", "tty", "-G", "png").graph(), "the last one counts");
        assertThrows(UsageException.class, () -> parser.parse("-G"));
    }
}
