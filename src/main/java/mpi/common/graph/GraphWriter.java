package mpi.common.graph;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.PdfboxGraphicsEncoder;
import org.knowm.xchart.XYChart;

/**
 * Draws what {@code -G} asks for from the sizes' iterations, with C OMB 7.4's file names in
 * a directory: {@code <prog>-<size>.png} per size, {@code <prog>3D0.png} and
 * {@code <prog>3D1.png} for the overview's parts, {@code <prog>.pdf} with a page per size
 * then the overview's pages; and for {@code tty} an {@link AsciiPlot} per size.
 */
public final class GraphWriter {
    static {
        // Charts are drawn off screen: no display is needed, or wanted, on a compute node.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private GraphWriter() {
    }

    /**
     * @param program  C OMB's program name, which starts every file name, e.g.
     *                 {@code osu_latency}
     * @param series   every size's iterations, in size order; at least one
     * @param quantity what the values are
     * @param outputs  what to draw
     * @param dir      where the files go
     * @param tty      where the text plots go (stdout)
     * @param terminal the text plots' size
     * @return the files written, in order
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(String program, List<SizeSeries> series, Quantity quantity,
            GraphOutputs outputs, Path dir, PrintStream tty, TerminalSize terminal)
            throws IOException {
        if (outputs.tty()) {
            for (SizeSeries s : series) {
                tty.print(AsciiPlot.render(Charts.title(s), quantity.axis(), Charts.ITERATIONS,
                        s.values(), terminal));
            }
            tty.flush();
        }
        List<Path> files = new ArrayList<>();
        if (!outputs.files()) {
            return files;
        }
        List<XYChart> charts = new ArrayList<>();
        for (SizeSeries s : series) {
            charts.add(Charts.perSize(s, quantity));
        }
        List<XYChart> overview = Charts.overview(series, quantity);
        if (outputs.png()) {
            for (int i = 0; i < series.size(); i++) {
                files.add(png(charts.get(i), dir.resolve(program + "-" + series.get(i).size())));
            }
            for (int i = 0; i < overview.size(); i++) {
                files.add(png(overview.get(i), dir.resolve(program + "3D" + i)));
            }
        }
        if (outputs.pdf()) {
            List<XYChart> pages = new ArrayList<>(charts);
            pages.addAll(overview);
            Path pdf = dir.resolve(program + ".pdf");
            // Its File variant leaves the file unflushed: the stream is closed here.
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(pdf))) {
                PdfboxGraphicsEncoder.savePdfboxGraphics(pages, out);
            }
            files.add(pdf);
        }
        return files;
    }

    /** Writes {@code base}.png and returns its path. */
    private static Path png(XYChart chart, Path base) throws IOException {
        BitmapEncoder.saveBitmap(chart, base.toString(), BitmapEncoder.BitmapFormat.PNG);
        return Path.of(base + ".png");
    }
}
