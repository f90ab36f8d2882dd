package mpi.common.onesided;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import mpi.common.options.OptionParser;
import mpi.common.options.Options;
import mpi.common.options.UsageException;
import mpi.common.stats.Metric;
import mpi.common.stats.Stats;

/** The one-sided harness's metric (the recipes' divisors) and its preamble, without MPI. */
class OneSidedBenchmarkTest {
    private static OneSidedBenchmark bench(OneSidedKind kind) {
        return new OneSidedBenchmark(kind, null) {
            @Override
            protected void operations(int count) {
            }
        };
    }

    @Test
    void latencyIsTheIntervalOverIterationsHalvedWhenBothRanksOperate() {
        Stats t = new Stats(10, 20_000, 0, 0); // 10 iterations in 20 us
        for (Synchronization s : Synchronization.values()) {
            Metric m = OneSidedBenchmark.metric(OneSidedKind.PUT_LATENCY, s);
            assertEquals(s.activeTarget() ? 1.0 : 2.0, m.average(t, 8, 1), 1e-12, s.name());
            assertEquals(s.activeTarget() ? 1.0 : 2.0,
                    OneSidedBenchmark.metric(OneSidedKind.CAS_LATENCY, s).average(t, 4, 1),
                    1e-12, s.name());
        }
    }

    @Test
    void bandwidthCountsTheWindowAndBothWays() {
        // 20 iterations of a window of 64 messages of 1 MB in 1 s: 1280 MB/s
        Stats t = new Stats(20, 1_000_000_000L, 0, 0);
        for (Synchronization s : Synchronization.values()) {
            assertEquals(1280.0, OneSidedBenchmark.metric(OneSidedKind.PUT_BANDWIDTH, s)
                    .average(t, 1_000_000, 64), 1e-9, s.name());
            assertEquals(1280.0, OneSidedBenchmark.metric(OneSidedKind.GET_BANDWIDTH, s)
                    .average(t, 1_000_000, 64), 1e-9, s.name());
        }
        assertEquals(2560.0, OneSidedBenchmark.metric(OneSidedKind.PUT_BI_BANDWIDTH,
                Synchronization.FENCE).average(t, 1_000_000, 64), 1e-9);
    }

    @Test
    void preambleHasTheWindowAndSynchronizationLines() throws UsageException {
        OneSidedBenchmark b = bench(OneSidedKind.PUT_LATENCY);
        Options o = new OptionParser(OneSidedKind.PUT_LATENCY).parse("-w", "dynamic", "-s",
                "lock_all");
        List<String> lines = b.table(o).preamble(b.context(o, "# Binding: X"));
        assertEquals(List.of("", "# OSU MPI-Java MPI_Put Latency Test v7.4 (buffer API)",
                "# Datatype: MPI.BYTE.", "# Window creation: MPI_Win_create_dynamic",
                "# Synchronization: MPI_Win_lock_all/unlock_all", "# Binding: X",
                "# Size          Latency (us)"), lines);
    }

    @Test
    void bandwidthHeaderAndFullColumns() throws UsageException {
        OneSidedBenchmark b = bench(OneSidedKind.PUT_BI_BANDWIDTH);
        Options o = new OptionParser(OneSidedKind.PUT_BI_BANDWIDTH).parse("-a", "arrays", "-f");
        List<String> lines = b.table(o).preamble(b.context(o, "# Binding: X"));
        assertEquals("# OSU MPI-Java MPI_Put Bi-directional Bandwidth Test v7.4 (arrays API)",
                lines.get(1));
        assertEquals("# Synchronization: MPI_Win_post/start/complete/wait", lines.get(4));
        assertEquals("# Size      Bandwidth (MB/s)     Min BW (MB/s)     Max BW (MB/s)"
                + "  Iterations", lines.get(6));
    }

    @Test
    void validatedProgramsPrintTheirTypeAndAValidationColumn() throws UsageException {
        OneSidedBenchmark b = bench(OneSidedKind.ACC_LATENCY);
        Options o = new OptionParser(OneSidedKind.ACC_LATENCY).parse("-T", "float", "-c");
        List<String> lines = b.table(o).preamble(b.context(o, "# Binding: X"));
        assertEquals("# Datatype: MPI.FLOAT.", lines.get(2));
        assertEquals("# Size          Latency (us)        Validation", lines.get(6));
    }
}
