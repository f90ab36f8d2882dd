package mpi.common.bigdata;

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
    /** A fetch is a request on the connection; its block is in once the frame is handed over. */
    private final FetchLoop.Fetcher fetcher = new FetchLoop.Fetcher() {
        @Override
        public void ask(int i, ShuffleLayout.Fetch fetch) {
            netty.request(fetch.source(), i, fetch.block());
        }

        @Override
        public boolean poll(int thread, int i, ShuffleReader reader) throws MPIException {
            ByteBuf block = netty.poll(i);
            if (block == null) {
                return false;
            }
            try {
                reader.fetched(thread, i, block.nioBuffer().slice());
            } finally {
                block.release();
            }
            return true;
        }
    };

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
        ShuffleData data = reader.data();
        ShuffleLayout layout = data.layout();
        netty.serve(data.mapOutputs(), layout.sendOffsets(), layout.blockSizes());
        netty.expect(layout.fetches().size());
    }

    @Override
    public void run(int thread, ShuffleReader reader) throws MPIException {
        FetchLoop.run(thread, reader, fetcher);
    }

    @Override
    public void close() {
        netty.close();
    }
}
