package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * osu_spawn ({@code mpi.startup.OSUSpawn}) under the run's MPI and backend: 1 and 2 workers
 * by both methods, one spawn each, in a table of positive times in which a row's median
 * lies between its minimum and maximum and spawn's own time within the MPI column's; bad
 * input, and a spawn without free slots, are one line and a non-zero exit.
 */
class SpawnBenchmarkIT {
    private static final String OSU_SPAWN = "mpi.startup.OSUSpawn";
    private static final String HEADER = "# Workers            MPI(ms)       MPI Min(ms)"
            + "       MPI Max(ms)       spawn()(ms)       Process(ms)   Process Min(ms)"
            + "   Process Max(ms)  Iterations";

    @Test
    void bothMethodsForOneAndTwoWorkers() throws Exception {
        MpiRun.Result r = MpiRun.run(1, OSU_SPAWN, "-n", "1:2", "-i", "1", "-x", "0");
        assertEquals(0, r.exitCode(), r.all());
        List<String> lines = r.stdout().lines().filter(l -> !l.isEmpty()).toList();
        assertEquals(6, lines.size(), r.all());
        assertEquals("# OSU MPI-Java Spawn Test v7.4", lines.get(0), r.all());
        assertTrue(lines.get(1).startsWith(MpiRun.OURS_BINDING), r.all());
        assertEquals("# mpi.startup.SpawnWorker workers; 1 timed and 0 untimed spawns per"
                + " count; median, min, max in milliseconds", lines.get(2), r.all());
        assertEquals(HEADER, lines.get(3), r.all());
        for (int n = 1; n <= 2; n++) {
            String[] cells = lines.get(3 + n).trim().split(" +");
            assertEquals(9, cells.length, lines.get(3 + n));
            assertEquals(String.valueOf(n), cells[0]);
            assertEquals("1", cells[8]);
            double[] ms = Arrays.stream(cells, 1, 8).mapToDouble(Double::parseDouble).toArray();
            assertTrue(Arrays.stream(ms).allMatch(t -> t > 0), "positive times\n" + r.all());
            assertTrue(ms[1] <= ms[0] && ms[0] <= ms[2], "MPI min <= median <= max\n" + r.all());
            assertTrue(ms[3] <= ms[2], "spawn() returned before the answers\n" + r.all());
            assertTrue(ms[5] <= ms[4] && ms[4] <= ms[6], "min <= median <= max\n" + r.all());
        }
    }

    @Test
    @Tag(MpiRun.BACKEND_NEUTRAL)
    void aWorkerCountBelowOneIsOneLine() throws Exception {
        MpiRun.Result r = MpiRun.run(1, OSU_SPAWN, "-n", "0");
        assertEquals(1, r.exitCode(), r.all());
        assertEquals("", r.stdout(), r.all());
        assertEquals(List.of("OSUSpawn: -n 0: a worker count is 1 to 1024, got 0; run with -h"
                + " for usage"), ours(r), r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
    }

    /**
     * Open MPI refuses a spawn beyond the job's slots: one line that says what to add. MPICH's
     * hydra counts no slots: the same spawn from a job of one process runs (guide, section 9).
     */
    @Test
    void aSpawnWithoutFreeSlotsIsOneLine() throws Exception {
        if (!MpiRun.isOpenMpi()) {
            List<String> cmd = new ArrayList<>(MpiRun.DEFAULT.start(1));
            cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(MpiRun.JVM_CHECKS);
            cmd.addAll(MpiRun.DEFAULT.jvmOptions());
            cmd.addAll(List.of("-cp", MpiRun.jar().toString(), OSU_SPAWN, "-n", "1",
                    "--method", "mpi", "-i", "1", "-x", "0"));
            MpiRun.Result r = MpiRun.runCommand(cmd);
            assertEquals(0, r.exitCode(), r.all());
            assertTrue(r.stdoutLines().stream().anyMatch(l -> l.matches("^1 +\\d+\\.\\d{2} .*")),
                    r.all());
            assertEquals(List.of(), ours(r), r.all());
            return;
        }
        // The launcher and -np 1 without --oversubscribe; one slot, which rank 0 fills.
        List<String> cmd = new ArrayList<>(MpiRun.DEFAULT.start(1).subList(0, 3));
        cmd.addAll(List.of("--host", "localhost:1",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(MpiRun.JVM_CHECKS);
        cmd.addAll(List.of("-cp", MpiRun.jar().toString(), OSU_SPAWN, "-n", "1", "--method",
                "mpi"));
        MpiRun.Result r = MpiRun.runCommand(cmd);
        assertTrue(r.exitCode() != 0, r.all()); // the rank's 2, which mpirun reports as 1
        List<String> ours = ours(r);
        assertEquals(1, ours.size(), r.all());
        assertTrue(ours.get(0).startsWith("OSUSpawn: error: MPI_ERR_SPAWN"), r.all());
        assertTrue(ours.get(0).contains(" (spawning 1 worker); "), r.all());
        assertTrue(ours.get(0).endsWith("add --oversubscribe (Open MPI) to the mpirun command"),
                r.all());
        assertFalse(r.stderr().contains("Exception"), r.all());
    }

    private static List<String> ours(MpiRun.Result r) {
        return r.stderr().lines().filter(l -> l.startsWith("OSUSpawn")).toList();
    }
}
