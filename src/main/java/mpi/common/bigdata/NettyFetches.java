package mpi.common.bigdata;

import java.util.List;

import io.netty.buffer.ByteBuf;
import mpi.Intracomm;
import mpi.MPIException;
import mpi.common.transport.NettyShuffle;

/**
 * The shuffle over Netty, as Spark's block transfer service: each fetch is a request on the
 * connection to the block's rank, whose event loop answers with the block; the fetching
 * thread deserializes the block from the buffer Netty assembled it in, then releases it. At
 * most F fetches in flight per rank. The connections (one from each rank to each other,
 * token-checked) are made before the first size ({@link NettyShuffle#connect}).
 */
public final class NettyFetches implements ShuffleExchange {
    private final NettyShuffle netty;
    private ShuffleData data;

    /**
     * Connects every rank to every other. Collective, untimed.
     *
     * @param comm the ranks of the shuffle
     * @throws MPIException if MPI or a connection fails
     */
    public NettyFetches(Intracomm comm) throws MPIException {
        this.netty = NettyShuffle.connect(comm);
    }

    @Override
    public String details() {
        return ShuffleTransport.NETTY.description() + ": " + NettyShuffle.details();
    }

    @Override
    public void prepare(ShuffleReader reader) {
        data = reader.data();
        ShuffleLayout layout = data.layout();
        netty.serve(data.mapOutputs(), layout.sendOffsets(), layout.blockSizes());
        netty.expect(layout.fetches().size());
    }

    @Override
    public void run(int thread, ShuffleReader reader) throws MPIException {
        List<ShuffleLayout.Fetch> fetches = data.layout().fetches();
        int[] mine = reader.fetchesOf(thread);
        int[] pending = new int[mine.length];
        int inFlight = 0;
        int next = 0;
        boolean localsRead = false;
        ShuffleExchange.Idle idle = new ShuffleExchange.Idle();
        while (next < mine.length || inFlight > 0 || !localsRead) {
            boolean progress = false;
            while (next < mine.length && reader.acquire(mine[next])) {
                int i = mine[next++];
                ShuffleLayout.Fetch f = fetches.get(i);
                netty.request(f.source(), i, f.block());
                pending[inFlight++] = i;
                progress = true;
            }
            if (!localsRead) {
                reader.readLocals(thread);
                localsRead = true;
            }
            for (int k = 0; k < inFlight; k++) {
                int i = pending[k];
                ByteBuf block = netty.poll(i);
                if (block != null) {
                    try {
                        reader.fetched(thread, i, block.nioBuffer().slice());
                    } finally {
                        block.release();
                    }
                    pending[k--] = pending[--inFlight];
                    progress = true;
                }
            }
            if (progress) {
                idle.busy();
            } else {
                idle.idle();
            }
        }
        reader.done(thread);
    }

    @Override
    public void close() {
        netty.close();
    }
}
