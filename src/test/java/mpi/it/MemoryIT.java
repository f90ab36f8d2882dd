package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Peak resident memory per rank of a full bandwidth run up to 4 MiB: at most 160 MiB in
 * either API. The Java OMB of OMB 7.4 allocated a window of 64 send and 64 receive buffers of
 * the largest size (512 MiB at 4 MiB); C OMB allocates two. Here the buffers are two too, the
 * arrays API's staging is shared by the window, and the JIT warm-up's garbage stays small.
 */
class MemoryIT {
    private static final long LIMIT_KIB = 160 * 1024;

    @ParameterizedTest
    @ValueSource(strings = {"buffer", "arrays"})
    void bandwidthUpTo4MiBStaysUnder160MiBPerRank(String api) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, PeakMemory.class.getName(),
                "mpi.pt2pt.OSUBandwidth", "-a", api, "-m", "4194304");
        assertEquals(0, r.exitCode(), r.all());
        List<Long> peaks = r.stderr().lines()
                .filter(l -> l.startsWith(PeakMemory.PREFIX))
                .map(l -> Long.parseLong(l.substring(PeakMemory.PREFIX.length()).trim()))
                .collect(Collectors.toList());
        assertEquals(2, peaks.size(), r.all());
        for (long kib : peaks) {
            assertTrue(kib > 0 && kib <= LIMIT_KIB,
                    "peak resident memory " + kib / 1024 + " MiB per rank, limit 160 MiB\n" + r.all());
        }
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
