package mpi.study;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

import mpi.compare.SizeAxis;

/**
 * A study's figure, one PNG per process count (XChart draws one plot per chart, and a panel
 * per count keeps each legible): latency against message size, both logarithmic; each
 * algorithm's medians as points with their confidence intervals as bars, and its directly
 * fitted model as a line of the same colour, the algorithm's colour the same in every panel.
 * Drawn in the style of {@link mpi.compare.ComparisonChart}: the size axis is log2 of the size
 * on a linear axis, so that its ticks fall on powers of two.
 */
public final class ModelChart {
    /** The width of each PNG, pixels. */
    public static final int WIDTH = 800;
    /** The height of each PNG, pixels. */
    public static final int HEIGHT = 520;
    /** Points of each model line, evenly spaced in log2 of the size. */
    static final int CURVE_POINTS = 64;
    /** tab10's colours, one per algorithm in name order. */
    private static final Color[] COLOURS = {new Color(0x1f, 0x77, 0xb4),
        new Color(0xff, 0x7f, 0x0e), new Color(0x2c, 0xa0, 0x2c), new Color(0xd6, 0x27, 0x28),
        new Color(0x94, 0x67, 0xbd), new Color(0x8c, 0x56, 0x4b), new Color(0xe3, 0x77, 0xc2),
        new Color(0x7f, 0x7f, 0x7f), new Color(0xbc, 0xbd, 0x22), new Color(0x17, 0xbe, 0xcf)};
    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
        SeriesMarkers.TRIANGLE_UP, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_DOWN,
        SeriesMarkers.CROSS, SeriesMarkers.OVAL, SeriesMarkers.RECTANGLE};

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private ModelChart() {
    }

    /**
     * Writes a PNG per process count: {@code FILE-P<n>.png}, FILE the given path without its
     * {@code .png}.
     *
     * @param study the study
     * @param png   the figure's path
     * @return the files written, by process count
     * @throws IOException if one cannot be written
     */
    public static List<Path> write(ModelStudy study, Path png) throws IOException {
        String stem = png.toString().endsWith(".png")
                ? png.toString().substring(0, png.toString().length() - 4) : png.toString();
        List<Path> files = new ArrayList<>();
        for (int p : processCounts(study)) {
            Path file = Path.of(stem + "-P" + p + ".png");
            BitmapEncoder.saveBitmap(chart(study, p), file.toString(),
                    BitmapEncoder.BitmapFormat.PNG);
            files.add(file);
        }
        return files;
    }

    /** @return the process counts with a point to draw, ascending */
    static TreeSet<Integer> processCounts(ModelStudy study) {
        TreeSet<Integer> counts = new TreeSet<>();
        // A count measured at size 0 only has nothing to draw on a logarithmic size axis.
        study.points().values().forEach(l -> l.stream().filter(m -> m.bytes() > 0)
                .forEach(m -> counts.add(m.processes())));
        return counts;
    }

    /** @return the panel of P processes */
    static XYChart chart(ModelStudy study, int processes) {
        XYChart chart = new XYChart(WIDTH, HEIGHT);
        chart.setTitle(String.format(Locale.ROOT, "%s on %d processes: medians (bars: intervals),"
                + " lines: fitted models", study.collective(), processes));
        chart.setXAxisTitle("message size (bytes)");
        chart.setYAxisTitle("latency (us)");
        style(chart);
        List<String> algorithms = study.points().keySet().stream().sorted().toList();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < algorithms.size(); i++) {
            String a = algorithms.get(i);
            // Size 0 has no place on a logarithmic axis.
            List<Measurement> points = study.points().get(a).stream()
                    .filter(m -> m.processes() == processes && m.bytes() > 0).toList();
            if (points.isEmpty()) {
                continue;
            }
            Color colour = COLOURS[i % COLOURS.length];
            double[] xs = points.stream().mapToDouble(m -> SizeAxis.x(m.bytes())).toArray();
            double[] ys = points.stream().mapToDouble(Measurement::latency).toArray();
            XYSeries s = chart.addSeries(a, xs, ys);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(MARKERS[i % MARKERS.length]);
            s.setMarkerColor(colour);
            addBars(chart, a, points, colour);
            for (double x : xs) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
            ModelFit fit = study.fits().get(a);
            if (fit != null) {
                addCurve(chart, a, fit, processes, xs, colour);
            }
        }
        if (lo <= hi) {
            chart.getStyler().setXAxisMin(Math.floor(lo));
            chart.getStyler().setXAxisMax(Math.max(Math.ceil(hi), Math.floor(lo) + 1));
        }
        return chart;
    }

    /**
     * The intervals as one series out of the legend: a line from each low to its high, broken
     * by a NaN (where XChart lifts the pen) before the next.
     */
    private static void addBars(XYChart chart, String algorithm, List<Measurement> points,
            Color colour) {
        List<Measurement> with = points.stream()
                .filter(m -> m.hasInterval() && m.interval().low() > 0).toList();
        if (with.isEmpty()) {
            return;
        }
        double[] xs = new double[3 * with.size()];
        double[] ys = new double[3 * with.size()];
        for (int i = 0; i < with.size(); i++) {
            Measurement m = with.get(i);
            xs[3 * i] = SizeAxis.x(m.bytes());
            xs[3 * i + 1] = xs[3 * i];
            xs[3 * i + 2] = xs[3 * i];
            ys[3 * i] = m.interval().low();
            ys[3 * i + 1] = m.interval().high();
            ys[3 * i + 2] = Double.NaN;
        }
        XYSeries bars = chart.addSeries(algorithm + " interval", xs, ys);
        bars.setShowInLegend(false);
        bars.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        bars.setMarker(SeriesMarkers.NONE);
        bars.setLineColor(colour);
        bars.setLineStyle(new BasicStroke(1.2f));
    }

    /**
     * The fitted model over the measured sizes' span. A non-positive time (a fit with a
     * negative alpha, at small sizes) cannot stand on a logarithmic axis: NaN leaves a gap.
     */
    private static void addCurve(XYChart chart, String algorithm, ModelFit fit, int processes,
            double[] measured, Color colour) {
        double from = measured[0];
        double to = measured[0];
        for (double x : measured) {
            from = Math.min(from, x);
            to = Math.max(to, x);
        }
        double[] xs = new double[CURVE_POINTS];
        double[] ys = new double[CURVE_POINTS];
        int positive = 0;
        for (int i = 0; i < CURVE_POINTS; i++) {
            xs[i] = from + (to - from) * i / (CURVE_POINTS - 1);
            double t = fit.time(processes, Math.round(Math.pow(2, xs[i])));
            ys[i] = t > 0 ? t : Double.NaN;
            positive += t > 0 ? 1 : 0;
        }
        if (positive < 2) {
            return;
        }
        XYSeries line = chart.addSeries(algorithm + " model " + fit.model().name(), xs, ys);
        line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        line.setShowInLegend(false);
        line.setMarker(SeriesMarkers.NONE);
        line.setLineColor(colour);
        line.setLineStyle(new BasicStroke(2f));
    }

    private static void style(XYChart chart) {
        var st = chart.getStyler();
        SizeAxis.style(st);
        st.setLegendPosition(LegendPosition.InsideNW); // small sizes are cheap: room there
        st.setYAxisLogarithmic(true);
    }
}
