package mpi.common.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mpi.common.options.UsageException;

/** Neighbour lists as C OMB builds them: grid offsets, the radius rule, graph files. */
class NeighborsTest {
    @TempDir
    Path dir;

    @Test
    void offsetsAreLexicographicLastDimensionFastestWithoutZero() {
        assertArrayEquals(new int[][] {{-1}, {1}}, Neighbors.offsets(1, 1));
        assertArrayEquals(new int[][] {{-2}, {-1}, {1}, {2}}, Neighbors.offsets(1, 2));
        assertArrayEquals(new int[][] {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1},
            {1, 0}, {1, 1}}, Neighbors.offsets(2, 1));
        assertEquals(26, Neighbors.offsets(3, 1).length);
        assertEquals(24, Neighbors.offsets(2, 2).length);
    }

    @Test
    void theRadiusMustFitEveryDimension() throws UsageException {
        Neighbors.checkRadius(new int[] {3}, 1);
        Neighbors.checkRadius(new int[] {3, 3}, 1);
        Neighbors.checkRadius(new int[] {5}, 2);
        UsageException e = assertThrows(UsageException.class,
                () -> Neighbors.checkRadius(new int[] {2}, 1));
        assertEquals("-N cart:1:1 needs at least 3 processes along each dimension; 2 processes"
                + " make a grid of 2", e.getMessage());
        e = assertThrows(UsageException.class,
                () -> Neighbors.checkRadius(new int[] {2, 2}, 1));
        assertEquals("-N cart:2:1 needs at least 3 processes along each dimension; 4 processes"
                + " make a grid of 2 x 2", e.getMessage());
        assertThrows(UsageException.class, () -> Neighbors.checkRadius(new int[] {4}, 2));
    }

    private Path file(String text) throws IOException {
        Path f = dir.resolve("graph.txt");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void aGraphFileGivesEachRankItsSourcesAndDestinationsInFileOrder() throws Exception {
        List<int[]> edges = Neighbors.readGraph(file("# a comment\n0, 1\n\n1,2\n 2 ,0\n0, 2\n"
                + "#3, 0\n"), 3);
        assertEquals(4, edges.size());
        Neighbors zero = Neighbors.ofGraph(edges, 0);
        assertArrayEquals(new int[] {2}, zero.sources());
        assertArrayEquals(new int[] {1, 2}, zero.destinations());
        Neighbors two = Neighbors.ofGraph(edges, 2);
        assertArrayEquals(new int[] {1, 0}, two.sources());
        assertArrayEquals(new int[] {0}, two.destinations());
        Neighbors absent = Neighbors.ofGraph(Neighbors.readGraph(file("0, 1\n"), 3), 2);
        assertEquals(0, absent.inDegree());
        assertEquals(0, absent.outDegree());
    }

    @Test
    void aBadGraphFileIsOneLineNamingTheProblem() throws IOException {
        Path f = file("0, 1\n1, 4\n");
        UsageException e = assertThrows(UsageException.class, () -> Neighbors.readGraph(f, 4));
        assertEquals("-N graph:" + f + ", line 2: rank 4 does not exist: 4 processes (ranks"
                + " 0..3)", e.getMessage());
        Path g = file("0 1\n");
        e = assertThrows(UsageException.class, () -> Neighbors.readGraph(g, 4));
        assertEquals("-N graph:" + g + ", line 1: expected 'src, dst' (two ranks), got '0 1'",
                e.getMessage());
        Path h = file("-1, 1\n");
        assertThrows(UsageException.class, () -> Neighbors.readGraph(h, 4));
        Path missing = dir.resolve("none.txt");
        e = assertThrows(UsageException.class, () -> Neighbors.readGraph(missing, 4));
        assertEquals("-N graph:" + missing + ": no such file", e.getMessage());
        e = assertThrows(UsageException.class, () -> Neighbors.readGraph(dir, 4));
        assertTrue(e.getMessage().startsWith("-N graph:" + dir + ": cannot read the file ("),
                e.getMessage());
    }
}
