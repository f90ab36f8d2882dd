package mpi.common.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mpi.common.options.UsageException;

/** The syntax of {@code -N}. */
class TopologyOptionTest {
    @Test
    void cartesianAndGraphParse() throws UsageException {
        assertEquals(new Topology.Cartesian(2, 1), Topology.parse("cart:2:1"));
        assertEquals(new Topology.Graph(Path.of("edges.txt")), Topology.parse("graph:edges.txt"));
        assertEquals("cart:1:1", Topology.DEFAULT.label());
        assertEquals("graph:/tmp/g", Topology.parse("graph:/tmp/g").label());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cart", "cart:1", "cart:0:1", "cart:1:0", "cart:-1:1", "cart:a:b",
        "graph:", "ring", "cart:1:1:1", "cart:99999999999:1"})
    void anythingElseIsOneUsageLine(String value) {
        UsageException e = assertThrows(UsageException.class, () -> Topology.parse(value));
        assertEquals("-N must be cart:DIMENSIONS:RADIUS (both positive) or graph:FILE, got '"
                + value + "'", e.getMessage());
    }
}
