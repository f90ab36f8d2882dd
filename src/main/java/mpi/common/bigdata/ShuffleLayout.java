package mpi.common.bigdata;

import java.util.ArrayList;
import java.util.List;

/**
 * Where every block of a shuffle is, from one rank's point of view. Rank s holds M map
 * outputs, each split into R blocks, block {@code (m, p)} for partition p (index
 * {@code m * R + p}); partition p is reduced by rank {@code p mod N}. A rank keeps its map
 * outputs' blocks in one buffer, grouped by the rank that reduces them (by partition, then by
 * map output), so that each reducer's blocks are contiguous, as an all-to-all-v sends them.
 * A reducer receives the blocks of its partitions from each other rank into one buffer in the
 * same order, source by source; its own ranks' blocks it reads where they are (a local read,
 * as Spark reads local blocks without the network).
 *
 * <p>The block sizes are every rank's, as the map stage's statuses tell them (Spark's
 * {@code MapOutputTracker}): the reducers know what they fetch before they fetch it.
 */
public final class ShuffleLayout {
    /**
     * A block this rank fetches from another rank.
     *
     * @param source    the rank that holds it
     * @param map       its map output at the source, 0 to M-1
     * @param partition its partition
     * @param block     its index at the source, {@code map * R + partition}
     * @param offset    where it lands in this rank's receive buffer
     * @param bytes     its serialized size
     * @param records   the records in it
     */
    public record Fetch(int source, int map, int partition, int block, int offset, int bytes,
            int records) {
    }

    private final int ranks;
    private final int rank;
    private final int maps;
    private final int partitions;
    private final int[] records;
    private final int[][] bytes;
    private final int[][] sendOffsets;
    private final int[] sendCounts;
    private final int[] sendDispls;
    private final int[] receiveCounts;
    private final int[] receiveDispls;
    private final List<Fetch> fetches = new ArrayList<>();
    private final List<Fetch> locals = new ArrayList<>();
    private final int receiveBytes;
    private long bytesReduced;
    private long recordsReduced;

    /**
     * @param ranks   N, the ranks
     * @param rank    this rank
     * @param maps    M, map outputs per rank
     * @param records the records of each partition's block (the same in every map output)
     * @param bytes   for each rank, each block's serialized size, by block index
     */
    public ShuffleLayout(int ranks, int rank, int maps, int[] records, int[][] bytes) {
        this.ranks = ranks;
        this.rank = rank;
        this.maps = maps;
        this.partitions = records.length;
        this.records = records.clone();
        this.bytes = bytes;
        this.sendOffsets = new int[ranks][maps * partitions];
        for (int s = 0; s < ranks; s++) {
            int at = 0;
            for (int d = 0; d < ranks; d++) {
                for (int p = d; p < partitions; p += ranks) {
                    for (int m = 0; m < maps; m++) {
                        sendOffsets[s][block(m, p)] = at;
                        at = Math.addExact(at, bytes[s][block(m, p)]);
                    }
                }
            }
        }
        sendCounts = new int[ranks];
        sendDispls = new int[ranks];
        for (int d = 0; d < ranks; d++) {
            sendDispls[d] = d < partitions ? sendOffsets[rank][block(0, d)] : mapBytes(rank);
            sendCounts[d] = d == rank ? 0 : reducedBy(rank, d);
        }
        receiveCounts = new int[ranks];
        receiveDispls = new int[ranks];
        int at = 0;
        for (int s = 0; s < ranks; s++) {
            receiveDispls[s] = at;
            for (int p = rank; p < partitions; p += ranks) {
                for (int m = 0; m < maps; m++) {
                    int b = block(m, p);
                    Fetch f = new Fetch(s, m, p, b, s == rank ? sendOffsets[rank][b] : at,
                            bytes[s][b], records[p]);
                    bytesReduced += f.bytes();
                    recordsReduced += f.records();
                    if (s == rank) {
                        locals.add(f);
                    } else {
                        at = Math.addExact(at, f.bytes());
                    }
                }
            }
            receiveCounts[s] = at - receiveDispls[s];
        }
        receiveBytes = at;
        // Requests go out spread over the sources: partition by partition, map output by map
        // output, each source in turn, as a reducer that fetches from all at once.
        for (int p = rank; p < partitions; p += ranks) {
            for (int m = 0; m < maps; m++) {
                for (int s = 0; s < ranks; s++) {
                    if (s != rank) {
                        int b = block(m, p);
                        fetches.add(new Fetch(s, m, p, b, receiveOffset(s, m, p), bytes[s][b],
                                records[p]));
                    }
                }
            }
        }
    }

    private int receiveOffset(int source, int map, int partition) {
        int at = receiveDispls[source];
        for (int p = rank; p < partition; p += ranks) {
            for (int m = 0; m < maps; m++) {
                at += bytes[source][block(m, p)];
            }
        }
        for (int m = 0; m < map; m++) {
            at += bytes[source][block(m, partition)];
        }
        return at;
    }

    /** @return the bytes of the blocks of rank {@code s} that rank {@code d} reduces */
    private int reducedBy(int s, int d) {
        int n = 0;
        for (int p = d; p < partitions; p += ranks) {
            for (int m = 0; m < maps; m++) {
                n = Math.addExact(n, bytes[s][block(m, p)]);
            }
        }
        return n;
    }

    /**
     * @param partition a partition
     * @param ranks     the ranks
     * @return the rank that reduces it
     */
    public static int owner(int partition, int ranks) {
        return partition % ranks;
    }

    /** @return the rank whose point of view this is */
    public int rank() {
        return rank;
    }

    /** @return block {@code (map, partition)}'s index, {@code map * R + partition} */
    public int block(int map, int partition) {
        return map * partitions + partition;
    }

    /** @return the map output id of rank {@code source}'s map output {@code map}, for validation */
    public int mapId(int source, int map) {
        return source * maps + map;
    }

    /** @return the bytes of rank {@code s}'s map outputs, every block */
    public int mapBytes(int s) {
        int n = 0;
        for (int b : bytes[s]) {
            n = Math.addExact(n, b);
        }
        return n;
    }

    /** @return where block {@code block} is in this rank's map outputs' buffer */
    public int sendOffset(int block) {
        return sendOffsets[rank][block];
    }

    /** @return the size of this rank's block {@code block} */
    public int blockBytes(int block) {
        return bytes[rank][block];
    }

    /** @return every block's offset in this rank's map outputs' buffer, by block index */
    public int[] sendOffsets() {
        return sendOffsets[rank].clone();
    }

    /** @return every block's size at this rank, by block index */
    public int[] blockSizes() {
        return bytes[rank].clone();
    }

    /** @return the bytes this rank sends each rank in an all-to-all-v (none to itself) */
    public int[] sendCounts() {
        return sendCounts.clone();
    }

    /** @return where each rank's blocks start in this rank's map outputs' buffer */
    public int[] sendDispls() {
        return sendDispls.clone();
    }

    /** @return the bytes this rank receives from each rank (none from itself) */
    public int[] receiveCounts() {
        return receiveCounts.clone();
    }

    /** @return where each rank's blocks start in this rank's receive buffer */
    public int[] receiveDispls() {
        return receiveDispls.clone();
    }

    /** @return the size of the receive buffer: every fetched block */
    public int receiveBytes() {
        return receiveBytes;
    }

    /** @return the blocks this rank fetches from the other ranks, in the order it asks */
    public List<Fetch> fetches() {
        return fetches;
    }

    /** @return the blocks of this rank's partitions in its own map outputs (read locally) */
    public List<Fetch> locals() {
        return locals;
    }

    /** @return how many blocks rank {@code s} serves to the other ranks per shuffle */
    public int served(int s) {
        int n = 0;
        for (int p = 0; p < partitions; p++) {
            if (owner(p, ranks) != s) {
                n += maps;
            }
        }
        return n;
    }

    /** @return the bytes of every block of this rank's partitions, fetched or local */
    public long bytesReduced() {
        return bytesReduced;
    }

    /** @return the records of every block of this rank's partitions */
    public long recordsReduced() {
        return recordsReduced;
    }

    /** @return the records of partition {@code p}'s blocks */
    public int records(int p) {
        return records[p];
    }
}
