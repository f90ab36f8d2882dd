package mpi.common.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import mpi.common.BenchmarkHarness;

/**
 * The catalogue, found from the classes, holds every benchmark program there is: a program
 * that is a {@link BenchmarkHarness} is in the group of its package, and no package of
 * programs is left out of the groups.
 */
class CatalogueTest {
    private static Path classes() throws URISyntaxException {
        return Path.of(BenchmarkHarness.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI());
    }

    /** Every class with a main of a package under mpi, but the harness's, by package. */
    private static Map<String, List<String>> programs() throws Exception {
        Map<String, List<String>> programs = new TreeMap<>();
        for (String name : Catalogue.classNames(classes())) {
            int last = name.lastIndexOf('.');
            String pkg = last < 0 ? "" : name.substring(0, last);
            if (!pkg.startsWith("mpi.") || pkg.startsWith("mpi.common") || name.contains("$")) {
                continue;
            }
            String group = pkg.substring("mpi.".length());
            Class<?> c = Class.forName(name, false, CatalogueTest.class.getClassLoader());
            try {
                Method main = c.getMethod("main", String[].class);
                if (Modifier.isStatic(main.getModifiers())
                        && BenchmarkHarness.class.isAssignableFrom(c)) {
                    programs.computeIfAbsent(group, p -> new ArrayList<>()).add(c.getSimpleName());
                }
            } catch (NoSuchMethodException e) {
                // not a program
            }
        }
        programs.values().forEach(l -> l.sort(null));
        return programs;
    }

    @Test
    void everyBenchmarkProgramIsInTheGroupOfItsPackage() throws Exception {
        Map<String, List<String>> programs = programs();
        assertEquals(new java.util.TreeSet<>(Catalogue.GROUPS), programs.keySet(),
                "a package of benchmark programs that is no group, or a group without one");
        Catalogue catalogue = Catalogue.load();
        int all = 0;
        for (String group : Catalogue.GROUPS) {
            List<String> found = catalogue.group(group).orElseThrow().stream()
                    .map(Class::getSimpleName).toList();
            assertEquals(programs.get(group), found, group);
            all += found.size();
        }
        assertEquals(all, catalogue.group(Catalogue.ALL).orElseThrow().size());
        assertTrue(all > 60, "benchmarks: " + all);
        assertEquals(List.of("OSUIbarrier", "OSUIbcast"), catalogue.group("collective")
                .orElseThrow().stream().map(Class::getSimpleName)
                .filter(n -> n.startsWith("OSUIb")).toList());
    }

    @Test
    void allRunsTheGroupsInTheirOrder() throws IOException {
        Catalogue catalogue = Catalogue.load();
        List<Class<? extends BenchmarkHarness>> all = catalogue.group("all").orElseThrow();
        List<Class<? extends BenchmarkHarness>> expected = new ArrayList<>();
        Catalogue.GROUPS.forEach(g -> expected.addAll(catalogue.group(g).orElseThrow()));
        assertEquals(expected, all);
        assertEquals("mpi.pt2pt", all.get(0).getPackageName());
    }

    @Test
    void benchmarksAreFoundByTheirSimpleName() throws IOException {
        Catalogue catalogue = Catalogue.load();
        assertEquals(mpi.pt2pt.OSULatency.class, catalogue.find("OSULatency").orElseThrow());
        assertEquals(mpi.onesided.OSUCasLatency.class,
                catalogue.find("OSUCasLatency").orElseThrow());
        assertTrue(catalogue.find("OSUInit").isEmpty());
        assertTrue(catalogue.find("osu_latency").isEmpty());
        assertTrue(catalogue.group("startup").isEmpty());
    }

    @Test
    void theStartUpProgramsRunAlone() {
        assertTrue(Catalogue.alone("OSUInit").orElseThrow().contains("MPI.Init"));
        assertTrue(Catalogue.alone("mpi.startup.OSUHello").isPresent());
        assertTrue(Catalogue.alone("OSULatency").isEmpty());
    }

    @Test
    void classesOfOtherPackagesAndAbstractOnesAreNoBenchmarks() {
        Catalogue c = Catalogue.of(List.of("mpi.pt2pt.OSULatency", "mpi.common.BenchmarkHarness",
                "mpi.common.pt2pt.PointToPointBenchmark", "mpi.transport.TransportLatency",
                "mpi.it.CorruptingLatency", "mpi.pt2pt.NoSuchClass"),
                CatalogueTest.class.getClassLoader());
        assertEquals(List.of(mpi.pt2pt.OSULatency.class), c.group("all").orElseThrow());
    }
}
