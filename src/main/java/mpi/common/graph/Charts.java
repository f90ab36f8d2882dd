package mpi.common.graph;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The charts of {@code -G png|pdf}, drawn with XChart as C OMB 7.4 has gnuplot draw them:
 * per size, the values against the iteration ({@code Size: N, Avg:X}, 2048x1080, blue line
 * with points, grid); and the overview across sizes in two parts, the sizes up to
 * {@value #LARGE_MESSAGE_SIZE} bytes ({@code Small Message Size}) and the larger ones
 * ({@code Large Message Size}). C OMB draws the overview in 3-D (size, iteration, value on a
 * log scale); XChart has no 3-D plot, so here each size is a line of its own colour, named
 * by its size in the legend, over the same iteration axis, with the value on a log scale.
 */
public final class Charts {
    /** C OMB's PNG width. */
    public static final int WIDTH = 2048;
    /** C OMB's PNG height. */
    public static final int HEIGHT = 1080;
    /** The largest size of the overview's first part, C OMB's LARGE_MESSAGE_SIZE. */
    public static final int LARGE_MESSAGE_SIZE = 8192;
    /** The iteration axis, C OMB's. */
    public static final String ITERATIONS = "Iteration Count";
    private static final Color SERIES = Color.BLUE;

    private Charts() {
    }

    /**
     * @param series   one size's iterations
     * @param quantity what the values are
     * @return the chart of that size
     */
    public static XYChart perSize(SizeSeries series, Quantity quantity) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title(series))
                .xAxisTitle(ITERATIONS).yAxisTitle(quantity.axis()).build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        XYSeries s = chart.addSeries("Size " + series.size(), iterations(series.values().length),
                series.values());
        s.setLineColor(SERIES);
        s.setMarkerColor(SERIES);
        s.setMarker(SeriesMarkers.CIRCLE);
        return chart;
    }

    /**
     * @param series   every size's iterations, in size order
     * @param quantity what the values are
     * @return the overview charts: the small sizes', then the large sizes' (a part without
     *         sizes is left out)
     */
    public static List<XYChart> overview(List<SizeSeries> series, Quantity quantity) {
        List<SizeSeries> small = series.stream().filter(s -> s.size() <= LARGE_MESSAGE_SIZE)
                .toList();
        List<SizeSeries> large = series.stream().filter(s -> s.size() > LARGE_MESSAGE_SIZE)
                .toList();
        List<XYChart> charts = new ArrayList<>();
        if (!small.isEmpty()) {
            charts.add(overview("Small Message Size", small, quantity));
        }
        if (!large.isEmpty()) {
            charts.add(overview("Large Message Size", large, quantity));
        }
        return charts;
    }

    /** @return the title of a size's chart, C OMB's {@code Size: N, Avg:X} */
    public static String title(SizeSeries series) {
        return String.format(Locale.ROOT, "Size: %d, Avg:%.2f", series.size(), series.average());
    }

    private static XYChart overview(String title, List<SizeSeries> part, Quantity quantity) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(ITERATIONS).yAxisTitle(quantity.overviewAxis()).build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setMarkerSize(0);
        boolean positive = part.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.values()))
                .allMatch(v -> v > 0);
        chart.getStyler().setYAxisLogarithmic(positive); // as C's log-scaled value axis
        for (SizeSeries s : part) {
            chart.addSeries(Integer.toString(s.size()), iterations(s.values().length), s.values())
                    .setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    private static double[] iterations(int n) {
        return IntStream.rangeClosed(1, n).asDoubleStream().toArray();
    }
}
