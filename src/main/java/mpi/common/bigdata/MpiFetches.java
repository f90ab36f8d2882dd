package mpi.common.bigdata;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The shuffle over MPI point-to-point, as MPI4Spark fetches blocks: per fetch, a non-blocking
 * receive of the block (its tag 1 plus the block's index, from its source) is posted, then a
 * request of {@value #REQUEST_BYTES} bytes (the asking rank, the block) goes to the source
 * with tag 0. A serving thread of every rank, apart from the T fetching threads (as Netty's
 * event loop), answers each request with a non-blocking send of the block from the map
 * outputs' buffer, until it has answered every request of the shuffle: a block above the
 * eager limit moves only while its serving rank calls MPI, so serving must not wait for a
 * deserialization. At most F fetches are in flight per rank. Completion is polled
 * ({@code MPI_Test}); several threads make MPI calls, hence MPI_THREAD_MULTIPLE.
 */
public final class MpiFetches implements ShuffleExchange {
    /** A request: the asking rank and the block's index, an int each. */
    static final int REQUEST_BYTES = 8;
    /** The tag of requests; a block's is 1 plus its index. */
    static final int REQUEST_TAG = 0;
    /** Request receives posted at once by the serving thread. */
    private static final int REQUEST_SLOTS = 16;

    private final Intracomm comm;
    private final Server server = new Server();
    private ShuffleData data;
    private ByteBuffer[] requests = new ByteBuffer[0];
    private Request[] receives = new Request[0];
    private Request[] asks = new Request[0];
    /** Per fetch: the block's receive and the request's send; in once the block is. */
    private final FetchLoop.Fetcher fetcher = new FetchLoop.Fetcher() {
        @Override
        public void ask(int i, ShuffleLayout.Fetch f) throws MPIException {
            receives[i] = comm.iRecv(data.fetchSlice(i), f.bytes(), MPI.BYTE, f.source(),
                    1 + f.block());
            asks[i] = comm.iSend(requests[i], REQUEST_BYTES, MPI.BYTE, f.source(), REQUEST_TAG);
        }

        @Override
        public boolean poll(int thread, int i, ShuffleReader reader) throws MPIException {
            if (!receives[i].test()) {
                return false;
            }
            asks[i].waitFor(); // answered, so the request is long sent
            reader.fetched(thread, i, data.fetchSlice(i));
            return true;
        }
    };

    /**
     * Starts the rank's serving thread (idle until a shuffle starts).
     *
     * @param comm the ranks of the shuffle
     */
    public MpiFetches(Intracomm comm) {
        this.comm = comm;
        server.thread.start();
    }

    @Override
    public String details() {
        return ShuffleTransport.MPI.description();
    }

    @Override
    public void prepare(ShuffleReader reader) {
        data = reader.data();
        List<ShuffleLayout.Fetch> fetches = data.layout().fetches();
        int rank = comm.getRank();
        ByteBuffer all = ByteBuffer.allocateDirect(Math.max(1, REQUEST_BYTES * fetches.size()));
        requests = new ByteBuffer[fetches.size()];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = all.slice(i * REQUEST_BYTES, REQUEST_BYTES);
            requests[i].putInt(0, rank).putInt(Integer.BYTES, fetches.get(i).block());
        }
        receives = new Request[fetches.size()];
        asks = new Request[fetches.size()];
        server.data = data;
        server.expected = data.layout().served(rank);
    }

    /**
     * Thread 0 starts the serving thread on the shuffle, and after its own fetches waits until
     * every request is answered (so that the next shuffle's requests are the next one's).
     */
    @Override
    public void run(int thread, ShuffleReader reader) throws MPIException {
        if (thread == 0) {
            server.start.release();
        }
        FetchLoop.run(thread, reader, fetcher);
        if (thread == 0) {
            server.awaitServed();
        }
    }

    /** Stops the serving thread (every rank's shuffles are over). */
    @Override
    public void close() {
        server.stopping = true;
        server.start.release();
        try {
            server.thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The serving thread: per shuffle, it posts receives of requests from any rank
     * ({@value #REQUEST_SLOTS} at a time), answers each with an {@code MPI_Isend} of the block
     * and tests the sends until all are complete; between shuffles it is parked.
     */
    private final class Server implements Runnable {
        final Thread thread = new Thread(this, "shuffle-server");
        final Semaphore start = new Semaphore(0);
        private final Semaphore served = new Semaphore(0);
        volatile boolean stopping;
        volatile ShuffleData data;
        volatile int expected;
        private volatile MPIException failure;
        private final ByteBuffer[] slots = new ByteBuffer[REQUEST_SLOTS];
        private final Request[] slotRequests = new Request[REQUEST_SLOTS];
        private final List<Request> replies = new ArrayList<>();

        Server() {
            thread.setDaemon(true);
            ByteBuffer all = ByteBuffer.allocateDirect(REQUEST_BYTES * REQUEST_SLOTS);
            for (int k = 0; k < REQUEST_SLOTS; k++) {
                slots[k] = all.slice(k * REQUEST_BYTES, REQUEST_BYTES);
            }
        }

        @Override
        public void run() {
            while (true) {
                start.acquireUninterruptibly();
                if (stopping) {
                    return;
                }
                try {
                    serveShuffle(data, expected);
                } catch (MPIException e) {
                    failure = e;
                }
                served.release();
            }
        }

        /** Thread 0: waits for the shuffle's last reply to complete. */
        void awaitServed() throws MPIException {
            served.acquireUninterruptibly();
            MPIException e = failure;
            if (e != null) {
                failure = null;
                throw e;
            }
        }

        private void serveShuffle(ShuffleData blocks, int requests) throws MPIException {
            int posted = 0;
            int answered = 0;
            for (int k = 0; k < REQUEST_SLOTS && posted < requests; k++, posted++) {
                slotRequests[k] = post(k);
            }
            ShuffleExchange.Idle idle = new ShuffleExchange.Idle();
            while (answered < requests || !replies.isEmpty()) {
                boolean progress = false;
                for (int k = 0; k < REQUEST_SLOTS; k++) {
                    Request r = slotRequests[k];
                    if (r == null || !r.test()) {
                        continue;
                    }
                    slotRequests[k] = null;
                    int asker = slots[k].getInt(0);
                    int block = slots[k].getInt(Integer.BYTES);
                    ByteBuffer b = blocks.block(block);
                    replies.add(comm.iSend(b, b.capacity(), MPI.BYTE, asker, 1 + block));
                    answered++;
                    if (posted < requests) {
                        slotRequests[k] = post(k);
                        posted++;
                    }
                    progress = true;
                }
                for (int k = replies.size() - 1; k >= 0; k--) {
                    if (replies.get(k).test()) {
                        replies.remove(k);
                        progress = true;
                    }
                }
                if (progress) {
                    idle.busy();
                } else {
                    idle.idle();
                }
            }
        }

        private Request post(int k) throws MPIException {
            return comm.iRecv(slots[k], REQUEST_BYTES, MPI.BYTE, MPI.ANY_SOURCE, REQUEST_TAG);
        }
    }
}
