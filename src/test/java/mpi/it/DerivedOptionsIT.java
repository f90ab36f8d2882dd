package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * C OMB's -D, -u and -b under real mpirun (2 ranks, -Xcheck:jni), in both APIs: OSULatency
 * with a vector type and datatype-aware validation, OSUBcast with a contiguous type,
 * OSUBandwidth with a buffer per window slot, the ping-pongs with a buffer pair per size,
 * allreduce (blocking and not) in place with -u's repeats; -P and -I refused with one line.
 */
class DerivedOptionsIT {
    private static final String[] SMALL = {"-c", "-i", "5", "-x", "1"};

    /** Runs a benchmark with validation; returns the rows (the lines after the header). */
    private static List<String> rows(String benchmark, String api, String header,
            String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(SMALL));
        all.addAll(List.of("-a", api));
        all.addAll(List.of(args));
        MpiRun.Result r = MpiRun.run(2, benchmark, all.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> lines = r.stdoutLines();
        int at = lines.indexOf(header);
        assertTrue(at > 0, "no header '" + header + "':\n" + r.all());
        return lines.subList(at + 1, lines.size()).stream().filter(l -> !l.isEmpty()).toList();
    }

    @ParameterizedTest(name = "OSULatency -D vect:8:4 -c -u 2, {0} API")
    @CsvSource({"buffer", "arrays"})
    void latencyWithAVectorValidatesTheCarriedElementsAndTheGaps(String api) throws Exception {
        assertVectorLatencyRows(rows("mpi.pt2pt.OSULatency", api, LATENCY_HEADER, "-m", "8:64",
                "-D", "vect:8:4", "-u", "2"));
    }

    /** The table header of a latency with a transmit size column (-D). */
    private static final String LATENCY_HEADER = String.format("%-10s%18s%18s%18s", "# Size",
            "Avg Latency(us)", "Validation", "Transmit Size");

    /**
     * Asserts the rows of a latency run at -m 8:64 -D vect:8:4: sizes 8 to 64, each validated,
     * with C's transmit size (n / stride blocks of block elements, in bytes of MPI.BYTE).
     */
    private static void assertVectorLatencyRows(List<String> rows) {
        assertEquals(4, rows.size(), String.join("\n", rows));
        int size = 8;
        for (String row : rows) {
            String[] cols = row.trim().split(" +");
            assertEquals(Integer.toString(size), cols[0], row);
            assertEquals("Pass", cols[2], row);
            assertEquals(Long.toString(size / 8 * 4), cols[3], row);
            size *= 2;
        }
    }

    @ParameterizedTest(name = "OSUBcast -D cont -c, {0} API")
    @CsvSource({"buffer", "arrays"})
    void broadcastWithAContiguousType(String api) throws Exception {
        List<String> rows = rows("mpi.collective.OSUBcast", api, LATENCY_HEADER, "-m", "4:256",
                "-D", "cont");
        assertEquals(7, rows.size(), String.join("\n", rows));
        for (String row : rows) {
            String[] cols = row.trim().split(" +");
            assertEquals("Pass", cols[2], row);
            assertEquals(cols[0], cols[3], "contiguous carries the whole message: " + row);
        }
    }

    @ParameterizedTest(name = "OSUBandwidth -b multiple -c -u 1, {0} API")
    @CsvSource({"buffer", "arrays"})
    void bandwidthWithABufferPerWindowSlot(String api) throws Exception {
        String header = String.format("%-10s%18s%18s", "# Size", "Bandwidth (MB/s)",
                "Validation");
        List<String> rows = rows("mpi.pt2pt.OSUBandwidth", api, header, "-m", "1:1024", "-W",
                "4", "-b", "multiple", "-u", "1");
        assertEquals(11, rows.size(), String.join("\n", rows));
        rows.forEach(row -> assertTrue(row.endsWith(" Pass"), row));
    }

    /**
     * The ping-pongs with -b multiple: one buffer pair of each size (they have no window),
     * every row validated, with -u's repeats and without them, in both APIs.
     */
    @ParameterizedTest(name = "{0} -b multiple -c -u {2}, {1} API")
    @CsvSource({"OSULatency, buffer, 2", "OSULatency, arrays, 0",
        "OSUMultiLatency, buffer, 0", "OSUMultiLatency, arrays, 1",
        "OSULatencyPersistent, buffer, 1", "OSULatencyPersistent, arrays, 0"})
    void pingPongWithABufferPairPerSize(String bench, String api, String repeats)
            throws Exception {
        String header = String.format("%-10s%18s%18s", "# Size",
                bench.equals("OSUMultiLatency") ? "Latency (us)" : "Avg Latency(us)",
                "Validation");
        List<String> rows = rows("mpi.pt2pt." + bench, api, header, "-m", "1:1024", "-b",
                "multiple", "-u", repeats);
        assertEquals(11, rows.size(), String.join("\n", rows));
        rows.forEach(row -> assertTrue(row.endsWith(" Pass"), row));
    }

    /**
     * -u on a collective: every call (the warm-up's and the timed ones) is repeated N times
     * untimed, and in place the repeats' sums do not leak into the validated call (the
     * buffer is written again after them).
     */
    @ParameterizedTest(name = "allreduce -l -c -u 3, {0} API")
    @CsvSource({"buffer", "arrays"})
    void collectiveRepeatsEachCallInPlace(String api) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.CountingAllReduce", "-c", "-l",
                "-u", "3", "-m", "4:64", "-i", "5", "-x", "1", "-a", api);
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> counted = r.stderr().lines().filter(l -> l.startsWith("calls at ")).toList();
        assertEquals(List.of("calls at 4: 24", "calls at 8: 24", "calls at 16: 24",
                "calls at 32: 24", "calls at 64: 24"), counted, "(1 + 5) calls, each 1 + 3 times\n"
                + r.all());
        List<String> rows = r.stdoutLines().stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertEquals(5, rows.size(), r.all());
        rows.forEach(row -> assertTrue(row.endsWith(" Pass"), row + "\n" + r.all()));
    }

    @ParameterizedTest(name = "OSUIallReduce -l -c -u 2, {0} API")
    @CsvSource({"buffer", "arrays"})
    void nonBlockingCollectiveRepeatsInPlace(String api) throws Exception {
        List<String> rows = rows("mpi.collective.OSUIallReduce", api, String.format(
                "%-10s%18s%18s%18s%18s%18s", "# Size", "Overall(us)", "Compute(us)",
                "Pure Comm.(us)", "Overlap(%)", "Validation"), "-l", "-u", "2", "-m", "4:64");
        assertEquals(5, rows.size(), String.join("\n", rows));
        rows.forEach(row -> assertTrue(row.endsWith(" Pass"), row));
    }

    /**
     * -D on the v-variants: each rank's block one instance of the type, at its own
     * displacement, validated (cont) on 3 ranks.
     */
    @ParameterizedTest(name = "{0} -D cont -c, {1} API")
    @CsvSource({"mpi.collective.OSUGatherv, buffer, 4", "mpi.collective.OSUIalltoallv, arrays, 7",
        "mpi.neighborhood.OSUNeighborAllgatherv, arrays, 4"})
    void variableCollectivesWithAContiguousType(String benchmark, String api, int columns)
            throws Exception {
        List<String> all = new ArrayList<>(List.of(SMALL));
        all.addAll(List.of("-a", api, "-D", "cont", "-m", "4:256"));
        MpiRun.Result r = MpiRun.run(3, benchmark, all.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> rows = r.stdoutLines().stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#") && !l.startsWith("Time")
                        && !l.startsWith("Dimensions")).toList();
        assertEquals(7, rows.size(), r.all());
        for (String row : rows) {
            String[] cols = row.trim().split(" +");
            assertEquals(columns, cols.length, row);
            assertEquals("Pass", cols[cols.length - 2], row);
            assertEquals(cols[0], cols[cols.length - 1], "cont carries the block whole: " + row);
        }
    }

    @ParameterizedTest(name = "OSULatencyMultiThread -t 2:2 -D vect:8:4 -c -u 2, {0} API")
    @CsvSource({"buffer", "arrays"})
    void threadsWithAVectorAndRepeats(String api) throws Exception {
        assertVectorLatencyRows(rows("mpi.pt2pt.OSULatencyMultiThread", api, LATENCY_HEADER,
                "-t", "2:2", "-m", "8:64", "-D", "vect:8:4", "-u", "2"));
    }

    /** The fan programs take C's -b and -D, validated here, on 3 simulated hosts. */
    @ParameterizedTest(name = "{0} -b multiple -D vect:8:4 -c, {1} API")
    @CsvSource({"OSUBandwidthFanIn, buffer", "OSUBandwidthFanOut, arrays"})
    void fanWithBuffersPerSlotAndAVector(String bench, String api) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(3, List.of("-x", "OMB_J_HOSTS=p,q,r"),
                "mpi.pt2pt." + bench, "-c", "-i", "5", "-x", "1", "-a", api, "-W", "4",
                "-m", "8:256", "-b", "multiple", "-D", "vect:8:4");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<String> rows = r.stdoutLines().stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertEquals(6, rows.size(), r.all());
        int size = 8;
        for (String row : rows) {
            String[] cols = row.trim().split(" +");
            assertEquals(List.of(Integer.toString(size), "Pass", Long.toString(size / 8 * 4)),
                    List.of(cols[0], cols[2], cols[3]), row);
            size *= 2;
        }
    }

    @Test
    void papiAndSessionsAreRefusedWithOneLine() throws Exception {
        MpiRun.Result papi = MpiRun.run(2, "mpi.pt2pt.OSULatency", "-P", "PAPI_TOT_INS");
        assertEquals(1, papi.exitCode(), papi.all());
        assertEquals(List.of("OSULatency: -P: PAPI counters cannot be read from a JVM (no PAPI"
                + " binding for Java); count events with perf stat around the ranks instead; run with"
                + " -h for usage"),
                papi.stderr().lines().filter(l -> l.startsWith("OSULatency")).toList(),
                papi.all());
        MpiRun.Result sessions = MpiRun.run(2, "mpi.pt2pt.OSULatency", "-I");
        assertEquals(1, sessions.exitCode(), sessions.all());
        List<String> lines = sessions.stderr().lines().filter(l -> l.startsWith("OSULatency"))
                .toList();
        assertEquals(1, lines.size(), sessions.all());
        // Open MPI 4.1 implements MPI 3.1: the line names the version read from the library.
        assertTrue(lines.get(0).startsWith("OSULatency: -I needs MPI sessions, which came with"
                + " MPI 4.0; this MPI library implements MPI 3."), sessions.all());
    }
}
