package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/compare.sh end to end on this machine: real mpirun, the C twin and the Java APIs,
 * few iterations. Checks the table and the CSV, not the numbers.
 */
class CompareIT {
    private static final long TIMEOUT_SECONDS = 300;
    /** A Java column's comparison with C from one run: no verdict (section 20.5). */
    private static final String TOO_FEW = " +\\d+\\.\\d{3}x too few runs";

    @TempDir
    Path dir;

    private record Run(int exitCode, String stdout, String stderr) {
        String all() {
            return "exit " + exitCode + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
        }
    }

    private Run compare(Map<String, String> extraEnv, String... args) throws IOException, InterruptedException {
        return run("compare.sh", extraEnv, args);
    }

    private Run run(String script, Map<String, String> extraEnv, String... args) throws IOException, InterruptedException {
        MpiRun.jar(); // fails clearly before 'mvn package'
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", Paths.get("scripts", script).toAbsolutePath().toString()));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.put("MPIRUN", System.getProperty("ombj.mpirun", "mpirun"));
        env.put("CDIR", MpiRun.cTwinDir().toAbsolutePath().toString());
        env.put("JAVA", Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        env.put("OMB_ARGS", "-i 50 -x 5");
        env.putAll(extraEnv);
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(script + " hung: " + cmd + "\n" + Files.readString(err));
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void latencyEndToEnd() throws Exception {
        Path csv = dir.resolve("bench/compare.csv");
        Run r = compare(Map.of(), "-n", "1", "-s", "8", "-o", csv.toString(), "latency");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdout().lines().toList();
        assertEquals(6, lines.size(), r.all());
        assertTrue(lines.get(0).matches("# .*, \\d+ cores; .*; .*version.*"), "machine line\n" + r.all());
        assertEquals("# median of 1 runs; ratio > 1: Java slower (J/C: Java/C for latency in us, C/J: C/Java for"
                + " bandwidth in MB/s)", lines.get(1));
        assertTrue(lines.get(2).matches("# order shuffled per round, seed \\d+: --seed \\d+ repeats it; vs C: .*"),
                r.all());
        // The comparisons' columns are as wide as their longest text: 12.345x is wider than 1.234x.
        assertTrue(lines.get(3).matches("# bench       size  unit           C   Java buffer   Java arrays  ratio   buffer"
                + "   arrays   buf-C us   arr-C us +buffer vs C +arrays vs C"), r.all());
        String row = lines.get(4);
        assertTrue(row.matches("latency {10}8 {4}us +\\d+\\.\\d\\d +\\d+\\.\\d\\d +\\d+\\.\\d\\d    J/C +\\d+\\.\\d{3}"
                + " +\\d+\\.\\d{3} +[+-]\\d+\\.\\d\\d +[+-]\\d+\\.\\d\\d" + TOO_FEW + TOO_FEW), row);
        assertEquals(lines.get(3).length(), row.length(), "aligned under the header\n" + r.all());
        assertEquals("# wrote " + csv, lines.get(5));
        assertTrue(r.stderr().matches("(?s).*compare\\.sh: 1 round is too few for intervals and verdicts at 95 % .*"
                + "\nlatency 8 run 1/1: .*c=.*"), r.all());

        List<String> csvLines = Arrays.asList(Files.readString(csv).split("\r\n"));
        assertEquals(2, csvLines.size(), String.join("\n", csvLines));
        assertEquals("bench,size,unit,runs,c_median,buffer_median,arrays_median,buffer_ratio,arrays_ratio,ratio,"
                + "buffer_minus_c_us,arrays_minus_c_us,c_runs,buffer_runs,arrays_runs,seed,level,coverage,c_low,c_high,"
                + "buffer_low,arrays_low,buffer_high,arrays_high,buffer_round_ratio,arrays_round_ratio,"
                + "buffer_round_ratio_low,arrays_round_ratio_low,buffer_round_ratio_high,arrays_round_ratio_high,"
                + "buffer_p_value,arrays_p_value,buffer_verdict,arrays_verdict", csvLines.get(0));
        String[] f = csvLines.get(1).split(",", -1);
        assertEquals(34, f.length, csvLines.get(1));
        assertEquals(List.of("latency", "8", "us", "1"), Arrays.asList(f).subList(0, 4));
        assertEquals("J/C", f[9]);
        assertEquals(List.of("0.95", "0.0000", f[4], f[4]), Arrays.asList(f).subList(16, 20), "one run: its range");
        assertEquals(List.of("too few runs", "too few runs"), Arrays.asList(f).subList(32, 34));
        // The table shows the CSV's medians to two places.
        String[] cols = row.trim().split(" +");
        assertEquals(cols[3], String.format(java.util.Locale.ROOT, "%.2f", Double.parseDouble(f[4])));
        assertEquals(Double.parseDouble(f[12]), Double.parseDouble(f[4]), 1e-9, "one run: its value is the median");
    }

    /**
     * Buffers beside serialized objects (-a buffer,objects-kryo) over osu_latency -m 1:1024:
     * each objects value from the row of the nearest serialized size, named before the header
     * and in the CSV.
     */
    @Test
    void buffersBesideKryoObjects() throws Exception {
        Path csv = dir.resolve("objects.csv");
        Run r = compare(Map.of(), "-n", "1", "-s", "1:1K", "-a", "buffer,objects-kryo", "-o", csv.toString(), "latency");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdout().lines().toList();
        assertEquals("# objects-kryo (-a objects -S kryo -O doubles): values at the serialized size nearest to the size,"
                + " in bytes: latency 1 -> 10, 2 -> 10, 4 -> 10, 8 -> 10, 16 -> 18, 32 -> 34, 64 -> 66, 128 -> 130,"
                + " 256 -> 258, 512 -> 514, 1K -> 1027", lines.get(3), r.all());
        assertTrue(lines.get(4).matches("# bench       size  unit           C   Java buffer  Java objects-kryo  ratio   buffer"
                + "  objects-kryo   buf-C us  obj-kryo-C us +buffer vs C +objects-kryo vs C"), r.all());
        List<String> rows = lines.stream().filter(l -> l.startsWith("latency")).toList();
        assertEquals(11, rows.size(), r.all());
        for (String row : rows) {
            assertTrue(row.matches("latency +\\w+ +us( +\\d+\\.\\d\\d){3} +J/C( +\\d+\\.\\d{3}){2}( +[+-]\\d+\\.\\d\\d){2}"
                    + TOO_FEW + TOO_FEW), row + "\n" + r.all());
        }
        List<String> csvLines = Arrays.asList(Files.readString(csv).split("\r\n"));
        assertTrue(csvLines.get(0).startsWith("bench,size,unit,runs,c_median,buffer_median,objects_kryo_median,"
                + "buffer_ratio,objects_kryo_ratio,ratio,buffer_minus_c_us,objects_kryo_minus_c_us,c_runs,buffer_runs,"
                + "objects_kryo_runs,objects_kryo_size,seed,"), csvLines.get(0));
        assertTrue(csvLines.get(1).matches("latency,1,us,1,(.*?,){11}10,.*,too few runs"), csvLines.get(1));
        assertTrue(csvLines.get(11).matches("latency,1024,us,1,(.*?,){11}1027,.*"), csvLines.get(11));
        assertTrue(r.stderr().matches("(?s).*\nlatency 1:1024 run 1/1: .*c=.*"), r.all());
    }

    /** scripts/readme-figures.sh at tiny settings: every group's files, with the run's provenance. */
    @Test
    void readmeFiguresWritesTablesAndFiguresOfOneRun() throws Exception {
        Path docs = dir.resolve("figures");
        Run r = run("readme-figures.sh", Map.of("RUNS", "1"), "-s", "4:8", "-d", docs.toString());
        assertEquals(0, r.exitCode(), r.all());
        for (String group : List.of("pt2pt", "collectives")) {
            String md = Files.readString(docs.resolve(group + ".md"));
            assertTrue(md.matches("(?s).*\n- date: \\d{4}-.*\n- commit: [0-9a-f]{7,}.*"), md);
            assertTrue(md.matches("(?s).*\n- machine \\(CPU, cores; MPI; JDK\\): .*, \\d+ cores; .*; .*version.*"), md);
            assertTrue(md.matches("(?s).*scripts/readme-figures.sh -n 1 -s 4:8 -d " + docs + " --seed \\d+`.*"), md);
            assertTrue(md.contains("![") && md.contains("](" + group + ".png)"), md);
            List<String> rows = md.lines().filter(l -> l.matches("(latency|bw|bibw|bcast|allreduce) +[48] .*")).toList();
            assertEquals(group.equals("pt2pt") ? 6 : 4, rows.size(), md);
            assertEquals(rows.size() + 1, Files.readString(docs.resolve(group + ".csv")).split("\r\n").length);
            java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(docs.resolve(group + ".png").toFile());
            assertEquals(1000, png.getWidth(), group);
        }
    }

    @Test
    void badArgumentsExit2WithOneLine() throws Exception {
        Run r = compare(Map.of(), "-n", "0", "latency");
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.stderr().startsWith("compare.sh: bad run count '0' (a positive integer)\nUsage: "), r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
        assertEquals("", r.stdout());
    }

    /** Open MPI's Java bindings beside ours (scripts/install-openmpi-java.sh builds them). */
    @Test
    void openMpiBindingBesideOurs() throws Exception {
        Path ompi = OpenMpiJavaIT.openMpiJar();
        OpenMpiJavaIT.benchmarksJar();
        Path csv = dir.resolve("compare.csv");
        Run r = compare(Map.of("OMPI_JAVA_JAR", ompi.toAbsolutePath().toString()), "-n", "1", "-s", "8",
                "-o", csv.toString(), "-b", "ombj,ompi", "latency", "bw");
        assertEquals(0, r.exitCode(), r.all());
        List<String> rows = r.stdout().lines().filter(l -> !l.startsWith("#")).toList();
        assertEquals(2, rows.size(), r.all());
        // Open MPI's bindings have no non-blocking calls on Java arrays: bw arrays is n/a.
        assertEquals("n/a", rows.get(1).trim().split(" +")[7], r.all());
        assertFalse(rows.get(0).contains("n/a"), r.all());
        String head = Files.readString(csv).split("\r\n")[0];
        assertTrue(head.contains(",ompi_arrays_median,"), head);
    }

    /** osu_mbw_mr's message rate: the Messages/s column of C, Java buffer and Java arrays. */
    @Test
    void messageRateOfOnePair() throws Exception {
        Path csv = dir.resolve("mbw.csv");
        Run r = compare(Map.of(), "-n", "1", "-s", "8", "-o", csv.toString(), "mbw_mr");
        assertEquals(0, r.exitCode(), r.all());
        List<String> rows = r.stdout().lines().filter(l -> !l.startsWith("#")).toList();
        assertEquals(1, rows.size(), r.all());
        assertTrue(rows.get(0).matches("mbw_mr {11}8 msg/s +\\d+\\.\\d\\d +\\d+\\.\\d\\d +\\d+\\.\\d\\d    C/J"
                + " +\\d+\\.\\d{3} +\\d+\\.\\d{3} +- +-" + TOO_FEW + TOO_FEW), rows.get(0));
        String[] f = Files.readString(csv).split("\r\n")[1].split(",", -1);
        assertEquals(List.of("mbw_mr", "8", "msg/s", "1"), Arrays.asList(f).subList(0, 4));
        // A rate, not the MB/s column: at 8 B with a window of 64, far above 1000 messages/s.
        assertTrue(Double.parseDouble(f[4]) > 1000 && Double.parseDouble(f[5]) > 1000, r.all());
    }
}
