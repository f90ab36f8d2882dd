package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Scanner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mpi.study.OpenMpiRules;
import mpi.study.TuningTable;

/**
 * {@code mpi.study.Tune} on a real sweep, and proof that a rules file of {@link OpenMpiRules}
 * is the one Open MPI runs by: one that selects two_proc allgather for 3 processes makes the
 * call fail in Open MPI (two_proc takes two processes only), where the same file with ring
 * passes {@code -c}. Times are not compared: on a loaded machine the choice itself is noise,
 * so the sweep's file is checked for its form, not for which algorithm it names.
 */
@Tag(MpiRun.BACKEND_NEUTRAL)
class TuneIT {
    private static final List<String> DYNAMIC_RULES = List.of("--mca",
            "coll_tuned_use_dynamic_rules", "1");
    /** The header line of each algorithm's table: its name, the variable, the number. */
    private static final Pattern HEADER = Pattern.compile(
            "# Algorithm: (\\S+) \\(coll_tuned_scatter_algorithm = (\\d+)\\)");

    private static void requireOpenMpi() {
        assertEquals(mpi.installation.MpiInstallation.Family.OPEN_MPI,
                MpiRun.DEFAULT.mpi().family(), "TuneIT runs in the default execution");
    }

    private static MpiRun.Result tune(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                MpiRun.jar().toString(), "mpi.study.Tune"));
        cmd.addAll(List.of(args));
        return MpiRun.runCommand(cmd);
    }

    @Test
    void aSweepBecomesARulesFileOfTheMpisNumbers(@TempDir Path dir) throws Exception {
        requireOpenMpi();
        Path sweep = dir.resolve("sweep");
        MpiRun.Result r = MpiRun.run(2, DYNAMIC_RULES, List.of(), MpiRun.jar().toString(),
                "mpi.collective.OSUScatter", "--algorithm", "all", "-m", "1:1024", "-i", "50",
                "--stats", "--jit-warmup", "off", "-o", sweep.toString());
        assertEquals(0, r.exitCode(), r.all());
        // Each file keeps the number its table's header line printed.
        Map<String, Integer> numbers = new HashMap<>();
        Matcher m = HEADER.matcher(r.stdout());
        while (m.find()) {
            numbers.put(m.group(1), Integer.valueOf(m.group(2)));
        }
        assertTrue(numbers.size() >= 2 && numbers.get("ignore") == 0, r.all());
        ObjectMapper json = new ObjectMapper();
        for (Map.Entry<String, Integer> e : numbers.entrySet()) {
            JsonNode options = json.readTree(sweep.resolve("OSUScatter-" + e.getKey() + ".json")
                    .toFile()).get("context").get("options");
            assertEquals(e.getValue(), options.get("algorithmValue").intValue(), e.getKey());
            assertEquals("coll_tuned_scatter_algorithm",
                    options.get("algorithmVariable").textValue());
        }

        Path rules = dir.resolve("scatter.rules");
        MpiRun.Result t = tune("--rules", rules.toString(), sweep.toString());
        assertEquals(0, t.exitCode(), t.all());
        assertEquals("", t.stderr(), t.all());
        // A line per size (1 to 1024: 11) on 2 processes, its chosen algorithm one of the sweep's.
        Pattern row = Pattern.compile(" *2 +(\\d+) +ignore +(\\S+) +(\\S+) +(faster|no difference"
                + " found|too few runs)");
        Map<Long, String> chosen = new HashMap<>();
        for (String line : t.stdout().split("\n")) {
            Matcher x = row.matcher(line);
            if (x.matches()) {
                assertTrue(numbers.containsKey(x.group(2)) && numbers.containsKey(x.group(3)), line);
                assertTrue(x.group(4).equals("faster") != x.group(3).equals("ignore"), line);
                chosen.put(Long.valueOf(x.group(1)), x.group(3));
            }
        }
        assertEquals(11, chosen.size(), t.all());

        // The file under Open MPI's grammar: one collective, scatter (15), one communicator
        // size, 2, its rules from 0 ascending, each the number of the choice at its size.
        Scanner n = numbers(Files.readString(rules));
        assertEquals(1, n.nextLong());
        assertEquals(15, n.nextLong());
        assertEquals(1, n.nextLong());
        assertEquals(2, n.nextLong());
        long count = n.nextLong();
        assertTrue(count >= 1 && count <= 11, "rules: " + count);
        long previous = -1;
        for (long i = 0; i < count; i++) {
            long size = n.nextLong();
            assertTrue(i == 0 ? size == 0 : size > previous, "sizes from 0 ascending: " + size);
            long algorithm = n.nextLong();
            // Rule 0 holds from 0: the smallest size measured, 1.
            assertEquals(numbers.get(chosen.get(i == 0 ? 1 : size)).longValue(), algorithm,
                    "the rule at " + size);
            assertEquals(0, n.nextLong());
            assertEquals(0, n.nextLong());
            previous = size;
        }
        assertTrue(!n.hasNext(), "nothing after the last rule");
    }

    /** The file's integers, {@code #} to the end of the line dropped as Open MPI drops it. */
    private static Scanner numbers(String text) {
        return new Scanner(text.replaceAll("#[^\n]*", ""));
    }

    /** OSUAllgather on 3 processes under a rules file of one rule: allgather's algorithm. */
    private static MpiRun.Result allgatherUnder(Path dir, String algorithm, String... more)
            throws Exception {
        Path rules = dir.resolve(algorithm + ".rules");
        Files.writeString(rules, OpenMpiRules.write(List.of(
                new TuningTable("allgather").put(3, 0, algorithm))));
        List<String> mpirun = new ArrayList<>(DYNAMIC_RULES);
        mpirun.addAll(List.of("--mca", "coll_tuned_dynamic_rules_filename", rules.toString()));
        List<String> args = new ArrayList<>(List.of("-m", "1:64", "-i", "10", "--jit-warmup",
                "off"));
        args.addAll(List.of(more));
        return MpiRun.run(3, mpirun, List.of(), MpiRun.jar().toString(),
                "mpi.collective.OSUAllgather", args.toArray(new String[0]));
    }

    @Test
    void openMpiRunsTheAlgorithmOfTheRulesFile(@TempDir Path dir) throws Exception {
        requireOpenMpi();
        MpiRun.Result ring = allgatherUnder(dir, "ring", "-c");
        assertEquals(0, ring.exitCode(), ring.all());
        assertEquals(7, ring.stdout().lines().filter(l -> l.matches("\\d+ +\\d+\\.\\d\\d +Pass"))
                .count(), ring.all());
        MpiRun.Result twoProc = allgatherUnder(dir, "two_proc");
        assertNotEquals(0, twoProc.exitCode(), twoProc.all());
        assertTrue(twoProc.all().contains("MPI_ERR_UNSUPPORTED_OPERATION"), twoProc.all());
    }
}
