package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code -t mpi,nio,netty}: the JVM transports' columns beside MPI's, in one table and CSV. */
class TransportColumnsTest {
    @TempDir
    Path dir;

    private static CompareOptions parse(String... args) throws BadArgumentException {
        return CompareArgs.parse(args, Fixtures.settings());
    }

    @Test
    void transportsAddTheFirstBindingOverEachInTheOrderGiven() throws BadArgumentException {
        CompareOptions o = parse("-t", "mpi,nio,netty", "latency", "bw", "bibw");
        assertEquals(List.of("ombj", "nio", "netty"), o.bindings().stream().map(Binding::label).toList());
        assertEquals(List.of(Transport.MPI, Transport.NIO, Transport.NETTY),
                o.bindings().stream().map(Binding::transport).toList());
        assertEquals(o.bindings().get(0).classPath(), o.bindings().get(2).classPath());
        assertEquals(List.of("netty"), parse("-t", "netty", "bw").bindings().stream()
                .map(Binding::label).toList());
        assertEquals(List.of("ombj"), parse("latency").bindings().stream().map(Binding::label).toList());
    }

    @Test
    void eachTransportHasItsClasses() {
        assertEquals("mpi.pt2pt.OSULatency", Bench.LATENCY.javaClass(Transport.MPI));
        assertEquals("mpi.transport.OSUNioLatency", Bench.LATENCY.javaClass(Transport.NIO));
        assertEquals("mpi.transport.OSUNettyBandwidth", Bench.BW.javaClass(Transport.NETTY));
        assertEquals("mpi.transport.OSUNioBiBandwidth", Bench.BIBW.javaClass(Transport.NIO));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "-t tcp latency                | unknown transport 'tcp' (mpi, nio, netty)",
        "-t mpi,nio,nio latency        | transport 'nio' given twice",
        "-t mpi,netty bcast            | transport 'netty' has no bcast (latency, bw and bibw only)",
        "-t nio                        | transport 'nio' has no bcast",
        "-b nio=/x.jar -t mpi,nio bw   | binding 'nio' is also a transport's label",
    })
    void badTransportsAreOneLine(String args, String message) {
        BadArgumentException e = assertThrows(BadArgumentException.class,
                () -> parse(args.trim().split(" +")));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void oneTableAndCsvOfMpiNioAndNetty() throws IOException {
        Files.createDirectories(dir.resolve("c"));
        Files.createDirectories(dir.resolve("bin"));
        for (String f : List.of("c/osu_latency", "bin/mpirun")) {
            Files.writeString(dir.resolve(f), "").toFile().setExecutable(true);
        }
        Files.writeString(dir.resolve("omb-j.jar"), "");
        Map<String, String> env = Fixtures.env("MPIRUN", dir + "/bin/mpirun", "CDIR", dir + "/c",
                "JAVA_CP", dir + "/omb-j.jar", "JAVA", "/jdk/bin/java", "PATH", dir.resolve("bin").toString());
        List<String> classes = new ArrayList<>();
        Launcher fake = cmd -> {
            String last = cmd.get(cmd.size() - 1);
            if (last.equals("true") || last.equals("--version") || last.equals("-version")) {
                return new Launcher.Output(0, "", "");
            }
            String who = cmd.stream().filter(a -> a.startsWith("mpi.") || a.endsWith("/osu_latency"))
                    .findFirst().orElseThrow();
            classes.add(who);
            String value = who.endsWith("osu_latency") ? "1.00" : who.contains("Nio") ? "10.00"
                    : who.contains("Netty") ? "30.00" : "2.00";
            return new Launcher.Output(0, "# Size  Avg Latency(us)\n8    " + value + "\n", "");
        };
        Path csv = dir.resolve("compare.csv");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new Compare(env, fake, CompareArgsTest.print(out),
                CompareArgsTest.print(new ByteArrayOutputStream()))
                .run(new String[] {"-n", "1", "-s", "8", "-t", "mpi,nio,netty", "-o", csv.toString(), "latency"});
        assertEquals(0, code);
        // One round: every column once, in the round's shuffled order.
        assertEquals(List.of("c/osu_latency", "mpi.pt2pt.OSULatency", "mpi.pt2pt.OSULatency",
                "mpi.transport.OSUNettyLatency", "mpi.transport.OSUNettyLatency",
                "mpi.transport.OSUNioLatency", "mpi.transport.OSUNioLatency"),
                classes.stream().map(c -> c.startsWith(dir.toString()) ? c.substring(dir.toString().length() + 1) : c)
                        .sorted().toList());
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("# bindings: ombj = " + dir + "/omb-j.jar; nio = NIO SocketChannel transport"
                + " benchmarks on " + dir + "/omb-j.jar; netty = Netty transport benchmarks on "), text);
        String row = text.lines().filter(l -> l.startsWith("latency")).findFirst().orElseThrow();
        assertEquals(List.of("latency", "8", "us", "1.00", "2.00", "2.00", "10.00", "10.00", "30.00", "30.00",
                "J/C", "2.000", "2.000", "10.000", "10.000", "30.000", "30.000",
                "+1.00", "+1.00", "+9.00", "+9.00", "+29.00", "+29.00"), List.of(row.trim().split(" +")).subList(0, 23));
        String header = Files.readAllLines(csv).get(0);
        assertTrue(header.contains(",ombj_buffer_median,ombj_arrays_median,nio_buffer_median,nio_arrays_median,"
                + "netty_buffer_median,netty_arrays_median,"), header);
    }
}
