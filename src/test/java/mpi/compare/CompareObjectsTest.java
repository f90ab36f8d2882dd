package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The objects API's columns ({@code -a objects-kryo}, ...): their rows matched by the nearest
 * serialized size, their names, and the benchmark options they run with.
 */
class CompareObjectsTest {
    private static final List<Binding> OMBJ = Fixtures.bindings("ombj");

    /** OSULatency-objects-kryo.out: osu_latency -a objects -S kryo -m 1:1024, rows 10, 18, ..., 1027. */
    @ParameterizedTest
    @CsvSource({"1, 10, 0.48", "8, 10, 0.48", "16, 18, 1.09", "32, 34, 0.53", "1024, 1027, 2.04",
        "4096, 1027, 2.04"})
    void theNearestRowOfARealRun(int size, long row, String value) {
        assertEquals(Optional.of(new OmbOutput.Row(row, value)),
                OmbOutput.nearestRow(Fixtures.text("OSULatency-objects-kryo.out"), size, 1));
    }

    @Test
    void ofTwoEquallyNearTheSmallerAndOfOneSizeTheLast() {
        String out = "# Size Avg Latency(us)\n# 12 9.99\n6 1.00\n10 2.00\n10 2.50\nOSULatency: error: 8 x\n";
        assertEquals(Optional.of(new OmbOutput.Row(6, "1.00")), OmbOutput.nearestRow(out, 8, 1));
        assertEquals(Optional.of(new OmbOutput.Row(10, "2.50")), OmbOutput.nearestRow(out, 9, 1));
        assertEquals(Optional.empty(), OmbOutput.nearestRow("# Size\nno rows\n", 8, 1));
    }

    @Test
    void apisParseInOrderAndRefuseUnknownOrRepeated() throws BadArgumentException {
        assertEquals(List.of("buffer", "objects-kryo", "objects-java-records"),
                JavaApis.parse("buffer, objects-kryo,objects-java-records"));
        assertEquals("unknown API 'objects' (buffer, arrays, objects-java, objects-kryo, objects-java-records,"
                + " objects-kryo-records)", assertThrows(BadArgumentException.class,
                        () -> JavaApis.parse("buffer,objects")).getMessage());
        assertEquals("API 'arrays' given twice",
                assertThrows(BadArgumentException.class, () -> JavaApis.parse("arrays,arrays")).getMessage());
    }

    @Test
    void everyApiHasItsOwnShortAndCsvName() {
        List<String> shortNames = JavaApis.KNOWN.stream().map(JavaApis::shortName).toList();
        assertEquals(List.of("buf", "arr", "obj-java", "obj-kryo", "obj-java-rec", "obj-kryo-rec"), shortNames);
        assertEquals(JavaApis.KNOWN.size(), new HashSet<>(shortNames).size());
        assertEquals("objects_kryo_records", JavaApis.csvName("objects-kryo-records"));
        assertEquals(List.of("-a", "objects", "-S", "java", "-O", "doubles"), JavaApis.args("objects-java"));
        assertEquals(List.of("-a", "objects", "-S", "kryo", "-O", "records"), JavaApis.args("objects-kryo-records"));
        assertEquals(List.of("-a", "arrays"), JavaApis.args("arrays"));
    }

    @Test
    void theJvmTransportsGetNoObjectsColumn() {
        Binding ombj = OMBJ.get(0);
        List<Variant> vs = Runner.javaVariants(List.of(ombj, ombj.over(Transport.NIO)),
                List.of("buffer", "objects-kryo"));
        assertEquals(List.of("ombj.buffer", "ombj.objects-kryo", "nio.buffer"),
                vs.stream().map(v -> v.name(true)).toList());
    }

    private static Measurements measured() {
        Variant buffer = new Variant(OMBJ.get(0), "buffer");
        Variant kryo = new Variant(OMBJ.get(0), "objects-kryo");
        Variant java = new Variant(OMBJ.get(0), "objects-java-records");
        Measurements m = new Measurements();
        for (String[] run : new String[][] {{"0.20", "0.25", "3.00", "40.00"}, {"0.22", "0.27", "3.50", "44.00"}}) {
            m.add(Bench.LATENCY, 8, Variant.C, run[0]);
            m.add(Bench.LATENCY, 8, buffer, run[1]);
            m.add(Bench.LATENCY, 8, kryo, run[2], 10);
            m.add(Bench.LATENCY, 8, java, run[3], 197);
            m.add(Bench.LATENCY, 1 << 20, Variant.C, "100.00");
            m.add(Bench.LATENCY, 1 << 20, buffer, "110.00");
            m.add(Bench.LATENCY, 1 << 20, kryo, "900.00", 1048572);
            m.add(Bench.LATENCY, 1 << 20, java, "40000.00", 1048557);
            m.add(Bench.ALLREDUCE, 8, Variant.C, "0.50");
            m.add(Bench.ALLREDUCE, 8, buffer, "0.60");
        }
        m.unavailable(Bench.ALLREDUCE, 8, kryo);
        m.unavailable(Bench.ALLREDUCE, 8, java);
        return m;
    }

    private static final List<Variant> COLUMNS = Runner.javaVariants(OMBJ,
            List.of("buffer", "objects-kryo", "objects-java-records"));

    @Test
    void theTableNamesTheSerializedSizesAndHasDistinctColumns() {
        List<String> lines = new TableWriter(OMBJ, COLUMNS, false).lines(Summary.of(measured(), COLUMNS), 2,
                WritersTest.SEED, 0.95).stream().filter(l -> !l.startsWith("# order")).toList();
        assertEquals("# objects-kryo (-a objects -S kryo -O doubles): values at the serialized size nearest to the"
                + " size, in bytes: latency 8 -> 10, 1M -> 1048572", lines.get(1));
        assertEquals("# objects-java-records (-a objects -S java -O records): values at the serialized size nearest"
                + " to the size, in bytes: latency 8 -> 197, 1M -> 1048557", lines.get(2));
        String head = lines.get(3);
        int at = 0;
        for (String name : List.of("Java buffer", "Java objects-kryo", "Java objects-java-records", "ratio", "buffer",
                "objects-kryo", "objects-java-records", "buf-C us", "obj-kryo-C us", "obj-java-rec-C us")) {
            int found = head.indexOf(name, at);
            assertTrue(found > at, name + " in order in: " + head);
            at = found;
        }
        assertEquals(List.of("latency", "8", "us", "0.21", "0.26", "3.25", "42.00", "J/C", "1.238", "15.476",
                "200.000", "+0.05", "+3.04", "+41.79"), List.of(lines.get(4).trim().split(" +")).subList(0, 14));
        assertEquals(List.of("allreduce", "8", "us", "0.50", "0.60", "n/a", "n/a", "J/C", "1.200", "n/a", "n/a",
                "+0.10", "n/a", "n/a", "1.200x", "too", "few", "runs", "n/a", "n/a"),
                List.of(lines.get(6).trim().split(" +")));
        for (String row : lines.subList(4, 7)) {
            assertEquals(head.length(), row.length(), head + "\n" + row);
        }
    }

    @Test
    void theCsvHasTheSerializedSizes() {
        List<Map<String, String>> rows = WritersTest.parseCsv(new CsvWriter(OMBJ, COLUMNS).text(
                Summary.of(measured(), COLUMNS), WritersTest.SEED, 0.95));
        List<String> cols = new ArrayList<>(rows.get(0).keySet());
        int sizes = cols.indexOf("seed");
        assertEquals(List.of("objects_kryo_size", "objects_java_records_size"), cols.subList(sizes - 2, sizes));
        assertEquals("objects_java_records_verdict", cols.get(cols.size() - 1));
        assertTrue(cols.containsAll(List.of("objects_kryo_median", "objects_kryo_ratio", "objects_kryo_minus_c_us",
                "objects_java_records_runs")), cols.toString());
        assertEquals("10", rows.get(0).get("objects_kryo_size"));
        assertEquals("3.2500", rows.get(0).get("objects_kryo_median"));
        assertEquals("1048557", rows.get(1).get("objects_java_records_size"));
        assertEquals("", rows.get(2).get("objects_kryo_size"));
        assertEquals("", rows.get(2).get("objects_kryo_median"));
    }

    @Test
    void theChartDrawsAnObjectsColumnAtItsSerializedSize() {
        Curves c = Curves.of(Summary.of(measured(), COLUMNS), false).get(0);
        Curves.Series kryo = c.values().get(2);
        assertEquals("Java objects-kryo", kryo.name());
        assertEquals(List.of(10, 1048572), kryo.sizes());
        assertEquals(List.of(8, 1 << 20), c.ratios().get(1).sizes());
    }

    @Test
    void argumentsTakeApisAndKeepBufferAndArraysByDefault() throws BadArgumentException {
        Settings s = Fixtures.settings();
        assertEquals(JavaApis.DEFAULT, CompareArgs.parse(new String[] {"latency"}, s).apis());
        CompareOptions o = CompareArgs.parse(new String[] {"-a", "buffer,objects-kryo", "latency"}, s);
        assertEquals(List.of("buffer", "objects-kryo"), o.apis());
        assertFalse(o.javaVariants().stream().anyMatch(v -> v.api().equals("arrays")));
        assertThrows(BadArgumentException.class, () -> CompareArgs.parse(new String[] {"-a", "pickle"}, s));
    }

    /**
     * A whole comparison on a fake launcher: the objects runs get -a objects -S kryo -O
     * doubles and print serialized sizes; allreduce has no objects API and is not launched.
     */
    @Test
    void aWholeRunMatchesTheNearestRowAndLaunchesNoObjectsAllreduce(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws java.io.IOException {
        for (String f : List.of("c/osu_latency", "c/osu_allreduce", "bin/mpirun", "omb-j.jar")) {
            java.nio.file.Files.createDirectories(dir.resolve(f).getParent());
            java.nio.file.Files.writeString(dir.resolve(f), "").toFile().setExecutable(true);
        }
        List<List<String>> launched = new ArrayList<>();
        Launcher fake = cmd -> {
            launched.add(cmd);
            String last = cmd.get(cmd.size() - 1);
            if (last.equals("true") || last.endsWith("version")) {
                return new Launcher.Output(0, "v 1\n", "");
            }
            int size = Integer.parseInt(cmd.get(cmd.indexOf("-m") + 1).split(":")[0]);
            boolean objects = cmd.contains("objects");
            // Kryo's double[] of one double is 10 bytes; every size but the smallest lands near its own.
            String rows = objects ? (size + 3) + " 5.00\n" + (size == 8 ? "" : "9 7.00\n") : size + " 1.00\n";
            return new Launcher.Output(0, "# Size Avg Latency(us)\n" + rows, "");
        };
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        Map<String, String> env = Fixtures.env("MPIRUN", dir + "/bin/mpirun", "CDIR", dir + "/c",
                "JAVA_CP", dir + "/omb-j.jar", "PATH", dir.resolve("bin").toString());
        int code = new Compare(env, fake, CompareArgsTest.print(out), CompareArgsTest.print(err)).run(new String[] {
            "-n", "1", "-s", "8,64K", "-a", "buffer,objects-kryo", "-o", dir + "/c.csv", "latency", "allreduce"});
        String stdout = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        String stderr = err.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, code, stderr);
        List<String> kryo = launched.stream().filter(c -> c.contains("objects")).map(c -> String.join(" ",
                c.subList(c.indexOf("-a"), c.indexOf("-m") + 2))).toList();
        assertEquals(List.of("-a objects -S kryo -O doubles -m 8:8", "-a objects -S kryo -O doubles -m 65536:65536"),
                kryo, "no objects run of allreduce");
        assertTrue(stderr.contains("compare.sh: allreduce ombj.objects-kryo: n/a (" + Runner.NO_OBJECTS + ")"), stderr);
        assertTrue(stdout.contains("# objects-kryo (-a objects -S kryo -O doubles): values at the serialized size"
                + " nearest to the size, in bytes: latency 8 -> 11, 64K -> 65539\n"), stdout);
        assertTrue(stdout.lines().anyMatch(l -> l.matches("allreduce +8 +us +1\\.00 +1\\.00 +n/a .*")), stdout);
    }
}
