package mpi.common.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProgramNamesTest {
    /** The benchmark classes of a package: its OSU* classes with a main. */
    private static List<String> benchmarks(String pkg) throws IOException, URISyntaxException {
        // The main classes' directory: the test classes have packages of the same names.
        Path dir = Path.of(ProgramNames.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).resolve(pkg.replace('.', '/'));
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith("OSU") && n.endsWith(".class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - ".class".length())).sorted().toList();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpi.pt2pt", "mpi.onesided", "mpi.collective", "mpi.neighborhood",
        "mpi.startup"})
    void everyMpiProgramHasItsCTwin(String pkg) throws Exception {
        List<String> names = benchmarks(pkg);
        assertFalse(names.isEmpty(), pkg);
        for (String name : names) {
            String c = ProgramNames.cName(name).orElse(null);
            assertTrue(c != null && c.startsWith("osu_"), name + " has no C OMB name");
            assertEquals(name, ProgramNames.javaName(c).orElseThrow(), c);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpi.transport"})
    void benchmarksWithoutATwinHaveNone(String pkg) throws Exception {
        List<String> names = benchmarks(pkg);
        assertFalse(names.isEmpty(), pkg);
        for (String name : names) {
            assertTrue(ProgramNames.cName(name).isEmpty(), name);
        }
    }

    @org.junit.jupiter.api.Test
    void namesAsCOmbNamesItsPrograms() {
        assertEquals("osu_latency", ProgramNames.cName("OSULatency").orElseThrow());
        assertEquals("osu_bw", ProgramNames.cName("OSUBandwidth").orElseThrow());
        assertEquals("osu_mbw_mr", ProgramNames.cName("OSUMultiBandwidth").orElseThrow());
        assertEquals("osu_ineighbor_alltoallw",
                ProgramNames.cName("OSUIneighborAlltoallw").orElseThrow());
        assertEquals("osu_init", ProgramNames.cName("OSUInit").orElseThrow());
        assertEquals("OSUBiBandwidth", ProgramNames.javaName("osu_bibw").orElseThrow());
        assertTrue(ProgramNames.javaName("OSULatency").isEmpty());
        assertFalse(ProgramNames.refusal("OSUNioLatency").contains("\n"));
    }
}
