package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The table and the CSV. python-raw.tsv holds values with awkward roundings; python-table.txt
 * and python.csv are what the shell version's Python summary printed for them, byte for byte.
 */
class WritersTest {
    private static final List<Binding> OMBJ = Fixtures.bindings("ombj");

    /** The values of python-raw.tsv (bench, size, unit, variant, value per line). */
    private static Measurements fromRaw(String raw, List<Binding> bindings) {
        Measurements m = new Measurements();
        for (String line : raw.strip().split("\n")) {
            String[] f = line.split("\t");
            Variant v = f[3].equals("c") ? Variant.C : new Variant(bindings.get(0), f[3]);
            m.add(bench(f[0]), Integer.parseInt(f[1]), v, f[4]);
        }
        return m;
    }

    private static Bench bench(String label) {
        try {
            return Bench.parse(label);
        } catch (BadArgumentException e) {
            throw new AssertionError(e);
        }
    }

    /** The seed the tables of these tests name. */
    static final long SEED = 42;

    /** The shell version's lines, byte for byte, begin ours; the comparisons with C follow them. */
    @Test
    void tableIsTheShellVersionsByteForByteThenTheComparisons() {
        Measurements m = fromRaw(Fixtures.text("python-raw.tsv"), OMBJ);
        List<Summary.Row> rows = Summary.of(m, Runner.javaVariants(OMBJ));
        List<String> lines = new ArrayList<>(new TableWriter(OMBJ, false).lines(rows, m.maxRuns(), SEED, 0.95));
        assertEquals("# order shuffled per round, seed 42: --seed 42 repeats it; vs C: median of the rounds' ratios"
                + " [95 % interval] and the sign test's verdict at 95 %", lines.remove(1));
        lines.add("# wrote /tmp/py.csv");
        List<String> shell = Fixtures.text("python-table.txt").lines().toList();
        assertEquals(shell.size(), lines.size());
        for (int i = 0; i < shell.size(); i++) {
            assertTrue(lines.get(i).startsWith(shell.get(i)), shell.get(i) + "\n" + lines.get(i));
        }
        assertEquals(List.of("buffer", "vs", "C", "arrays", "vs", "C"), rest(lines.get(1), shell.get(1)));
        // Too few runs (3, 1 or 2) for a verdict at 95 %; C's 0.00 at bcast 3000 has no ratio.
        assertEquals(List.of("1.080x", "too", "few", "runs", "1.240x", "too", "few", "runs"),
                rest(lines.get(2), shell.get(2)));
        assertEquals(List.of("no", "ratio", "no", "ratio"), rest(lines.get(7), shell.get(7)));
    }

    /** @return the words of {@code line} after {@code start} */
    private static List<String> rest(String line, String start) {
        return List.of(line.substring(start.length()).trim().split(" +"));
    }

    /** The shell version's columns come first, byte for byte; the statistics follow them. */
    @Test
    void csvIsTheShellVersionsByteForByteThenTheStatistics() {
        Measurements m = fromRaw(Fixtures.text("python-raw.tsv"), OMBJ);
        String csv = new CsvWriter(OMBJ).text(Summary.of(m, Runner.javaVariants(OMBJ)), SEED, 0.95);
        String[] shell = Fixtures.text("python.csv").split("\r\n");
        String[] ours = csv.split("\r\n");
        assertEquals(shell.length, ours.length);
        for (int i = 0; i < shell.length; i++) {
            assertTrue(ours[i].startsWith(shell[i] + ","), shell[i] + "\n" + ours[i]);
        }
        assertEquals("seed,level,coverage,c_low,c_high,buffer_low,arrays_low,buffer_high,arrays_high,"
                + "buffer_round_ratio,arrays_round_ratio,buffer_round_ratio_low,arrays_round_ratio_low,"
                + "buffer_round_ratio_high,arrays_round_ratio_high,buffer_p_value,arrays_p_value,buffer_verdict,"
                + "arrays_verdict", ours[0].substring(shell[0].length() + 1));
        Map<String, String> lat = parseCsv(csv).get(0);
        // Three runs: the range, which covers the median with 1 - 2 (1/2)^3 = 0.75 only.
        assertEquals(List.of("42", "0.95", "0.7500", "0.0050", "82.4000", "0.1350", "0.1600"),
                List.of(lat.get("seed"), lat.get("level"), lat.get("coverage"), lat.get("c_low"), lat.get("c_high"),
                        lat.get("buffer_low"), lat.get("buffer_high")));
        // Ratios by round 32, 1.08, 0.0016: one slower, two faster; p = 2 P(B >= 2) = 1, capped.
        assertEquals(List.of("1.0800", "0.0016", "32.0000", "1.000000", "too few runs"),
                List.of(lat.get("buffer_round_ratio"), lat.get("buffer_round_ratio_low"),
                        lat.get("buffer_round_ratio_high"), lat.get("buffer_p_value"), lat.get("buffer_verdict")));
        Map<String, String> zero = parseCsv(csv).get(5);
        assertEquals(List.of("bcast", "3000", "no ratio", ""), List.of(zero.get("bench"), zero.get("size"),
                zero.get("buffer_verdict"), zero.get("buffer_round_ratio")));
    }

    @Test
    void readmeRowsComeOutTheSame() {
        // Rows of the README's "Java versus C" table, from their medians.
        Measurements m = new Measurements();
        add(m, Bench.BW, 65536, "11571.43", "11260.36", "10851.99");
        add(m, Bench.LATENCY, 1 << 20, "77.85", "82.40", "78.45");
        add(m, Bench.ALLREDUCE, 1 << 20, "125.35", "114.92", "115.07");
        List<String> lines = new TableWriter(OMBJ, false).lines(Summary.of(m, Runner.javaVariants(OMBJ)), 7, SEED,
                0.95);
        String head = "# bench       size  unit           C   Java buffer   Java arrays  ratio   buffer   arrays"
                + "   buf-C us   arr-C us";
        assertEquals(List.of(
            "# median of 7 runs; ratio > 1: Java slower (J/C: Java/C for latency in us, C/J: C/Java for bandwidth in MB/s)",
            head,
            "bw             64K  MB/s    11571.43      11260.36      10851.99    C/J    1.028    1.066          -          -",
            "latency         1M    us       77.85         82.40         78.45    J/C    1.058    1.008      +4.55      +0.60",
            "allreduce       1M    us      125.35        114.92        115.07    J/C    0.917    0.918     -10.43     -10.28"),
            lines.stream().filter(l -> !l.startsWith("# order")).map(l -> l.startsWith("# median") ? l
                    : l.substring(0, head.length())).toList());
        // One run each: its ratio, and no verdict.
        assertTrue(lines.get(4).endsWith("  +0.60  1.058x too few runs  1.008x too few runs"), lines.get(4));
    }

    private static void add(Measurements m, Bench b, int size, String c, String buffer, String arrays) {
        m.add(b, size, Variant.C, c);
        m.add(b, size, new Variant(OMBJ.get(0), "buffer"), buffer);
        m.add(b, size, new Variant(OMBJ.get(0), "arrays"), arrays);
    }

    @Test
    void onlyCHasNoJavaColumnsInTheTableButAllColumnsInTheCsv() {
        Measurements m = new Measurements();
        m.add(Bench.LATENCY, 8, Variant.C, "0.14");
        List<Summary.Row> rows = Summary.of(m, Runner.javaVariants(OMBJ));
        assertEquals(List.of(
            "# median of 1 runs; ratio > 1: Java slower (J/C: Java/C for latency in us, C/J: C/Java for bandwidth in MB/s)",
            "# order shuffled per round, seed 42: --seed 42 repeats it",
            "# bench       size  unit           C",
            "latency          8    us        0.14"), new TableWriter(OMBJ, true).lines(rows, 1, SEED, 0.95));
        List<Map<String, String>> csv = parseCsv(new CsvWriter(OMBJ).text(rows, SEED, 0.95));
        assertEquals("0.1400", csv.get(0).get("c_median"));
        assertEquals("", csv.get(0).get("buffer_median"));
        assertEquals("", csv.get(0).get("ratio"));
        assertEquals("", csv.get(0).get("arrays_runs"));
        assertEquals(List.of("0.1400", "0.1400", "0.0000", "", ""), List.of(csv.get(0).get("c_low"),
                csv.get(0).get("c_high"), csv.get(0).get("coverage"), csv.get(0).get("buffer_low"),
                csv.get(0).get("buffer_verdict")));
    }

    /** Two bindings, Open MPI's lacking non-blocking calls on arrays for bw. */
    private static Measurements twoBindings(List<Binding> two) {
        Variant ob = new Variant(two.get(0), "buffer");
        Variant oa = new Variant(two.get(0), "arrays");
        Variant pb = new Variant(two.get(1), "buffer");
        Variant pa = new Variant(two.get(1), "arrays");
        Measurements m = new Measurements();
        for (String[] run : new String[][] {{"0.20", "0.25", "0.30", "0.90", "1.00"},
                {"0.22", "0.23", "0.28", "0.80", "0.95"}}) {
            m.add(Bench.LATENCY, 8, Variant.C, run[0]);
            m.add(Bench.LATENCY, 8, ob, run[1]);
            m.add(Bench.LATENCY, 8, oa, run[2]);
            m.add(Bench.LATENCY, 8, pb, run[3]);
            m.add(Bench.LATENCY, 8, pa, run[4]);
            m.add(Bench.BW, 65536, Variant.C, "10000.00");
            m.add(Bench.BW, 65536, ob, "9000.00");
            m.add(Bench.BW, 65536, oa, "8000.00");
            m.add(Bench.BW, 65536, pb, "5000.00");
        }
        m.unavailable(Bench.BW, 65536, pa);
        return m;
    }

    @Test
    void severalBindingsGetLabelledColumnsAndNa() {
        List<Binding> two = Fixtures.bindings("ombj", "ompi");
        Measurements m = twoBindings(two);
        List<String> lines = new TableWriter(two, false).lines(Summary.of(m, Runner.javaVariants(two)), 2, SEED, 0.95);
        lines = lines.stream().filter(l -> !l.startsWith("# order")).toList();
        assertEquals(6, lines.size(), String.join("\n", lines));
        assertEquals("# bindings: ombj = target/omb-j.jar; ompi = target/ompi-java/mpi.jar:target/omb-j-benchmarks.jar",
                lines.get(1));
        assertTrue(lines.get(2).startsWith("# per binding: "), lines.get(2));
        String head = lines.get(3);
        List<String> names = List.of("ombj buffer", "ombj arrays", "ompi buffer", "ompi arrays", "ratio",
                "ombj buf", "ombj arr", "ompi buf", "ompi arr", "ombj buf-C us", "ompi arr-C us", "ombj buf vs C",
                "ombj arr vs C", "ompi buf vs C", "ompi arr vs C");
        int at = 0;
        for (String name : names) {
            int found = head.indexOf(name, at);
            assertTrue(found > at, name + " in order in: " + head);
            at = found;
        }
        // Every row as wide as the header, values right-aligned under their names.
        for (String row : lines.subList(4, 6)) {
            assertEquals(head.length(), row.length(), head + "\n" + row);
        }
        List<String> lat = Arrays.asList(lines.get(4).trim().split(" +"));
        assertEquals(List.of("latency", "8", "us", "0.21", "0.24", "0.29", "0.85", "0.97", "J/C",
                "1.143", "1.381", "4.048", "4.643", "+0.03", "+0.08", "+0.64", "+0.76"), lat.subList(0, 17));
        // ombj buffer by round: 0.25/0.20, 0.23/0.22; the median of those ratios, not of the values.
        assertEquals("1.148x", lat.get(17));
        assertEquals(String.join(" ", Collections.nCopies(4, "too few runs")),
                String.join(" ", lat.subList(17, lat.size())).replaceAll("\\d\\.\\d{3}x ", ""));
        List<String> bw = Arrays.asList(lines.get(5).trim().split(" +"));
        assertEquals(List.of("bw", "64K", "MB/s", "10000.00", "9000.00", "8000.00", "5000.00", "n/a", "C/J",
                "1.111", "1.250", "2.000", "n/a", "-", "-", "-", "-"), bw.subList(0, 17));
        assertEquals("n/a", bw.get(bw.size() - 1));
    }

    @Test
    void severalBindingsCsvParsesBackWithPrefixedColumns() {
        List<Binding> two = Fixtures.bindings("ombj", "ompi");
        String text = new CsvWriter(two).text(Summary.of(twoBindings(two), Runner.javaVariants(two)), SEED, 0.95);
        assertTrue(text.endsWith("\r\n"));
        List<Map<String, String>> rows = parseCsv(text);
        assertEquals(List.of("bench", "size", "unit", "runs", "c_median", "ombj_buffer_median",
                "ombj_arrays_median", "ompi_buffer_median", "ompi_arrays_median", "ombj_buffer_ratio",
                "ombj_arrays_ratio", "ompi_buffer_ratio", "ompi_arrays_ratio", "ratio",
                "ombj_buffer_minus_c_us", "ombj_arrays_minus_c_us", "ompi_buffer_minus_c_us",
                "ompi_arrays_minus_c_us", "c_runs", "ombj_buffer_runs", "ombj_arrays_runs", "ompi_buffer_runs",
                "ompi_arrays_runs"), new ArrayList<>(rows.get(0).keySet()).subList(0, 23));
        assertTrue(new ArrayList<>(rows.get(0).keySet()).subList(23, 28).equals(List.of("seed", "level", "coverage",
                "c_low", "c_high")) && rows.get(0).containsKey("ompi_arrays_verdict"), rows.get(0).keySet().toString());
        Map<String, String> lat = rows.get(0);
        assertEquals("latency", lat.get("bench"));
        assertEquals("8", lat.get("size"));
        assertEquals("2", lat.get("runs"));
        assertEquals("0.2100", lat.get("c_median"));
        assertEquals("0.8500", lat.get("ompi_buffer_median"));
        assertEquals("4.0476", lat.get("ompi_buffer_ratio"));
        assertEquals("0.6400", lat.get("ompi_buffer_minus_c_us"));
        assertEquals("0.90;0.80", lat.get("ompi_buffer_runs"));
        Map<String, String> bw = rows.get(1);
        assertEquals("65536", bw.get("size"));
        assertEquals("C/J", bw.get("ratio"));
        assertEquals("2.0000", bw.get("ompi_buffer_ratio"));
        assertEquals("", bw.get("ompi_arrays_median"));
        assertEquals("", bw.get("ompi_arrays_ratio"));
        assertEquals("", bw.get("ompi_arrays_runs"));
        assertEquals("", bw.get("ombj_buffer_minus_c_us"));
        // Bandwidth's ratio is C/Java, round by round as well; n/a has no statistics.
        assertEquals("1.1111", bw.get("ombj_buffer_round_ratio"));
        assertEquals("too few runs", bw.get("ombj_buffer_verdict"));
        assertEquals(List.of("", "", ""), List.of(bw.get("ompi_arrays_low"), bw.get("ompi_arrays_round_ratio"),
                bw.get("ompi_arrays_verdict")));
    }

    /** A reader for the CSV: its fields hold no commas or quotes, and the header names them. */
    static List<Map<String, String>> parseCsv(String text) {
        String[] lines = text.split("\r\n");
        String[] head = lines[0].split(",", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",", -1);
            assertEquals(head.length, f.length, lines[i]);
            Map<String, String> row = new LinkedHashMap<>();
            for (int k = 0; k < head.length; k++) {
                row.put(head[k], f[k]);
            }
            rows.add(row);
        }
        return rows;
    }
}
