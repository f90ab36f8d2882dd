package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The comparison drawn as curves: what each line holds, the axes, and the PNG written. */
class ComparisonChartTest {
    private static final List<Binding> TWO = Fixtures.bindings("ombj", "ompi");

    @TempDir
    Path dir;

    /**
     * latency at 1, 4, 16 B and bw at 64K (C 5000, ombj 4000 and 2500, ompi 2000, ompi arrays
     * n/a), bw 1M C only; rows given out of size order.
     */
    private static List<Summary.Row> rows() {
        Measurements m = new Measurements();
        for (int size : new int[] {16, 1, 4}) {
            m.add(Bench.LATENCY, size, Variant.C, "1.00");
            m.add(Bench.LATENCY, size, new Variant(TWO.get(0), "buffer"), "1.50");
            m.add(Bench.LATENCY, size, new Variant(TWO.get(0), "arrays"), "2.00");
            m.add(Bench.LATENCY, size, new Variant(TWO.get(1), "buffer"), size == 4 ? "3.00" : "4.00");
            m.add(Bench.LATENCY, size, new Variant(TWO.get(1), "arrays"), "4.00");
        }
        m.add(Bench.BW, 65536, Variant.C, "5000");
        m.add(Bench.BW, 65536, new Variant(TWO.get(0), "buffer"), "4000");
        m.add(Bench.BW, 65536, new Variant(TWO.get(0), "arrays"), "2500");
        m.add(Bench.BW, 65536, new Variant(TWO.get(1), "buffer"), "2000");
        m.unavailable(Bench.BW, 65536, new Variant(TWO.get(1), "arrays"));
        m.add(Bench.BW, 1 << 20, Variant.C, "9000");
        m.unavailable(Bench.BW, 1 << 20, new Variant(TWO.get(1), "arrays"));
        return Summary.of(m, Runner.javaVariants(TWO));
    }

    @Test
    void aLinePerColumnOverEverySizeAndTheRatiosAsTheTableTakesThem() {
        List<Curves> all = Curves.of(rows(), true);
        assertEquals(List.of(Bench.LATENCY, Bench.BW), all.stream().map(Curves::bench).toList());

        Curves lat = all.get(0);
        assertEquals(List.of("C", "ombj buffer", "ombj arrays", "ompi buffer", "ompi arrays"),
                lat.values().stream().map(Curves.Series::name).toList());
        assertEquals(List.of(0, 1, 2, 3, 4), lat.values().stream().map(Curves.Series::column).toList());
        lat.values().forEach(s -> assertEquals(List.of(1, 4, 16), s.sizes(), s.name()));
        assertEquals(List.of(4.0, 3.0, 4.0), lat.values().get(3).y());
        // Latency: Java / C, one line per Java column.
        assertEquals(List.of("ombj buffer", "ombj arrays", "ompi buffer", "ompi arrays"),
                lat.ratios().stream().map(Curves.Series::name).toList());
        assertEquals(List.of(1.5, 1.5, 1.5), lat.ratios().get(0).y());
        assertEquals(List.of(4.0, 3.0, 4.0), lat.ratios().get(2).y());

        Curves bw = all.get(1);
        // ompi arrays is n/a throughout: no line; the Java columns only where measured.
        assertEquals(List.of("C", "ombj buffer", "ombj arrays", "ompi buffer"),
                bw.values().stream().map(Curves.Series::name).toList());
        assertEquals(List.of(65536, 1 << 20), bw.values().get(0).sizes());
        assertEquals(List.of(65536), bw.values().get(1).sizes());
        // Bandwidth: C / Java, above 1 when Java is slower.
        assertEquals(List.of(1.25), bw.ratios().get(0).y());
        assertEquals(List.of(2.0), bw.ratios().get(1).y());
        assertEquals(List.of(2.5), bw.ratios().get(2).y());
        assertEquals(3, bw.ratios().size());
    }

    @Test
    void oneBindingNamesItsColumnsJava() {
        List<Binding> one = Fixtures.bindings("ombj");
        Measurements m = new Measurements();
        m.add(Bench.BCAST, 8, Variant.C, "1.0");
        m.add(Bench.BCAST, 8, new Variant(one.get(0), "buffer"), "1.1");
        m.add(Bench.BCAST, 8, new Variant(one.get(0), "arrays"), "1.2");
        Curves c = Curves.of(Summary.of(m, Runner.javaVariants(one)), false).get(0);
        assertEquals(List.of("C", "Java buffer", "Java arrays"), c.values().stream().map(Curves.Series::name).toList());
    }

    @Test
    void logLogValuesOverALinearRatioWithItsLineAtOne() {
        Curves lat = Curves.of(rows(), true).get(0);
        XYChart value = ComparisonChart.valuePanel(lat, 7);
        assertTrue(value.getStyler().isYAxisLogarithmic());
        // Sizes on a linear axis of log2(size): log-log, ticks at powers of two.
        assertFalse(value.getStyler().isXAxisLogarithmic());
        assertEquals("latency, median of 7 runs (lower is better)", value.getTitle());
        assertEquals("us", value.getYAxisTitle());
        XYSeries ombjArrays = value.getSeriesMap().get("ombj arrays");
        assertEquals(List.of(0.0, 2.0, 4.0), List.of(ombjArrays.getXData()[0], ombjArrays.getXData()[1],
                ombjArrays.getXData()[2]));
        assertEquals(5, value.getSeriesMap().size());

        XYChart ratio = ComparisonChart.ratioPanel(lat, 0.95);
        assertFalse(ratio.getStyler().isYAxisLogarithmic());
        assertEquals("Java / C", ratio.getYAxisTitle());
        assertEquals("message size (bytes)", ratio.getXAxisTitle());
        XYSeries one = ratio.getSeriesMap().get("C = 1");
        assertEquals(1.0, one.getYData()[0]);
        assertEquals(1.0, one.getYData()[1]);
        assertEquals(1 + 4, ratio.getSeriesMap().size());
        // Both panels share the size axis, from 1 to 16 B.
        for (XYChart chart : List.of(value, ratio)) {
            assertEquals(0.0, chart.getStyler().getXAxisMin());
            assertEquals(4.0, chart.getStyler().getXAxisMax());
        }
        assertEquals("C / Java", ComparisonChart.ratioTitle(Unit.MEGABYTES_PER_SECOND));
    }

    /**
     * Seven rounds at 1, 4 and 16 B, Java buffer's values 1.5 to 2.1 times C's: each median
     * with its interval, and each ratio with the interval of the rounds' ratios, as error bars.
     */
    private static List<Summary.Row> sevenRounds() {
        List<Binding> one = Fixtures.bindings("ombj");
        Measurements m = new Measurements();
        for (int size : new int[] {1, 4, 16}) {
            for (int r = 0; r < 7; r++) {
                m.add(Bench.LATENCY, size, Variant.C, Integer.toString(10 + r));
                m.add(Bench.LATENCY, size, new Variant(one.get(0), "buffer"), Double.toString((10 + r) * (1.5 + r / 10.0)));
                m.add(Bench.LATENCY, size, new Variant(one.get(0), "arrays"), Integer.toString(10 + r));
            }
        }
        return Summary.of(m, Runner.javaVariants(one));
    }

    @Test
    void intervalsAreErrorBarsOutOfTheLegend() {
        Curves lat = Curves.of(sevenRounds(), false).get(0);
        Curves.Series c = lat.values().get(0);
        // Seven values 10..16: [x(1), x(7)], the only interval of seven at 95 %.
        assertEquals(List.of(10.0, 10.0, 10.0), c.low());
        assertEquals(List.of(16.0, 16.0, 16.0), c.high());
        Curves.Series buffer = lat.ratios().get(0);
        buffer.y().forEach(y -> assertEquals(1.8, y, 1e-12)); // the median of the rounds' ratios 1.5 .. 2.1
        assertEquals(1.5, buffer.low().get(0), 1e-12);
        assertEquals(2.1, buffer.high().get(0), 1e-12);

        XYChart value = ComparisonChart.valuePanel(lat, 7);
        XYSeries bars = value.getSeriesMap().get("C" + ComparisonChart.BARS);
        assertFalse(bars.isShowInLegend());
        // Up from each point's low to its high, the pen lifted (NaN) before the next.
        assertEquals(List.of(10.0, 16.0, Double.NaN, 10.0, 16.0), List.of(bars.getYData()[0], bars.getYData()[1],
                bars.getYData()[2], bars.getYData()[3], bars.getYData()[4]));
        assertEquals(bars.getXData()[0], bars.getXData()[1]);
        assertEquals(3 * 2, value.getSeriesMap().size());
        XYChart ratio = ComparisonChart.ratioPanel(lat, 0.95);
        assertEquals(1.5, ratio.getSeriesMap().get("Java buffer" + ComparisonChart.BARS).getYData()[0], 1e-12);
        assertEquals("message size (bytes); bars: 95 % intervals", ratio.getXAxisTitle());

        // Too few runs for an interval: no bars, and the axis says none.
        Curves few = Curves.of(rows(), true).get(0);
        assertTrue(ComparisonChart.valuePanel(few, 1).getSeriesMap().keySet().stream()
                .noneMatch(k -> k.endsWith(ComparisonChart.BARS)));
        assertEquals("message size (bytes)", ComparisonChart.ratioPanel(few, 0.95).getXAxisTitle());
    }

    @Test
    void theSizeAxisEndsAtEvenPowersOfTwoAroundTheSizes() {
        Measurements m = new Measurements();
        List<Binding> one = Fixtures.bindings("ombj");
        m.add(Bench.BW, 8, Variant.C, "1");
        m.add(Bench.BW, 8 << 10, Variant.C, "1");
        m.add(Bench.LATENCY, 4, Variant.C, "1");
        List<Curves> c = Curves.of(Summary.of(m, Runner.javaVariants(one)), false);
        assertEquals(List.of(2.0, 14.0), List.of(ComparisonChart.xRange(c.get(0))[0], ComparisonChart.xRange(c.get(0))[1]));
        // One size: two powers of two either side.
        assertEquals(List.of(0.0, 4.0), List.of(ComparisonChart.xRange(c.get(1))[0], ComparisonChart.xRange(c.get(1))[1]));
    }

    @Test
    void sizeLabelsAreEvenPowersOfTwo() {
        assertEquals(List.of("1", " ", "4", " ", "16", "64", "256", "1K", "4K", "16K", "64K", "256K", "1M", "4M"),
                List.of(0.0, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0, 18.0, 20.0, 22.0).stream()
                        .map(SizeAxis::label).toList());
        assertEquals(" ", SizeAxis.label(2.5));
        assertEquals(" ", SizeAxis.label(-2));
        assertEquals(20.0, SizeAxis.x(1 << 20), 1e-12);
    }

    /** Pixels of exactly {@code rgb} in the rectangle. */
    private static int pixels(BufferedImage image, int x0, int y0, int w, int h, int rgb) {
        int n = 0;
        for (int y = y0; y < y0 + h; y++) {
            for (int x = x0; x < x0 + w; x++) {
                n += (image.getRGB(x, y) & 0xffffff) == rgb ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void aPngOfTwoBenchesSideBySideEachOverItsRatios() throws Exception {
        Path png = ComparisonChart.write(rows(), true, 7, 0.95, dir.resolve("table"));
        assertEquals(dir.resolve("table.png"), png);
        BufferedImage image = ImageIO.read(png.toFile());
        int height = ComparisonChart.VALUE_HEIGHT + ComparisonChart.RATIO_HEIGHT;
        assertEquals(2 * ComparisonChart.PANEL_WIDTH, image.getWidth());
        assertEquals(height, image.getHeight());
        int blue = ComparisonChart.COLOURS[1].getRGB() & 0xffffff;
        int green = ComparisonChart.COLOURS[3].getRGB() & 0xffffff;
        for (int bench = 0; bench < 2; bench++) {
            int x = bench * ComparisonChart.PANEL_WIDTH;
            assertTrue(pixels(image, x, 0, ComparisonChart.PANEL_WIDTH, ComparisonChart.VALUE_HEIGHT, blue) > 30,
                    "bench " + bench + ": ombj buffer's line");
            assertTrue(pixels(image, x, ComparisonChart.VALUE_HEIGHT, ComparisonChart.PANEL_WIDTH,
                    ComparisonChart.RATIO_HEIGHT, green) > 10, "bench " + bench + ": ompi buffer's ratio");
        }
    }

    @Test
    void anOddLastBenchIsCentredOnALineOfItsOwn() throws Exception {
        Measurements m = new Measurements();
        List<Binding> one = Fixtures.bindings("ombj");
        for (Bench b : List.of(Bench.LATENCY, Bench.BW, Bench.BIBW)) {
            m.add(b, 8, Variant.C, "100");
            m.add(b, 8, new Variant(one.get(0), "buffer"), "120");
            m.add(b, 8, new Variant(one.get(0), "arrays"), "130");
        }
        Path png = ComparisonChart.write(Summary.of(m, Runner.javaVariants(one)), false, 1, 0.95, dir.resolve("x.png"));
        BufferedImage image = ImageIO.read(png.toFile());
        int height = ComparisonChart.VALUE_HEIGHT + ComparisonChart.RATIO_HEIGHT;
        assertEquals(2 * ComparisonChart.PANEL_WIDTH, image.getWidth());
        assertEquals(2 * height, image.getHeight());
        int w = ComparisonChart.PANEL_WIDTH;
        int white = 0xffffff;
        // bibw's panels start a quarter of the width in; left and right of them, white.
        assertEquals(w / 2 * height, pixels(image, 0, height, w / 2, height, white));
        assertEquals(w / 2 * height, pixels(image, w + w / 2, height, w / 2, height, white));
        int c = ComparisonChart.COLOURS[0].getRGB() & 0xffffff;
        assertTrue(pixels(image, w / 2, height, w, ComparisonChart.VALUE_HEIGHT, c) > 20, "bibw's C marker");
    }

    @Test
    void theDefaultPngIsBesideTheCsv() {
        assertEquals("target/bench/compare.png", CompareArgs.pngBeside(CompareArgs.DEFAULT_CSV));
        assertEquals("/tmp/x.png", CompareArgs.pngBeside("/tmp/x.csv"));
        assertEquals("/tmp/x.txt.png", CompareArgs.pngBeside("/tmp/x.txt"));
    }
}
