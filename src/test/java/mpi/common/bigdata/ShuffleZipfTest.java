package mpi.common.bigdata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/** The partitions' sizes: equal without skew, Zipf's law with it, none empty. */
class ShuffleZipfTest {
    @Test
    void noSkewMakesEqualPartitions() {
        assertArrayEquals(new int[] {100, 100, 100, 100}, ZipfPartitions.records(4, 100, 0));
    }

    @Test
    void skewFollowsZipfsLawAndKeepsTheTotal() {
        int[] r = ZipfPartitions.records(4, 1000, 1);
        // weights 1, 1/2, 1/3, 1/4 of 4000 records: sum 25/12
        assertArrayEquals(new int[] {1920, 960, 640, 480}, r);
        assertEquals(4000, IntStream.of(r).sum());
        int[] steep = ZipfPartitions.records(8, 1000, 2);
        for (int p = 1; p < steep.length; p++) {
            assertTrue(steep[p] < steep[p - 1], "decreasing at " + p);
        }
        assertEquals(steep[0] / 4.0, steep[1], 1.0, "1/(p+1)^2");
    }

    @Test
    void noPartitionIsEmpty() {
        int[] r = ZipfPartitions.records(100, 1, 10);
        assertTrue(IntStream.of(r).allMatch(n -> n >= 1));
        assertEquals(100, r[0], 1, "nearly everything in the first");
    }
}
