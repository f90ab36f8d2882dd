package mpi.common.bigdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Partitioning and block layout: rank p mod N reduces partition p; every block of a
 * partition is fetched once by its reducer from each other rank, or read locally; a map
 * outputs' buffer holds each reducer's blocks contiguously, where the all-to-all-v counts say;
 * a receive buffer holds each source's blocks where its counts say, in the source's order.
 */
class ShuffleLayoutTest {
    /** Sizes that differ by rank, map output and partition, so that no offset is right by luck. */
    private static int[][] sizes(int ranks, int maps, int partitions) {
        int[][] bytes = new int[ranks][maps * partitions];
        for (int s = 0; s < ranks; s++) {
            for (int b = 0; b < maps * partitions; b++) {
                bytes[s][b] = 10 + 7 * s + 3 * b;
            }
        }
        return bytes;
    }

    @Test
    void partitionsGoRoundRobin() {
        assertEquals(0, ShuffleLayout.owner(0, 3));
        assertEquals(1, ShuffleLayout.owner(4, 3));
        assertEquals(2, ShuffleLayout.owner(5, 3));
    }

    @Test
    void everyBlockOfARanksPartitionsIsFetchedOnceOrReadLocally() {
        int ranks = 3;
        int maps = 2;
        int partitions = 7;
        int[][] bytes = sizes(ranks, maps, partitions);
        for (int me = 0; me < ranks; me++) {
            ShuffleLayout l = new ShuffleLayout(ranks, me, maps, new int[] {1, 2, 3, 4, 5, 6, 7},
                    bytes);
            Set<List<Integer>> seen = new HashSet<>();
            long total = 0;
            for (ShuffleLayout.Fetch f : l.fetches()) {
                assertTrue(f.source() != me);
                assertEquals(me, ShuffleLayout.owner(f.partition(), ranks));
                assertEquals(bytes[f.source()][f.map() * partitions + f.partition()], f.bytes());
                assertTrue(seen.add(List.of(f.source(), f.map(), f.partition())));
                total += f.bytes();
            }
            for (ShuffleLayout.Fetch f : l.locals()) {
                assertEquals(me, f.source());
                assertTrue(seen.add(List.of(f.source(), f.map(), f.partition())));
                total += f.bytes();
            }
            int mine = (partitions - me + ranks - 1) / ranks;
            assertEquals(ranks * maps * mine, seen.size());
            assertEquals(total, l.bytesReduced());
            // every other rank serves M blocks of each partition it does not reduce
            assertEquals(maps * (partitions - mine), l.served(me));
        }
    }

    @Test
    void eachReducersBlocksAreContiguousWhereTheAllToAllCountsSay() {
        int ranks = 3;
        int maps = 2;
        int partitions = 5;
        int[][] bytes = sizes(ranks, maps, partitions);
        for (int s = 0; s < ranks; s++) {
            ShuffleLayout sender = new ShuffleLayout(ranks, s, maps, new int[partitions], bytes);
            int[] counts = sender.sendCounts();
            int[] displs = sender.sendDispls();
            assertEquals(0, counts[s], "nothing to itself");
            for (int d = 0; d < ranks; d++) {
                if (d == s) {
                    continue;
                }
                ShuffleLayout receiver = new ShuffleLayout(ranks, d, maps, new int[partitions],
                        bytes);
                assertEquals(counts[d], receiver.receiveCounts()[s]);
                // The k-th block the receiver expects from s is the k-th s sends it.
                int sent = displs[d];
                int got = receiver.receiveDispls()[s];
                for (ShuffleLayout.Fetch f : receiver.fetches().stream()
                        .filter(f -> f.source() == sender.rank())
                        .sorted(java.util.Comparator.comparingInt(ShuffleLayout.Fetch::offset))
                        .toList()) {
                    assertEquals(sent, sender.sendOffset(f.block()));
                    assertEquals(got, f.offset());
                    sent += f.bytes();
                    got += f.bytes();
                }
                assertEquals(displs[d] + counts[d], sent);
            }
            assertEquals(sender.mapBytes(s), java.util.stream.IntStream.of(bytes[s]).sum());
        }
    }

    @Test
    void fetchesAreAskedForSpreadOverTheSources() {
        ShuffleLayout l = new ShuffleLayout(3, 0, 1, new int[] {1, 1, 1}, sizes(3, 1, 3));
        assertEquals(List.of(1, 2), l.fetches().stream().map(ShuffleLayout.Fetch::source)
                .toList());
    }
}
