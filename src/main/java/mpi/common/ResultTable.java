package mpi.common;

import java.util.List;
import java.util.Locale;

/**
 * The lines rank 0 prints, in C OMB's format: a blank line, the title, the datatype and the
 * column header, then a row per message size. The size takes 10 characters, left-aligned;
 * each value 18, right-aligned with 2 decimals; the iteration count ({@code -f}) 12; the
 * validation verdict ({@code -c}) 18. Numbers use {@link Locale#ROOT}, so a German locale
 * does not print {@code 1,50} where parsers expect {@code 1.50}.
 */
public final class ResultTable {
    private final String title;
    private final String datatype;
    private final Metric metric;
    private final boolean full;
    private final boolean validate;

    /**
     * @param title    the test's name, e.g. {@code Latency Test}
     * @param api      the kind of buffer used, named in the title
     * @param datatype the MPI datatype's name, e.g. {@code MPI.BYTE}
     * @param metric   the value reported, which names the columns
     * @param full     whether to add min, max and iteration count columns ({@code -f})
     * @param validate whether to add the Validation column ({@code -c})
     */
    public ResultTable(String title, Api api, String datatype, Metric metric, boolean full,
            boolean validate) {
        this.title = "# OSU MPI-Java " + title + " v" + Version.OMB + " (" + api.label() + " API)";
        this.datatype = datatype;
        this.metric = metric;
        this.full = full;
        this.validate = validate;
    }

    /** @return the lines before the first row: blank, title, datatype, column header */
    public List<String> preamble() {
        return List.of("", title, "# Datatype: " + datatype + ".", header());
    }

    /** @return the column header line */
    public String header() {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-10s%18s", "# Size",
                metric.header()));
        if (full) {
            line.append(String.format(Locale.ROOT, "%18s%18s%12s", metric.minHeader(),
                    metric.maxHeader(), "Iterations"));
        }
        if (validate) {
            line.append(String.format(Locale.ROOT, "%18s", "Validation"));
        }
        return line.toString();
    }

    /**
     * @param size       the message size in bytes
     * @param value      the main value
     * @param min        the smallest single-iteration value (printed with {@code -f} only)
     * @param max        the largest single-iteration value (printed with {@code -f} only)
     * @param iterations the timed iterations (printed with {@code -f} only)
     * @param passed     whether every byte arrived intact (printed with {@code -c} only)
     * @return the row of this size
     */
    public String row(int size, double value, double min, double max, int iterations,
            boolean passed) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-10d%18.2f", size,
                value));
        if (full) {
            line.append(String.format(Locale.ROOT, "%18.2f%18.2f%12d", min, max, iterations));
        }
        if (validate) {
            line.append(String.format(Locale.ROOT, "%18s", passed ? "Pass" : "Fail"));
        }
        return line.toString();
    }
}
