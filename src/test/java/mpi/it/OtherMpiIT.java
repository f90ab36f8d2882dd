package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import mpi.installation.MpiInstallation;
import mpi.installation.OtherMpiBuild;

/**
 * The suite on the MPIs of scripts/install-mpi.sh (Open MPI 5.0, MPICH 5.0 in its own ABI and
 * in the MPI-5 standard ABI, Intel MPI 2021): for each, the JNI library built with its mpicc
 * into target/other-mpi/NAME/native ({@link OtherMpiBuild}, as the compare tool's
 * {@code --mpi} builds it), then every benchmark of each group in both APIs with -c
 * and tiny sizes, one launch of the suite runner per group on 2 ranks, under its own
 * launcher ({@link MpiInstallation} holds the launchers' differences); then the binding's own
 * checks (the probes of BindingIT and its kind) and the fault test of FaultIT (a killed rank
 * ends the job).
 *
 * <p>Under the FFM backend ({@code ombj.it.backend=ffm}, failsafe's ffm-openmpi execution,
 * on Open MPI 5, whose ABI that backend knows) nothing is built: the ranks open the
 * installation's library.
 *
 * <p>Which MPIs: the system property {@code ombj.other.mpis} (Maven's {@code -Dother.mpis=},
 * all four by default). An MPI named there that is not installed fails its tests with the
 * line saying what to run; none is skipped. A site without one of them names the others.
 */
class OtherMpiIT {
    private static final List<String> MPIS = Arrays.stream(
            System.getProperty("ombj.other.mpis", "openmpi5,mpich5,mpich5-abi,impi").split(","))
            .map(String::trim).filter(s -> !s.isEmpty()).toList();
    private static final Path OUT = OtherMpiBuild.DEFAULT_ROOT.toAbsolutePath();
    /** A graph of two ranks, each the other's neighbour (the default ring needs 3 ranks). */
    private static final Path PAIR = OUT.resolve("pair-graph.txt");
    /** Each MPI's build: its launcher with the JNI library built for it, or why it failed. */
    private static final Map<String, Object> BUILT = new HashMap<>();

    @BeforeAll
    static void writePairGraph() throws IOException {
        Files.createDirectories(OUT);
        Files.writeString(PAIR, "# OtherMpiIT: ranks 0 and 1, each the other's neighbour\n0, 1\n1, 0\n");
    }

    /**
     * The launcher of {@code name} with its own build of the JNI library on java.library.path,
     * built once (by src/main/native/build.sh, as Maven builds the jar's).
     */
    private static synchronized MpiRun.Launcher launcher(String name) throws Exception {
        if (!BUILT.containsKey(name)) {
            Object built;
            try {
                built = build(MpiInstallation.installed(name));
            } catch (Exception | AssertionError e) {
                built = e;
            }
            BUILT.put(name, built);
        }
        Object built = BUILT.get(name);
        if (built instanceof Exception e) {
            throw e;
        }
        if (built instanceof AssertionError e) {
            throw e;
        }
        return (MpiRun.Launcher) built;
    }

    private static MpiRun.Launcher build(MpiInstallation mpi) throws Exception {
        OtherMpiBuild build = new OtherMpiBuild(mpi, OUT);
        if (MpiRun.BACKEND.equals("ffm")) { // nothing to build: the backend opens its library
            return new MpiRun.Launcher(mpi, build.jvmOptions(true));
        }
        ProcessBuilder pb = new ProcessBuilder(build.nativeCommand(System.getProperty("java.home"),
                Paths.get(System.getProperty("ombj.native.include", "target/native/include")),
                System.getProperty("ombj.native.cflags", "-O2 -fPIC")))
                .redirectErrorStream(true);
        pb.environment().putAll(mpi.env());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "building the JNI library for " + mpi.name() + "\n" + out);
        return new MpiRun.Launcher(mpi, build.jvmOptions(false));
    }

    /** Every MPI with every group: its rank count, its variables, its arguments, its size. */
    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (String mpi : MPIS) {
            // The fan tests need 2 hosts: simulated (OSUBandwidthFanIn's javadoc);
            // OSULatencyMultiThread validates with as many sender as receiver threads.
            all.add(Arguments.of(mpi, "pt2pt", Map.of("OMB_J_HOSTS", "a,b"), List.of("-t", "1"), 11));
            all.add(Arguments.of(mpi, "collective", Map.of(), List.of(), 30));
            all.add(Arguments.of(mpi, "neighborhood", Map.of(), List.of("-N", "graph:" + PAIR), 10));
            all.add(Arguments.of(mpi, "onesided", Map.of(), List.of(), 9));
            all.add(Arguments.of(mpi, "transport", Map.of(), List.of(), 6));
        }
        return all.stream();
    }

    /**
     * One launch per group on 2 ranks, the group once with {@code -a buffer} and once with
     * {@code -a arrays}: every benchmark run on this MPI's library (its version in the binding
     * line), with no warning, and every one that validates passing at every size. Every
     * benchmark's problem is listed, not only the first.
     */
    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("cases")
    void everyBenchmarkOfTheGroupPassesInBothApis(String name, String group,
            Map<String, String> variables, List<String> extra, int size) throws Exception {
        MpiRun.Launcher launcher = launcher(name);
        List<String> names = MpichIT.members(group);
        assertEquals(size, names.size(), names.toString());
        List<List<String>> entries = new ArrayList<>();
        for (String api : List.of("buffer", "arrays")) {
            List<String> entry = new ArrayList<>(List.of(group));
            entry.addAll(MpichIT.SMALL_RUN);
            entry.addAll(extra);
            entry.addAll(List.of("-a", api));
            entries.add(entry);
        }
        List<String> options = new ArrayList<>();
        variables.forEach((k, v) -> options.addAll(launcher.mpi().export(k, v)));
        long start = System.nanoTime();
        MpiRun.SuiteLaunch s = MpiRun.suite(launcher, 2, options, entries, 2 * names.size());
        System.out.printf("OtherMpiIT %s %s: %d benchmarks in %.0f s%n", name, group,
                2 * names.size(), (System.nanoTime() - start) / 1e9);
        MpiRun.Result whole = s.whole();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < s.parts().size(); i++) {
            String benchmark = names.get(i % names.size()) + " -a "
                    + (i < names.size() ? "buffer" : "arrays");
            MpiRun.Result r = s.parts().get(i);
            String status = s.statuses().get(i);
            boolean validates = r.stdout().contains("Validation");
            if (!status.equals(validates ? "passed" : "ran")) {
                problems.add(benchmark + ": " + status);
                continue;
            }
            if (!r.bindingLine().contains(launcher.mpi().version())) {
                problems.add(benchmark + ": not on " + name + ": " + r.bindingLine());
            }
            List<String> rows = r.stdoutLines().stream().filter(l -> !l.isEmpty()
                    && !l.startsWith("#") && !l.startsWith("Time took to create")).toList();
            if (rows.isEmpty() || validates && !rows.stream()
                    .allMatch(row -> MpichIT.PASSING_ROW.matcher(row).matches())) {
                problems.add(benchmark + ": rows " + rows);
            }
        }
        if (!whole.warnings().isEmpty()) {
            problems.add("warnings: " + whole.warnings());
        }
        assertEquals(List.of(), problems, whole.all());
        assertEquals(0, whole.exitCode(), whole.all());
    }

    /**
     * The persistent collectives' group on this MPI in both APIs with {@code -c}: those its
     * library runs wrong in C (Intel MPI 2021.19 loses data in allgather, gather and scatter,
     * as MPICH 4.0.2 does) skipped with the runner's line, every other one validating at
     * every size.
     */
    @ParameterizedTest(name = "the persistent collectives on {0}")
    @MethodSource("mpis")
    void thePersistentCollectivesWrongInCAreRefusedAndTheOthersPass(String name)
            throws Exception {
        MpiRun.Launcher launcher = launcher(name);
        MpiInstallation mpi = launcher.mpi();
        List<String> defects = PersistentCollectiveRuns.defectsInC(launcher, mpi.mpicc(),
                mpi.env(), OUT.resolve(name).resolve("defects"));
        System.out.printf("OtherMpiIT %s: persistent collectives wrong in C: %s%n", name,
                defects);
        PersistentCollectiveRuns.assertTheWrongRefusedAndTheOthersPass(launcher, defects,
                mpi.version());
    }

    /** The binding's own checks: each probe of this project's ITs, its ranks, its checks. */
    private static final List<Object[]> PROBES = List.of(
            new Object[] {"BindingProbe", 2, BindingIT.CHECKS},
            new Object[] {"CollectiveProbe", 3, CollectiveBindingIT.CHECKS},
            new Object[] {"TopologyProbe", 3, TopologyIT.CHECKS},
            new Object[] {"DatatypeProbe", 2, DatatypeIT.CHECKS},
            new Object[] {"PersistentProbe", 2, PersistentIT.CHECKS},
            new Object[] {"RequestReuseProbe", 2, RequestReuseIT.CHECKS});

    static Stream<String> mpis() {
        return MPIS.stream();
    }

    /** The MPIs of issue 37's list test here: Open MPI 5.0 and MPICH 5.0 in its own ABI. */
    static Stream<String> algorithmMpis() {
        return MPIS.stream().filter(m -> m.equals("openmpi5") || m.equals("mpich5"));
    }

    /**
     * {@code --algorithm list} names what the MPI's own tool names, in its order: Open MPI
     * 5.0's {@code ompi_info} enumeration of coll_tuned_allgather_algorithm (5.0 adds sparbit),
     * MPICH 5.0's {@code mpivars}, which prints MPIR_CVAR_BCAST_INTRA_ALGORITHM's description
     * a name per line; and a choice runs, named in its table and validated.
     */
    @ParameterizedTest(name = "--algorithm on {0}")
    @MethodSource("algorithmMpis")
    void algorithmListNamesWhatTheMpisOwnToolNames(String name) throws Exception {
        MpiRun.Launcher launcher = launcher(name);
        MpiInstallation mpi = launcher.mpi();
        Path bin = Paths.get(mpi.launcher()).getParent();
        boolean openMpi = mpi.family() == MpiInstallation.Family.OPEN_MPI;
        String main = openMpi ? "mpi.collective.OSUAllgather" : "mpi.collective.OSUBcast";
        List<String> expected = new ArrayList<>();
        if (openMpi) {
            String prefix = "mca:coll:tuned:param:coll_tuned_allgather_algorithm:enumerator:value:";
            for (String line : tool(mpi, bin.resolve("ompi_info").toString(), "--param", "coll",
                    "tuned", "--level", "9", "--parsable")) {
                if (line.startsWith(prefix)) {
                    String item = line.substring(prefix.length()).strip();
                    expected.add(item.substring(item.indexOf(':') + 1));
                }
            }
            assertTrue(expected.contains("sparbit"), expected.toString());
        } else {
            List<String> lines = tool(mpi, bin.resolve("mpivars").toString());
            int at = 0;
            while (at < lines.size() && !lines.get(at).strip()
                    .startsWith("MPIR_CVAR_BCAST_INTRA_ALGORITHM ")) {
                at++;
            }
            for (int i = at + 1; i < lines.size() && !lines.get(i).startsWith("\t"); i++) {
                expected.add(lines.get(i).split("[ -]+")[0]);
            }
            assertEquals("auto", expected.isEmpty() ? "" : expected.get(0), lines.toString());
        }
        String cp = MpiRun.jar().toAbsolutePath().toString();
        MpiRun.Result list = MpiRun.run(launcher, 2, List.of(), launcher.jvmOptions(), cp, main,
                "--algorithm", "list");
        assertEquals(0, list.exitCode(), list.all());
        List<String> listed = list.stdoutLines().stream().filter(l -> l.matches("\\d+ +\\S+"))
                .map(l -> l.split(" +")[1]).toList();
        assertEquals(expected, listed, list.all());
        List<String> rules = openMpi ? List.of("--mca", "coll_tuned_use_dynamic_rules", "1")
                : List.of();
        String choice = openMpi ? "ring" : "binomial";
        MpiRun.Result chosen = MpiRun.run(launcher, 2, rules, launcher.jvmOptions(), cp, main,
                "--algorithm", choice, "-m", "1:64", "-i", "10", "-c", "--jit-warmup", "off");
        assertEquals(0, chosen.exitCode(), chosen.all());
        assertTrue(chosen.stdout().contains("# Algorithm: " + choice + " ("), chosen.all());
        List<String> rows = chosen.stdoutLines().stream().filter(l -> l.matches("\\d+ .*"))
                .toList();
        assertEquals(7, rows.size(), chosen.all()); // 1 to 64 bytes
        assertTrue(rows.stream().allMatch(l -> MpichIT.PASSING_ROW.matcher(l).matches()),
                chosen.all());
    }

    /** @return the lines a tool of the installation prints, in its environment */
    private static List<String> tool(MpiInstallation mpi, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(mpi.env());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + "\n" + out);
        return out.lines().toList();
    }

    /**
     * The binding's own tests on this MPI: every probe that BindingIT, CollectiveBindingIT,
     * DatatypeIT, PersistentIT, RequestReuseIT and TopologyIT run on the default MPI, here on
     * this one, every check passing on every rank, with no JNI warning; then the probes of
     * the API groups ({@link MpichIT#OK_PROBES}), each rank saying ok.
     */
    @ParameterizedTest(name = "the binding's checks on {0}")
    @MethodSource("mpis")
    void everyCheckOfTheBindingPasses(String name) throws Exception {
        MpiRun.Launcher launcher = launcher(name);
        String classPath = MpiRun.jar().toAbsolutePath() + java.io.File.pathSeparator
                + Paths.get("target", "test-classes").toAbsolutePath();
        List<String> problems = new ArrayList<>();
        StringBuilder all = new StringBuilder();
        for (Object[] p : PROBES) {
            String probe = (String) p[0];
            int np = (Integer) p[1];
            int checks = (Integer) p[2];
            MpiRun.Result r = MpiRun.run(launcher, np, List.of(), List.of(), classPath,
                    "mpi.it." + probe);
            all.append(probe).append(":\n").append(r.all()).append('\n');
            long passed = r.stdoutLines().stream().filter(l -> l.startsWith("PASS ")).count();
            r.stdoutLines().stream().filter(l -> l.startsWith("FAIL "))
                    .forEach(l -> problems.add(probe + ": " + l));
            if (r.exitCode() != 0 || passed != (long) np * checks) {
                problems.add(probe + " on " + np + " ranks: exit " + r.exitCode() + ", " + passed
                        + " of " + np * checks + " checks passed");
            }
            if (!r.warnings().isEmpty()) {
                problems.add(probe + ": warnings " + r.warnings());
            }
        }
        for (MpichIT.OkProbe p : MpichIT.OK_PROBES) { // each rank prints "rank R ok"
            String probe = p.name();
            int np = p.np();
            MpiRun.Result r = MpiRun.run(launcher, np, List.of(), p.jvm(), classPath,
                    "mpi.it." + probe);
            all.append(probe).append(":\n").append(r.all()).append('\n');
            for (int rank = 0; rank < np; rank++) {
                if (!r.stdout().contains("rank " + rank + " ok")) {
                    problems.add(probe + ": rank " + rank + " did not say ok, exit " + r.exitCode());
                }
            }
            if (r.exitCode() != 0 || !r.warnings().isEmpty()) {
                problems.add(probe + ": exit " + r.exitCode() + ", warnings " + r.warnings());
            }
        }
        // the problems first: CI shows the head of a long message
        assertEquals(List.of(), problems, "on " + name + ": " + problems + "\n" + all);
    }

    /** The fault test on this MPI: a rank killed with SIGKILL ends the job (FaultIT). */
    @ParameterizedTest(name = "a killed rank ends the job on {0}")
    @MethodSource("mpis")
    void aKilledRankEndsTheJob(String name) throws Exception {
        FaultIT.assertKilledRankEndsTheJob(launcher(name));
    }
}
