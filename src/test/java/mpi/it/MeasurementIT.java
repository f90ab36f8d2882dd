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
 * their own communicators at once; the slowest rank's delay shows under {@code --timing max};
 * a setting the suite refuses is refused with its line ({@link MeasurementProbe}).
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
        assertEquals(18, rows.size(), "8 B to 1 MiB\n" + r.all());
        assertEquals(rows.size(), summaries.size(), r.all());
        for (int i = 0; i < rows.size(); i++) {
            Matcher m = summaries.get(i);
            StatsColumns.Row row = rows.get(i);
            assertEquals(8 << i, Integer.parseInt(m.group(1)), r.all());
            assertEquals(row.median(), Double.parseDouble(m.group(2)), 0.006 + 1e-4 * row.median(),
                    "the rows returned are the rows printed\n" + r.all());
            assertEquals(row.n(), Integer.parseInt(m.group(5)), r.all());
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

    @Test
    void theSlowestRanksDelayShowsUnderTimingMax() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.MeasurementProbe", "delayed");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        Matcher m = ROW.matcher(r.stdout());
        assertTrue(m.find(), r.all());
        assertEquals("delayed", m.group(1));
        assertEquals(50, Integer.parseInt(m.group(3)), r.all());
        assertTrue(Double.parseDouble(m.group(5)) >= 300, "the median holds the 300 us spin\n"
                + r.all());
        assertEquals("0", m.group(8), r.all());
    }

    @Test
    void aRefusedSettingIsTheSuitesLine() throws Exception {
        MpiRun.Result r = MpiRun.runWithTestClasses(2, "mpi.it.MeasurementProbe", "refused");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals("refused Operation: unknown option -W", r.stdout().trim(), r.all());
    }
}
