package mpi.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * Every row of the table: per variant the median of its runs with the median's interval, and
 * each Java variant against C, paired by round ({@link PairedSignTest}).
 */
public final class Summary {
    private Summary() {
    }

    /**
     * One Java variant at one row.
     *
     * @param variant     the binding and API
     * @param median      the median, null when not measured (C only, or n/a)
     * @param unavailable whether its binding cannot run it ("n/a")
     * @param runs        the values as printed, in round order
     * @param rowSize     the size of the rows the values are from, when not the row's own: an
     *                    objects API's serialized size nearest to it; else null
     * @param interval    the median's interval (or the runs' range when they are too few),
     *                    null without a median
     * @param comparison  the variant against C, round by round; null without a median
     */
    public record Cell(Variant variant, Double median, boolean unavailable, List<String> runs,
            Long rowSize, Interval interval, Comparison comparison) {
        /** @return the ratio of the medians against {@code c}, above 1 when Java is slower; null without a median */
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
     * @param cRuns     the C twin's values as printed, in round order
     * @param cells     one per Java variant, in the order of the bindings
     * @param cInterval the interval of C's median (or its runs' range when they are too few)
     */
    public record Row(Bench bench, int size, double c, List<String> cRuns, List<Cell> cells,
            Interval cInterval) {
        /** @return the unit of the values, which decides the ratio's direction */
        public Unit unit() {
            return bench.unit();
        }
    }

    /**
     * At the default level, 0.95.
     *
     * @see #of(Measurements, List, double)
     */
    public static List<Row> of(Measurements m, List<Variant> javaVariants) {
        return of(m, javaVariants, CompareOptions.DEFAULT_LEVEL);
    }

    /**
     * @param m            the values measured
     * @param javaVariants the Java columns, each binding's APIs in turn
     * @param level        the confidence level of the intervals and verdicts
     * @return the rows in the order measured
     */
    public static List<Row> of(Measurements m, List<Variant> javaVariants, double level) {
        List<Row> rows = new ArrayList<>();
        for (Measurements.Key k : m.keys()) {
            List<String> c = m.values(k, Variant.C);
            List<Cell> cells = new ArrayList<>();
            for (Variant v : javaVariants) {
                List<String> runs = m.values(k, v);
                boolean measured = !runs.isEmpty();
                cells.add(new Cell(v, measured ? Stats.median(runs) : null, m.isUnavailable(k, v), runs,
                        m.rowSize(k, v), measured ? interval(runs, level) : null,
                        measured ? PairedSignTest.compare(c, runs, k.bench().unit(), level) : null));
            }
            rows.add(new Row(k.bench(), k.size(), Stats.median(c), c, cells, interval(c, level)));
        }
        return rows;
    }

    private static Interval interval(List<String> runs, double level) {
        return MedianInterval.of(runs.stream().mapToDouble(Double::parseDouble).toArray(), level);
    }
}
