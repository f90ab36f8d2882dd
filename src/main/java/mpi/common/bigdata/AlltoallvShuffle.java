package mpi.common.bigdata;

import java.util.concurrent.Phaser;

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
    // Thread 0 arrives when the call has returned; the others, having read their local
    // blocks, wait for every thread's arrival: the phase's advance publishes start and end.
    private Phaser called;
    private long start;
    private long end;

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
        called = new Phaser(reader.threads());
    }

    @Override
    public void run(int thread, ShuffleReader reader) throws MPIException {
        if (thread == 0) {
            start = System.nanoTime();
            try {
                comm.allToAllv(data.mapOutputs(), sendCounts, sendDispls, MPI.BYTE,
                        data.received(), receiveCounts, receiveDispls, MPI.BYTE);
            } finally {
                end = System.nanoTime();
                called.arrive(); // even if the call failed: no thread is left waiting
            }
            reader.readLocals(thread);
        } else {
            reader.readLocals(thread);
            called.arriveAndAwaitAdvance();
        }
        for (int i : reader.fetchesOf(thread)) {
            reader.fetchedAt(thread, i, start, end);
        }
        reader.done(thread);
    }
}
