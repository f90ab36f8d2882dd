package mpi.common.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class AsciiPlotTest {
    private static final TerminalSize DEFAULT = new TerminalSize(40, 120);

    private static String[] lines(String plot) {
        assertTrue(plot.endsWith("\n"));
        return plot.substring(0, plot.length() - 1).split("\n", -1);
    }

    /** The marks inside the frame, between its left and right borders. */
    private static int marks(String[] lines) {
        int left = lines[2].indexOf('+');
        int right = lines[2].lastIndexOf('+');
        int n = 0;
        for (int r = 3; r < lines.length - 3; r++) {
            for (int c = left + 1; c < right; c++) {
                n += lines[r].charAt(c) == AsciiPlot.MARK ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void exactlyRowsLinesOfColsCharacters() {
        double[] values = {3, 1, 4, 1, 5, 9, 2, 6};
        for (TerminalSize size : new TerminalSize[] {DEFAULT, new TerminalSize(10, 40),
                new TerminalSize(25, 80)}) {
            String[] lines = lines(AsciiPlot.render("Size: 8, Avg:3.88", "Lat(us)",
                    "Iteration Count", values, size));
            assertEquals(size.rows(), lines.length);
            for (String line : lines) {
                assertEquals(size.cols(), line.length(), "'" + line + "'");
            }
        }
    }

    @Test
    void aMarkPerIterationWhereTheyFitTitleAndAxes() {
        double[] values = {3, 1, 4, 1, 5, 9, 2, 6};
        String[] lines = lines(AsciiPlot.render("Size: 8, Avg:3.88", "Lat(us)",
                "Iteration Count", values, DEFAULT));
        assertEquals(values.length, marks(lines));
        assertEquals("Size: 8, Avg:3.88", lines[0].trim());
        assertEquals("Lat(us)", lines[1].trim());
        assertEquals("Iteration Count", lines[39].trim());
        assertTrue(lines[38].trim().startsWith("1 ") && lines[38].trim().endsWith(" 8"),
                lines[38]);
        // the largest value on the top row of the plot, the smallest ones on its bottom row
        int left = lines[2].indexOf('+');
        assertEquals(1, lines[3].substring(left).chars().filter(c -> c == AsciiPlot.MARK).count());
        assertTrue(lines[3].startsWith("9 ") || lines[3].trim().startsWith("9"), lines[3]);
        assertEquals(2, lines[36].substring(left).chars().filter(c -> c == AsciiPlot.MARK)
                .count());
    }

    @Test
    void manyIterationsShareColumnsAndAFlatLineIsDrawn() {
        double[] many = new double[10000];
        java.util.Arrays.fill(many, 2.5);
        String[] lines = lines(AsciiPlot.render("t", "BW(MB/s)", "Iteration Count", many,
                DEFAULT));
        int frame = lines[2].lastIndexOf('+') - lines[2].indexOf('+') - 1;
        assertEquals(frame, marks(lines), "one row of marks across the plot");
        assertTrue(lines[lines.length - 2].trim().endsWith("10000"));
    }

    @Test
    void sizeFromTheEnvironmentAsC() {
        assertEquals(new TerminalSize(40, 120), TerminalSize.of(Map.of()));
        assertEquals(new TerminalSize(20, 100), TerminalSize.of(Map.of("OMB_ROW_SIZE", "20",
                "OMB_COL_SIZE", "100", "SLURM_PTY_WIN_ROW", "50")));
        assertEquals(new TerminalSize(50, 90), TerminalSize.of(Map.of("SLURM_PTY_WIN_ROW",
                "50", "SLURM_PTY_WIN_COL", "90")));
        assertEquals(new TerminalSize(TerminalSize.MIN_ROWS, 120),
                TerminalSize.of(Map.of("OMB_ROW_SIZE", "3", "OMB_COL_SIZE", "wide")));
        assertThrows(IllegalArgumentException.class, () -> AsciiPlot.render("t", "y", "x",
                new double[0], DEFAULT));
    }
}
