package mpi.common.bigdata;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.objects.ObjectSerializer;
import mpi.common.objects.Payload;
import mpi.common.objects.PayloadSizer;
import mpi.common.objects.SerializerKind;

/**
 * One rank's shuffle at one block size, made untimed (the map stage): its map outputs, each
 * block a list of records filled with the pattern of its map output, partition and index
 * ({@link Payload#fill}) and serialized into one direct buffer; every rank's block sizes,
 * exchanged as map statuses are; the {@link ShuffleLayout} they give; the receive buffer of
 * the fetched blocks, and a slice of a buffer per block, so that no fetch allocates one.
 */
public final class ShuffleData {
    private final ShuffleLayout layout;
    private final ByteBuffer mapOutputs;
    private final ByteBuffer received;
    private final ByteBuffer[] blockSlices;
    private final ByteBuffer[] fetchSlices;
    private final ByteBuffer[] localSlices;

    ShuffleData(ShuffleLayout layout, ByteBuffer mapOutputs) {
        this.layout = layout;
        this.mapOutputs = mapOutputs;
        this.received = ByteBuffer.allocateDirect(Math.max(1, layout.receiveBytes()));
        int[] offsets = layout.sendOffsets();
        int[] sizes = layout.blockSizes();
        blockSlices = new ByteBuffer[offsets.length];
        for (int b = 0; b < offsets.length; b++) {
            blockSlices[b] = mapOutputs.slice(offsets[b], sizes[b]);
        }
        List<ShuffleLayout.Fetch> fetches = layout.fetches();
        fetchSlices = new ByteBuffer[fetches.size()];
        for (int i = 0; i < fetchSlices.length; i++) {
            ShuffleLayout.Fetch f = fetches.get(i);
            fetchSlices[i] = received.slice(f.offset(), f.bytes());
        }
        List<ShuffleLayout.Fetch> locals = layout.locals();
        localSlices = new ByteBuffer[locals.size()];
        for (int i = 0; i < localSlices.length; i++) {
            ShuffleLayout.Fetch f = locals.get(i);
            localSlices[i] = mapOutputs.slice(f.offset(), f.bytes());
        }
    }

    /**
     * @param serializer the serializer of the run
     * @param blockBytes the nominal size of a block of equal partitions, in bytes
     * @return the records of such a block whose serialized size is closest to it
     */
    public static int meanRecords(SerializerKind serializer, int blockBytes) {
        return new PayloadSizer(Payload.RECORDS, serializer.create()).closest(blockBytes)
                .elements();
    }

    /**
     * Makes this rank's map outputs and learns every rank's block sizes. Collective.
     *
     * @param comm       the ranks
     * @param options    the shuffle's shape
     * @param serializer the serializer of the run
     * @param blockBytes the nominal block size (a block of equal partitions), in bytes
     * @return the data
     * @throws MPIException if the exchange of the sizes fails
     */
    public static ShuffleData make(Intracomm comm, ShuffleOptions options,
            SerializerKind serializer, int blockBytes) throws MPIException {
        int ranks = comm.getSize();
        int rank = comm.getRank();
        int maps = options.mapOutputs();
        int[] records = ZipfPartitions.records(options.partitions(),
                meanRecords(serializer, blockBytes), options.skew());
        int blocks = maps * records.length;
        ObjectSerializer writer = serializer.create();
        byte[][] serialized = new byte[blocks][];
        ByteBuffer scratch = ByteBuffer.allocate(1 << 16);
        for (int m = 0; m < maps; m++) {
            for (int p = 0; p < records.length; p++) {
                Object block = Payload.RECORDS.build(records[p]);
                Payload.RECORDS.fill(block, rank * maps + m, p, 0);
                int n;
                while (true) {
                    try {
                        n = writer.write(block, scratch);
                        break;
                    } catch (BufferOverflowException e) {
                        scratch = ByteBuffer.allocate(Math.multiplyExact(scratch.capacity(), 2));
                    }
                }
                serialized[m * records.length + p] = java.util.Arrays.copyOf(scratch.array(), n);
            }
        }
        int[] mine = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            mine[b] = serialized[b].length;
        }
        int[] all = new int[ranks * blocks];
        comm.allGather(mine, blocks, MPI.INT, all, blocks, MPI.INT);
        int[][] bytes = new int[ranks][];
        for (int s = 0; s < ranks; s++) {
            bytes[s] = java.util.Arrays.copyOfRange(all, s * blocks, (s + 1) * blocks);
        }
        ShuffleLayout layout = new ShuffleLayout(ranks, rank, maps, records, bytes);
        ByteBuffer out = ByteBuffer.allocateDirect(Math.max(1, layout.mapBytes(rank)));
        for (int b = 0; b < blocks; b++) {
            out.put(layout.sendOffset(b), serialized[b]);
        }
        return new ShuffleData(layout, out);
    }

    /** @return where every block is */
    public ShuffleLayout layout() {
        return layout;
    }

    /** @return this rank's map outputs, every block, grouped by reducer */
    public ByteBuffer mapOutputs() {
        return mapOutputs;
    }

    /** @return the buffer the fetched blocks land in (MPI transports) */
    public ByteBuffer received() {
        return received;
    }

    /** @return this rank's block {@code block}, as a buffer of its own */
    public ByteBuffer block(int block) {
        return blockSlices[block];
    }

    /** @return fetch {@code i}'s place in the receive buffer */
    public ByteBuffer fetchSlice(int i) {
        return fetchSlices[i];
    }

    /** @return local block {@code i}'s place in the map outputs */
    public ByteBuffer localSlice(int i) {
        return localSlices[i];
    }

    /** Untimed, before a validated shuffle: zeroes the receive buffer. */
    public void clearReceived() {
        for (int i = 0; i < received.capacity(); i++) {
            received.put(i, (byte) 0);
        }
    }
}
