package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The transport benchmarks (mpi.transport: NIO SocketChannel and Netty) in both APIs under
 * real mpirun with -Xcheck:jni and validation: the MPI benchmarks' table with the transport
 * named in the title and a {@code # Transport:} line, every row passing, no JNI warning (Netty's
 * native epoll library included); Netty's NIO fallback; -b multiple's buffers per window slot;
 * the options a socket cannot take (-T unknown, -D refused with its reason); strangers that
 * connect before the peer neither join nor stop the run (issue 26).
 */
class TransportIT {
    private static final String[] SMALL_RUN = {"-c", "-m", "1:32768", "-i", "10", "-x", "2"};

    static List<Arguments> benchmarks() {
        List<Arguments> all = new ArrayList<>();
        for (String api : new String[] {"buffer", "arrays"}) {
            for (String[] t : new String[][] {{"Nio", "NIO SocketChannel", "Java NIO SocketChannel"},
                    {"Netty", "Netty", "Netty 4.1."}}) {
                all.add(Arguments.of("OSU" + t[0] + "Latency", api, "Latency Test over " + t[1],
                        t[2], "Avg Latency(us)"));
                all.add(Arguments.of("OSU" + t[0] + "Bandwidth", api, "Bandwidth Test over " + t[1],
                        t[2], "Bandwidth (MB/s)"));
                all.add(Arguments.of("OSU" + t[0] + "BiBandwidth", api,
                        "Bi-Directional Bandwidth Test over " + t[1], t[2], "Bandwidth (MB/s)"));
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0}, {1} API")
    @MethodSource("benchmarks")
    void validatedRunPrintsTheMpiTable(String bench, String api, String title, String transport,
            String column) throws Exception {
        List<String> args = new ArrayList<>(List.of(SMALL_RUN));
        args.addAll(List.of("-a", api));
        MpiRun.Result r = MpiRun.run(2, "mpi.transport." + bench, args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = r.stdoutLines();
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        assertEquals("# OSU MPI-Java " + title + " v7.4 (" + api + " API)", lines.get(1), r.all());
        assertEquals("# Datatype: MPI.BYTE.", lines.get(2), r.all());
        assertTrue(lines.get(3).startsWith("# Transport: " + transport), r.all());
        if (bench.contains("Netty")) {
            // This machine is Linux x86-64: Netty's native transport must load, not fall back.
            assertTrue(lines.get(3).contains("native epoll"), r.all());
        }
        assertEquals(String.format("%-10s%18s%18s", "# Size", column, "Validation"), lines.get(4),
                r.all());
        assertRows(lines.subList(5, lines.size()), r, 1, 32768);
    }

    /**
     * -b multiple as the MPI twins take it: a buffer pair per size, per window slot for the
     * bandwidth tests; every row validated (-u's repeats included), each transport in both APIs.
     */
    @ParameterizedTest(name = "{0} -b multiple -c, {1} API")
    @CsvSource({"OSUNioLatency, buffer", "OSUNioBandwidth, arrays", "OSUNioBiBandwidth, buffer",
        "OSUNettyLatency, arrays", "OSUNettyBandwidth, buffer", "OSUNettyBiBandwidth, arrays"})
    void multipleBuffersAreValidatedSlotBySlot(String bench, String api) throws Exception {
        List<String> args = new ArrayList<>(List.of("-c", "-m", "1:4096", "-i", "5", "-x", "1",
                "-u", "1", "-a", api, "-b", "multiple"));
        if (!bench.endsWith("Latency")) {
            args.addAll(List.of("-W", "4"));
        }
        MpiRun.Result r = MpiRun.run(2, "mpi.transport." + bench, args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
        List<String> lines = r.stdoutLines();
        assertRows(lines.subList(5, lines.size()), r, 1, 4096);
    }

    /** -D builds an MPI datatype, which a socket has none of: refused with its reason. */
    @ParameterizedTest(name = "{0} -D {1} -c")
    @CsvSource({"OSUNioLatency, vect:4:2", "OSUNettyBandwidth, cont"})
    void derivedDatatypesAreRefusedWithTheirReason(String bench, String ddt) throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.transport." + bench, "-D", ddt, "-c", "-m", "1:64");
        assertEquals(1, r.exitCode(), r.all());
        assertEquals(List.of(bench + ": -D: a JVM transport sends plain bytes and has no MPI"
                + " derived datatype to build; -D is for the MPI benchmarks; run with -h for usage"),
                r.stderr().lines().filter(l -> l.startsWith(bench)).toList(), r.all());
        assertEquals("", r.stdout().strip(), r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
    }

    /**
     * Issue 26: a process that connects to the listening port before the peer (silent, with
     * garbage, or with half a token and gone: {@link StrangerLatency}) does not become the peer;
     * the run completes with every row validated, and the port is on loopback only (one host):
     * the same port on this host's other addresses refuses a connection.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"nio", "netty"})
    void strangersWhoConnectFirstAreNotThePeer(String transport) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.StrangerLatency", transport,
                "-c", "-m", "1:4096", "-i", "10", "-x", "2");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        String told = strangerLine(r);
        assertTrue(told.startsWith("StrangerLatency: 3 strangers connected to [127.0.0.1:"),
                r.all());
        assertTrue(told.endsWith(", accepted on []"), r.all());
        List<String> lines = r.stdoutLines();
        assertTrue(lines.get(3).startsWith("# Transport: "), r.all());
        assertRows(lines.subList(5, lines.size()), r, 1, 4096);
    }

    /**
     * With strangers only, the listener gives up at its deadline: one line naming the problem
     * and how many connections it refused, a non-zero exit, no Java stack trace, no table.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"nio, NIO SocketChannel", "netty, Netty"})
    void aListenerWithOnlyStrangersGivesUpWithOneLine(String transport, String title)
            throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.StrangerLatency", transport,
                "alone", "-m", "1:8", "-i", "10", "-x", "2");
        assertEquals(2, r.exitCode(), r.all()); // the harness's error exit, mpirun's too
        strangerLine(r);
        assertEquals(List.of("StrangerLatency: error: " + title + ": no connection from the peer with"
                + " its token within 10000 ms (3 other connections refused: not the peer)"),
                r.stderr().lines().filter(l -> l.contains("no connection")).toList(), r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
        assertFalse(r.stdout().contains("Pass"), r.all());
    }

    /** @return the line in which {@link StrangerLatency} says what it did, which must come */
    private static String strangerLine(MpiRun.Result r) {
        List<String> told = r.stderr().lines()
                .filter(l -> l.startsWith("StrangerLatency: 3 strangers connected to ")).toList();
        assertEquals(1, told.size(), r.all());
        return told.get(0);
    }

    @Test
    void nettyFallsBackToItsNioTransportWhenEpollIsOff() throws Exception {
        MpiRun.Result r = MpiRun.run(2, List.of("-Dombj.netty.epoll=false"),
                MpiRun.jar().toString(), "mpi.transport.OSUNettyBiBandwidth",
                "-c", "-m", "1:4096", "-i", "5", "-x", "1", "-W", "16");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = r.stdoutLines();
        assertTrue(lines.get(3).contains(", NIO (ombj.netty.epoll=false)"), r.all());
        assertRows(lines.subList(5, lines.size()), r, 1, 4096);
    }

    @Test
    void largeMessagesCrossManyReadsAndStayWhole() throws Exception {
        // 1 MiB messages, a window of 8 each way: many partial reads per message, in both transports.
        for (String bench : new String[] {"OSUNioBiBandwidth", "OSUNettyBiBandwidth"}) {
            MpiRun.Result r = MpiRun.run(2, "mpi.transport." + bench, "-c", "-m", "1048576:1048576",
                    "-i", "3", "-x", "1", "-W", "8");
            assertEquals(0, r.exitCode(), r.all());
            List<String> lines = r.stdoutLines();
            assertRows(lines.subList(5, lines.size()), r, 1048576, 1048576);
        }
    }

    @Test
    void zeroByteMessagesAreRefusedWithOneLine() throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.transport.OSUNioLatency", "-m", "0:8");
        assertEquals(1, r.exitCode(), r.all());
        assertEquals("OSUNioLatency: a TCP stream has no 0-byte messages: start the sizes at 1"
                + " (-m 1:8); run with -h for usage", r.stderr().lines().findFirst().orElse(""),
                r.all());
        assertEquals("", r.stdout().strip(), r.all());
    }

    @Test
    void datatypesAreNotAnOptionOfASocket() throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.transport.OSUNettyLatency", "-T", "mpi_int");
        assertEquals(1, r.exitCode(), r.all());
        assertEquals("OSUNettyLatency: unknown option -T; run with -h for usage",
                r.stderr().lines().findFirst().orElse(""), r.all());
    }

    /** Rows of sizes {@code first}, doubling, to {@code last}, each passing with a positive value. */
    private static void assertRows(List<String> rows, MpiRun.Result r, int first, int last) {
        Pattern row = Pattern.compile("^(\\d+) +(\\d+\\.\\d{2}) +Pass$");
        int expected = first;
        for (String line : rows) {
            if (line.isEmpty()) {
                continue; // the final newline
            }
            Matcher m = row.matcher(line);
            assertTrue(m.matches(), "not a passing row: '" + line + "'\n" + r.all());
            assertEquals(expected, Integer.parseInt(m.group(1)), r.all());
            assertTrue(Double.parseDouble(m.group(2)) > 0, "not positive: " + line);
            expected *= 2;
        }
        assertEquals(last * 2L, (long) expected, r.all());
    }
}
