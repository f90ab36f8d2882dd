package mpi.common.graph;

import java.util.Arrays;
import java.util.Locale;

/**
 * A size's values against the iteration as text, for {@code -G tty}: what C OMB 7.4 has
 * gnuplot's {@code dumb} terminal draw ({@code set style data dots}), a {@value #MARK} per
 * iteration in a frame with the title on top, value ticks on the left and iteration ticks
 * below. No well-kept Java library draws such plots, hence this small class.
 *
 * <p>The text is exactly {@code rows} lines of exactly {@code cols} characters: the title,
 * the value axis's label, the frame (top border, the plot, bottom border), the iteration
 * ticks' labels and the iteration axis's label.
 */
public final class AsciiPlot {
    /** The mark of one iteration, gnuplot's dumb terminal's dot. */
    public static final char MARK = '.';
    /** Lines above the frame (title, value label) and below it (tick labels, axis label). */
    private static final int LINES_ABOVE = 2;
    private static final int LINES_BELOW = 2;
    /** Value and iteration ticks drawn besides the ends. */
    private static final int INNER_TICKS = 3;

    private AsciiPlot() {
    }

    /**
     * @param title  the title, e.g. {@code Size: 8, Avg:1.23}
     * @param yLabel the value axis's label, e.g. {@code Lat(us)}
     * @param xLabel the iteration axis's label
     * @param values the values, one per iteration; at least one
     * @param size   the plot's size, at least {@link TerminalSize#MIN_ROWS} x
     *               {@link TerminalSize#MIN_COLS}
     * @return the plot: {@code size.rows()} lines of {@code size.cols()} characters, each
     *         ended by a newline
     */
    public static String render(String title, String yLabel, String xLabel, double[] values,
            TerminalSize size) {
        int rows = size.rows();
        int cols = size.cols();
        if (values.length == 0 || rows < TerminalSize.MIN_ROWS || cols < TerminalSize.MIN_COLS) {
            throw new IllegalArgumentException("a plot needs values and at least "
                    + TerminalSize.MIN_ROWS + "x" + TerminalSize.MIN_COLS);
        }
        char[][] grid = new char[rows][cols];
        for (char[] line : grid) {
            Arrays.fill(line, ' ');
        }
        double min = Arrays.stream(values).min().getAsDouble();
        double max = Arrays.stream(values).max().getAsDouble();
        if (max == min) { // a flat line in the middle
            double pad = min == 0 ? 1 : Math.abs(min) * 0.05;
            min -= pad;
            max += pad;
        }
        int top = LINES_ABOVE;
        int bottom = rows - LINES_BELOW - 1;
        int height = bottom - top - 1;
        String[] yTicks = new String[height];
        int[] yTickRows = ticks(height);
        int labelWidth = 0;
        for (int r : yTickRows) {
            yTicks[r] = format(max - (max - min) * r / Math.max(1, height - 1));
            labelWidth = Math.max(labelWidth, yTicks[r].length());
        }
        labelWidth = Math.min(labelWidth, cols / 3);
        int left = labelWidth + 1;
        int right = cols - 1;
        int width = right - left - 1;
        put(grid[0], Math.max(0, (cols - title.length()) / 2), title);
        put(grid[1], 0, yLabel);
        for (int c = left; c <= right; c++) {
            grid[top][c] = '-';
            grid[bottom][c] = '-';
        }
        for (int r = top; r <= bottom; r++) {
            grid[r][left] = r == top || r == bottom ? '+' : '|';
            grid[r][right] = r == top || r == bottom ? '+' : '|';
        }
        for (int r : yTickRows) {
            String label = yTicks[r];
            if (label.length() > labelWidth) {
                label = label.substring(0, labelWidth);
            }
            put(grid[top + 1 + r], labelWidth - label.length(), label);
            grid[top + 1 + r][left] = '+';
        }
        int n = values.length;
        for (int c : ticks(width)) {
            grid[bottom][left + 1 + c] = '+';
            long iteration = 1 + Math.round((double) c * (n - 1) / Math.max(1, width - 1));
            String label = Long.toString(iteration);
            int at = Math.min(cols - label.length(), Math.max(0, left + 1 + c - label.length() / 2));
            put(grid[bottom + 1], at, label);
        }
        put(grid[rows - 1], Math.max(0, (cols - xLabel.length()) / 2), xLabel);
        for (int i = 0; i < n; i++) {
            int c = n == 1 ? 0 : (int) Math.round((double) i * (width - 1) / (n - 1));
            int r = (int) Math.round((max - values[i]) / (max - min) * (height - 1));
            grid[top + 1 + r][left + 1 + c] = MARK;
        }
        StringBuilder text = new StringBuilder(rows * (cols + 1));
        for (char[] line : grid) {
            text.append(line).append('\n');
        }
        return text.toString();
    }

    /** The positions 0 .. n-1 of the ticks: both ends and a few evenly between. */
    private static int[] ticks(int n) {
        return java.util.stream.IntStream.rangeClosed(0, INNER_TICKS + 1)
                .map(k -> (int) Math.round((double) k * (n - 1) / (INNER_TICKS + 1)))
                .distinct().toArray();
    }

    private static String format(double v) {
        return String.format(Locale.ROOT, "%.4g", v).replaceFirst("(\\.\\d*?)0+(e|$)", "$1$2")
                .replaceFirst("\\.(e|$)", "$1");
    }

    /** Writes {@code s} into {@code line} from {@code at}, cut at the line's end. */
    private static void put(char[] line, int at, String s) {
        for (int i = 0; i < s.length() && at + i < line.length; i++) {
            if (at + i >= 0) {
                line[at + i] = s.charAt(i);
            }
        }
    }
}
