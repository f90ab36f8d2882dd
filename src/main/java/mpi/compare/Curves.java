package mpi.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparison table as the curves of its chart, one bench at a time: each variant's median
 * and its interval against message size, and each Java variant's ratio to C, the median of the
 * rounds' ratios with its interval, taken as the table's ratio columns take theirs (Java/C for
 * latencies, C/Java for bandwidths and rates: above 1, Java is slower).
 *
 * @param bench  the bench
 * @param values C, then every Java column in the table's order, each with a point per size
 *               it has a median at; a column with none (n/a throughout) is left out
 * @param ratios every Java column with a median, its ratio to C at the same sizes
 */
public record Curves(Bench bench, List<Series> values, List<Series> ratios) {
    /**
     * One line of the chart.
     *
     * @param name   its legend entry, the table's column name: {@code C}, {@code Java
     *               buffer}, {@code ompi arrays}, ...
     * @param column its column in the table, C being 0: the line's colour and marker, the
     *               same in the value and the ratio panel
     * @param sizes  message sizes in bytes, ascending
     * @param y      the value at each size
     * @param low    the lower end of its interval at each size, NaN where the runs are too
     *               few for an interval at the level (their range is none)
     * @param high   the upper end, likewise
     */
    public record Series(String name, int column, List<Integer> sizes, List<Double> y, List<Double> low,
            List<Double> high) {
        Series(String name, int column) {
            this(name, column, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }

        /** @return whether any point has an interval */
        public boolean hasIntervals() {
            return low.stream().anyMatch(d -> !d.isNaN());
        }
    }

    /** @return the unit of the values */
    public Unit unit() {
        return bench.unit();
    }

    /**
     * @param rows     the table's rows
     * @param prefixed whether to name each column's binding (more than one binding)
     * @return one entry per bench, in the order of the rows
     */
    public static List<Curves> of(List<Summary.Row> rows, boolean prefixed) {
        Map<Bench, List<Summary.Row>> byBench = new LinkedHashMap<>();
        rows.forEach(r -> byBench.computeIfAbsent(r.bench(), b -> new ArrayList<>()).add(r));
        List<Curves> all = new ArrayList<>();
        byBench.forEach((bench, benchRows) -> all.add(of(bench, sorted(benchRows), prefixed)));
        return all;
    }

    private static List<Summary.Row> sorted(List<Summary.Row> rows) {
        List<Summary.Row> s = new ArrayList<>(rows);
        s.sort((a, b) -> Integer.compare(a.size(), b.size()));
        return s;
    }

    private static Curves of(Bench bench, List<Summary.Row> rows, boolean prefixed) {
        Series c = new Series(Variant.C.title(prefixed), 0);
        rows.forEach(r -> add(c, r.size(), r.c(), r.cInterval()));
        List<Series> values = new ArrayList<>(List.of(c));
        List<Series> ratios = new ArrayList<>();
        int columns = rows.get(0).cells().size();
        for (int i = 0; i < columns; i++) {
            Variant v = rows.get(0).cells().get(i).variant();
            Series value = new Series(v.title(prefixed), i + 1);
            Series ratio = new Series(v.title(prefixed), i + 1);
            for (Summary.Row r : rows) {
                Summary.Cell cell = r.cells().get(i);
                if (cell.median() != null) {
                    // An objects column's value stands at its serialized size, its ratio at the row's.
                    add(value, cell.rowSize() == null ? r.size() : (int) (long) cell.rowSize(), cell.median(),
                            cell.interval());
                    Comparison q = cell.comparison();
                    if (q.verdict() != Verdict.NO_RATIO) {
                        add(ratio, r.size(), q.ratio(), q.interval());
                    }
                }
            }
            if (!value.sizes().isEmpty()) {
                values.add(value);
            }
            if (!ratio.sizes().isEmpty()) {
                ratios.add(ratio);
            }
        }
        return new Curves(bench, values, ratios);
    }

    /**
     * A point, unless it cannot stand on a log axis (a value printed as 0), with its interval
     * where there is one at the level.
     */
    private static void add(Series s, int size, double y, Interval interval) {
        if (y > 0 && Double.isFinite(y)) {
            boolean drawn = interval.atLevel() && interval.low() > 0;
            s.sizes().add(size);
            s.y().add(y);
            s.low().add(drawn ? interval.low() : Double.NaN);
            s.high().add(drawn ? interval.high() : Double.NaN);
        }
    }
}
