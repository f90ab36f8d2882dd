package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The tables the benchmarks print, as recorded from real runs on this project's test machine. */
class OmbOutputTest {
    @ParameterizedTest
    @CsvSource({
        "osu_latency.out, 8, 0.24",
        "OSULatency-buffer.out, 8, 0.50",
        "OSUBandwidth-arrays.out, 65536, 1730.80",
        "osu_bcast.out, 1048576, 113.43",
        "OSUMultiLatency.out, 8, 0.42",
        "osu_bw-range.out, 2, 14.70",
        "osu_bw-range.out, 4, 20.72",
    })
    void findsTheValueOfTheSize(String fixture, int size, String value) {
        assertEquals(Optional.of(value), OmbOutput.valueAt(Fixtures.text(fixture), size));
    }

    @ParameterizedTest
    @CsvSource({"osu_latency.out, 16", "osu_bw-range.out, 8", "ompi-OSUBandwidth-arrays.out, 8",
        "ompi-OSUBandwidth-arrays.err, 8"})
    void noRowForTheSizeIsEmpty(String fixture, int size) {
        assertEquals(Optional.empty(), OmbOutput.valueAt(Fixtures.text(fixture), size));
    }

    @org.junit.jupiter.api.Test
    void commentsMessagesAndTheLastRowCount() {
        String out = "# 8 1.00\n8 abc\nOSULatency: error: 8 x\n  8     2.50\n8 3.25 100\n";
        assertEquals(Optional.of("3.25"), OmbOutput.valueAt(out, 8));
    }

    @org.junit.jupiter.api.Test
    void aValueInAnotherColumnSuchAsMessagesPerSecond() {
        String out = "# [ pairs: 1 ] [ window size: 64 ]\n# Size                  MB/s        Messages/s\n"
                + "8                       2.82         352998.81\n16 8.65\n";
        assertEquals(Optional.of("352998.81"), OmbOutput.valueAt(out, 8, 2));
        assertEquals(Optional.of("2.82"), OmbOutput.valueAt(out, 8, 1));
        assertEquals(Optional.empty(), OmbOutput.valueAt(out, 16, 2), "a row without that column");
    }
}
