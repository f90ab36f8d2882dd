package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import mpi.common.results.ResultsSchemaCheck;

/**
 * {@code --timing} under mpirun, on {@link DelayedBcast}: its last rank spends 500 us in each
 * call after the root's broadcast has returned. C OMB's average over the two ranks sees half
 * of that; the slowest rank's time ({@code max}) and the root's confirmed call ({@code root})
 * see all of it. Medians ({@code --stats}), so that a loaded machine's rare slow iterations
 * do not decide. Families that do not take the option say why in one line.
 */
class TimingIT {
    private static final double DELAY = DelayedBcast.DELAY_MICROS;

    /** The Invalid column of the last global run, or -1. */
    private int invalid = -1;

    private double median(String timing, Path dir) throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.DelayedBcast", "-m", "4:4", "-i",
                "200", "-x", "10", "--stats", "--timing", timing, "-o", dir.toString());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertEquals(timing.equals("omb"), !r.stdout().contains("# Timing: " + timing + ": "),
                r.all());
        String json = Files.readString(dir.resolve("DelayedBcast.json"));
        assertEquals(List.of(), ResultsSchemaCheck.errors(json), json);
        assertEquals(timing, new ObjectMapper().readTree(json).get("context").get("options")
                .get("timing").textValue());
        if (timing.equals("global")) {
            List<StatsColumns.Row> rows = StatsColumns.rows(r, StatsColumns.Extra.WINDOW,
                    StatsColumns.Extra.INVALID);
            assertEquals(1, rows.size(), r.all());
            String[] cells = rows.get(0).cells();
            invalid = Integer.parseInt(cells[cells.length - 1]);
            assertEquals(200, rows.get(0).n() + invalid, r.all());
            assertTrue(Double.parseDouble(cells[cells.length - 2]) >= 4 * DELAY, "the window is"
                    + " four times the untimed calls' median\n" + r.all());
            assertTrue(new ObjectMapper().readTree(json).get("context").get("clock")
                    .get("maxErrorNanos").isIntegralNumber(), json);
            return rows.get(0).median();
        }
        List<StatsColumns.Row> rows = StatsColumns.rows(r, 200);
        assertEquals(1, rows.size(), r.all());
        return rows.get(0).median();
    }

    /**
     * Every tenth call's long delay overruns at least the next call's window under
     * {@code --timing global}: at least 20 of the 200 calls are invalid.
     */
    @Test
    void aSlowRankShowsWholeInMaxRootAndGlobalAndHalvedInOmbsAverage(@TempDir Path dir)
            throws Exception {
        double omb = median("omb", Files.createDirectory(dir.resolve("omb")));
        double max = median("max", Files.createDirectory(dir.resolve("max")));
        double root = median("root", Files.createDirectory(dir.resolve("root")));
        double global = median("global", Files.createDirectory(dir.resolve("global")));
        String all = "omb " + omb + " us, max " + max + " us, root " + root + " us, global "
                + global + " us, " + invalid + " of 200 invalid";
        System.out.println("TimingIT: " + all);
        assertTrue(max >= 0.9 * DELAY, all);
        assertTrue(root >= 0.9 * DELAY, all);
        assertTrue(global >= 0.9 * DELAY, all);
        assertTrue(omb < 0.75 * max && omb < 0.75 * root && omb < 0.75 * global, all);
        assertTrue(omb >= 0.4 * DELAY, all);
        assertTrue(invalid >= 20, all);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "mpi.pt2pt.OSULatency # --timing max # OSULatency: --timing: this benchmark times one rank's operations, as C OMB's does; --timing chooses how a collective's call is timed over its ranks (the blocking collectives); run with -h for usage",
        "mpi.collective.OSUIbcast # --timing root # OSUIbcast: --timing: a non-blocking collective's row splits each rank's time into communication and the computation it overlaps, as C OMB's does; --timing applies to the blocking collectives; run with -h for usage",
        "mpi.collective.OSUBcast # --timing best # OSUBcast: --timing needs one of omb|max|root|global, got 'best'; run with -h for usage",
        "mpi.collective.OSUBcast # --timing global -c # OSUBcast: --timing global starts each call in its window, with no barrier between calls; -c's checks need one: run -c without it; run with -h for usage",
    })
    void badUsesAreOneLineAndExitOne(String benchmark, String args, String line)
            throws Exception {
        MpiRun.Result r = MpiRun.run(2, benchmark, args.trim().split(" +"));
        assertEquals(1, r.exitCode(), r.all());
        String name = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        assertEquals(line, r.stderr().lines().filter(l -> l.startsWith(name + ":"))
                .reduce((a, b) -> a + "\n" + b).orElse(""), r.all());
        assertTrue(r.stdout().isBlank(), r.all());
    }
}
