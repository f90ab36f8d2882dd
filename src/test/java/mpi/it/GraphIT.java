package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code -G png,tty} under real mpirun with -Xcheck:jni (the JDK's font warnings left out, see
 * {@link #warningsNotFromTheJdksFonts}), in each API once: the table exactly
 * as without -G, then a text plot per size; a PNG per size of 2048x1080 with the size's blue
 * line drawn, and the overview, named as C OMB names them, in the working directory (mpirun's
 * {@code -wdir}, a fresh directory per run); and the one line that refuses -G to a benchmark
 * with no C OMB twin that draws.
 */
class GraphIT {
    private static final int[] SIZES = {1, 2};
    private static final int ROWS = 40;
    /**
     * The warnings of a -G run that are not the JDK's own. -Xcheck:jni stays on (MpiRun gives
     * it to every run), but the JDK's font rasterizer (sun.font in java.desktop, which draws
     * the charts' text) makes JNI calls it warns about: about 1400 warnings per run, each
     * "WARNING in native method: ..." followed by the stack, whose first frame is the native
     * method that made the call. Those whose first frame is in sun.font are left out; any
     * other warning, such as one from the binding, fails the test.
     */
    private static List<String> warningsNotFromTheJdksFonts(MpiRun.Result r) {
        List<String> lines = (r.stdout() + "\n" + r.stderr()).lines().toList();
        Set<String> fonts = new HashSet<>();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).startsWith("WARNING in native method:")
                    && lines.get(i + 1).strip().startsWith("at sun.font.")) {
                fonts.add(lines.get(i));
            }
        }
        List<String> others = new ArrayList<>(r.warnings());
        others.removeAll(fonts);
        return others;
    }

    /**
     * Standard output without the JVM's JNI warnings (checked apart, see
     * {@link #warningsNotFromTheJdksFonts}): each a "WARNING in native method" line and its
     * stack, lines that start with a tab.
     */
    private static List<String> withoutJniWarnings(List<String> stdout) {
        List<String> kept = new ArrayList<>();
        boolean inWarning = false;
        for (String line : stdout) {
            if (line.startsWith("WARNING in native method:")) {
                inWarning = true;
            } else if (!(inWarning && line.startsWith("\t"))) {
                inWarning = false;
                kept.add(line);
            }
        }
        return kept;
    }

    @TempDir
    Path dir;

    /**
     * The table, then the text plots; the PNG files with the series drawn across. PNG in one
     * of the two runs: under -Xcheck:jni the JDK's own AWT natives take some 20 s to draw
     * (2 s unchecked), and the PNG code does not depend on the benchmark.
     */
    @ParameterizedTest(name = "{0}, {1} API, -G {5}")
    @CsvSource({"mpi.pt2pt.OSULatency, buffer, osu_latency, Avg Latency(us), Lat(us), png:tty",
        "mpi.pt2pt.OSUBandwidth, arrays, osu_bw, Bandwidth (MB/s), BW(MB/s), tty"})
    void pngAndTtyAsCOmbDrawsThem(String bench, String api, String program, String column,
            String axis, String formats) throws Exception {
        boolean png = formats.contains("png");
        MpiRun.Result r = MpiRun.run(2, List.of("-wdir", dir.toString()), List.of(),
                MpiRun.jar().toAbsolutePath().toString(), bench, "-m", "1:2", "-i", "20", "-x",
                "2", "-a", api, "-G", formats.replace(':', ','));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), warningsNotFromTheJdksFonts(r), r.all());
        List<String> lines = withoutJniWarnings(r.stdoutLines());
        // The table as without -G: title, datatype, header, a row per size, and nothing between.
        assertEquals("# Datatype: MPI.BYTE.", lines.get(2), r.all());
        assertEquals(String.format("%-10s%18s", "# Size", column), lines.get(3), r.all());
        for (int i = 0; i < SIZES.length; i++) {
            assertTrue(lines.get(4 + i).matches(SIZES[i] + " +\\d+\\.\\d\\d"), lines.get(4 + i));
        }
        // Then the text plots: ROWS lines of 120 characters per size, the title first.
        List<String> plots = lines.subList(4 + SIZES.length, lines.size());
        assertEquals(SIZES.length * ROWS, plots.stream().filter(l -> !l.isEmpty()).count(),
                r.all());
        for (int i = 0; i < SIZES.length; i++) {
            assertTrue(plots.get(i * ROWS).trim().startsWith("Size: " + SIZES[i] + ", Avg:"),
                    plots.get(i * ROWS));
            assertEquals(axis, plots.get(i * ROWS + 1).trim());
            assertEquals(120, plots.get(i * ROWS).length());
            int left = plots.get(i * ROWS + 2).indexOf('+'); // the frame's left border
            assertTrue(left > 0, plots.get(i * ROWS + 2));
            assertTrue(plots.subList(i * ROWS + 3, i * ROWS + ROWS - 3).stream()
                    .anyMatch(l -> l.substring(left + 1).contains(".")), "marks in the frame");
        }
        if (!png) {
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(0, files.count(), "-G tty writes no file");
            }
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            List<String> expected = new java.util.ArrayList<>();
            for (int size : SIZES) {
                expected.add(program + "-" + size + ".png");
            }
            expected.add(program + "3D0.png");
            assertEquals(expected.stream().sorted().toList(), names);
        }
        for (int size : SIZES) {
            BufferedImage image = ImageIO.read(dir.resolve(program + "-" + size + ".png").toFile());
            assertEquals(2048, image.getWidth());
            assertEquals(1080, image.getHeight());
            // The series is the only blue in the image (axes, grid and text are grey or black):
            // its line, joining iteration 1 to the last, crosses every column between the
            // plot's left and right parts, whatever the values' shape. Counted on columns, and
            // with the line's anti-aliased pixels, since a flat line over a near-constant run
            // has few pixels of the pure colour, and a line pressed to the bottom by one slow
            // iteration lies outside any band of rows.
            int columns = 0;
            for (int x = 205; x < 1843; x++) {
                for (int y = 0; y < image.getHeight(); y++) {
                    if (bluish(image.getRGB(x, y))) {
                        columns++;
                        break;
                    }
                }
            }
            assertTrue(columns >= 1843 - 205 - 16, program + "-" + size + ".png: the blue line"
                    + " crosses " + columns + " of " + (1843 - 205) + " columns");
        }
    }

    /** @return whether an ARGB pixel is the series' blue, or blue blended into white */
    private static boolean bluish(int argb) {
        int r = (argb >> 16) & 0xff;
        int g = (argb >> 8) & 0xff;
        int b = argb & 0xff;
        return b >= 0xc0 && r + 0x30 <= b && g + 0x30 <= b;
    }

    @org.junit.jupiter.api.Test
    void refusedWithOneLineWhereNoCTwinDraws() throws Exception {
        MpiRun.Result r = MpiRun.run(2, List.of("-wdir", dir.toString()), List.of(),
                MpiRun.jar().toAbsolutePath().toString(), "mpi.transport.OSUNioLatency", "-G",
                "png");
        assertTrue(r.exitCode() != 0, r.all()); // 1 from the rank, as mpirun reports it
        assertEquals("", r.stdout(), r.all());
        List<String> ours = r.stderr().lines().filter(l -> l.startsWith("OSUNioLatency")).toList();
        assertEquals(List.of("OSUNioLatency: -G draws graphs as C OMB 7.4 does, and OSUNioLatency"
                + " has no C OMB twin that takes -G"), ours, r.all());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    /**
     * In a suite, -G given to a group reaches members with no C twin that draws: they are
     * skipped with the reason, and the others of the run draw (exit 0).
     */
    @org.junit.jupiter.api.Test
    void aGroupSkipsTheMembersThatDrawNoGraphs() throws Exception {
        MpiRun.Result r = MpiRun.run(2, List.of("-wdir", dir.toString()), List.of(),
                MpiRun.jar().toAbsolutePath().toString(), "mpi.suite.OSUSuite", "OSULatency",
                "-m", "1:2", "-i", "20", "-x", "2", "-G", "tty", "--", "transport", "-m", "1:2",
                "-i", "5", "-x", "1", "-G", "tty");
        assertEquals(0, r.exitCode(), r.all());
        List<String> skipped = r.stdoutLines().stream().filter(l -> l.startsWith("# skipped"))
                .toList();
        assertEquals(6, skipped.size(), r.all());
        for (String line : skipped) {
            assertTrue(line.matches("# skipped +OSU\\w+ .*\\(transport\\): -G draws graphs as C"
                    + " OMB 7.4 does, and OSU\\w+ has no C OMB twin that takes -G"), line);
        }
        assertTrue(r.stdoutLines().stream().anyMatch(l -> l.matches("# ran +OSULatency .*")),
                r.all());
        // -G tty (the PNG files are pngAndTtyAsCOmbDrawsThem's): OSULatency's plots, titled
        assertTrue(r.stdoutLines().stream().anyMatch(l -> l.trim().startsWith("Size: 1, Avg:")),
                r.all());
    }
}
