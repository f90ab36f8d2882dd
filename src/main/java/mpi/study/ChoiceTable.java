package mpi.study;

import java.util.ArrayList;
import java.util.List;

/**
 * The choices of a sweep as the text table {@link Tune} prints: one line per process count
 * and size, with the default, the fastest, the choice and the verdict between the fastest and
 * the default, columns padded to their widest cell.
 */
public final class ChoiceTable {
    private static final List<String> HEADER = List.of("Processes", "Size", "Default",
            "Fastest", "Chosen", "Verdict");

    private ChoiceTable() {
    }

    /**
     * @param choices the choices, in the order to print
     * @return the table's lines: the header (a {@code #} comment) then a line per choice
     */
    public static List<String> lines(List<AlgorithmChoice.Choice> choices) {
        List<List<String>> cells = new ArrayList<>();
        cells.add(HEADER);
        for (AlgorithmChoice.Choice c : choices) {
            cells.add(List.of(Integer.toString(c.processes()), Long.toString(c.bytes()),
                    c.byDefault(), c.fastest(), c.algorithm(), c.verdict().label()));
        }
        int[] widths = new int[HEADER.size()];
        for (List<String> row : cells) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        widths[0] += 2; // room for the header's "# "
        List<String> lines = new ArrayList<>();
        for (int r = 0; r < cells.size(); r++) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                String cell = (r == 0 && i == 0 ? "# " : "") + cells.get(r).get(i);
                // Numbers right-aligned as in the benchmarks' tables, names left-aligned.
                String format = i < 2 ? "%" + widths[i] + "s" : "%-" + widths[i] + "s";
                line.append(i == 0 ? "" : "  ").append(String.format(format, cell));
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
