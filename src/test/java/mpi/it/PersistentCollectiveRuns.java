package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import mpi.common.graph.ProgramNames;

/**
 * The persistent collective benchmarks on an MPI of the tests: src/test/c/defects/
 * persistent_collectives.c says in C which of them lose data there (MPICH 4.0.2 and Intel MPI
 * 2021.19 in allgather, gather and scatter, whose wrong writes can end the JVM); the runner
 * must refuse exactly those, and the others run in both APIs with {@code -c}, each
 * validating at every size.
 */
final class PersistentCollectiveRuns {
    private static final String REPRODUCER = "persistent_collectives";

    private PersistentCollectiveRuns() {
    }

    /**
     * @return the operations the reproducer finds wrong (e.g. {@code allgather}), built with
     *         {@code mpicc} (its variables {@code env}) into {@code out} and run on 2 ranks
     */
    static List<String> defectsInC(MpiRun.Launcher launcher, String mpicc,
            Map<String, String> env, Path out) throws Exception {
        Files.createDirectories(out);
        Path source = Paths.get("src", "test", "c", "defects", REPRODUCER + ".c").toAbsolutePath();
        ProcessBuilder pb = new ProcessBuilder(mpicc, "-O2", "-Wall", "-Werror", "-o",
                out.resolve(REPRODUCER).toString(), source.toString()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process cc = pb.start();
        String ccOut = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, cc.waitFor(), mpicc + " " + source + "\n" + ccOut);
        MpiRun.Result r = MpiRun.runNative(launcher, out, 2, REPRODUCER);
        assertEquals(0, r.exitCode(), r.all());
        return defects(r);
    }

    /** @return the operations of the reproducer's line ({@code defect op op ...}), or none */
    static List<String> defects(MpiRun.Result r) {
        String[] line = r.stdoutLines().stream().filter(l -> l.startsWith(REPRODUCER + " "))
                .findFirst().orElseThrow(() -> new AssertionError("no result line\n" + r.all()))
                .split(" ");
        return line[1].equals("ok") ? List.of() : List.of(line).subList(2, line.length);
    }

    /**
     * Runs the persistent collectives' group on 2 ranks of {@code launcher}, in one suite
     * launch, once in each API with {@code -c} (the barrier takes neither -c nor -m): the
     * benchmarks of {@code defects} (what C finds wrong there) refused by the runner, skipped
     * with the line that names the library and the call, no more and no fewer (the rule of
     * {@code mpi.common.collective.PersistentDefects} against what the library does); every
     * other one on the library whose binding line contains {@code library}, validating at
     * every size; exit 0 (a group's skip is no failure), no warning.
     */
    static void assertTheWrongRefusedAndTheOthersPass(MpiRun.Launcher launcher,
            List<String> defects, String library) throws Exception {
        List<String> failing = defects.stream()
                .map(op -> ProgramNames.javaName("osu_" + op + "_persistent")
                        .orElseThrow(() -> new AssertionError("no benchmark of " + op)))
                .toList();
        List<String> names = MpichIT.members("collective.persistent");
        assertEquals(14, names.size(), names.toString());
        List<List<String>> entries = new ArrayList<>();
        for (String api : List.of("buffer", "arrays")) {
            List<String> entry = new ArrayList<>(List.of("collective.persistent"));
            entry.addAll(MpichIT.SMALL_RUN);
            entry.addAll(List.of("-a", api));
            entries.add(entry);
        }
        MpiRun.SuiteLaunch s = MpiRun.suite(launcher, 2, List.of(), entries, 2 * names.size());
        MpiRun.Result whole = s.whole();
        assertEquals(0, whole.exitCode(), whole.all());
        assertEquals(List.of(), whole.warnings(), whole.all());
        List<String> summary = List.of(whole.stdout().split(MpiRun.SUITE_SUMMARY, 2)[1]
                .split("\n"));
        for (int i = 0; i < s.parts().size(); i++) {
            String name = names.get(i % names.size());
            MpiRun.Result r = s.parts().get(i);
            String what = name + " (" + (i < names.size() ? "buffer" : "arrays") + " API): "
                    + s.statuses().get(i) + "\n" + whole.all();
            if (failing.contains(name)) {
                assertEquals("skipped", s.statuses().get(i), what);
                continue;
            }
            assertTrue(r.bindingLine().contains(library), what);
            boolean barrier = name.equals("OSUBarrierPersistent");
            assertEquals(barrier ? "ran" : "passed", s.statuses().get(i), what);
            List<String> rows = r.stdoutLines().stream()
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
            assertFalse(rows.isEmpty(), what);
            assertTrue(barrier || rows.stream()
                    .allMatch(row -> MpichIT.PASSING_ROW.matcher(row).matches()), what);
        }
        // Each refused one: its line on stderr once per API (rank 0's), and in the summary.
        for (String op : defects) {
            String name = ProgramNames.javaName("osu_" + op + "_persistent").orElseThrow();
            String call = "MPI_" + Character.toUpperCase(op.charAt(0)) + op.substring(1)
                    + "_init is known to restart wrong";
            List<String> lines = whole.stderr().lines()
                    .filter(l -> l.startsWith(name + ": ")).toList();
            assertEquals(2, lines.size(), name + "\n" + whole.all());
            assertTrue(lines.stream().allMatch(l -> l.contains(": " + call)
                    && l.endsWith("(Open MPI 5.0 and MPICH 5.0 run it right)")), whole.all());
            assertEquals(2, summary.stream().filter(l -> l.startsWith("# skipped  " + name + " ")
                    && l.contains(": " + call)).count(), whole.all());
        }
        assertFalse(whole.stderr().contains("Exception"), whole.all());
    }
}
