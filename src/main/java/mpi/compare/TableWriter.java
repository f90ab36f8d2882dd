package mpi.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The table of medians. With one binding its layout is the shell version's, column for column
 * (C, Java buffer, Java arrays, ratio kind, the two ratios, the two differences for
 * latencies), so that tables pasted in the README stay comparable; after them, one column per
 * Java variant with its comparison with C ({@link Comparison#text}: {@code 1.031x
 * [1.012,1.050] slower}), and a line under the title gives the seed of the order and the
 * level. With several bindings each column of that layout is repeated per binding, named after
 * it. Objects API columns ({@code -a objects-kryo}, ...) stand beside them, and a line before
 * the header gives, per bench and size, the serialized size of the row each of their values is
 * from (the nearest).
 */
public final class TableWriter {
    static final String TITLE = "# median of %d runs; ratio > 1: Java slower (J/C: Java/C for latency in us, "
            + "C/J: C/Java for bandwidth in MB/s)";
    static final String NA = "n/a";
    /** The line under the title: the seed, and with Java columns what the comparisons are (VERSUS). */
    static final String DESIGN = "# order shuffled per round, seed %d: --seed %d repeats it";
    static final String VERSUS = "; vs C: median of the rounds' ratios [%s interval] and the sign test's verdict at %s";

    private final List<Binding> bindings;
    private final List<Variant> variants;
    private final boolean onlyC;

    /**
     * Each binding's buffer and arrays columns.
     *
     * @param bindings the bindings, in the order of their columns
     * @param onlyC    whether only the C twins ran (no Java columns)
     */
    public TableWriter(List<Binding> bindings, boolean onlyC) {
        this(bindings, Runner.javaVariants(bindings), onlyC);
    }

    /**
     * @param bindings the bindings, in the order of their columns
     * @param variants the Java columns, in their order (the rows' cells')
     * @param onlyC    whether only the C twins ran (no Java columns)
     */
    public TableWriter(List<Binding> bindings, List<Variant> variants, boolean onlyC) {
        this.bindings = bindings;
        this.variants = variants;
        this.onlyC = onlyC;
    }

    /**
     * @param rows  the medians and comparisons
     * @param runs  the most runs of any variant, for the title
     * @param seed  the seed of the rounds' order
     * @param level the confidence level of the comparisons
     * @return the lines: title, seed and level, what the bindings are when it is not our
     *         binding alone, header, rows
     */
    public List<String> lines(List<Summary.Row> rows, int runs, long seed, double level) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, TITLE, runs));
        out.add(String.format(Locale.ROOT, DESIGN, seed, seed) + (onlyC ? ""
                : String.format(Locale.ROOT, VERSUS, Numbers.percent(level), Numbers.percent(level))));
        if (!onlyC && !(bindings.size() == 1 && bindings.get(0).ours() && bindings.get(0).label().equals(Binding.OMBJ))) {
            out.addAll(legend());
        }
        if (!onlyC) {
            out.addAll(objectsSizes(rows));
        }
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-10s%8s%6s%12s", "# bench", "size", "unit", "C"));
        if (!onlyC) {
            variants.forEach(v -> head.append(Numbers.right(valueName(v), valueWidth(v))));
            head.append(Numbers.right("ratio", 7));
            variants.forEach(v -> head.append(Numbers.right(ratioName(v), ratioWidth(v))));
            variants.forEach(v -> head.append(Numbers.right(diffName(v), diffWidth(v))));
            for (int i = 0; i < variants.size(); i++) {
                head.append(Numbers.right(versusName(variants.get(i)), versusWidth(rows, i)));
            }
        }
        out.add(head.toString());
        for (Summary.Row r : rows) {
            out.add(row(r, rows));
        }
        return out;
    }

    private List<String> legend() {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder("# bindings:");
        for (Binding binding : bindings) {
            b.append(' ').append(binding.label()).append(" = ")
                    .append(binding.transport() == Transport.MPI ? ""
                            : binding.transport().title() + " transport benchmarks on ")
                    .append(binding.classPath());
            binding.jvmOptions().forEach(o -> b.append(' ').append(o));
            b.append(binding == bindings.get(bindings.size() - 1) ? "" : ";");
        }
        out.add(b.toString());
        if (bindings.size() > 1) {
            out.add("# per binding: LABEL buffer, LABEL arrays: medians; LABEL buf, LABEL arr: ratio to C;"
                    + " LABEL buf-C us, LABEL arr-C us: Java - C (latencies); LABEL buf vs C, LABEL arr vs C:"
                    + " the comparison round by round; n/a: the binding lacks a call it needs");
        }
        return out;
    }

    /**
     * @return per objects column, a line naming the serialized size of the row each of its
     *         values is from: {@code # objects-kryo (-a objects -S kryo -O doubles): values at
     *         the serialized size nearest to the size, in bytes: latency 8 -> 10, 1M -> 1048586}
     */
    private List<String> objectsSizes(List<Summary.Row> rows) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            Variant v = variants.get(i);
            if (!v.isObjects()) {
                continue;
            }
            StringBuilder b = new StringBuilder();
            Bench bench = null;
            for (Summary.Row r : rows) {
                Long at = r.cells().get(i).rowSize();
                if (at == null) {
                    continue;
                }
                b.append(r.bench() == bench ? ", " : (bench == null ? " " : "; ") + r.bench().label() + " ")
                        .append(Sizes.human(r.size())).append(" -> ").append(at);
                bench = r.bench();
            }
            out.add("# " + v.name(!single()) + " (" + String.join(" ", JavaApis.args(v.api()))
                    + "): values at the serialized size nearest to the size, in bytes:"
                    + (bench == null ? " none measured" : b));
        }
        return out;
    }

    private String row(Summary.Row r, List<Summary.Row> rows) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-10s%8s%6s", r.bench().label(),
                Sizes.human(r.size()), r.unit().label()));
        s.append(Numbers.right(Numbers.fixed(r.c(), 2, false), 12));
        if (onlyC) {
            return s.toString();
        }
        for (Summary.Cell c : r.cells()) {
            s.append(Numbers.right(c.median() == null ? NA : Numbers.fixed(c.median(), 2, false),
                    valueWidth(c.variant())));
        }
        s.append(Numbers.right(r.unit().ratioKind(), 7));
        for (Summary.Cell c : r.cells()) {
            Double ratio = c.ratio(r.unit(), r.c());
            s.append(Numbers.right(ratio == null ? NA : Numbers.fixed(ratio, 3, false), ratioWidth(c.variant())));
        }
        for (Summary.Cell c : r.cells()) {
            Double d = c.minusC(r.c());
            String text = !r.unit().isLatency() ? "-" : d == null ? NA : Numbers.fixed(d, 2, true);
            s.append(Numbers.right(text, diffWidth(c.variant())));
        }
        for (int i = 0; i < r.cells().size(); i++) {
            s.append(Numbers.right(versus(r.cells().get(i)), versusWidth(rows, i)));
        }
        return s.toString();
    }

    private static String versus(Summary.Cell c) {
        return c.comparison() == null ? NA : c.comparison().text();
    }

    private boolean single() {
        return bindings.size() == 1;
    }

    private String valueName(Variant v) {
        return v.title(!single());
    }

    private String ratioName(Variant v) {
        return single() ? v.api() : v.binding().label() + " " + v.shortApi();
    }

    private String diffName(Variant v) {
        return (single() ? "" : v.binding().label() + " ") + v.shortApi() + "-C us";
    }

    private String versusName(Variant v) {
        return (single() ? v.api() : v.binding().label() + " " + v.shortApi()) + " vs C";
    }

    /** As wide as the longest of the column's texts, so that every row is as wide as the header. */
    private int versusWidth(List<Summary.Row> rows, int column) {
        int width = versusName(variants.get(column)).length();
        for (Summary.Row r : rows) {
            width = Math.max(width, versus(r.cells().get(column)).length());
        }
        return width + 2;
    }

    // Today's widths, wider only where a binding's label needs it.
    private int valueWidth(Variant v) {
        return Math.max(14, valueName(v).length() + 2);
    }

    private int ratioWidth(Variant v) {
        return Math.max(9, ratioName(v).length() + 2);
    }

    private int diffWidth(Variant v) {
        return Math.max(11, diffName(v).length() + 2);
    }
}
