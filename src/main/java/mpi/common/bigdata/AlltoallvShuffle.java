package mpi.common.bigdata;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The shuffle as one collective: thread 0 calls {@code MPI_Alltoallv} with every rank's
 * blocks for every other rank (each reducer's contiguous in the map outputs' buffer), and
 * the T threads deserialize the blocks when it returns (the local ones meanwhile). Every
 * fetch's latency is the call's: all blocks come at its end. F does not apply.
 */
public final class AlltoallvShuffle implements ShuffleExchange {
    private final Intracomm comm;
    private ShuffleData data;
    private int[] sendCounts;
    private int[] sendDispls;
    private int[] receiveCounts;
    private int[] receiveDispls;
    // Thread 0 publishes the call's end; the others wait for a new one.
    private volatile long generation;
    private volatile long start;
    private volatile long end;
    private final ThreadLocal<long[]> seen = ThreadLocal.withInitial(() -> new long[1]);

    /** @param comm the ranks of the shuffle */
    public AlltoallvShuffle(Intracomm comm) {
        this.comm = comm;
    }

    @Override
    public String details() {
        return ShuffleTransport.ALLTOALLV.description();
    }

    @Override
    public void prepare(ShuffleReader reader) {
        data = reader.data();
        ShuffleLayout layout = data.layout();
        sendCounts = layout.sendCounts();
        sendDispls = layout.sendDispls();
        receiveCounts = layout.receiveCounts();
        receiveDispls = layout.receiveDispls();
    }

    @Override
    public void run(int thread, ShuffleReader reader) throws MPIException {
        long[] last = seen.get();
        if (thread == 0) {
            long s = System.nanoTime();
            comm.allToAllv(data.mapOutputs(), sendCounts, sendDispls, MPI.BYTE, data.received(),
                    receiveCounts, receiveDispls, MPI.BYTE);
            start = s;
            end = System.nanoTime();
            generation = last[0] + 1;
            last[0] = generation;
            reader.readLocals(thread);
        } else {
            reader.readLocals(thread);
            ShuffleExchange.Idle idle = new ShuffleExchange.Idle();
            while (generation == last[0]) {
                idle.idle();
            }
            last[0] = generation;
        }
        for (int i : reader.fetchesOf(thread)) {
            reader.fetchedAt(thread, i, start, end);
        }
        reader.done(thread);
    }
}
