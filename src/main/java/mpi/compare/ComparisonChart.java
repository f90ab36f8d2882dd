package mpi.compare;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The comparison table drawn as one PNG, with XChart, as the OMB-Py and MVAPICH2-J papers draw
 * theirs: per bench, its median (latency in us, bandwidth in MB/s, ...) against message size,
 * log-log, one line with markers per column of the table (C, then each Java column in the
 * table's order), and beneath it, on the same size axis, each Java column's ratio to C (the
 * median of the rounds' ratios), taken as the table takes its ratios (Java/C for latencies,
 * C/Java for bandwidths: above the line at 1, Java is slower). Each point has its interval as
 * an error bar in its line's colour, where the runs are enough for one at the level. The size
 * axis is in powers of two, labelled 1, 4, 16, ..., 1K, ..., 1M.
 *
 * <p>A bench is a {@value #PANEL_WIDTH} px wide column: its value panel ({@value
 * #VALUE_HEIGHT} px high) over its ratio panel ({@value #RATIO_HEIGHT} px). The benches stand
 * {@value #COLUMNS} to a line, an odd last one centred, so that two fill README's width.
 */
public final class ComparisonChart {
    /** Width of a bench's panels. */
    public static final int PANEL_WIDTH = 500;
    /** Height of a bench's value panel. */
    public static final int VALUE_HEIGHT = 340;
    /** Height of a bench's ratio panel. */
    public static final int RATIO_HEIGHT = 200;
    /** Benches side by side, at most. */
    public static final int COLUMNS = 2;
    /** The colour of each column of the table, C's first: C dark grey, then tab10's. */
    static final Color[] COLOURS = {new Color(0x33, 0x33, 0x33), new Color(0x1f, 0x77, 0xb4),
        new Color(0xff, 0x7f, 0x0e), new Color(0x2c, 0xa0, 0x2c), new Color(0xd6, 0x27, 0x28),
        new Color(0x94, 0x67, 0xbd), new Color(0x8c, 0x56, 0x4b), new Color(0xe3, 0x77, 0xc2)};
    /** The name of a series' error bars: its own name and this. */
    static final String BARS = " interval";
    private static final Marker[] MARKERS = {SeriesMarkers.SQUARE, SeriesMarkers.CIRCLE,
        SeriesMarkers.TRIANGLE_UP, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_DOWN,
        SeriesMarkers.CROSS, SeriesMarkers.OVAL, SeriesMarkers.RECTANGLE};

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private ComparisonChart() {
    }

    /**
     * @param rows     the table's rows, in its order
     * @param prefixed whether to name each column's binding (more than one binding)
     * @param runs     the runs each median is of
     * @param level    the confidence level of the intervals
     * @param png      the file to write; {@code .png} is added when it lacks it
     * @return the file written
     * @throws IOException if it cannot be written
     */
    public static Path write(List<Summary.Row> rows, boolean prefixed, int runs, double level, Path png)
            throws IOException {
        Path file = Path.of(png.toString().endsWith(".png") ? png.toString() : png + ".png");
        if (!ImageIO.write(figure(Curves.of(rows, prefixed), runs, level), "png", file.toFile())) {
            throw new IOException("no PNG writer in this JDK");
        }
        return file;
    }

    /**
     * @return the figure of {@code curves}: each bench's value panel over its ratio panel, the
     *         benches {@value #COLUMNS} to a line
     */
    static BufferedImage figure(List<Curves> curves, int runs, double level) {
        int columns = Math.min(COLUMNS, curves.size());
        int lines = (curves.size() + columns - 1) / columns;
        int height = VALUE_HEIGHT + RATIO_HEIGHT;
        BufferedImage image = new BufferedImage(columns * PANEL_WIDTH, lines * height,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        for (int i = 0; i < curves.size(); i++) {
            int line = i / columns;
            int inLine = Math.min(columns, curves.size() - line * columns);
            int x = (image.getWidth() - inLine * PANEL_WIDTH) / 2 + (i % columns) * PANEL_WIDTH;
            int y = line * height;
            drawAligned(g, valuePanel(curves.get(i), runs), ratioPanel(curves.get(i), level), x, y);
        }
        g.dispose();
        return image;
    }

    /**
     * Draws a bench's value panel over its ratio panel so that their plots span the same
     * pixels, and so share one size axis: the panel whose y labels are narrower (its plot
     * starting further left) is drawn that much narrower and further right.
     */
    private static void drawAligned(Graphics2D g, SizeChart value, SizeChart ratio, int x, int y) {
        BufferedImage top = BitmapEncoder.getBufferedImage(value);
        BufferedImage bottom = BitmapEncoder.getBufferedImage(ratio);
        int shift = (int) Math.round(value.plotBounds().getX() - ratio.plotBounds().getX());
        if (shift > 0) {
            ratio.resize(PANEL_WIDTH - shift);
            bottom = BitmapEncoder.getBufferedImage(ratio);
        } else if (shift < 0) {
            value.resize(PANEL_WIDTH + shift);
            top = BitmapEncoder.getBufferedImage(value);
        }
        g.drawImage(top, x + Math.max(0, -shift), y, null);
        g.drawImage(bottom, x + Math.max(0, shift), y + VALUE_HEIGHT, null);
    }

    /** The medians against size, log-log, and their intervals where there are some. */
    static SizeChart valuePanel(Curves c, int runs) {
        Unit unit = c.unit();
        String title = String.format(Locale.ROOT, "%s, median of %d run%s (%s is better)",
                c.bench().label(), runs, runs == 1 ? "" : "s", unit.isLatency() ? "lower" : "higher");
        SizeChart chart = new SizeChart(PANEL_WIDTH, VALUE_HEIGHT);
        chart.setTitle(title);
        chart.setYAxisTitle(unit.label());
        style(chart, c);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setXAxisTicksVisible(false); // the ratio panel beneath labels sizes
        chart.getStyler().setLegendPosition(unit.isLatency() ? LegendPosition.InsideNW
                : LegendPosition.InsideSE); // where the curves are not: small sizes are cheap
        c.values().forEach(s -> add(chart, s));
        return chart;
    }

    /**
     * Each Java column's ratio to C against size, and the line at 1. Its size axis's title
     * says what the error bars of both panels are, where there are some: the value panel's
     * title has no room left for it.
     */
    static SizeChart ratioPanel(Curves c, double level) {
        SizeChart chart = new SizeChart(PANEL_WIDTH, RATIO_HEIGHT);
        boolean bars = c.values().stream().anyMatch(Curves.Series::hasIntervals)
                || c.ratios().stream().anyMatch(Curves.Series::hasIntervals);
        chart.setXAxisTitle("message size (bytes)" + (bars ? "; bars: " + Numbers.percent(level) + " intervals" : ""));
        chart.setYAxisTitle(ratioTitle(c.unit()));
        style(chart, c);
        chart.getStyler().setLegendVisible(false); // the panel above names the lines
        chart.getStyler().setChartTitleVisible(false);
        c.ratios().forEach(s -> add(chart, s));
        double[] ends = xRange(c);
        XYSeries one = chart.addSeries("C = 1", new double[] {ends[0], ends[1]}, new double[] {1, 1});
        one.setMarker(SeriesMarkers.NONE);
        one.setLineColor(COLOURS[0]);
        one.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {6, 4}, 0));
        return chart;
    }

    /** @return the ratio axis's title, e.g. {@code Java / C} for latencies */
    static String ratioTitle(Unit unit) {
        return unit.isLatency() ? "Java / C" : "C / Java";
    }

    /**
     * @return the size axis's ends: the even powers of two nearest below the smallest size and
     *         above the largest, at least one apart (XChart labels no tick when its format
     *         gives both ends one label, as {@link SizeAxis#label} would for odd powers)
     */
    static double[] xRange(Curves c) {
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        for (Curves.Series s : c.values()) {
            for (int size : s.sizes()) {
                lo = Math.min(lo, (int) Math.round(SizeAxis.x(size)));
                hi = Math.max(hi, (int) Math.round(SizeAxis.x(size)));
            }
        }
        int min = lo - Math.floorMod(lo, 2);
        int max = hi + Math.floorMod(hi, 2);
        if (min == max) {
            min = Math.max(0, min - 2);
            max = min + 4;
        }
        return new double[] {min, max};
    }

    private static void style(XYChart chart, Curves c) {
        var st = chart.getStyler();
        SizeAxis.style(st);
        st.setYAxisTitleVisible(true);
        double[] ends = xRange(c);
        st.setXAxisMin(ends[0]);
        st.setXAxisMax(ends[1]);
    }

    private static void add(XYChart chart, Curves.Series s) {
        double[] xs = s.sizes().stream().mapToDouble(SizeAxis::x).toArray();
        double[] ys = s.y().stream().mapToDouble(Double::doubleValue).toArray();
        XYSeries series = chart.addSeries(s.name(), xs, ys);
        series.setLineColor(COLOURS[s.column() % COLOURS.length]);
        series.setMarkerColor(COLOURS[s.column() % COLOURS.length]);
        series.setMarker(MARKERS[s.column() % MARKERS.length]);
        series.setLineStyle(new BasicStroke(2f));
        if (s.hasIntervals()) {
            addBars(chart, s);
        }
    }

    /**
     * The series' intervals as error bars: one more series, out of the legend, whose line
     * goes from each point's low to its high and breaks (a NaN, where XChart lifts the pen)
     * before the next.
     */
    private static void addBars(XYChart chart, Curves.Series s) {
        int n = s.sizes().size();
        double[] xs = new double[3 * n];
        double[] ys = new double[3 * n];
        for (int i = 0; i < n; i++) {
            double x = SizeAxis.x(s.sizes().get(i));
            xs[3 * i] = x;
            xs[3 * i + 1] = x;
            xs[3 * i + 2] = x;
            ys[3 * i] = s.low().get(i);
            ys[3 * i + 1] = s.high().get(i);
            ys[3 * i + 2] = Double.NaN;
        }
        XYSeries bars = chart.addSeries(s.name() + BARS, xs, ys);
        bars.setShowInLegend(false);
        bars.setMarker(SeriesMarkers.NONE);
        bars.setLineColor(COLOURS[s.column() % COLOURS.length]);
        bars.setLineStyle(new BasicStroke(1.5f));
    }
}
