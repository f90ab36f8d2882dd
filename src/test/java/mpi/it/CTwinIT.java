package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * The native C twins (target/c/osu_latency, ...) under real mpirun, against their Java
 * benchmarks run with the same options: the same preamble (the title in C OMB's form, the
 * datatype in C spelling), the same column header, the same sizes in the same order, the same
 * row format. Numbers are not compared. Bad input: one line on stderr, a non-zero exit.
 */
class CTwinIT {
    private static final String FEW = "-i 10 -x 2";

    @ParameterizedTest(name = "{0} vs {1} on {2} ranks: {3}")
    @CsvSource(delimiter = '|', value = {
        "osu_latency   | mpi.pt2pt.OSULatency          | 2 | -m 0:64",
        "osu_latency   | mpi.pt2pt.OSULatency          | 2 | -m 4096:16384 -f",
        "osu_bw        | mpi.pt2pt.OSUBandwidth        | 2 | -m 1:64 -W 4",
        "osu_bw        | mpi.pt2pt.OSUBandwidth        | 2 | -m 0:16384 -W 2 -f",
        "osu_bibw      | mpi.pt2pt.OSUBiBandwidth      | 2 | -m 8: -m 32 -W 4 -f",
        "osu_multi_lat | mpi.pt2pt.OSUMultiLatency     | 2 | -m 1:64 -f",
        "osu_bcast     | mpi.collective.OSUBcast       | 2 | -m 0:64",
        "osu_bcast     | mpi.collective.OSUBcast       | 2 | -m 16384 -k rotate -f",
        "osu_allreduce | mpi.collective.OSUAllReduce   | 2 | -m 1:64 -f",
        "osu_allreduce | mpi.collective.OSUAllReduce   | 2 | -m 16:32 -l",
        "osu_bcast_persistent | mpi.collective.persistent.OSUBcastPersistent | 3 | -m 0:64 -k rotate -f",
        "osu_allreduce_persistent | mpi.collective.persistent.OSUAllReducePersistent | 2 | -m 4:64 -l",
    })
    void sameTableAsJava(String twin, String javaClass, int np, String args) throws Exception {
        List<String> argv = new ArrayList<>(Arrays.asList(args.trim().split(" +")));
        argv.addAll(Arrays.asList(FEW.split(" ")));
        String[] a = argv.toArray(new String[0]);
        MpiRun.Result c = MpiRun.runNative(np, twin, a);
        MpiRun.Result java = MpiRun.run(np, javaClass, a);
        assertEquals(0, c.exitCode(), c.all());
        assertEquals(0, java.exitCode(), java.all());
        assertEquals("", c.stderr().trim(), c.all());

        List<String> cl = nonEmptyTail(c.stdoutLines());
        List<String> jl = nonEmptyTail(java.stdoutLines());
        String both = "--- C ---\n" + c.all() + "\n--- Java ---\n" + java.all();
        assertTrue(cl.size() > 4, both);
        assertEquals(jl.size(), cl.size(), "as many lines\n" + both);
        assertEquals("", cl.get(0), both);
        assertEquals(jl.get(1).replace("# OSU MPI-Java ", "# OSU MPI ")
                .replaceFirst(" \\((buffer|arrays) API\\)$", ""), cl.get(1), "title\n" + both);
        assertEquals(jl.get(2).replace("MPI.", "MPI_"), cl.get(2), "datatype\n" + both);
        assertEquals(jl.get(3), cl.get(3), "column header\n" + both);
        for (int i = 4; i < cl.size(); i++) {
            String[] cf = cl.get(i).trim().split(" +");
            String[] jf = jl.get(i).trim().split(" +");
            assertEquals(jf.length, cf.length, "columns of row " + i + "\n" + both);
            assertEquals(jf[0], cf[0], "size of row " + i + "\n" + both);
            assertEquals(formatRow(cf), cl.get(i), "format of row " + i + "\n" + both);
            if (cf.length == 5) {
                assertEquals(jf[4], cf[4], "iterations of row " + i + "\n" + both);
            }
        }
    }

    /** The row as C OMB prints it: %-10d, %18.2f per value, %12d iterations. */
    private static String formatRow(String[] f) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-10d", Integer.parseInt(f[0])));
        for (int k = 1; k < f.length; k++) {
            s.append(k == 4 ? String.format(Locale.ROOT, "%12d", Integer.parseInt(f[k]))
                    : String.format(Locale.ROOT, "%18.2f", Double.parseDouble(f[k])));
        }
        return s.toString();
    }

    private static List<String> nonEmptyTail(List<String> lines) {
        List<String> l = new ArrayList<>(lines);
        while (!l.isEmpty() && l.get(l.size() - 1).isEmpty()) {
            l.remove(l.size() - 1);
        }
        return l;
    }

    @ParameterizedTest(name = "{0} on {1} ranks: {2}")
    @CsvSource(delimiter = '|', value = {
        "osu_latency   | 2 | -q             | -q",
        "osu_latency   | 2 | -m abc         | abc",
        "osu_latency   | 2 | -m 8:4         | 8:4",
        "osu_latency   | 2 | -i 0           | -i",
        "osu_latency   | 2 | -x -5          | -x",
        "osu_latency   | 2 | -W 4           | -W",
        "osu_latency   | 2 | -a buffer      | -a",
        "osu_latency   | 2 | -T int         | -T",
        "osu_latency   | 2 | extra          | extra",
        "osu_latency   | 3 | -m 8           | 3",
        "osu_bw        | 2 | -W 0           | -W",
        "osu_bw        | 2 | -m             | -m",
        "osu_bibw      | 1 | -m 8           | 1",
        "osu_multi_lat | 3 | -m 8           | 3",
        "osu_bcast     | 2 | -k 2           | root 2",
        "osu_bcast     | 2 | -k x           | 'x'",
        "osu_bcast     | 2 | -l             | -l",
        "osu_allreduce | 2 | -m 1:2         | 1:2",
        "osu_allreduce | 2 | -c             | -c",
    })
    void badInputOneLineNonZeroExit(String twin, int np, String args, String named) throws Exception {
        MpiRun.Result r = MpiRun.runNative(np, twin, args.trim().split(" +"));
        assertNotEquals(0, r.exitCode(), r.all());
        List<String> ours = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith(twin + ": ")).collect(Collectors.toList());
        assertEquals(1, ours.size(), "exactly one error line\n" + r.all());
        assertTrue(ours.get(0).contains(named), "the line names the problem (" + named + "): " + ours.get(0));
        assertEquals("", r.stdout().trim(), "no table for bad input\n" + r.all());
    }

    @ParameterizedTest(name = "{0} {1} exits 0, printed once")
    @CsvSource({"osu_latency,-h,Usage: osu_latency", "osu_bcast,-h,Usage: osu_bcast",
        "osu_bw,-v,OSU MPI Micro-Benchmarks v7.4"})
    void helpAndVersion(String twin, String flag, String expected) throws Exception {
        MpiRun.Result r = MpiRun.runNative(2, twin, flag);
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(1, r.stdout().split(expected, -1).length - 1, "printed once\n" + r.all());
    }

    // One-sided twins (osu_put_latency, osu_get_latency, osu_put_bw): preamble O of this suite.

    @ParameterizedTest(name = "{0} vs {1}: {2}")
    @CsvSource(delimiter = '|', value = {
        "osu_put_latency | mpi.onesided.OSUPutLatency   | -m 1:64",
        "osu_get_latency | mpi.onesided.OSUGetLatency   | -m 1:64 -w create -s fence -f",
        "osu_put_bw      | mpi.onesided.OSUPutBandwidth | -m 1:64 -W 4 -w dynamic -s pscw",
        "osu_put_bw      | mpi.onesided.OSUPutBandwidth | -m 16384 -W 2 -s lock_all -f",
    })
    void oneSidedSameTableAsJava(String twin, String javaClass, String args) throws Exception {
        List<String> argv = new ArrayList<>(Arrays.asList(args.trim().split(" +")));
        argv.addAll(Arrays.asList(FEW.split(" ")));
        String[] a = argv.toArray(new String[0]);
        MpiRun.Result c = MpiRun.runNative(2, twin, a);
        MpiRun.Result java = MpiRun.run(2, javaClass, a);
        assertEquals(0, c.exitCode(), c.all());
        assertEquals(0, java.exitCode(), java.all());
        assertEquals("", c.stderr().trim(), c.all());
        List<String> cl = nonEmptyTail(c.stdoutLines());
        List<String> jl = nonEmptyTail(java.stdoutLines());
        String both = "--- C ---\n" + c.all() + "\n--- Java ---\n" + java.all();
        assertEquals(jl.size(), cl.size(), "as many lines\n" + both);
        assertTrue(cl.size() > 6, both);
        assertEquals(jl.get(1).replace("# OSU MPI-Java ", "# OSU MPI ")
                .replaceFirst(" \\((buffer|arrays) API\\)$", ""), cl.get(1), "title\n" + both);
        assertEquals(jl.get(2).replace("MPI.", "MPI_"), cl.get(2), "datatype\n" + both);
        assertEquals(jl.subList(3, 6), cl.subList(3, 6), "window, sync, header\n" + both);
        for (int i = 6; i < cl.size(); i++) {
            String[] cf = cl.get(i).trim().split(" +");
            String[] jf = jl.get(i).trim().split(" +");
            assertEquals(jf.length, cf.length, "columns of row " + i + "\n" + both);
            assertEquals(jf[0], cf[0], "size of row " + i + "\n" + both);
            assertEquals(formatRow(cf), cl.get(i), "format of row " + i + "\n" + both);
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "osu_put_latency | -s bogus   | -s must be one of",
        "osu_get_latency | -w shared  | -w must be create, allocate or dynamic",
        "osu_put_bw      | -c         | -c",
        "osu_put_latency | -W 4       | -W",
    })
    void oneSidedBadInputOneLine(String twin, String args, String named) throws Exception {
        MpiRun.Result r = MpiRun.runNative(2, twin, args.trim().split(" +"));
        assertNotEquals(0, r.exitCode(), r.all());
        List<String> ours = Arrays.stream(r.stderr().split("\n"))
                .filter(l -> l.startsWith(twin + ": ")).collect(Collectors.toList());
        assertEquals(1, ours.size(), "exactly one error line\n" + r.all());
        assertTrue(ours.get(0).contains(named), ours.get(0));
        assertEquals("", r.stdout().trim(), r.all());
    }
}
