package mpi.common.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** Counts, displacements, buffer sizes and traits of every collective: MPI-free. */
class CollectiveLayoutTest {
    private static int[][] layout(Collective c, int elements, int np) {
        int[] counts = new int[np];
        int[] displs = new int[np];
        c.layout(elements, np, counts, displs);
        return new int[][] {counts, displs};
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Collective.class,
            names = {"GATHERV", "SCATTERV", "ALLGATHERV", "ALLTOALLV", "GATHER", "ALLTOALL"})
    void vVariantsGiveEveryRankTheSizeAtRankTimesSize(Collective c) {
        assertArrayEquals(new int[][] {{5, 5}, {0, 5}}, layout(c, 5, 2));
        assertArrayEquals(new int[][] {{5, 5, 5}, {0, 5, 10}}, layout(c, 5, 3));
        assertArrayEquals(new int[][] {{1, 1, 1, 1}, {0, 1, 2, 3}}, layout(c, 1, 4));
        assertArrayEquals(new int[][] {{8, 8, 8, 8}, {0, 8, 16, 24}}, layout(c, 8, 4));
    }

    @ParameterizedTest(name = "{1} elements on {0} ranks: counts {2}")
    @CsvSource(delimiter = '|', value = {
        // OMB: portion = n / np, the first n % np ranks one more; n < np: 1 for the first n
        "2 | 1    | 1 0",
        "2 | 2    | 1 1",
        "2 | 7    | 4 3",
        "2 | 1024 | 512 512",
        "3 | 1    | 1 0 0",
        "3 | 2    | 1 1 0",
        "3 | 4    | 2 1 1",
        "3 | 5    | 2 2 1",
        "3 | 1024 | 342 341 341",
        "4 | 1    | 1 0 0 0",
        "4 | 3    | 1 1 1 0",
        "4 | 6    | 2 2 1 1",
        "4 | 1024 | 256 256 256 256",
    })
    void reduceScatterSplitsAsOmb(int np, int elements, String expected) {
        int[][] l = layout(Collective.REDUCE_SCATTER, elements, np);
        int[] counts = java.util.Arrays.stream(expected.split(" ")).mapToInt(Integer::parseInt)
                .toArray();
        assertArrayEquals(counts, l[0]);
        int at = 0;
        for (int r = 0; r < np; r++) {
            assertEquals(at, l[1][r], "slice " + r + " follows the previous one");
            at += counts[r];
        }
        assertEquals(elements, at, "the slices cover the vector");
        assertEquals(elements, Collective.REDUCE_SCATTER.callCount(elements, np));
    }

    @ParameterizedTest(name = "{1} elements on {0} ranks")
    @CsvSource({"2,1,0", "2,7,3", "3,2,0", "3,9,3", "3,10,3", "4,3,0", "4,1024,256"})
    void reduceScatterBlockGivesEveryRankNOverNp(int np, int elements, int portion) {
        int[][] l = layout(Collective.REDUCE_SCATTER_BLOCK, elements, np);
        for (int r = 0; r < np; r++) {
            assertEquals(portion, l[0][r]);
            assertEquals(r * portion, l[1][r]);
        }
        assertEquals(portion, Collective.REDUCE_SCATTER_BLOCK.callCount(elements, np));
    }

    @Test
    void bufferSizesInElements() {
        int n = 100;
        assertEquals(0, Collective.BARRIER.bufferBytes(n, 4, false, 1));
        assertEquals(100, Collective.BCAST.bufferBytes(n, 4, false, 1));
        assertEquals(200 * 4, Collective.ALLREDUCE.bufferBytes(n, 4, false, 4));
        assertEquals(100 * 4, Collective.ALLREDUCE.bufferBytes(n, 4, true, 4));
        assertEquals(100 + 300, Collective.GATHER.bufferBytes(n, 3, false, 1));
        assertEquals(300, Collective.GATHERV.bufferBytes(n, 3, true, 1));
        assertEquals(300 + 100, Collective.SCATTER.bufferBytes(n, 3, false, 1));
        assertEquals(300, Collective.SCATTERV.bufferBytes(n, 3, true, 1));
        assertEquals(300 + 300, Collective.ALLTOALL.bufferBytes(n, 3, false, 1));
        assertEquals(400, Collective.ALLGATHERV.bufferBytes(n, 4, true, 1));
        assertEquals((100 + 34) * 8, Collective.REDUCE_SCATTER.bufferBytes(n, 3, false, 8));
        assertEquals(100 * 8, Collective.REDUCE_SCATTER_BLOCK.bufferBytes(n, 3, true, 8));
        // np x size does not overflow an int
        assertEquals(4096L * (1 << 20) * 2, Collective.ALLTOALL.bufferBytes(1 << 20, 4096, false, 1));
    }

    @Test
    void traits() {
        EnumSet<Collective> rooted = EnumSet.of(Collective.BCAST, Collective.REDUCE,
                Collective.GATHER, Collective.GATHERV, Collective.SCATTER, Collective.SCATTERV);
        EnumSet<Collective> reductions = EnumSet.of(Collective.REDUCE, Collective.ALLREDUCE,
                Collective.REDUCE_SCATTER, Collective.REDUCE_SCATTER_BLOCK);
        for (Collective c : Collective.values()) {
            assertEquals(rooted.contains(c), c.rooted(), c + " rooted");
            assertEquals(reductions.contains(c), c.reduction(), c + " reduction");
            assertEquals(c != Collective.BARRIER && c != Collective.BCAST
                    && c != Collective.ALLTOALLW && !c.neighborhood(), c.hasInPlace(),
                    c + " in place");
            assertEquals(c.name().startsWith("NEIGHBOR_"), c.neighborhood(), c + " neighborhood");
            assertEquals(c != Collective.BARRIER, c.hasData(), c + " data");
        }
        assertFalse(Collective.BARRIER.hasInPlace());
        assertTrue(Collective.REDUCE_SCATTER_BLOCK.hasInPlace());
    }

    @Test
    void namesAndTitles() {
        assertEquals("MPI_Bcast", Collective.BCAST.mpiName());
        assertEquals("MPI_Allreduce", Collective.ALLREDUCE.mpiName());
        assertEquals("MPI_Reduce_scatter_block", Collective.REDUCE_SCATTER_BLOCK.mpiName());
        assertEquals("MPI_Alltoallv", Collective.ALLTOALLV.mpiName());
        assertEquals("MPI_Alltoallw", Collective.ALLTOALLW.mpiName());
        assertEquals("MPI_Neighbor_alltoallv", Collective.NEIGHBOR_ALLTOALLV.mpiName());
        assertEquals("Non-blocking Neighborhood Allgather Latency Test",
                CollectiveSpec.nonBlocking(Collective.NEIGHBOR_ALLGATHER).title());
        String[][] titles = {
            {"BARRIER", "Barrier Latency Test"},
            {"BCAST", "Broadcast Latency Test"},
            {"REDUCE", "Reduce Latency Test"},
            {"ALLREDUCE", "Allreduce Latency Test"},
            {"GATHER", "Gather Latency Test"},
            {"GATHERV", "Gatherv Latency Test"},
            {"SCATTER", "Scatter Latency Test"},
            {"SCATTERV", "Scatterv Latency Test"},
            {"ALLGATHER", "Allgather Latency Test"},
            {"ALLGATHERV", "Allgatherv Latency Test"},
            {"ALLTOALL", "All-to-All Personalized Exchange Latency Test"},
            {"ALLTOALLV", "All-to-Allv Personalized Exchange Latency Test"},
            {"REDUCE_SCATTER", "Reduce_scatter Latency Test"},
            {"REDUCE_SCATTER_BLOCK", "Reduce_scatter_block Latency Test"},
            {"ALLTOALLW", "All-to-Allw Personalized Exchange Latency Test"},
            {"NEIGHBOR_ALLGATHER", "Neighborhood Allgather Latency Test"},
            {"NEIGHBOR_ALLGATHERV", "Neighborhood Allgatherv Latency Test"},
            {"NEIGHBOR_ALLTOALL", "Neighborhood Alltoall Latency Test"},
            {"NEIGHBOR_ALLTOALLV", "Neighborhood All-to-Allv Latency Test"},
            {"NEIGHBOR_ALLTOALLW", "Neighborhood All-to-Allw Latency Test"},
        };
        assertEquals(Collective.values().length, titles.length);
        for (String[] t : titles) {
            assertEquals(t[1], CollectiveSpec.blocking(Collective.valueOf(t[0])).title());
        }
    }
}
