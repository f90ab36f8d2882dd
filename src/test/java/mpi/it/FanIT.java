package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * OSUBandwidthFanIn and OSUBandwidthFanOut (osu_bw_fan_in / osu_bw_fan_out) under real
 * mpirun on this one machine, its ranks given simulated host names by the testing aid
 * OMB_J_HOSTS: both APIs, validated, 2 and 3 hosts, block and round-robin placements; and
 * the refusals on one real host or an uneven layout.
 */
class FanIT {
    @ParameterizedTest(name = "{0} hosts={1}, {2} API {3}")
    @CsvSource(delimiter = '|', value = {
        "OSUBandwidthFanIn  | a,a,b,b     | buffer | -W 8",
        "OSUBandwidthFanIn  | a,a,b,b     | arrays | -W 8",
        "OSUBandwidthFanOut | a,a,b,b     | buffer | -W 8",
        "OSUBandwidthFanOut | a,a,b,b     | arrays | -W 8",
        "OSUBandwidthFanIn  | y,x,z,y,x,z | arrays | -W 4 -f",
        "OSUBandwidthFanOut | y,x,z,y,x,z | buffer | -W 4 -f",
        "OSUBandwidthFanIn  | p,q,r       | buffer | -W 2 -T int --stats",
        "OSUBandwidthFanOut | p,q,r       | arrays | -W 2 -T int",
    })
    void validatedRunOnSimulatedHosts(String bench, String hosts, String api, String extra)
            throws Exception {
        String[] names = hosts.split(",");
        int np = names.length;
        int hostCount = (int) Arrays.stream(names).distinct().count();
        int perHost = np / hostCount;
        List<String> args = new ArrayList<>(List.of("-c", "-m", "1:16384", "-i", "10", "-x",
                "2", "-a", api));
        args.addAll(Arrays.asList(extra.trim().split(" +")));
        boolean full = args.contains("-f");
        boolean ints = args.contains("int");
        boolean stats = args.contains("--stats"); // a # Statistics: line before the header
        MpiRun.Result r = MpiRun.runWithTestClasses(np, List.of("-x", "OMB_J_HOSTS=" + hosts),
                "mpi.pt2pt." + bench, args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(List.of(), r.warnings(), r.all());
        assertTrue(r.bindingLine().startsWith(MpiRun.OURS_BINDING), r.all());
        List<String> lines = r.stdoutLines();
        String title = bench.endsWith("In") ? "Bandwidth Fan-In Test" : "Bandwidth Fan-Out Test";
        assertEquals("# OSU MPI-Java " + title + " v7.4 (" + api + " API)", lines.get(1), r.all());
        assertEquals("# Datatype: " + (ints ? "MPI.INT" : "MPI.BYTE") + ".", lines.get(2), r.all());
        int window = Integer.parseInt(args.get(args.indexOf("-W") + 1));
        assertEquals("# [ hosts: " + hostCount + " ] [ processes per host: " + perHost
                + " ] [ window size: " + window + " ]", lines.get(3), r.all());
        int header = stats ? 5 : 4;
        assertEquals((full
                ? String.format("%-10s%18s%18s%18s%12s%18s", "# Size", "Bandwidth (MB/s)",
                        "Min BW (MB/s)", "Max BW (MB/s)", "Iterations", "Validation")
                : String.format("%-10s%18s%18s", "# Size", "Bandwidth (MB/s)", "Validation"))
                + (stats ? StatsColumns.HEADER_END : ""), lines.get(header), r.all());
        if (stats) { // rank 0's own rate per iteration, 10 of them at every size
            assertEquals(13, StatsColumns.rows(r, 10).size(), r.all()); // 4 .. 16384 B
        }
        int expected = ints ? 4 : 1;
        for (String line : lines.subList(header + 1, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.trim().split(" +");
            assertEquals(String.valueOf(expected), f[0], line + "\n" + r.all());
            assertEquals("Pass", f[f.length - (stats ? 5 : 1)], line + "\n" + r.all());
            double bw = Double.parseDouble(f[1]);
            assertTrue(bw > 0, line);
            if (full) {
                assertTrue(Double.parseDouble(f[2]) <= bw && bw <= Double.parseDouble(f[3]),
                        "min <= avg <= max: " + line);
                assertEquals(String.format(Locale.ROOT, "%-10d%18.2f%18.2f%18.2f%12d%18s",
                        expected, bw, Double.parseDouble(f[2]), Double.parseDouble(f[3]), 10,
                        "Pass"), line);
            }
            expected *= 2;
        }
        assertEquals(32768, expected, r.all());
    }

    @ParameterizedTest(name = "{0} on {1} ranks, OMB_J_HOSTS={2}")
    @CsvSource(delimiter = '|', value = {
        "OSUBandwidthFanIn  | 2 |         | needs processes on 2 or more hosts, all 2 run on",
        "OSUBandwidthFanOut | 4 |         | needs processes on 2 or more hosts, all 4 run on",
        "OSUBandwidthFanIn  | 3 | a,a,b   | needs the same number of processes on every host",
        "OSUBandwidthFanOut | 4 | a,b     | OMB_J_HOSTS=a,b must name one host per rank",
        "OSUBandwidthFanIn  | 1 |         | needs at least 2 processes",
        "OSUBandwidthFanOut | 2 | a,b     | -p",
    })
    void refusedWithOneLine(String bench, int np, String hosts, String named) throws Exception {
        List<String> mpirun = hosts == null ? List.of() : List.of("-x", "OMB_J_HOSTS=" + hosts);
        String[] args = named.equals("-p") ? new String[] {"-p", "1"} : new String[] {"-m", "8"};
        MpiRun.Result r = MpiRun.runWithTestClasses(np, mpirun, "mpi.pt2pt." + bench, args);
        assertEquals(1, r.exitCode(), r.all());
        List<String> ours = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith(bench + ": ")).collect(Collectors.toList());
        assertEquals(1, ours.size(), "exactly one error line\n" + r.all());
        assertTrue(ours.get(0).contains(named), ours.get(0));
        assertFalse(r.all().contains("Exception") || r.all().contains("\tat "), r.all());
        assertEquals("", r.stdout().trim(), "no table\n" + r.all());
    }
}
