package mpi.compare;

import java.util.ArrayList;
import java.util.List;

/** The medians of every row of the table, C against each Java variant. */
public final class Summary {
    private Summary() {
    }

    /**
     * One Java variant at one row.
     *
     * @param variant     the binding and API
     * @param median      the median, null when not measured (C only, or n/a)
     * @param unavailable whether its binding cannot run it ("n/a")
     * @param runs        the values as printed
     * @param rowSize     the size of the rows the values are from, when not the row's own: an
     *                    objects API's serialized size nearest to it; else null
     */
    public record Cell(Variant variant, Double median, boolean unavailable, List<String> runs,
            Long rowSize) {
        /** @return the ratio against {@code c}, above 1 when Java is slower; null without a median */
        public Double ratio(Unit unit, double c) {
            return median == null ? null : unit.ratio(median, c);
        }

        /** @return Java - C, null without a median */
        public Double minusC(double c) {
            return median == null ? null : median - c;
        }
    }

    /**
     * One bench at one size.
     *
     * @param cRuns the C twin's values as printed
     * @param cells one per Java variant, in the order of the bindings
     */
    public record Row(Bench bench, int size, double c, List<String> cRuns, List<Cell> cells) {
        /** @return the unit of the values, which decides the ratio's direction */
        public Unit unit() {
            return bench.unit();
        }
    }

    /**
     * @param m            the values measured
     * @param javaVariants the Java columns, each binding's APIs in turn
     * @return the rows in the order measured
     */
    public static List<Row> of(Measurements m, List<Variant> javaVariants) {
        List<Row> rows = new ArrayList<>();
        for (Measurements.Key k : m.keys()) {
            List<Cell> cells = new ArrayList<>();
            for (Variant v : javaVariants) {
                List<String> runs = m.values(k, v);
                cells.add(new Cell(v, runs.isEmpty() ? null : Stats.median(runs), m.isUnavailable(k, v), runs,
                        m.rowSize(k, v)));
            }
            List<String> c = m.values(k, Variant.C);
            rows.add(new Row(k.bench(), k.size(), Stats.median(c), c, cells));
        }
        return rows;
    }
}
