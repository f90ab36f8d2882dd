package mpi.common.options;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import mpi.PropertyCases;
import mpi.PropertyCases.Case;
import mpi.PropertyCases.Gen;
import mpi.common.BenchmarkSpec;
import mpi.common.bigdata.ShuffleSpec;
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
 * The option parser under random command lines ({@link PropertyCases}, a fixed seed unless
 * {@code -Dombj.property.seed=N}): for every benchmark's options, any list of arguments either
 * parses (and then passes or fails the checks that need the process count) or is refused with
 * a {@link UsageException} whose printed line is one line. No other exception ever escapes: a
 * NumberFormatException or an ArrayIndexOutOfBoundsException would reach the user as a stack
 * trace.
 */
class OptionParserPropertyTest {
    private static final int CASES = 4000;

    /** One random command line: the benchmark, its arguments and the ranks it would run on. */
    record CommandLine(BenchmarkSpec spec, List<String> args, int processes) {
        @Override
        public String toString() {
            String name = spec instanceof Enum<?> e
                    ? e.getDeclaringClass().getSimpleName() + "." + e.name()
                    : spec.getClass().getSimpleName() + " '" + spec.title() + "'";
            return name + ", " + processes + " processes, args " + args.stream()
                    .map(CommandLine::quote).collect(Collectors.joining(", ", "[", "]"));
        }

        /** A Java string literal: the arguments hold control characters and lone surrogates. */
        private static String quote(String s) {
            StringBuilder b = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                if (c == '"' || c == '\\') {
                    b.append('\\').append(c);
                } else if (c >= ' ' && c <= '~') {
                    b.append(c);
                } else {
                    b.append(String.format("\\u%04x", (int) c));
                }
            }
            return b.append('"').toString();
        }
    }

    static Stream<Case<CommandLine>> commandLines() {
        Gen<BenchmarkSpec> spec = Gen.of(specs());
        Gen<List<String>> args = arguments();
        // The bounds themselves as well as values between them.
        Gen<Integer> processes = Gen.frequency(entry(1, Gen.of(1, 2, 129, 130)),
                entry(7, r -> r.nextInt(1, 131)));
        return PropertyCases.cases(CASES,
                r -> new CommandLine(spec.next(r), args.next(r), processes.next(r)));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("commandLines")
    void parsesOrRefusesWithOneLine(Case<CommandLine> c) {
        CommandLine cl = c.value();
        BenchmarkSpec spec = cl.spec();
        try {
            Options o = new OptionParser(spec).parse(cl.args().toArray(new String[0]));
            assertNotNull(o, c.context());
            if (!o.help() && !o.version()) {
                // What BenchmarkRunner checks next, once MPI gives the process count (but a
                // neighbourhood's grid, which MPI_Dims_create lays out: that needs MPI).
                spec.checkProcesses(cl.processes());
                if (!neighborhood(spec)) {
                    spec.checkOptions(o, cl.processes());
                }
            }
        } catch (UsageException e) {
            String message = e.getMessage();
            assertNotNull(message, "a usage error without a message, " + c.context());
            assertFalse(message.isBlank(), "a blank usage error, " + c.context());
            String printed = ErrorLines.usage("OSUProgram", e);
            assertTrue(printed.lines().count() == 1 && printed.chars().noneMatch(ch -> ch < ' '),
                    "not one line: '" + printed + "', " + c.context());
        } catch (RuntimeException e) {
            throw new AssertionError(e + " escaped, " + c.context(), e);
        }
    }

    private static boolean neighborhood(BenchmarkSpec spec) {
        return spec instanceof CollectiveSpec c && c.collective().name().startsWith("NEIGHBOR");
    }

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
        specs.add(ShuffleSpec.SPEC); // refuses --stats and --level
        return specs;
    }

    /** Lists of tokens near the real options: names, values, both attached, and noise. */
    private static Gen<List<String>> arguments() {
        Gen<String> name = Gen.of("-m", "-x", "-i", "-W", "-t", "-k", "-l", "-T",
                "-w", "-s", "-N", "-p", "-a", "-c", "-f", "-z", "-M", "-h", "-v",
                "--message-size", "--warmup", "--iterations", "--window-size", "--num-test-calls",
                "--num-threads", "--root-rank", "--in-place", "--type", "--win-options",
                "--sync-option", "--nhbr", "--pairs", "--api", "--validation", "--full",
                "--tail-lat", "--mem-limit", "--help", "--version", "--stats", "--level", "-",
                "--", "---", "-q", "--w", "-mm", "-cf", "-ch", "--stat", "--levels");
        // Whole numbers of every size, the edges of int and long among them.
        Gen<Long> anyLong = Gen.frequency(
                entry(1, Gen.of(0L, 1L, -1L, (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE,
                        Long.MIN_VALUE, Long.MAX_VALUE)),
                entry(3, r -> r.nextLong() >> r.nextInt(64)));
        Gen<String> number = Gen.oneOf(
                r -> String.valueOf(r.nextInt(-3, 71)),
                anyLong.map(String::valueOf),
                Gen.of("0", "00", "2147483647", "2147483648", "4294967296",
                        "9223372036854775807", "9223372036854775808", "1e3", "0x10", "+5",
                        "-0", "1.5", " 8", "8 ", "١٢"));
        Gen<String> digits = text(Gen.of('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'), 11);
        Gen<String> sizes = Gen.oneOf(number, number.map(n -> n + ":"),
                number.map(n -> ":" + n), digits.list(2, 3).map(l -> String.join(":", l)));
        Gen<String> word = Gen.of("buffer", "arrays", "BUFFER", "byte", "char",
                "short", "int", "long", "float", "double", "boolean", "rotate", "create",
                "allocate", "dynamic", "lock", "flush", "flush_local", "pscw", "fence",
                "lock_all", "cart:2:1", "cart:0:1", "cart:1:0", "cart:3:2147483647", "cart::",
                "cart:a:b", "graph:", "graph:/nonexistent/file", "graph:/dev/null",
                "graph:/etc/hostname", "50,90,99", "50,,90", "101", "-1", "99.9", "nan",
                "Infinity", "2:3", "1:2:3", ":", "", " ", "\t", "a\nb", "x\r", "\u0000", "é",
                "\u2028", "-m", "-c", "0.95", ".5", "0.", "1.0", "0.999999999", "1e-2");
        // Any UTF-16 unit (controls and lone surrogates too), printable ASCII, and the
        // characters the parser splits on.
        Gen<Character> anyChar = Gen.oneOf(r -> (char) r.nextInt(0x10000),
                r -> (char) r.nextInt(' ', '~' + 1),
                Gen.of('-', ':', ',', '=', ' ', '\u0000', '\n', '\uffff'));
        Gen<String> noise = text(anyChar, 12);
        Gen<String> value = Gen.oneOf(number, sizes, word, noise);
        Gen<String> attachedName = Gen.oneOf(
                Gen.of("-m", "-x", "-i", "-W", "-t", "-k", "-T", "-w", "-s", "-N", "-p",
                        "-a", "-z", "-M"),
                name);
        Gen<String> attached = r -> attachedName.next(r) + value.next(r);
        Gen<String> longName = Gen.of("--message-size=", "--type=",
                "--api=", "--tail-lat=", "--root-rank=", "--nhbr=", "--level=", "--stats=");
        Gen<String> longWithValue = r -> longName.next(r) + value.next(r);
        return Gen.frequency(entry(5, name), entry(5, value), entry(2, attached),
                entry(1, longWithValue)).list(0, 8);
    }

    /** Strings of 0 to {@code maxLength} of the given characters. */
    private static Gen<String> text(Gen<Character> chars, int maxLength) {
        return chars.list(0, maxLength).map(l -> l.stream().map(String::valueOf)
                .collect(Collectors.joining()));
    }
}
