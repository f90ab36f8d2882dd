package mpi.common.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens what {@code -G} writes. The PDF is read back with Apache PDFBox, which XChart's PDF
 * encoder brings.
 */
class GraphWriterTest {
    private static final int BLUE = 0xff0000ff;

    @TempDir
    Path dir;

    /** Three small sizes and two large ones, 50 iterations each, a latency-like wave. */
    private static List<SizeSeries> series() {
        List<SizeSeries> series = new ArrayList<>();
        for (int size : new int[] {1, 8, 8192, 16384, 65536}) {
            double[] v = new double[50];
            for (int i = 0; i < v.length; i++) {
                v[i] = 1 + size / 1024.0 + Math.sin(i / 3.0);
            }
            series.add(new SizeSeries(size, v, java.util.Arrays.stream(v).average().orElseThrow()));
        }
        return series;
    }

    private List<Path> write(GraphOutputs outputs, ByteArrayOutputStream tty) throws IOException {
        return GraphWriter.write("osu_latency", series(), Quantity.LATENCY, outputs, dir,
                new PrintStream(tty, true, StandardCharsets.UTF_8), new TerminalSize(40, 120));
    }

    /** Pixels of a colour other than white, black and greys inside the central part. */
    private static int colouredPixels(BufferedImage image, int onlyRgb) {
        int n = 0;
        for (int y = image.getHeight() / 10; y < image.getHeight() * 9 / 10; y++) {
            for (int x = image.getWidth() / 10; x < image.getWidth() * 9 / 10; x++) {
                int rgb = image.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                boolean grey = Math.abs(r - g) < 16 && Math.abs(g - b) < 16;
                n += onlyRgb != 0 ? (rgb == onlyRgb ? 1 : 0) : (grey ? 0 : 1);
            }
        }
        return n;
    }

    @Test
    void pngPerSizeAndTheOverviewAsCNamesThem() throws IOException {
        ByteArrayOutputStream tty = new ByteArrayOutputStream();
        List<Path> files = write(new GraphOutputs(false, true, false), tty);
        List<String> names = files.stream().map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of("osu_latency-1.png", "osu_latency-8.png", "osu_latency-8192.png",
                "osu_latency-16384.png", "osu_latency-65536.png", "osu_latency3D0.png",
                "osu_latency3D1.png"), names);
        assertEquals(0, tty.size(), "no text without tty");
        for (Path f : files) {
            BufferedImage image = ImageIO.read(dir.resolve(f.getFileName()).toFile());
            assertEquals(2048, image.getWidth(), f.toString());
            assertEquals(1080, image.getHeight(), f.toString());
            int drawn = colouredPixels(image, 0);
            assertTrue(drawn > 1000, f + ": " + drawn + " coloured pixels in the plot area");
        }
        BufferedImage one = ImageIO.read(dir.resolve("osu_latency-8.png").toFile());
        assertTrue(colouredPixels(one, BLUE) > 1000, "a size's line is blue, as C's");
    }

    @Test
    void pdfOnlyIsOneDocumentWithAPagePerChartAndNoPng() throws IOException {
        List<Path> files = write(new GraphOutputs(false, false, true), new ByteArrayOutputStream());
        assertEquals(List.of(dir.resolve("osu_latency.pdf")), files);
        try (java.util.stream.Stream<Path> left = Files.list(dir)) {
            assertEquals(1, left.count(), "the PNGs are not left behind, as in C");
        }
        try (PDDocument pdf = Loader.loadPDF(files.get(0).toFile())) {
            assertEquals(5 + 2, pdf.getNumberOfPages());
            BufferedImage page = new PDFRenderer(pdf).renderImage(1);
            assertTrue(colouredPixels(page, 0) > 100, "the page has its chart drawn");
        }
    }

    @Test
    void ttyPrintsAPlotPerSizeAndWritesNoFile() throws IOException {
        ByteArrayOutputStream tty = new ByteArrayOutputStream();
        assertTrue(write(new GraphOutputs(true, false, false), tty).isEmpty());
        String text = tty.toString(StandardCharsets.UTF_8);
        assertEquals(5 * 40, text.split("\n", -1).length - 1);
        assertTrue(text.contains("Size: 16384, Avg:"));
        try (java.util.stream.Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
    }

    @Test
    void smallSizesOnlyGiveOneOverview() throws IOException {
        List<Path> files = GraphWriter.write("osu_bw", series().subList(0, 2),
                Quantity.BANDWIDTH, new GraphOutputs(false, true, false), dir,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new TerminalSize(40, 120));
        assertEquals(3, files.size());
        assertFalse(Files.exists(dir.resolve("osu_bw3D1.png")));
        assertTrue(Files.exists(dir.resolve("osu_bw3D0.png")));
        assertEquals("Size: 8, Avg:1.01", Charts.title(new SizeSeries(8, new double[1],
                1.0078)));
    }
}
