package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import mpi.common.BenchmarkSpec;
import mpi.common.collective.Collective;
import mpi.common.collective.CollectiveSpec;
import mpi.common.onesided.OneSidedKind;
import mpi.common.output.ErrorLines;
import mpi.common.pt2pt.FanKind;
import mpi.common.pt2pt.PointToPointKind;
import mpi.common.threads.MultiThreadSpec;
import mpi.common.transport.Transport;
import mpi.common.transport.TransportSpec;

/**
 * The option parser under random command lines (jqwik): for every benchmark's options, any
 * list of arguments either parses (and then passes or fails the checks that need the process
 * count) or is refused with a {@link UsageException} whose printed line is one line. No other
 * exception ever escapes: a NumberFormatException or an ArrayIndexOutOfBoundsException would
 * reach the user as a stack trace.
 */
class OptionParserPropertyTest {

    /** Every benchmark's spec: each takes its own set of options. */
    private static List<BenchmarkSpec> specs() {
        List<BenchmarkSpec> specs = new ArrayList<>();
        specs.addAll(List.of(PointToPointKind.values()));
        specs.addAll(List.of(OneSidedKind.values()));
        specs.addAll(List.of(FanKind.values()));
        specs.addAll(List.of(MultiThreadSpec.values()));
        for (Collective c : Collective.values()) {
            specs.add(CollectiveSpec.blocking(c));
            specs.add(CollectiveSpec.nonBlocking(c));
        }
        for (Transport t : Transport.values()) {
            specs.add(new TransportSpec(PointToPointKind.LATENCY, t));
        }
        return specs;
    }

    @Property(tries = 3000)
    void parsesOrRefusesWithOneLine(@ForAll("spec") BenchmarkSpec spec,
            @ForAll("arguments") List<String> args,
            @ForAll @IntRange(min = 1, max = 130) int processes) {
        try {
            Options o = new OptionParser(spec).parse(args.toArray(new String[0]));
            assertNotNull(o);
            if (!o.help() && !o.version()) {
                // What BenchmarkRunner checks next, once MPI gives the process count (but a
                // neighbourhood's grid, which MPI_Dims_create lays out: that needs MPI).
                spec.checkProcesses(processes);
                if (!neighborhood(spec)) {
                    spec.checkOptions(o, processes);
                }
            }
        } catch (UsageException e) {
            String message = e.getMessage();
            assertNotNull(message, "a usage error without a message, for " + args);
            assertFalse(message.isBlank(), "a blank usage error, for " + args);
            String printed = ErrorLines.usage("OSUProgram", e);
            assertTrue(printed.lines().count() == 1 && printed.chars().noneMatch(ch -> ch < ' '),
                    "not one line: '" + printed + "', for " + args);
        }
    }

    private static boolean neighborhood(BenchmarkSpec spec) {
        return spec instanceof CollectiveSpec c && c.collective().name().startsWith("NEIGHBOR");
    }

    @Provide
    Arbitrary<BenchmarkSpec> spec() {
        return Arbitraries.of(specs());
    }

    /** Lists of tokens near the real options: names, values, both attached, and noise. */
    @Provide
    Arbitrary<List<String>> arguments() {
        Arbitrary<String> name = Arbitraries.of("-m", "-x", "-i", "-W", "-t", "-k", "-l", "-T",
                "-w", "-s", "-N", "-p", "-a", "-c", "-f", "-z", "-M", "-h", "-v",
                "--message-size", "--warmup", "--iterations", "--window-size", "--num-test-calls",
                "--num-threads", "--root-rank", "--in-place", "--type", "--win-options",
                "--sync-option", "--nhbr", "--pairs", "--api", "--validation", "--full",
                "--tail-lat", "--mem-limit", "--help", "--version", "-", "--", "---", "-q",
                "--w", "-mm", "-cf", "-ch");
        Arbitrary<String> number = Arbitraries.oneOf(
                Arbitraries.integers().between(-3, 70).map(String::valueOf),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.of("0", "00", "2147483647", "2147483648", "4294967296",
                        "9223372036854775807", "9223372036854775808", "1e3", "0x10", "+5",
                        "-0", "1.5", " 8", "8 ", "١٢"));
        Arbitrary<String> sizes = Arbitraries.oneOf(number, number.map(n -> n + ":"),
                number.map(n -> ":" + n), Arbitraries.strings().numeric().ofMaxLength(11)
                        .list().ofMinSize(2).ofMaxSize(3).map(l -> String.join(":", l)));
        Arbitrary<String> word = Arbitraries.of("buffer", "arrays", "BUFFER", "byte", "char",
                "short", "int", "long", "float", "double", "boolean", "rotate", "create",
                "allocate", "dynamic", "lock", "flush", "flush_local", "pscw", "fence",
                "lock_all", "cart:2:1", "cart:0:1", "cart:1:0", "cart:3:2147483647", "cart::",
                "cart:a:b", "graph:", "graph:/nonexistent/file", "graph:/dev/null",
                "graph:/etc/hostname", "50,90,99", "50,,90", "101", "-1", "99.9", "nan",
                "Infinity", "2:3", "1:2:3", ":", "", " ", "\t", "a\nb", "x\r", "\u0000", "é",
                "\u2028", "-m", "-c");
        Arbitrary<String> noise = Arbitraries.strings().ofMaxLength(12);
        Arbitrary<String> value = Arbitraries.oneOf(number, sizes, word, noise);
        Arbitrary<String> attached = Arbitraries.oneOf(
                Arbitraries.of("-m", "-x", "-i", "-W", "-t", "-k", "-T", "-w", "-s", "-N", "-p",
                        "-a", "-z", "-M"),
                name).flatMap(n -> value.map(v -> n + v));
        Arbitrary<String> longWithValue = Arbitraries.of("--message-size=", "--type=",
                "--api=", "--tail-lat=", "--root-rank=", "--nhbr=")
                .flatMap(n -> value.map(v -> n + v));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, name),
                net.jqwik.api.Tuple.of(5, value),
                net.jqwik.api.Tuple.of(2, attached),
                net.jqwik.api.Tuple.of(1, longWithValue))
                .list().ofMaxSize(8);
    }
}
