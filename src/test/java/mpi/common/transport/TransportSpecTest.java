package mpi.common.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.common.options.Feature;
import mpi.common.options.OptionParser;
import mpi.common.options.Usage;
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

    /**
     * -D builds an MPI derived datatype, which a socket has none of: the parser refuses it with
     * that reason (not as an unknown option), -h does not list it and a suite's group does not
     * pass it on; -b, which means a buffer per window slot here too, is taken.
     */
    @Test
    void derivedDatatypesAreRefusedWithTheReasonAndNotListed() throws UsageException {
        TransportSpec latency = new TransportSpec(PointToPointKind.LATENCY, Transport.NIO);
        for (TransportSpec spec : new TransportSpec[] {bw, latency}) {
            OptionParser parser = new OptionParser(spec);
            for (String[] args : new String[][] {{"-D", "cont", "-c"}, {"-c", "-Dvect:4:2"},
                    {"--ddt", "indx:nofile"}, {"--ddt=cont"}}) {
                UsageException e = assertThrows(UsageException.class, () -> parser.parse(args),
                        String.join(" ", args));
                assertEquals("-D: a JVM transport sends plain bytes and has no MPI derived"
                        + " datatype to build; -D is for the MPI benchmarks", e.getMessage());
            }
            assertFalse(spec.features().contains(Feature.DERIVED_TYPES));
            assertFalse(parser.takes("-D"));
            assertFalse(parser.takes("--ddt"));
            assertTrue(parser.takes("-b"));
            assertTrue(parser.parse("-b", "multiple", "-c").data().multipleBuffers());
            assertTrue(parser.parse("-h", "-D", "cont").help(), "-h still prints the usage");
            String help = Usage.text("OSUNioLatency", spec);
            assertFalse(help.contains("-D,") || help.contains("--ddt"), help);
            assertTrue(help.contains("-b,--buffer-num"), help);
        }
        // The MPI twin takes it.
        assertTrue(new OptionParser(PointToPointKind.LATENCY).parse("-D", "cont").data()
                .derived() != null);
    }

    @Test
    void noEmptyMessages() throws UsageException {
        UsageException e = assertThrows(UsageException.class,
                () -> bw.checkOptions(new OptionParser(bw).parse(new String[] {"-m", "0:64"}), 2));
        assertEquals("a TCP stream has no 0-byte messages: start the sizes at 1 (-m 1:64)", e.getMessage());
        bw.checkOptions(new OptionParser(bw).parse(new String[] {"-m", "1:64"}), 2);
    }
}
