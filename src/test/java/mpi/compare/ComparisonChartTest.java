package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparison table as a PNG: opened, its panels found, their bars drawn. */
class ComparisonChartTest {
    private static final int C_GREY = 0xff555555;
    private static final int JAVA_BLUE = 0xff1f77b4;

    @TempDir
    Path dir;

    /** Pixels of exactly {@code rgb} in the panel at grid position (col, line). */
    private static int pixels(BufferedImage image, int col, int line, int rgb) {
        int n = 0;
        for (int y = line * ComparisonChart.PANEL_HEIGHT; y < (line + 1) * ComparisonChart.PANEL_HEIGHT; y++) {
            for (int x = col * ComparisonChart.PANEL_WIDTH; x < (col + 1) * ComparisonChart.PANEL_WIDTH; x++) {
                n += image.getRGB(x, y) == rgb ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void aPanelPerRowWithCsBarAndEachJavaColumnsBar() throws Exception {
        List<Binding> bindings = Fixtures.bindings("ombj", "ompi");
        Measurements m = new Measurements();
        for (int size : new int[] {8, 1 << 20}) {
            m.add(Bench.LATENCY, size, Variant.C, "1.00");
            m.add(Bench.LATENCY, size, new Variant(bindings.get(0), "buffer"), "1.50");
            m.add(Bench.LATENCY, size, new Variant(bindings.get(0), "arrays"), "2.00");
            m.add(Bench.LATENCY, size, new Variant(bindings.get(1), "buffer"), "3.00");
            m.unavailable(Bench.LATENCY, size, new Variant(bindings.get(1), "arrays"));
        }
        m.add(Bench.BW, 65536, Variant.C, "5000");
        m.add(Bench.BW, 65536, new Variant(bindings.get(0), "buffer"), "4000");
        m.add(Bench.BW, 65536, new Variant(bindings.get(0), "arrays"), "3000");
        m.add(Bench.BW, 65536, new Variant(bindings.get(1), "buffer"), "2000");
        m.add(Bench.BW, 65536, new Variant(bindings.get(1), "arrays"), "1000");
        m.add(Bench.BW, 4 << 20, Variant.C, "9000");
        List<Summary.Row> rows = Summary.of(m, Runner.javaVariants(bindings));

        Path png = ComparisonChart.write(rows, true, 1, dir.resolve("table"));
        assertEquals(dir.resolve("table.png"), png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(3 * ComparisonChart.PANEL_WIDTH, image.getWidth());
        assertEquals(2 * ComparisonChart.PANEL_HEIGHT, image.getHeight());
        for (int i = 0; i < 4; i++) {
            assertTrue(pixels(image, i % 3, i / 3, C_GREY) > 200, "panel " + i + ": C's bar");
        }
        for (int i = 0; i < 3; i++) {
            assertTrue(pixels(image, i % 3, i / 3, JAVA_BLUE) > 600, "panel " + i + ": Java's bars");
        }
        assertEquals(0, pixels(image, 0, 1, JAVA_BLUE), "bw 4M: C only, no Java bar");
        assertEquals(0, pixels(image, 1, 1, C_GREY), "the empty panel that fills the grid");
    }

    @Test
    void theDefaultPngIsBesideTheCsv() {
        assertEquals("target/bench/compare.png", CompareArgs.pngBeside(CompareArgs.DEFAULT_CSV));
        assertEquals("/tmp/x.png", CompareArgs.pngBeside("/tmp/x.csv"));
        assertEquals("/tmp/x.txt.png", CompareArgs.pngBeside("/tmp/x.txt"));
    }
}
