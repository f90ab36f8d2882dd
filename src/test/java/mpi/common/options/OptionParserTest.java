package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import mpi.common.pt2pt.PointToPointKind;

class OptionParserTest {
    private static Options latency(String... args) throws UsageException {
        return new OptionParser(PointToPointKind.LATENCY).parse(args);
    }

    private static Options bandwidth(String... args) throws UsageException {
        return new OptionParser(PointToPointKind.BANDWIDTH).parse(args);
    }

    private static String latencyError(String... args) {
        return assertThrows(UsageException.class, () -> latency(args)).getMessage();
    }

    @Test
    void defaultsAreThoseOfCOmb() throws UsageException {
        Options o = latency();
        assertEquals(new MessageSizes(1, 4194304), o.sizes());
        assertEquals(10000, o.iterations().iterations(8192));
        assertEquals(100, o.iterations().warmup(8192));
        assertEquals(1000, o.iterations().iterations(8193));
        assertEquals(10, o.iterations().warmup(8193));
        assertEquals(64, o.window());
        assertEquals(Api.BUFFER, o.api());
        assertFalse(o.validate());
        assertFalse(o.fullStats());
        assertEquals(536870912L, o.memoryLimit());
        assertFalse(o.help());
        assertFalse(o.version());
    }

    @Test
    void bandwidthDefaults() throws UsageException {
        Options o = bandwidth();
        assertEquals(100, o.iterations().iterations(1));
        assertEquals(10, o.iterations().warmup(1));
        assertEquals(20, o.iterations().iterations(4194304));
        assertEquals(2, o.iterations().warmup(4194304));
        assertEquals(64, o.window());
    }

    @ParameterizedTest
    @CsvSource({
        "-m 128,         1,   128",
        "-m128,          1,   128",
        "-m 2:128,       2,   128",
        "-m2:128,        2,   128",
        "-m 2:,          2,   4194304",
        "-m 0:4,         0,   4",
        "--message-size 3:24, 3, 24",
        "--message-size=3:24, 3, 24",
        "-m 64 -m 32,    1,   32",
    })
    void messageSizeForms(String args, int min, int max) throws UsageException {
        assertEquals(new MessageSizes(min, max), latency(args.split(" ")).sizes());
    }

    @Test
    void userIterationsHoldAtEverySize() throws UsageException {
        IterationPolicy p = latency("-i", "5", "-x", "3").iterations();
        for (int size : new int[] {0, 1, 8192, 8193, 4194304}) {
            assertEquals(5, p.iterations(size), "iterations at " + size);
            assertEquals(3, p.warmup(size), "warm-up at " + size);
        }
    }

    @Test
    void attachedAndLongForms() throws UsageException {
        Options o = bandwidth("-i7", "-x0", "-W8", "-aarrays");
        assertEquals(7, o.iterations().iterations(1 << 20));
        assertEquals(0, o.iterations().warmup(1));
        assertEquals(8, o.window());
        assertEquals(Api.ARRAYS, o.api());
        Options l = bandwidth("--iterations", "9", "--warmup", "4", "--window-size", "16",
                "--api", "arrays", "--validation", "--full", "--mem-limit", "4194304");
        assertEquals(9, l.iterations().iterations(1));
        assertEquals(4, l.iterations().warmup(1));
        assertEquals(16, l.window());
        assertEquals(Api.ARRAYS, l.api());
        assertTrue(l.validate());
        assertTrue(l.fullStats());
        assertEquals(4194304L, l.memoryLimit());
    }

    @Test
    void flags() throws UsageException {
        Options o = latency("-c", "-f", "-a", "buffer");
        assertTrue(o.validate());
        assertTrue(o.fullStats());
        assertEquals(Api.BUFFER, o.api());
        Options bundled = latency("-cf");
        assertTrue(bundled.validate());
        assertTrue(bundled.fullStats());
        assertFalse(latency("-f").validate());
        assertFalse(latency("-c").fullStats());
    }

    @Test
    void lastValueWins() throws UsageException {
        assertEquals(7, latency("-i", "5", "-i", "7").iterations().iterations(1));
        assertEquals(Api.BUFFER, latency("-a", "arrays", "-a", "buffer").api());
    }

    @Test
    void helpAndVersionSkipTheValueChecks() throws UsageException {
        assertTrue(latency("-h").help());
        assertTrue(latency("--help").help());
        assertTrue(latency("-i", "abc", "-h").help());
        assertTrue(latency("-v").version());
        assertTrue(latency("--version").version());
        assertFalse(latency("-v").help());
    }

    @Test
    void memoryLimitBoundsTheMaximumSize() throws UsageException {
        assertEquals(1024, latency("-m", "1024", "-M", "1024").sizes().max());
        assertEquals("max message size 1024 is above the memory limit of 1023 bytes (-M)",
                latencyError("-m", "1024", "-M", "1023"));
        assertEquals("max message size 4194304 is above the memory limit of 1000 bytes (-M)",
                latencyError("-M", "1000"));
        assertEquals("max message size 1073741824 is above the memory limit of 536870912 bytes (-M)",
                latencyError("-m", "1073741824"));
        assertEquals(1L << 40, latency("-M", "1099511627776").memoryLimit());
    }

    @Test
    void unknownOptions() {
        assertEquals("unknown option -q", latencyError("-q"));
        assertEquals("unknown option --bogus", latencyError("--bogus"));
        // -W is a bandwidth option only
        assertEquals("unknown option -W", latencyError("-W", "8"));
        assertEquals("unknown option -W",
                assertThrows(UsageException.class,
                        () -> new OptionParser(PointToPointKind.MULTI_LATENCY).parse("-W", "8"))
                        .getMessage());
        // no silent completion of a prefix
        assertEquals("unknown option --iter", latencyError("--iter", "5"));
    }

    @Test
    void missingValue() {
        assertEquals("-m needs a value ([MIN:]MAX)", latencyError("-m"));
        assertEquals("-i needs a value (N)", latencyError("-c", "-i"));
        assertEquals("-a needs a value (buffer|arrays|objects)", latencyError("--api"));
    }

    @Test
    void strayArgument() {
        assertEquals("unexpected argument 'foo'", latencyError("-c", "foo"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "1:2:3", ":128", ":", "-5", "1.5", "0x10", "12k", " 8", ""})
    void malformedMessageSize(String spec) {
        assertEquals("malformed -m '" + spec + "': expected [MIN:]MAX, e.g. -m 128, -m 2:128 or -m 2:",
                latencyError("-m", spec));
    }

    @Test
    void minimumAboveMaximum() {
        assertEquals("minimum message size 200 is above the maximum 100 (-m 200:100)",
                latencyError("-m", "200:100"));
        assertEquals("minimum message size 8388608 is above the maximum 4194304 (-m 8388608:)",
                latencyError("-m", "8388608:"));
        assertEquals("minimum message size 1 is above the maximum 0 (-m 0)", latencyError("-m", "0"));
    }

    @Test
    void sizeThatDoesNotFitAnArray() throws UsageException {
        assertEquals("message size 2147483640 is too large: a Java array or ByteBuffer message"
                + " holds at most 2147479552 bytes (-m)",
                latencyError("-m", "2147483640", "-M", "4294967296"));
        assertEquals("message size 99999999999999999999999 is too large: a Java array or"
                + " ByteBuffer message holds at most 2147479552 bytes (-m)",
                latencyError("-m", "2:99999999999999999999999"));
        assertEquals(2147479552, latency("-m", "2147479552:2147479552", "-M", "4294967296").sizes().max());
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-3", "1.5", "", "+5", "1e3"})
    void badIterations(String value) {
        assertEquals("-i needs a positive integer, got '" + value + "'", latencyError("-i", value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "2.0", ""})
    void badWarmup(String value) {
        assertEquals("-x needs a non-negative integer, got '" + value + "'",
                latencyError("-x", value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-64"})
    void badWindow(String value) {
        assertEquals("-W needs a positive integer, got '" + value + "'",
                assertThrows(UsageException.class, () -> bandwidth("-W", value)).getMessage());
    }

    @Test
    void countTooLarge() throws UsageException {
        assertEquals("-i 3000000000 is too large (at most 2147483647)",
                latencyError("-i", "3000000000"));
        assertEquals("-x 99999999999999999999 is too large (at most 2147483647)",
                latencyError("-x", "99999999999999999999"));
        assertEquals(Integer.MAX_VALUE, latency("-x", "2147483647").iterations().warmup(1));
        assertEquals("-M 99999999999999999999 is too large (at most 9223372036854775807)",
                latencyError("-M", "99999999999999999999"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "abc", "-1"})
    void badMemoryLimit(String value) {
        assertEquals("-M needs a positive integer, got '" + value + "'", latencyError("-M", value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"foo", "Buffer", "ARRAYS", "array", ""})
    void badApi(String value) {
        assertEquals("-a must be buffer, arrays or objects, got '" + value + "'", latencyError("-a", value));
    }
}
