package mpi.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mpi.common.BenchmarkHarness;
import mpi.common.graph.ProgramNames;
import mpi.common.suite.Catalogue;

/** The names {@code java -jar omb-j.jar} takes, and its messages (no MPI: nothing runs). */
class LauncherTest {
    private static final ClassLoader LOADER = LauncherTest.class.getClassLoader();
    private static Catalogue catalogue;

    @BeforeAll
    static void loadCatalogue() throws Exception {
        catalogue = Catalogue.load();
    }

    private static Optional<Class<?>> resolve(String name) {
        return Programs.resolve(name, LOADER);
    }

    @Test
    void everyBenchmarkOfTheCatalogueIsReachedByItsClassNameAndItsCName() {
        List<Class<? extends BenchmarkHarness>> all = catalogue.group(Catalogue.ALL).orElseThrow();
        assertTrue(all.size() > 60, "the catalogue holds the benchmarks: " + all.size());
        int withCName = 0;
        for (Class<?> c : all) {
            assertEquals(Optional.of(c), resolve(c.getSimpleName()), c.getName());
            Optional<String> cName = ProgramNames.cName(c.getSimpleName());
            if (cName.isPresent()) {
                assertEquals(Optional.of(c), resolve(cName.get()), cName.get());
                withCName++;
            } else {
                assertTrue(List.of("mpi.transport", "mpi.bigdata").contains(c.getPackageName()),
                        "only the transport and big data benchmarks have no C OMB name: "
                                + c.getName());
            }
        }
        assertTrue(withCName >= 60, "benchmarks with a C OMB name: " + withCName);
    }

    @Test
    void theStartUpProgramsAndTheToolsAreReached() {
        assertEquals("mpi.startup.OSUInit", resolve("osu_init").orElseThrow().getName());
        assertEquals("mpi.startup.OSUInit", resolve("OSUInit").orElseThrow().getName());
        assertEquals("mpi.startup.OSUHello", resolve("osu_hello").orElseThrow().getName());
        assertEquals("mpi.startup.OSUSpawn", resolve("osu_spawn").orElseThrow().getName());
        assertEquals(OSUSuite.class, resolve("suite").orElseThrow());
        assertEquals(OSUSuite.class, resolve("OSUSuite").orElseThrow());
        assertEquals("mpi.compare.Compare", resolve("compare").orElseThrow().getName());
        assertEquals(Optional.empty(), resolve("Launcher"), "not a program of the list");
    }

    /** The names the usage lists are exactly what the launcher takes, each with a main. */
    @Test
    void everyListedNameRunsAPublicStaticMain() throws Exception {
        List<String> listed = new ArrayList<>();
        Programs.names(catalogue).values().forEach(listed::addAll);
        assertEquals(catalogue.group(Catalogue.ALL).orElseThrow().size()
                + Catalogue.aloneNames().size() + 2, listed.size(), listed.toString());
        for (String name : listed) {
            Class<?> c = resolve(name).orElseThrow(() -> new AssertionError(name));
            Method main = c.getMethod("main", String[].class);
            assertTrue(Modifier.isStatic(main.getModifiers()) && main.getReturnType() == void.class,
                    name);
        }
        assertTrue(listed.containsAll(List.of("osu_latency", "osu_bw", "osu_bibw",
                "osu_multi_lat", "osu_allreduce", "osu_ibcast", "osu_put_latency",
                "osu_latency_mt", "osu_mbw_mr", "osu_init", "osu_hello", "suite", "compare",
                "OSUNettyLatency")), listed.toString());
    }

    @Test
    void namesThatAreNoProgramAreNotRun() {
        for (String name : List.of("osu_latenc", "osulatency", "mpi.pt2pt.OSULatency",
                "../OSULatency", "OSULatency$1", "", "TransportLatency", "BenchmarkHarness")) {
            assertEquals(Optional.empty(), resolve(name), name);
        }
    }

    @Test
    void anUnknownNameIsOneLineWithTheNearestNames() {
        assertEquals("omb-j.jar: unknown program 'osu_latenc' (nearest: osu_latency,"
                + " osu_latency_mt, osu_latency_persistent); run 'java -jar omb-j.jar -h' for"
                + " the list", Launcher.unknown("osu_latenc", catalogue));
        assertEquals("omb-j.jar: unknown program 'OSULatencyy' (nearest: osu_latency);"
                + " run 'java -jar omb-j.jar -h' for the list",
                Launcher.unknown("OSULatencyy", catalogue));
        assertEquals("omb-j.jar: unknown program 'osu_ltency' (nearest: osu_latency,"
                + " osu_latency_mt, osu_latency_persistent); run 'java -jar omb-j.jar -h' for"
                + " the list", Launcher.unknown("osu_ltency", catalogue));
        assertEquals("omb-j.jar: unknown program 'xyz'; run 'java -jar omb-j.jar -h' for the"
                + " list", Launcher.unknown("xyz", catalogue));
    }

    @Test
    void theUsageListsEveryGroupOnALine() {
        String usage = Launcher.usage(catalogue);
        for (String group : Catalogue.GROUPS) {
            assertTrue(usage.contains("\n  " + group + ": "), group + "\n" + usage);
        }
        assertTrue(usage.contains("\n  startup: osu_hello osu_init osu_spawn\n"), usage);
        assertTrue(usage.contains(" osu_latency "), usage);
        assertTrue(usage.startsWith("Usage: mpirun -np N java -jar omb-j.jar PROGRAM"), usage);
    }

    @Test
    void onlyRankZeroOrAProcessWithoutRankSpeaks() {
        assertTrue(Launcher.speaks(Map.of()));
        assertTrue(Launcher.speaks(Map.of("OMPI_COMM_WORLD_RANK", "0")));
        assertFalse(Launcher.speaks(Map.of("OMPI_COMM_WORLD_RANK", "1")));
        assertFalse(Launcher.speaks(Map.of("PMI_RANK", "3")));
        assertTrue(Launcher.speaks(Map.of("PMI_RANK", "0")));
        assertFalse(Launcher.speaks(Map.of("SLURM_PROCID", "2")));
    }
}
