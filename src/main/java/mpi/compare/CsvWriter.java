package mpi.compare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CSV of the medians: one line per bench and size. With one binding the columns are the
 * shell version's; with several, each binding's columns are prefixed with {@code LABEL_}. An
 * objects API's columns ({@code objects_kryo_median}, ...) have one more at the end, {@code
 * objects_kryo_size}: the serialized size of the row its values are from. After all of them
 * come the statistics, so that a script that reads the columns by position still finds the
 * old ones where they were: the seed and level, the intervals' coverage, each median's
 * interval, and each Java variant's comparison with C (the rounds' median ratio, its interval,
 * the sign test's p-value, the verdict).
 * Lines end in CRLF and fields are quoted only when they must be, as Python's csv module wrote
 * them (RFC 4180). The fields are numbers, names and ';'-joined numbers, so a dependency for
 * this would buy nothing.
 */
public final class CsvWriter {
    /** The statistics' columns of each Java variant, in order: the suffixes of their names. */
    private static final List<String> STATISTICS = List.of("_low", "_high", "_round_ratio", "_round_ratio_low",
            "_round_ratio_high", "_p_value", "_verdict");

    private final List<Binding> bindings;
    private final List<Variant> variants;

    /** @param bindings the bindings, in the order of their columns, each with buffer and arrays */
    public CsvWriter(List<Binding> bindings) {
        this(bindings, Runner.javaVariants(bindings));
    }

    /**
     * @param bindings the bindings
     * @param variants the Java columns, in their order (the rows' cells')
     */
    public CsvWriter(List<Binding> bindings, List<Variant> variants) {
        this.bindings = bindings;
        this.variants = variants;
    }

    /** @return the column names, in order */
    public List<String> columns() {
        List<Variant> vs = variants;
        List<String> cols = new ArrayList<>(List.of("bench", "size", "unit", "runs", "c_median"));
        vs.forEach(v -> cols.add(prefix(v) + "_median"));
        vs.forEach(v -> cols.add(prefix(v) + "_ratio"));
        cols.add("ratio");
        vs.forEach(v -> cols.add(prefix(v) + "_minus_c_us"));
        cols.add("c_runs");
        vs.forEach(v -> cols.add(prefix(v) + "_runs"));
        vs.stream().filter(Variant::isObjects).forEach(v -> cols.add(prefix(v) + "_size"));
        cols.addAll(List.of("seed", "level", "coverage", "c_low", "c_high"));
        for (String stat : STATISTICS) {
            vs.forEach(v -> cols.add(prefix(v) + stat));
        }
        return cols;
    }

    /**
     * @param rows  the medians and comparisons
     * @param seed  the seed of the rounds' order
     * @param level the confidence level of the intervals and verdicts
     * @return the whole file: header and one line per row, each ending in CRLF
     */
    public String text(List<Summary.Row> rows, long seed, double level) {
        List<String> cols = columns();
        StringBuilder out = new StringBuilder(line(cols));
        for (Summary.Row r : rows) {
            Map<String, String> rec = new LinkedHashMap<>();
            cols.forEach(c -> rec.put(c, ""));
            rec.put("bench", r.bench().label());
            rec.put("size", Integer.toString(r.size()));
            rec.put("unit", r.unit().label());
            rec.put("runs", Integer.toString(r.cRuns().size()));
            rec.put("c_median", Numbers.fixed(r.c(), 4, false));
            rec.put("c_runs", String.join(";", r.cRuns()));
            rec.put("seed", Long.toString(seed));
            rec.put("level", BigDecimal.valueOf(level).toPlainString());
            rec.put("coverage", Numbers.fixed(r.cInterval().coverage(), 4, false));
            rec.put("c_low", Numbers.fixed(r.cInterval().low(), 4, false));
            rec.put("c_high", Numbers.fixed(r.cInterval().high(), 4, false));
            boolean measured = false;
            for (Summary.Cell c : r.cells()) {
                String p = prefix(c.variant());
                rec.put(p + "_runs", String.join(";", c.runs()));
                if (c.rowSize() != null) {
                    rec.put(p + "_size", Long.toString(c.rowSize()));
                }
                if (c.median() == null) {
                    continue; // C only, or n/a: empty cells
                }
                measured = true;
                rec.put(p + "_median", Numbers.fixed(c.median(), 4, false));
                rec.put(p + "_ratio", Numbers.fixed(c.ratio(r.unit(), r.c()), 4, false));
                if (r.unit().isLatency()) {
                    rec.put(p + "_minus_c_us", Numbers.fixed(c.minusC(r.c()), 4, false));
                }
                rec.put(p + "_low", Numbers.fixed(c.interval().low(), 4, false));
                rec.put(p + "_high", Numbers.fixed(c.interval().high(), 4, false));
                comparison(rec, p, c.comparison());
            }
            if (measured) {
                rec.put("ratio", r.unit().ratioKind());
            }
            out.append(line(new ArrayList<>(rec.values())));
        }
        return out.toString();
    }

    /** A variant's comparison with C; with no ratio (a value of 0), its verdict alone. */
    private static void comparison(Map<String, String> rec, String p, Comparison c) {
        rec.put(p + "_verdict", c.verdict().label());
        if (c.verdict() == Verdict.NO_RATIO) {
            return;
        }
        rec.put(p + "_round_ratio", Numbers.fixed(c.ratio(), 4, false));
        rec.put(p + "_round_ratio_low", Numbers.fixed(c.interval().low(), 4, false));
        rec.put(p + "_round_ratio_high", Numbers.fixed(c.interval().high(), 4, false));
        rec.put(p + "_p_value", Numbers.fixed(c.pValue(), 6, false));
    }

    private String prefix(Variant v) {
        String api = JavaApis.csvName(v.api());
        return bindings.size() == 1 ? api : v.binding().label() + "_" + api;
    }

    private static String line(List<String> fields) {
        List<String> quoted = new ArrayList<>();
        for (String f : fields) {
            boolean quote = f.contains(",") || f.contains("\"") || f.contains("\n") || f.contains("\r");
            quoted.add(quote ? "\"" + f.replace("\"", "\"\"") + "\"" : f);
        }
        return String.join(",", quoted) + "\r\n";
    }
}
