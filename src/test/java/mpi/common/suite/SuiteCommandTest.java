package mpi.common.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import mpi.common.options.UsageException;

class SuiteCommandTest {
    private static String error(String line) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        return assertThrows(UsageException.class, () -> SuiteCommand.parse(args)).getMessage();
    }

    @Test
    void entriesAreSeparatedByTwoDashes() throws UsageException {
        assertEquals(List.of(new Entry(1, "OSULatency", List.of("-m", "8:64")),
                new Entry(2, "OSUBandwidth", List.of("-a", "arrays", "-c")),
                new Entry(3, "collective", List.of("-i", "10")),
                new Entry(4, "mpi.pt2pt.OSUBiBandwidth", List.of())),
                SuiteCommand.parse("OSULatency", "-m", "8:64", "--", "OSUBandwidth", "-a",
                        "arrays", "-c", "--", "collective", "-i", "10", "--",
                        "mpi.pt2pt.OSUBiBandwidth"));
    }

    @Test
    void oneEntryNeedsNoSeparator() throws UsageException {
        assertEquals(List.of(new Entry(1, "pt2pt", List.of())), SuiteCommand.parse("pt2pt"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "|no benchmark named",
        "-- OSULatency|entry 1 is empty (nothing before or after '--')",
        "OSULatency --|entry 2 is empty (nothing before or after '--')",
        "OSULatency -- -- OSUBandwidth|entry 2 is empty (nothing before or after '--')",
        "-m 8 OSULatency|entry 1 starts with -m, not with a benchmark or group",
        "OSULatency -- -c OSUBandwidth|entry 2 starts with -c, not with a benchmark or group",
    })
    void mistakesAreOneLine(String line, String message) {
        assertEquals(message, error(line == null ? "" : line));
    }

    @Test
    void helpIsDashHAlone() {
        assertTrue(SuiteCommand.help("-h"));
        assertTrue(SuiteCommand.help("--help"));
        assertFalse(SuiteCommand.help("OSULatency", "-h"));
        assertFalse(SuiteCommand.help());
    }
}
