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
 * The persistent collective benchmarks on an MPI of the tests, where its library is right:
 * src/test/c/defects/persistent_collectives.c says in C which of them lose data there (MPICH
 * 4.0.2 and Intel MPI 2021.19 in allgather, gather and scatter, whose wrong writes can end the
 * JVM), and the others run in both APIs with {@code -c}, each validating at every size.
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
     * Runs every persistent collective benchmark but those of {@code defects} on 2 ranks of
     * {@code launcher}, in one suite launch, in both APIs with {@code -c} (the barrier with
     * neither -c nor -m): each on the library whose binding line contains {@code library},
     * each validating at every size, no warning.
     */
    static void assertTheOthersPass(MpiRun.Launcher launcher, List<String> defects,
            String library) throws Exception {
        List<String> failing = defects.stream()
                .map(op -> ProgramNames.javaName("osu_" + op + "_persistent")
                        .orElseThrow(() -> new AssertionError("no benchmark of " + op)))
                .toList();
        List<String> names = MpichIT.members("collective.persistent").stream()
                .filter(n -> !failing.contains(n)).toList();
        assertTrue(names.size() >= 11, "C says " + defects);
        List<List<String>> entries = new ArrayList<>();
        for (String api : List.of("buffer", "arrays")) {
            for (String name : names) {
                List<String> entry = new ArrayList<>(List.of(name));
                List<String> small = MpichIT.SMALL_RUN;
                entry.addAll(name.equals("OSUBarrierPersistent")
                        ? small.subList(small.indexOf("-i"), small.size()) : small);
                entry.addAll(List.of("-a", api));
                entries.add(entry);
            }
        }
        MpiRun.SuiteLaunch s = MpiRun.suite(launcher, 2, List.of(), entries, entries.size());
        MpiRun.Result whole = s.whole();
        assertEquals(0, whole.exitCode(), whole.all());
        assertEquals(List.of(), whole.warnings(), whole.all());
        for (int i = 0; i < s.parts().size(); i++) {
            MpiRun.Result r = s.parts().get(i);
            String what = entries.get(i) + "\n" + r.stdout();
            assertTrue(r.bindingLine().contains(library), what);
            boolean barrier = entries.get(i).get(0).equals("OSUBarrierPersistent");
            assertEquals(barrier ? "ran" : "passed", s.statuses().get(i), what);
            List<String> rows = r.stdoutLines().stream()
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
            assertFalse(rows.isEmpty(), what);
            assertTrue(barrier || rows.stream()
                    .allMatch(row -> MpichIT.PASSING_ROW.matcher(row).matches()), what);
        }
    }
}
