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
}
