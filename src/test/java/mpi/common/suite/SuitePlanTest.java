package mpi.common.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mpi.common.options.UsageException;

class SuitePlanTest {
    private static Catalogue catalogue;

    @BeforeAll
    static void load() throws IOException {
        catalogue = Catalogue.load();
    }

    private static SuitePlan plan(String... args) throws UsageException {
        return SuitePlan.of(SuiteCommand.parse(args), catalogue);
    }

    private static List<String> commands(SuitePlan plan) {
        return plan.runs().stream().map(Run::command).toList();
    }

    @Test
    void namedBenchmarksKeepTheirOptionsAsGiven() throws UsageException {
        SuitePlan p = plan("OSULatency", "-m", "8:64", "--", "mpi.pt2pt.OSUBandwidth", "-a",
                "arrays", "-c", "--", "OSULatency", "--message-size=1:2");
        assertEquals(List.of(), p.problems());
        assertEquals(List.of("OSULatency -m 8:64", "OSUBandwidth -a arrays -c",
                "OSULatency --message-size=1:2"), commands(p));
        assertFalse(p.runs().get(1).fromGroup());
        assertEquals(List.of(1, 2, 3), p.runs().stream().map(r -> r.entry().number()).toList());
    }

    @Test
    void aGroupRunsEveryBenchmarkOfItsPackageInOrder() throws UsageException {
        SuitePlan p = plan("onesided");
        assertEquals(List.of(), p.problems());
        assertEquals(List.of("OSUAccLatency", "OSUCasLatency", "OSUFopLatency",
                "OSUGetAccLatency", "OSUGetBandwidth", "OSUGetLatency", "OSUPutBandwidth",
                "OSUPutBiBandwidth", "OSUPutLatency"), commands(p));
        assertTrue(p.runs().stream().allMatch(Run::fromGroup));
    }

    @Test
    void aGroupsOptionsGoToTheBenchmarksThatTakeThem() throws UsageException {
        SuitePlan p = plan("pt2pt", "-W", "8", "-c", "--iterations=5", "-z", "-m", "1:64");
        assertEquals(List.of(), p.problems());
        List<String> commands = commands(p);
        // osu_latency takes no window; osu_bw does; both validate; -z without a value stays so.
        assertTrue(commands.contains("OSULatency -c -i 5 -z -m 1:64"), commands.toString());
        assertTrue(commands.contains("OSUBandwidth -W 8 -c -i 5 -z -m 1:64"), commands.toString());
        assertEquals(11, commands.size(), commands.toString());
    }

    @Test
    void anOptionNoBenchmarkOfTheGroupTakesIsAMistake() throws UsageException {
        assertEquals(List.of("onesided: no benchmark of the group takes -k, -l"),
                plan("onesided", "-k", "1", "-l", "-i", "5").problems());
        assertEquals(List.of("collective: unknown option -q"),
                plan("collective", "-q").problems());
        assertEquals(List.of("collective: -m needs a value ([MIN:]MAX)"),
                plan("collective", "-m").problems());
    }

    @Test
    void everyMistakeIsCollected() throws UsageException {
        SuitePlan p = plan("OSULatency", "--", "osu_latency", "--", "OSUInit", "--",
                "mpi.common.options.Options", "--", "mpi.startup.OSUHello", "--", "pt2pt",
                "-N", "cart:1:1");
        assertEquals(List.of(
                "unknown benchmark or group 'osu_latency' (entry 2); run with -h for the list",
                "OSUInit measures MPI.Init, which a suite calls once for all its benchmarks;"
                        + " run it on its own",
                "mpi.common.options.Options is not a benchmark of this suite",
                "mpi.startup.OSUHello is timed from outside as the start of a whole MPI job,"
                        + " which a suite is not; run it on its own",
                "pt2pt: no benchmark of the group takes -N"), p.problems());
        assertEquals(List.of("OSULatency"), commands(p));
    }

    @Test
    void aBenchmarkOutsideTheGroupsIsNamedByItsClass() throws UsageException {
        SuitePlan p = plan("mpi.common.suite.SuitePlanTest$Probe", "-i", "3");
        assertEquals(List.of(), p.problems());
        assertEquals(List.of("Probe -i 3"), commands(p));
    }

    /** A benchmark of no group, as a test's. */
    public static final class Probe extends mpi.pt2pt.OSULatency {
        /** Creates it. */
        public Probe() {
        }
    }
}
