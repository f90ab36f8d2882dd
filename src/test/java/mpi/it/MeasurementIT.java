package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * {@link mpi.measure.Measurement} under mpirun: the guide's example ({@link MeasureAllreduce})
 * prints the suite's table and returns the same statistics; two halves of the ranks measure on
 * their own communicators at once (one after the JIT warm-up); the slowest rank's delay shows
 * under {@code --timing max} and is averaged under C OMB's timing;
 * settings the suite refuses are refused with one line, and computed numbers are taken
 * ({@link MeasurementProbe}).
 */
class MeasurementIT {
    private static final Pattern SUMMARY = Pattern.compile(
            "(\\d+) B: median ([\\d.]+) us \\[([\\d.]+), ([\\d.]+)\\], (\\d+) iterations");
    private static final Pattern ROW = Pattern.compile(
            "row (\\S+) (\\d+) (\\d+) (\\d+) ([\\d.]+) ([\\d.]+) ([\\d.]+) (\\d+)");

    @Test
    void theGuidesExamplePrintsTheTableAndReturnsItsRows() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.MeasureAllreduce");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.stdout().strip().startsWith("# OSU MPI-Java Allreduce of longs v7.4\n"), r.all());
        StringBuilder table = new StringBuilder();
        List<Matcher> summaries = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            Matcher m = SUMMARY.matcher(line);
            if (m.matches()) {
                summaries.add(m);
            } else {
                table.append(line).append('\n');
            }
        }
        List<StatsColumns.Row> rows = StatsColumns.rows(new MpiRun.Result(r.exitCode(),
                table.toString(), r.stderr()), StatsColumns.Extra.PRECISE);
        assertEquals(10, rows.size(), "8 B to 4 KiB\n" + r.all());
        assertEquals(rows.size(), summaries.size(), r.all());
        for (int i = 0; i < rows.size(); i++) {
            Matcher m = summaries.get(i);
            StatsColumns.Row row = rows.get(i);
            assertEquals(8 << i, Integer.parseInt(m.group(1)), r.all());
            assertEquals(row.median(), Double.parseDouble(m.group(2)), 0.006 + 1e-4 * row.median(),
                    "the rows returned are the rows printed\n" + r.all());
            assertEquals(row.n(), Integer.parseInt(m.group(5)), r.all());
            assertTrue(row.n() >= 100 && row.n() <= 800, "100 to 800 iterations\n" + r.all());
            double low = Double.parseDouble(m.group(3));
            double high = Double.parseDouble(m.group(4));
            assertTrue(low <= row.median() && row.median() <= high, r.all());
        }
    }

    @Test
    void halvesOfTheRanksMeasureOnTheirOwnCommunicators() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(4, "mpi.it.MeasurementProbe", "halves");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        int[] found = new int[2];
        Matcher m = ROW.matcher(r.stdout());
        while (m.find()) {
            int half = m.group(1).equals("half0") ? 0 : 1;
            assertEquals(1 << found[half], Integer.parseInt(m.group(2)), r.all());
            assertEquals(40 + 20 * half, Integer.parseInt(m.group(3)), r.all());
            assertEquals(40 + 20 * half, Integer.parseInt(m.group(4)), r.all());
            assertTrue(Double.parseDouble(m.group(5)) > 0, r.all());
            found[half]++;
        }
        assertEquals(11, found[0], "1 B to 1 KiB\n" + r.all());
        assertEquals(11, found[1], r.all());
    }

    /**
     * One rank spins 300 us in the operation, the other does nothing: C OMB's timing averages
     * the two (about 150 us), the slowest rank's timing takes the spin (300 us or more).
     */
    @Test
    void theSlowestRanksDelayShowsUnderTimingMax() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.MeasurementProbe", "delayed");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(!r.stdout().contains("has rank 0's results"), r.all());
        double[] median = new double[2];
        Matcher m = ROW.matcher(r.stdout());
        for (int i = 0; i < 2; i++) {
            assertTrue(m.find(), r.all());
            assertEquals(i == 0 ? "delayed-omb" : "delayed-max", m.group(1), r.all());
            assertEquals(50, Integer.parseInt(m.group(3)), r.all());
            assertEquals("0", m.group(8), r.all());
            median[i] = Double.parseDouble(m.group(5));
        }
        assertTrue(median[1] >= 300, "max's median holds the 300 us spin\n" + r.all());
        assertTrue(median[0] < 0.75 * median[1], "C OMB's timing averages it with the idle"
                + " rank's\n" + r.all());
    }

    @Test
    void refusedSettingsAreOneLineAndComputedNumbersAreTaken() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.MeasurementProbe", "settings");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertEquals(List.of("refused Operation: unknown option -W",
                "refused Operation: error must be between 0 and 1 (to 9 decimals), got 1.5",
                "refused Operation: outliers needs k above 0 (to 6 decimals) and below 1,000,000,"
                        + " got -1.0",
                "refused Operation: -h, -v, -G and -I are the programs' own, not a measurement's",
                "ran 1 row"), r.stdout().strip().lines().toList(), r.all());
    }
}
