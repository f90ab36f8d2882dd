package mpi.common.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.common.options.Feature;
import mpi.common.options.OptionParser;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;

/** A transport benchmark's spec: the MPI benchmark's, named after the transport, on bytes. */
class TransportSpecTest {
    private final TransportSpec bw = new TransportSpec(PointToPointKind.BANDWIDTH, Transport.NETTY);

    @Test
    void theTitleNamesTheTransport() {
        assertEquals("Bandwidth Test over Netty", bw.title());
        assertEquals("Latency Test over NIO SocketChannel",
                new TransportSpec(PointToPointKind.LATENCY, Transport.NIO).title());
    }

    @Test
    void theMpiBenchmarksOptionsLessTheDatatype() {
        assertFalse(bw.features().contains(Feature.DATATYPE));
        assertTrue(bw.features().contains(Feature.WINDOW));
        assertTrue(bw.features().contains(Feature.VALIDATION));
        assertTrue(bw.extensions(null).isEmpty());
        assertEquals(PointToPointKind.BANDWIDTH.defaultIterations(), bw.defaultIterations());
        assertThrows(UsageException.class, () -> bw.checkProcesses(4));
    }

    @Test
    void noEmptyMessages() throws UsageException {
        UsageException e = assertThrows(UsageException.class,
                () -> bw.checkOptions(new OptionParser(bw).parse(new String[] {"-m", "0:64"}), 2));
        assertEquals("a TCP stream has no 0-byte messages: start the sizes at 1 (-m 1:64)", e.getMessage());
        bw.checkOptions(new OptionParser(bw).parse(new String[] {"-m", "1:64"}), 2);
    }
}
