package mpi.common.output;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mpi.common.options.Api;
import mpi.common.stats.Metric;
import mpi.common.stats.OrderRanks;
import mpi.common.stats.Percentiles;
import mpi.common.stats.RowStatistics;
import mpi.common.stats.TukeyFences;

/**
 * The lines rank 0 prints, in C OMB's format: a blank line, the title, the datatype and the
 * column header, then a row per message size. The size takes 10 characters, left-aligned;
 * each value 18, right-aligned with 2 decimals; the iteration count ({@code -f}) 12; the
 * validation verdict ({@code -c}) 18; then the tail percentiles ({@code -z}), 18 each (or
 * one more than a longer header); C OMB's Transmit Size ({@code -D}) 18; last, OMB-J's row
 * precision ({@code --stats}): Median, CI Low, CI High 18 each and N 12, after all that C OMB
 * prints so that a script reading C OMB's columns by position reads the same ones. A table
 * without a size column (osu_barrier's) starts with
 * {@code # } and the first header, and its first value is as wide as those. Numbers use
 * {@link Locale#ROOT}, so a German locale does not print {@code 1,50} where parsers expect
 * {@code 1.50}.
 */
public final class ResultTable {
    private static final int SIZE_WIDTH = 10;
    private static final int VALUE_WIDTH = 18;
    private static final int ITERATIONS_WIDTH = 12;

    /** The headers of {@code --stats}'s columns, in order. */
    public static final List<String> STATISTICS_HEADERS = List.of("Median", "CI Low", "CI High",
            "N");
    /** The header of {@code --outliers}'s column. */
    public static final String OUTLIERS = "Outliers";
    /** The header of {@code --precision}'s column. */
    public static final String PRECISE = "Precise";
    /** The header of {@code --timing global}'s column of the window. */
    public static final String WINDOW = "Window(us)";
    /** The header of {@code --timing global}'s column of the late calls. */
    public static final String INVALID = "Invalid";

    /**
     * The results of one size, as rank 0 prints them.
     *
     * @param size       the message size in bytes
     * @param values     a value per value column, in order
     * @param iterations the timed iterations (printed with the iterations column only)
     * @param passed     whether validation passed (printed with {@code -c} only)
     * @param tails      a value per tail percentile column, in order
     * @param statistics the precision of the row, from its per-iteration values (printed with
     *                   {@code --stats} only); null where the row has none (a shuffle's), or
     *                   where nothing asked for it (neither {@code --stats} nor {@code -o})
     * @param windows    {@code --timing global}'s window and late calls; else null
     */
    public record Row(int size, double[] values, int iterations, boolean passed, double[] tails,
            RowStatistics statistics, Windows windows) {
        /** A row without statistics. */
        public Row(int size, double[] values, int iterations, boolean passed, double[] tails) {
            this(size, values, iterations, passed, tails, null, null);
        }

        /** A row of C OMB's timing, with its statistics or null. */
        public Row(int size, double[] values, int iterations, boolean passed, double[] tails,
                RowStatistics statistics) {
            this(size, values, iterations, passed, tails, statistics, null);
        }
    }

    /**
     * What a row of {@code --timing global} adds, in the columns {@link #WINDOW} and
     * {@link #INVALID}.
     *
     * @param windowMicros the time between two calls' agreed starts, in microseconds
     * @param invalid      the calls that started late, left out of the row's values
     */
    public record Windows(double windowMicros, int invalid) {
    }

    private final String title;
    private final String datatype;
    private final boolean sizeColumn;
    private final List<String> valueHeaders;
    private final boolean iterationsColumn;
    private final boolean validate;
    private final List<String> tailHeaders;
    /** With {@code -D}: the bytes one message carries at a size, C OMB's last column. */
    private java.util.function.IntToLongFunction transmitSizes;
    /** With {@code --stats}: the confidence level of the interval columns; else NaN. */
    private double statisticsLevel = Double.NaN;
    /** With {@code --precision}: the column that says whether a row reached it. */
    private boolean preciseColumn;
    private boolean outliersColumn;
    private boolean windowColumns;
    private TukeyFences outliers;
    /** The name of the first column, {@code Size} unless {@link #withSizeHeader} changed it. */
    private String sizeHeader = "Size";

    /**
     * A table of a {@link Metric}, with a size column and no tail percentiles.
     *
     * @param title    the test's name, e.g. {@code Latency Test}
     * @param api      the kind of buffer used, named in the title
     * @param datatype the MPI datatype's name, e.g. {@code MPI.BYTE}
     * @param metric   the value reported, which names the columns
     * @param full     whether to add min, max and iteration count columns ({@code -f})
     * @param validate whether to add the Validation column ({@code -c})
     */
    public ResultTable(String title, Api api, String datatype, Metric metric, boolean full,
            boolean validate) {
        this(title, api, datatype, metric, full, validate, Percentiles.NONE, true);
    }

    /**
     * A table of a {@link Metric}: its value, with {@code -f} its min and max and the
     * iterations, with {@code -c} the validation, with {@code -z} the tail percentiles.
     *
     * @param tails      the tail percentile columns ({@code -z})
     * @param sizeColumn whether rows start with the message size (not for a barrier)
     * @see #ResultTable(String, Api, String, Metric, boolean, boolean)
     */
    public ResultTable(String title, Api api, String datatype, Metric metric, boolean full,
            boolean validate, Percentiles tails, boolean sizeColumn) {
        this(title, api, datatype, sizeColumn, full
                ? List.of(metric.header(), metric.minHeader(), metric.maxHeader())
                : List.of(metric.header()), full, validate, tails.headers(metric.tailUnit()));
    }

    /**
     * A table of any columns, in this order: size, values, iterations, validation, tails.
     *
     * @param title            the test's name, e.g. {@code Non-blocking Broadcast Latency Test}
     * @param api              the kind of buffer used, named in the title; null for none (a
     *                         user's operation, whose buffers are its own)
     * @param datatype         the MPI datatype's name, e.g. {@code MPI.BYTE}
     * @param sizeColumn       whether rows start with the message size
     * @param valueHeaders     the headers of the value columns, at least one
     * @param iterationsColumn whether to add the iteration count column
     * @param validate         whether to add the Validation column
     * @param tailHeaders      the headers of the tail percentile columns
     */
    public ResultTable(String title, Api api, String datatype, boolean sizeColumn,
            List<String> valueHeaders, boolean iterationsColumn, boolean validate,
            List<String> tailHeaders) {
        if (valueHeaders.isEmpty()) {
            throw new IllegalArgumentException("a table has at least one value column");
        }
        this.title = "# OSU MPI-Java " + title + " v" + Version.OMB
                + (api == null ? "" : " (" + api.label() + " API)");
        this.datatype = datatype;
        this.sizeColumn = sizeColumn;
        this.valueHeaders = List.copyOf(valueHeaders);
        this.iterationsColumn = iterationsColumn;
        this.validate = validate;
        this.tailHeaders = List.copyOf(tailHeaders);
    }

    /**
     * @param context comment lines on the run (each starting with {@code #}), such as the
     *                binding's, after the title and datatype
     * @return the lines before the first row: blank, title, datatype, context, column header
     */
    public List<String> preamble(String... context) {
        List<String> lines = new ArrayList<>(List.of("", title));
        if (datatype != null) {
            lines.add("# Datatype: " + datatype + ".");
        }
        lines.addAll(List.of(context));
        if (hasStatistics()) {
            String level = BigDecimal.valueOf(statisticsLevel).movePointRight(2)
                    .stripTrailingZeros().toPlainString() + "%";
            lines.add("# Statistics: Median of the N iterations' values; CI Low, CI High: its"
                    + " distribution-free " + level + " confidence interval (order statistics;"
                    + " below N = " + OrderRanks.fewestReaching(statisticsLevel) + " the values'"
                    + " range, short of " + level + ")" + (outliersColumn ? "; Outliers:"
                    + " values beyond Tukey's fences (" + outliers.k() + " IQR beyond the"
                    + " quartiles), left out of N" : ""));
        }
        lines.add(header());
        return lines;
    }

    /** @return the column header line */
    public String header() {
        StringBuilder line = new StringBuilder();
        if (sizeColumn) {
            line.append(String.format(Locale.ROOT, "%-" + SIZE_WIDTH + "s%" + VALUE_WIDTH + "s",
                    "# " + sizeHeader, valueHeaders.get(0)));
        } else {
            line.append(firstHeader());
        }
        for (String h : valueHeaders.subList(1, valueHeaders.size())) {
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "s", h));
        }
        if (iterationsColumn) {
            line.append(String.format(Locale.ROOT, "%" + ITERATIONS_WIDTH + "s", "Iterations"));
        }
        if (validate) {
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "s", "Validation"));
        }
        for (String h : tailHeaders) {
            line.append(String.format(Locale.ROOT, "%" + tailWidth(h) + "s", h));
        }
        if (transmitSizes != null) {
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "s", "Transmit Size"));
        }
        if (hasStatistics()) {
            for (String h : STATISTICS_HEADERS.subList(0, 3)) {
                line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "s", h));
            }
            line.append(String.format(Locale.ROOT, "%" + ITERATIONS_WIDTH + "s",
                    STATISTICS_HEADERS.get(3)));
        }
        if (outliersColumn) {
            line.append(String.format(Locale.ROOT, "%" + ITERATIONS_WIDTH + "s", OUTLIERS));
        }
        if (preciseColumn) {
            line.append(String.format(Locale.ROOT, "%" + ITERATIONS_WIDTH + "s", PRECISE));
        }
        if (windowColumns) {
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "s%" + ITERATIONS_WIDTH
                    + "s", WINDOW, INVALID));
        }
        return line.toString();
    }

    /**
     * A row of a {@link Metric} table without tail percentiles.
     *
     * @param size       the message size in bytes
     * @param value      the main value
     * @param min        the smallest value (printed with {@code -f} only)
     * @param max        the largest value (printed with {@code -f} only)
     * @param iterations the timed iterations (printed with {@code -f} only)
     * @param passed     whether every element arrived intact (printed with {@code -c} only)
     * @return the row of this size
     */
    public String row(int size, double value, double min, double max, int iterations,
            boolean passed) {
        double[] values = valueHeaders.size() == 1 ? new double[] {value}
                : new double[] {value, min, max};
        return row(new Row(size, values, iterations, passed, new double[0]));
    }

    /**
     * @param r the results of a size: as many values and tails as the table has columns
     * @return its row
     */
    public String row(Row r) {
        if (r.values().length != valueHeaders.size() || r.tails().length != tailHeaders.size()) {
            throw new IllegalArgumentException("a row of " + r.values().length + " values and "
                    + r.tails().length + " tails in a table of " + valueHeaders.size() + " and "
                    + tailHeaders.size());
        }
        if (hasStatistics() && r.statistics() == null) {
            throw new IllegalArgumentException("a row without statistics in a table of --stats");
        }
        if (windowColumns && r.windows() == null) {
            throw new IllegalArgumentException("a row without windows in a table of them");
        }
        StringBuilder line = new StringBuilder();
        double[] values = r.values();
        if (sizeColumn) {
            line.append(String.format(Locale.ROOT, "%-" + SIZE_WIDTH + "d%" + VALUE_WIDTH + ".2f",
                    r.size(), values[0]));
        } else {
            line.append(String.format(Locale.ROOT, "%" + firstHeader().length() + ".2f",
                    values[0]));
        }
        for (int i = 1; i < values.length; i++) {
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + ".2f", values[i]));
        }
        if (iterationsColumn) {
            line.append(String.format(Locale.ROOT, "%" + ITERATIONS_WIDTH + "d", r.iterations()));
        }
        if (validate) {
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "s",
                    r.passed() ? "Pass" : "Fail"));
        }
        for (int i = 0; i < tailHeaders.size(); i++) {
            line.append(String.format(Locale.ROOT, "%" + tailWidth(tailHeaders.get(i)) + ".2f",
                    r.tails()[i]));
        }
        if (transmitSizes != null) {
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "d",
                    transmitSizes.applyAsLong(r.size())));
        }
        if (hasStatistics()) {
            RowStatistics s = r.statistics();
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + ".2f%" + VALUE_WIDTH
                    + ".2f%" + VALUE_WIDTH + ".2f%" + ITERATIONS_WIDTH + "d", s.median(),
                    s.medianInterval().low(), s.medianInterval().high(), s.repetitions()));
        }
        if (outliersColumn) {
            line.append(String.format(Locale.ROOT, "%" + ITERATIONS_WIDTH + "d",
                    r.statistics().outliers()));
        }
        if (preciseColumn) {
            line.append(String.format(Locale.ROOT, "%" + ITERATIONS_WIDTH + "s",
                    precise(r.statistics())));
        }
        if (windowColumns) {
            line.append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + ".2f%" + ITERATIONS_WIDTH
                    + "d", r.windows().windowMicros(), r.windows().invalid()));
        }
        return line.toString();
    }

    // ---- The table as data, for the results' files (-o, mpi.common.results) ----

    /** @return the title line without its {@code # }, e.g. {@code OSU MPI-Java Latency Test v7.4 (buffer API)} */
    public String titleText() {
        return title.substring(2);
    }

    /** @return the MPI datatype's name, e.g. {@code MPI.BYTE}, or null if the table names none */
    public String datatype() {
        return datatype;
    }

    /**
     * @return the columns' names in the order the table prints them: {@code Size} (if the
     *         table has a size column), the values, {@code Iterations}, {@code Validation},
     *         the tail percentiles, {@code Transmit Size} ({@code -D}), and with
     *         {@code --stats} {@link #STATISTICS_HEADERS}, {@link #OUTLIERS} and {@link #PRECISE},
     *         and {@code --timing global}'s {@link #WINDOW} and {@link #INVALID}
     */
    public List<String> columns() {
        List<String> names = new ArrayList<>();
        if (sizeColumn) {
            names.add(sizeHeader);
        }
        names.addAll(valueHeaders);
        if (iterationsColumn) {
            names.add("Iterations");
        }
        if (validate) {
            names.add("Validation");
        }
        names.addAll(tailHeaders);
        if (transmitSizes != null) {
            names.add("Transmit Size");
        }
        if (hasStatistics()) {
            names.addAll(STATISTICS_HEADERS);
        }
        if (outliersColumn) {
            names.add(OUTLIERS);
        }
        if (preciseColumn) {
            names.add(PRECISE);
        }
        if (windowColumns) {
            names.addAll(List.of(WINDOW, INVALID));
        }
        return names;
    }

    /**
     * @param r the results of a size, as for {@link #row(Row)}
     * @return a cell per {@link #columns()}: the size, iterations and N as {@link Integer}, the
     *         values, tails, median and its interval as {@link Double} (not rounded), the
     *         validation as {@code Pass} or {@code Fail}, the transmit size as {@link Long}
     */
    public List<Object> cells(Row r) {
        row(r); // the same checks of the row's shape
        List<Object> cells = new ArrayList<>();
        if (sizeColumn) {
            cells.add(r.size());
        }
        for (double v : r.values()) {
            cells.add(v);
        }
        if (iterationsColumn) {
            cells.add(r.iterations());
        }
        if (validate) {
            cells.add(r.passed() ? "Pass" : "Fail");
        }
        for (double t : r.tails()) {
            cells.add(t);
        }
        if (transmitSizes != null) {
            cells.add(transmitSizes.applyAsLong(r.size()));
        }
        if (hasStatistics()) {
            RowStatistics s = r.statistics();
            cells.addAll(List.of(s.median(), s.medianInterval().low(), s.medianInterval().high(),
                    s.repetitions()));
        }
        if (outliersColumn) {
            cells.add(r.statistics().outliers());
        }
        if (preciseColumn) {
            cells.add(precise(r.statistics()));
        }
        if (windowColumns) {
            cells.add(r.windows().windowMicros());
            cells.add(r.windows().invalid());
        }
        return cells;
    }

    /**
     * Names the first column other than {@code Size}, for a table whose rows are not message
     * sizes (osu_spawn's worker counts); its values stay integers, as wide as a size.
     *
     * @param name the column's name, e.g. {@code Workers}
     * @return this table
     */
    public ResultTable withSizeHeader(String name) {
        this.sizeHeader = name;
        return this;
    }

    /**
     * Adds OMB-J's {@code --stats} columns last, after C OMB's: the median of the row's
     * per-iteration values, its distribution-free confidence interval, and their number, with
     * a {@code # Statistics:} line before the header that says so.
     *
     * @param level the confidence level of the interval, in (0, 1)
     * @return this table
     */
    public ResultTable withStatistics(double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("level " + level + " is not in (0, 1)");
        }
        this.statisticsLevel = level;
        return this;
    }

    /**
     * Adds {@code --outliers}'s column after {@code --stats}'s (which it needs):
     * {@code Outliers}, how many values the filter left out of the row's statistics.
     *
     * @param fences the filter
     * @return this table
     */
    public ResultTable withOutliersColumn(TukeyFences fences) {
        if (!hasStatistics()) {
            throw new IllegalStateException("Outliers comes after the --stats columns");
        }
        this.outliersColumn = true;
        this.outliers = fences;
        return this;
    }

    /**
     * Adds {@code --precision}'s column after {@code --stats}'s (which it needs):
     * {@code Precise}, {@code yes} where the row reached the precision, else {@code no}.
     *
     * @return this table
     */
    public ResultTable withPreciseColumn() {
        if (!hasStatistics()) {
            throw new IllegalStateException("Precise comes after the --stats columns");
        }
        this.preciseColumn = true;
        return this;
    }

    /**
     * Adds {@code --timing global}'s columns last: {@link #WINDOW}, the time between two calls'
     * agreed starts, and {@link #INVALID}, the calls that started late.
     *
     * @return this table
     */
    public ResultTable withWindowColumns() {
        this.windowColumns = true;
        return this;
    }

    /** "-" for a row with no verdict: the JIT warm-up's, which formats rows it never prints. */
    private static String precise(RowStatistics s) {
        return s.precise() == null ? "-" : s.precise() ? "yes" : "no";
    }

    /** @return whether the table has {@code --stats}'s columns */
    private boolean hasStatistics() {
        return !Double.isNaN(statisticsLevel);
    }

    /**
     * Adds C OMB's {@code -D} column, {@code Transmit Size}, last: the bytes a message of a
     * derived datatype carries at each size.
     *
     * @param bytesAtSize the bytes carried at a message size
     * @return this table
     */
    public ResultTable withTransmitSize(java.util.function.IntToLongFunction bytesAtSize) {
        this.transmitSizes = bytesAtSize;
        return this;
    }

    /**
     * C OMB's Transmit Size column for a {@code -D} run: the bytes one instance of the layout
     * carries at each size.
     *
     * @param layout   the {@code -D} layout, or null (no column: this table as it is)
     * @param typeSize the {@code -T} type's size in bytes
     * @return this table
     */
    public ResultTable withTransmitSize(mpi.common.data.DerivedLayout layout, int typeSize) {
        return layout == null ? this
                : withTransmitSize(size -> layout.carried(size / typeSize) * typeSize);
    }

    /** Without a size column, the header starts as C OMB's osu_barrier: {@code # Avg Latency(us)}. */
    private String firstHeader() {
        return "# " + valueHeaders.get(0);
    }

    /** 18 characters, or one more than a longer header (e.g. {@code P99.9 Tail BW(MB/s)}). */
    private static int tailWidth(String header) {
        return Math.max(VALUE_WIDTH, header.length() + 1);
    }
}
