package mpi.common.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import mpi.pt2pt.OSUBandwidth;
import mpi.pt2pt.OSUBandwidthFanIn;
import mpi.pt2pt.OSULatency;

class SummaryTest {
    private static final Entry LATENCY = new Entry(1, "OSULatency", List.of("-c"));
    private static final Entry GROUP = new Entry(2, "pt2pt", List.of("-i", "5"));

    @Test
    void linesSayWhatRanWithWhichOptionsAndWhy() {
        List<Result> results = List.of(
                new Result(new Run(LATENCY, new OSULatency(), List.of("-c")), Status.PASSED, null),
                new Result(new Run(GROUP, new OSUBandwidth(), List.of("-i", "5")), Status.FAILED,
                        "validation failed (a size's data was corrupted: Fail)"),
                new Result(new Run(GROUP, new OSUBandwidthFanIn(), List.of("-i", "5")),
                        Status.SKIPPED, "OSUBandwidthFanIn: needs 2 or more hosts; run with -h"
                                + " for usage"),
                new Result(new Run(new Entry(3, "OSUBandwidth", List.of()), new OSUBandwidth(),
                        List.of()), Status.REFUSED, "OSUBandwidth: the binding lacks it"),
                new Result(new Run(new Entry(4, "OSULatency", List.of()), new OSULatency(),
                        List.of()), Status.RAN, null));
        assertEquals(List.of("",
                "# OSU MPI-Java Suite Summary v7.4 (5 benchmarks on 2 processes)",
                "# MPI started once: MPI.Init",
                "# passed   OSULatency -c",
                "# FAILED   OSUBandwidth -i 5 (pt2pt): validation failed (a size's data was"
                        + " corrupted: Fail)",
                "# skipped  OSUBandwidthFanIn -i 5 (pt2pt): needs 2 or more hosts",
                "# REFUSED  OSUBandwidth: the binding lacks it",
                "# ran      OSULatency",
                "# Total: 1 passed, 1 ran, 1 FAILED, 1 REFUSED, 1 skipped"),
                Summary.lines(results, 2, "MPI.Init"));
        assertEquals(1, Summary.exitCode(results));
    }

    @Test
    void aBenchmarkAdaptedToItsGroupSaysWhichSettingAndWhy() {
        List<Result> results = List.of(
                new Result(new Run(GROUP, new OSULatency(), List.of("-c", "-t", "1:1"),
                        "-t 1:1 (-c needs as many sender as receiver threads)"), Status.PASSED,
                        null),
                new Result(new Run(GROUP, new OSUBandwidth(), List.of("-M", "9", "-m", "9"),
                        "-m 9 (no size above the memory limit -M)"), Status.SKIPPED,
                        "OSUBandwidth: needs exactly 2 processes, got 3; run with -h for usage"));
        List<String> lines = Summary.lines(results, 3, "MPI.Init");
        assertEquals(List.of(
                "# passed   OSULatency -c -t 1:1 (pt2pt): adapted -t 1:1 (-c needs as many sender"
                        + " as receiver threads)",
                "# skipped  OSUBandwidth -M 9 -m 9 (pt2pt): adapted -m 9 (no size above the memory"
                        + " limit -M); needs exactly 2 processes, got 3",
                "# Total: 1 passed, 0 ran, 0 FAILED, 0 REFUSED, 1 skipped (2 adapted to the"
                        + " group's options)"), lines.subList(3, lines.size()));
        assertEquals(0, Summary.exitCode(results));
    }

    @Test
    void skippedAndRanAreNoFailure() {
        List<Result> results = List.of(
                new Result(new Run(GROUP, new OSULatency(), List.of()), Status.SKIPPED, "x"),
                new Result(new Run(LATENCY, new OSULatency(), List.of()), Status.RAN, null));
        assertEquals(0, Summary.exitCode(results));
        assertEquals("# OSU MPI-Java Suite Summary v7.4 (2 benchmarks on 1 process)",
                Summary.lines(results, 1, "MPI.Init").get(1));
    }
}
