package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * OSUShuffle under real mpirun, validated (-c): the three transports and both serializers on
 * 2 and 3 ranks, each as a suite entry so that one job per rank count runs them all; with
 * skew, more than one thread and fewer fetches in flight than blocks on 3 ranks. Every row
 * passes; the per-rank table has a row per rank and size. Bad input ends every rank with one
 * line and exit code 1.
 */
class ShuffleIT {
    private static final String[] TRANSPORTS = {"mpi", "alltoallv", "netty"};
    private static final String[] SERIALIZERS = {"java", "kryo"};

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void everyTransportAndSerializerPasses(int np) throws Exception {
        List<String> args = new ArrayList<>();
        for (String t : TRANSPORTS) {
            for (String s : SERIALIZERS) {
                if (!args.isEmpty()) {
                    args.add("--");
                }
                args.addAll(List.of("OSUShuffle", "-t", t, "-S", s, "-c", "-m", "256:2048",
                        "-i", "3", "-x", "1"));
                if (np == 3) {
                    args.addAll(List.of("-Z", "1", "-j", "2", "-F", "3", "-n", "2", "-e", "5"));
                }
            }
        }
        MpiRun.Result r = MpiRun.run(np, "mpi.suite.OSUSuite", args.toArray(String[]::new));
        int runs = TRANSPORTS.length * SERIALIZERS.length;
        assertEquals(0, r.exitCode(), r.all());
        String out = r.stdout();
        for (String t : TRANSPORTS) {
            for (String s : SERIALIZERS) {
                String header = "# Shuffle: transport " + t + ", serializer " + s + ", M "
                        + (np == 3 ? "2" : "4") + " map outputs per rank, R "
                        + (np == 3 ? "5" : "8") + " partitions";
                assertEquals(1, out.lines().filter(l -> l.startsWith(header)).count(),
                        header + "\n" + r.all());
            }
        }
        List<String> rows = out.lines().filter(l -> l.matches("\\d+ +[\\d.]+ .*")).toList();
        // 4 sizes, 256 to 2048 bytes: an aggregate row ending in Pass, and a row per rank
        assertEquals(runs * 4, rows.stream().filter(l -> l.endsWith("Pass")).count(), r.all());
        assertEquals(runs * 4 * (1 + np), rows.size(), r.all());
        assertTrue(out.contains("# Total: " + runs + " passed"), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
    }

    @Test
    void badInputIsOneLineAndExitOneOnEveryRank() throws Exception {
        MpiRun.Result r = MpiRun.run(2, "mpi.bigdata.OSUShuffle", "-t", "tcp");
        assertEquals(1, r.exitCode(), r.all());
        assertEquals(List.of("OSUShuffle: -t must be mpi, alltoallv or netty, got 'tcp'; run"
                + " with -h for usage"), r.stderr().lines()
                .filter(l -> l.startsWith("OSUShuffle")).toList(), r.all());
        assertTrue(!r.stderr().contains("Exception"), r.all());
    }
}
