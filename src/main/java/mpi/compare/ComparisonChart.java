package mpi.compare;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;

/**
 * The comparison table drawn as one PNG, with XChart: a bar chart per row of the table (a
 * bench at one size), one bar per column (C, then each Java binding's buffer and arrays API
 * and each transport, as the table orders them) at its median, the value written on the bar;
 * the panels in a grid of up to {@value #COLUMNS} columns, each {@value #PANEL_WIDTH}x
 * {@value #PANEL_HEIGHT}. A column that did not run ({@code n/a}) has no bar.
 */
public final class ComparisonChart {
    /** Width of one panel. */
    public static final int PANEL_WIDTH = 600;
    /** Height of one panel. */
    public static final int PANEL_HEIGHT = 400;
    /** Panels side by side, at most. */
    public static final int COLUMNS = 3;
    private static final Color C_BAR = new Color(0x55, 0x55, 0x55);
    private static final Color JAVA_BAR = new Color(0x1f, 0x77, 0xb4);

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
     * @param png      the file to write; {@code .png} is added when it lacks it
     * @return the file written
     * @throws IOException if it cannot be written
     */
    public static Path write(List<Summary.Row> rows, boolean prefixed, int runs, Path png)
            throws IOException {
        List<CategoryChart> panels = new ArrayList<>();
        for (Summary.Row r : rows) {
            panels.add(panel(r, prefixed, runs));
        }
        int columns = Math.min(COLUMNS, panels.size());
        int lines = (panels.size() + columns - 1) / columns;
        while (panels.size() < lines * columns) { // an empty panel fills the grid's last line
            CategoryChart blank = new CategoryChartBuilder().width(PANEL_WIDTH)
                    .height(PANEL_HEIGHT).build();
            blank.getStyler().setChartBackgroundColor(Color.WHITE);
            blank.getStyler().setPlotBackgroundColor(Color.WHITE);
            blank.getStyler().setPlotBorderVisible(false);
            blank.getStyler().setAxisTicksVisible(false);
            blank.getStyler().setLegendVisible(false);
            blank.getStyler().setPlotGridLinesVisible(false);
            blank.addSeries(" ", List.of(" "), List.of(0));
            panels.add(blank);
        }
        String name = png.toString().endsWith(".png") ? png.toString() : png + ".png";
        BitmapEncoder.saveBitmap(panels, lines, columns, name, BitmapEncoder.BitmapFormat.PNG);
        return Path.of(name);
    }

    /** One row of the table as a bar chart. */
    static CategoryChart panel(Summary.Row r, boolean prefixed, int runs) {
        Unit unit = r.unit();
        String title = String.format(Locale.ROOT, "%s %s B: %s, median of %d (%s is better)",
                r.bench().label(), Sizes.human(r.size()), unit.label(), runs,
                unit.isLatency() ? "lower" : "higher");
        CategoryChart chart = new CategoryChartBuilder().width(PANEL_WIDTH).height(PANEL_HEIGHT)
                .title(title).yAxisTitle(unit.label()).build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setOverlapped(true); // one bar per column, each its own series
        List<String> columns = new ArrayList<>(List.of("C"));
        r.cells().forEach(c -> columns.add(c.variant().name(prefixed)));
        addBar(chart, columns, 0, "C", r.c(), C_BAR);
        for (int i = 0; i < r.cells().size(); i++) {
            Summary.Cell cell = r.cells().get(i);
            if (cell.median() != null) {
                addBar(chart, columns, i + 1, columns.get(i + 1), cell.median(), JAVA_BAR);
            }
        }
        return chart;
    }

    /** A series with a bar at one column only: C's colour differs from the Java columns'. */
    private static void addBar(CategoryChart chart, List<String> columns, int at, String name,
            double value, Color colour) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            values.add(i == at ? value : null); // no bar, and no "0" label, elsewhere
        }
        CategorySeries s = chart.addSeries(name, columns, values);
        s.setFillColor(colour);
    }
}
