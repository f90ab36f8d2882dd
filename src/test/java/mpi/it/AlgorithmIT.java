package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --algorithm} under mpirun: the algorithms Open MPI 4.1 (tuned, libnbc) and MPICH 4
 * offer, read through MPI_T, a sweep of all of them in one launch, the refusals, and proof
 * that a chosen algorithm is the one the MPI runs: an algorithm that cannot run on the
 * arguments fails in the MPI itself (Open MPI's two_proc allgather on 3 ranks, MPICH's smp
 * bcast on one host with {@code MPIR_CVAR_COLLECTIVE_FALLBACK=error}), where the MPI's own
 * choice passes. Times are not compared here: a loaded machine makes them noise. Scatter on 4
 * processes at 512 KiB, binomial against basic_linear: 2.2 x slower, intervals apart, on the
 * quiet machine (docs/performance.md has that sweep); under two busy loops 5 runs gave
 * binomial's interval above, overlapping and, three times, wholly below basic_linear's.
 * The selection is Java over MPI_T, whose backends ToolIT runs: the default execution only.
 */
@Tag(MpiRun.BACKEND_NEUTRAL)
class AlgorithmIT {
    private static final String BCAST = "mpi.collective.OSUBcast";
    private static final List<String> DYNAMIC_RULES = List.of("--mca",
            "coll_tuned_use_dynamic_rules", "1");
    /** A line of {@code --algorithm list}: the value, the name. */
    private static final Pattern ITEM = Pattern.compile("(\\d+) +(\\S+)");

    /** The default execution's MPI is Open MPI (Debian's 4.1); MPICH has a test of its own. */
    private static void requireOpenMpi() {
        assertEquals(mpi.installation.MpiInstallation.Family.OPEN_MPI,
                MpiRun.DEFAULT.mpi().family(), "AlgorithmIT runs in the default execution");
    }

    private static MpiRun.Result run(int np, List<String> mpirunOptions, String main,
            String... args) throws Exception {
        return MpiRun.run(np, mpirunOptions, List.of(), MpiRun.jar().toString(), main, args);
    }

    /** value:name of each algorithm line, in order. */
    private static List<String> listed(MpiRun.Result r) {
        List<String> items = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            Matcher m = ITEM.matcher(line);
            if (m.matches()) {
                items.add(m.group(1) + ":" + m.group(2));
            }
        }
        return items;
    }

    @Test
    void listNamesWhatOmpiInfoNames() throws Exception {
        requireOpenMpi();
        MpiRun.Result r = MpiRun.run(2, BCAST, "--algorithm", "list");
        assertEquals(0, r.exitCode(), r.all());
        assertEquals(ToolIT.ompiInfo("tuned", "coll_tuned_bcast_algorithm"), listed(r), r.all());
        assertTrue(r.stdout().startsWith("# Algorithms of MPI_Bcast: coll_tuned_bcast_algorithm"),
                r.all());
        // Without dynamic rules, list says what a choice needs.
        assertTrue(r.stdout().contains("# Open MPI forces coll_tuned_bcast_algorithm only with"
                + " dynamic rules, read at launch: add --mca coll_tuned_use_dynamic_rules 1"),
                r.all());
        MpiRun.Result nb = MpiRun.run(2, "mpi.collective.OSUIbcast", "--algorithm", "list");
        assertEquals(0, nb.exitCode(), nb.all());
        assertEquals(ToolIT.ompiInfo("libnbc", "coll_libnbc_ibcast_algorithm"), listed(nb),
                nb.all());
    }

    @Test
    void aChoiceWithoutDynamicRulesIsRefusedInOneLine() throws Exception {
        requireOpenMpi();
        MpiRun.Result r = MpiRun.run(2, BCAST, "--algorithm", "binomial");
        assertNotEquals(0, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("OSUBcast: --algorithm: Open MPI forces"
                + " coll_tuned_bcast_algorithm only with dynamic rules, read at launch: add --mca"
                + " coll_tuned_use_dynamic_rules 1 to mpirun"), r.all());
        assertFalse(r.all().contains("Exception"), r.all());
        assertFalse(r.stdout().contains("# Size"), r.all());
    }

    @Test
    void anUnknownAlgorithmIsRefusedWithTheNames() throws Exception {
        requireOpenMpi();
        MpiRun.Result r = run(2, DYNAMIC_RULES, BCAST, "--algorithm", "fastest");
        assertNotEquals(0, r.exitCode(), r.all());
        assertTrue(r.stderr().contains("--algorithm fastest: MPI_Bcast has no such algorithm in"
                + " this MPI; coll_tuned_bcast_algorithm takes 0:ignore, 1:basic_linear,"), r.all());
        assertFalse(r.all().contains("Exception"), r.all());
    }

    /** all: one table per algorithm, in the MPI's order, each validated, a file pair each. */
    @Test
    void allMeasuresEveryAlgorithmInOneLaunch(@TempDir Path dir) throws Exception {
        requireOpenMpi();
        MpiRun.Result r = run(2, DYNAMIC_RULES, "mpi.collective.OSUScatter", "--algorithm",
                "all", "-m", "1:1024", "-i", "20", "-x", "2", "-c", "-o", dir.toString());
        assertEquals(0, r.exitCode(), r.all());
        List<String> algorithms = ToolIT.ompiInfo("tuned", "coll_tuned_scatter_algorithm");
        List<String> headers = r.stdout().lines().filter(l -> l.startsWith("# Algorithm: "))
                .toList();
        List<String> expected = algorithms.stream().map(a -> "# Algorithm: "
                + a.substring(a.indexOf(':') + 1) + " (coll_tuned_scatter_algorithm = "
                + a.substring(0, a.indexOf(':')) + ")").toList();
        assertEquals(expected, headers, r.all());
        assertEquals(algorithms.size() * 11, r.stdout().lines().filter(l -> l.matches(
                "\\d+ +\\d+\\.\\d\\d +Pass")).count(), r.all());
        ObjectMapper json = new ObjectMapper();
        for (String a : algorithms) {
            String name = a.substring(a.indexOf(':') + 1);
            Path file = dir.resolve("OSUScatter-" + name + ".json");
            assertTrue(Files.isRegularFile(file), file + "\n" + r.all());
            assertEquals(name, json.readTree(file.toFile()).get("context").get("options")
                    .get("algorithm").textValue());
        }
    }

    /**
     * Open MPI's two_proc allgather refuses more than two processes: chosen on 3 ranks, the
     * MPI fails the call, so the choice reached the communicator; ring and linear (a list,
     * the second by number) pass -c.
     */
    @Test
    void openMpiRunsTheAlgorithmChosen() throws Exception {
        requireOpenMpi();
        MpiRun.Result ring = run(3, DYNAMIC_RULES, "mpi.collective.OSUAllgather", "--algorithm",
                "ring,1", "-m", "1:64", "-i", "10", "-c", "--jit-warmup", "off");
        assertEquals(0, ring.exitCode(), ring.all());
        assertEquals(List.of("# Algorithm: ring (coll_tuned_allgather_algorithm = 4)",
                "# Algorithm: linear (coll_tuned_allgather_algorithm = 1)"), ring.stdout()
                .lines().filter(l -> l.startsWith("# Algorithm: ")).toList(), ring.all());
        MpiRun.Result twoProc = run(3, DYNAMIC_RULES, "mpi.collective.OSUAllgather",
                "--algorithm", "two_proc", "-m", "1:64", "-i", "10", "--jit-warmup", "off");
        assertNotEquals(0, twoProc.exitCode(), twoProc.all());
        assertTrue(twoProc.all().contains("MPI_ERR_UNSUPPORTED_OPERATION"), twoProc.all());
    }

    /**
     * MPICH 4.0 (its lines joined in the description): the names, a choice that passes -c,
     * and smp on one host, which MPICH refuses when told not to fall back.
     */
    @Test
    void mpichListsTheNamesOfItsDescriptionAndRunsTheChoice() throws Exception {
        MpiRun.Launcher mpich = MpiRun.mpich();
        String cp = MpiRun.jar().toString();
        MpiRun.Result list = MpiRun.run(mpich, 2, List.of(), List.of(), cp, BCAST, "--algorithm",
                "list");
        assertEquals(0, list.exitCode(), list.all());
        List<String> names = listed(list);
        assertEquals(List.of("0:auto", "1:binomial", "2:nb", "3:smp"), names.subList(0, 4),
                list.all());
        assertTrue(names.contains("4:scatter_recursive_doubling_allgather"), list.all());
        List<String> noFallback = List.of("-genv", "MPIR_CVAR_COLLECTIVE_FALLBACK", "error");
        MpiRun.Result nb = MpiRun.run(mpich, 2, noFallback, List.of(), cp, BCAST, "--algorithm",
                "nb", "-m", "1:64", "-i", "10", "-c", "--jit-warmup", "off");
        assertEquals(0, nb.exitCode(), nb.all());
        assertTrue(nb.stdout().contains("# Algorithm: nb (MPIR_CVAR_BCAST_INTRA_ALGORITHM = 2)"),
                nb.all());
        MpiRun.Result smp = MpiRun.run(mpich, 2, noFallback, List.of(), cp, BCAST, "--algorithm",
                "smp", "-m", "1:64", "-i", "10", "--jit-warmup", "off");
        assertNotEquals(0, smp.exitCode(), smp.all());
        assertTrue(smp.all().contains("User set collective algorithm is not usable"), smp.all());
    }
}
