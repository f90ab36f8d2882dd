package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * -a objects under real mpirun, validated (-c): both serializers and both payloads on
 * osu_latency, osu_bw, osu_bcast and osu_alltoallv (and osu_bibw, osu_gather, osu_scatterv,
 * osu_allgatherv on 3 ranks), each as a suite entry so that one job runs them all. Every table
 * is the objects API's, says its serializer and payload, and passes at every size.
 */
class ObjectsIT {
    private static final String[] SERIALIZERS = {"java", "kryo"};
    private static final String[] PAYLOADS = {"doubles", "records"};

    @Test
    void pointToPointAndCollectivesOnTwoRanks() throws Exception {
        assertAllPass(2, List.of("OSULatency", "OSUBandwidth", "OSUBcast", "OSUAlltoallv"));
    }

    @Test
    void moreCollectivesOnThreeRanksWithARotatingRoot() throws Exception {
        assertAllPass(3, List.of("OSUBcast -k rotate", "OSUGather -k rotate",
                "OSUScatterv -k rotate", "OSUAllgatherv", "OSUAlltoallv"));
    }

    @Test
    void bidirectionalOnTwoRanks() throws Exception {
        assertAllPass(2, List.of("OSUBiBandwidth -W 4"));
    }

    private static void assertAllPass(int np, List<String> benchmarks) throws Exception {
        List<String> args = new ArrayList<>();
        for (String b : benchmarks) {
            for (String s : SERIALIZERS) {
                for (String o : PAYLOADS) {
                    if (!args.isEmpty()) {
                        args.add("--");
                    }
                    args.addAll(List.of(b.split(" ")));
                    args.addAll(List.of("-a", "objects", "-S", s, "-O", o, "-c", "-m", "1:4096",
                            "-i", "4", "-x", "1"));
                    if (b.equals("OSUBandwidth")) {
                        args.addAll(List.of("-W", "4"));
                    }
                }
            }
        }
        MpiRun.Result r = MpiRun.run(np, "mpi.suite.OSUSuite", args.toArray(String[]::new));
        int runs = benchmarks.size() * SERIALIZERS.length * PAYLOADS.length;
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        assertEquals(runs, out.lines().filter(l -> l.endsWith("(objects API)")).count(), r.all());
        for (String s : SERIALIZERS) {
            for (String o : PAYLOADS) {
                String header = "# Objects: " + o + " (";
                assertTrue(out.lines().filter(l -> l.startsWith(header)
                        && l.endsWith(", " + s + " serialization; Size is the serialized size"
                                + " in bytes")).count() == benchmarks.size(), header + s + "\n"
                        + r.all());
            }
        }
        List<String> rows = out.lines().filter(l -> l.matches("\\d+ .*")).toList();
        assertTrue(rows.size() >= runs * 5, "rows of 1..4096 bytes\n" + r.all());
        assertTrue(rows.stream().allMatch(l -> l.endsWith("Pass")), r.all());
        assertTrue(out.contains("# Total: " + runs + " passed"), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }
}
