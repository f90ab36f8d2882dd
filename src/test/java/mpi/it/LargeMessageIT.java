package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The largest messages (issue 11, item 5). 1 GiB messages in both APIs for latency,
 * bandwidth and broadcast on 2 ranks, validated, with few iterations; and, for each kind of
 * benchmark, a size that no Java buffer can hold: one line, exit 1 on every rank, before any
 * buffer is allocated.
 *
 * <p>Memory: a 1 GiB run holds two 1 GiB buffers per rank (one for the broadcast), plus
 * two 1 GiB staging buffers for the bandwidth's window of non-blocking calls on arrays; the
 * JVM options give each rank room for that whatever the machine's default heap is, so the
 * machine needs about 10 GB (one run at a time). A rank that mpirun binds to one core sees one CPU and gets the Serial
 * collector, whose old generation, where 1 GiB arrays go, is 2/3 of -Xmx: two such arrays
 * need -Xmx4g (with -Xmx3g the second fails).
 */
class LargeMessageIT {
    private static final String ONE_GIB = "1073741824";
    private static final List<String> ROOM = List.of("-Xmx4g",
            "-XX:MaxDirectMemorySize=3g");

    /**
     * Each run moves 1 GiB messages; -f's Iterations column shows the count asked for.
     * Validation costs a few nanoseconds per element, so most runs use 8-byte elements
     * (2^27 per message); the byte run passes the largest count, 2^30 elements, once.
     */
    @ParameterizedTest(name = "{0} -a {1} -T {2} {3}")
    @CsvSource({
        "mpi.pt2pt.OSULatency,    buffer, byte,   -i 1 -x 0",
        "mpi.pt2pt.OSUBandwidth,  buffer, double, -i 2 -x 1 -W 2",
        "mpi.collective.OSUBcast, buffer, long,   -i 2 -x 1"
    })
    void oneGibibyteMessages(String main, String api, String type, String counts)
            throws Exception {
        MpiRun.Result r = MpiRun.run(2, ROOM, MpiRun.jar().toString(), main,
                oneGibibyte(api, type, counts));
        assertOneValidatedRow(main, api, type, counts, r);
    }

    /**
     * The arrays API at 1 GiB: the same runs on Java arrays, without {@code -Xcheck:jni}
     * (see {@link MpiRun#runWithoutJniChecks}). The bandwidth's window of two non-blocking
     * sends stages each 1 GiB message in a direct buffer: the staging pool is raised to keep
     * them, as the user guide (section 24) tells users to do at these sizes.
     */
    @ParameterizedTest(name = "{0} -a arrays -T {1} {2}")
    @CsvSource({
        "mpi.pt2pt.OSULatency,    byte,   -i 1 -x 0",
        "mpi.pt2pt.OSUBandwidth,  double, -i 2 -x 1 -W 2",
        "mpi.collective.OSUBcast, long,   -i 2 -x 1"
    })
    void oneGibibyteArrays(String main, String type, String counts) throws Exception {
        List<String> jvm = new ArrayList<>(ROOM);
        jvm.add("-Dombj.stagingPoolBytes=" + (3L << 30));
        MpiRun.Result r = MpiRun.runWithoutJniChecks(2, jvm, main,
                oneGibibyte("arrays", type, counts));
        assertOneValidatedRow(main, "arrays", type, counts, r);
    }

    private static String[] oneGibibyte(String api, String type, String counts) {
        List<String> args = new ArrayList<>(List.of("-m", ONE_GIB + ":" + ONE_GIB,
                "-M", ONE_GIB, "-c", "-f", "-a", api, "-T", type));
        args.addAll(Arrays.asList(counts.trim().split(" +")));
        return args.toArray(new String[0]);
    }

    private static void assertOneValidatedRow(String main, String api, String type,
            String counts, MpiRun.Result r) {
        assertEquals(0, r.exitCode(), r.all());
        List<String> rows = r.stdoutLines().stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertEquals(1, rows.size(), "one row, for 1 GiB\n" + r.all());
        String[] cells = rows.get(0).trim().split("\\s+");
        assertEquals(ONE_GIB, cells[0], r.all());
        assertTrue(Double.parseDouble(cells[1]) > 0, "a measured value\n" + r.all());
        String iterations = counts.trim().split(" +")[1];
        assertEquals(iterations, cells[cells.length - 2], "the iterations asked for (-f)\n"
                + r.all());
        assertEquals("Pass", cells[cells.length - 1], "validated (-c)\n" + r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        System.out.println(main + " -a " + api + " -T " + type + ": " + rows.get(0).trim());
    }

    @ParameterizedTest(name = "{0} {2}")
    @CsvSource(delimiter = '|', value = {
        // over a direct ByteBuffer's limit (page-aligned), under a Java array's
        "mpi.pt2pt.OSULatency               | 2 | -m 2147483000 -M 4294967296 | message size 2147483000 is too large",
        // 2 x 1 GiB to receive at the root: more than a Java buffer, whatever -M allows
        "mpi.collective.OSUGather           | 2 | -m 1073741824:1073741824 -M 8589934592 | would need a buffer larger than the 2147479552 bytes",
        // a window of 4 x 1 GiB
        "mpi.onesided.OSUPutBandwidth       | 2 | -m 1073741824:1073741824 -W 4 | a window of 4294967296 bytes",
        // over an int, with -T
        "mpi.pt2pt.OSULatencyMultiThread    | 2 | -m 4294967296 -T long | message size 4294967296 is too large",
        "mpi.transport.OSUNioBandwidth      | 2 | -m 1:2147483648 | message size 2147483648 is too large",
    })
    void sizesNoJavaBufferHoldsAreOneLine(String main, int np, String args, String named)
            throws Exception {
        MpiRun.Result r = MpiRun.run(np, main, args.trim().split(" +"));
        assertEquals(1, r.exitCode(), r.all());
        String program = main.substring(main.lastIndexOf('.') + 1);
        List<String> ours = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith(program + ": ")).collect(Collectors.toList());
        assertEquals(1, ours.size(), "exactly one line, from rank 0\n" + r.all());
        assertTrue(ours.get(0).contains(named), ours.get(0));
        assertTrue(ours.get(0).endsWith("; run with -h for usage"), ours.get(0));
        assertFalse(r.all().contains("Exception") || r.all().contains("\tat "), r.all());
        assertEquals("", r.stdout().trim(), "nothing measured\n" + r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
