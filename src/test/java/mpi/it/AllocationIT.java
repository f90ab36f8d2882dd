package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A compiled blocking send and receive allocate nothing ({@link AllocationProbe}: osu_latency's
 * loop on 2 ranks, one API per JVM, under real mpirun with {@code -Xcheck:jni}). What it
 * guards: {@code Comm.recv} returns a new status, which the JIT removes only where it inlines
 * {@code recv} into the caller's loop, and it does so only while {@code recv}'s compiled code
 * stays under {@code InlineSmallCode}; the FFM backend's receive on a {@code byte[]} once
 * grew past it and allocated 32 bytes a round trip on both ranks.
 */
class AllocationIT {
    private static final Pattern FIGURE = Pattern.compile(
            "allocated per pair: (\\w+) (\\d) (\\d+\\.\\d+)");
    /** Less than any object: a status is 24 bytes or more. */
    private static final double MAX_BYTES_PER_PAIR = 1.0;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"buffer", "arrays"})
    void aCompiledRoundTripAllocatesNothing(String api) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.AllocationProbe", api);
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        List<Integer> ranks = new ArrayList<>();
        for (String line : r.stdoutLines()) {
            Matcher m = FIGURE.matcher(line);
            if (m.matches()) {
                assertEquals(api, m.group(1), r.all());
                ranks.add(Integer.parseInt(m.group(2)));
                assertTrue(Double.parseDouble(m.group(3)) < MAX_BYTES_PER_PAIR,
                        "rank " + m.group(2) + " allocated " + m.group(3)
                                + " bytes per send + recv once compiled\n" + r.all());
            }
        }
        assertEquals(2, ranks.size(), "one figure per rank expected\n" + r.all());
    }

    /**
     * osu_latency's own timed loop allocates nothing once compiled: a run of 400,000
     * iterations at 8 B collects no more often than a run of a thousand (a small young
     * generation, {@code -Xlog:gc}; the slack is for what the JIT's later compilations allocate).
     * The FFM backend's receive once allocated a scope per call there, from
     * {@code MemorySegment.ofBuffer} on a buffer of {@code ByteBuffer.allocateDirect}: 10 more
     * collections at 400,000 iterations (22 and 32, both ranks counted).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"buffer", "arrays"})
    void osuLatencysTimedLoopAllocatesNothing(String api) throws Exception {
        long few = youngCollections(api, 1_000);
        long many = youngCollections(api, 400_000);
        assertTrue(many <= few + MAX_EXTRA_COLLECTIONS, "young collections: " + few
                + " in a run of 1,000 iterations, " + many + " in one of 400,000");
    }

    private static final int MAX_EXTRA_COLLECTIONS = 3;

    private static long youngCollections(String api, int iterations) throws Exception {
        MpiRun.Result r = MpiRun.run(2, List.of("-Xmn4m", "-Xlog:gc"), MpiRun.jar().toString(),
                "mpi.pt2pt.OSULatency", "-a", api, "-m", "8:8", "-i", String.valueOf(iterations));
        assertEquals(0, r.exitCode(), r.all());
        return r.stdoutLines().stream().filter(l -> l.contains("Pause Young")).count();
    }
}
