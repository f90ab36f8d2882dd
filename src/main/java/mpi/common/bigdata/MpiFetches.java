package mpi.common.bigdata;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The shuffle over MPI point-to-point, as MPI4Spark fetches blocks: per fetch, a non-blocking
 * receive of the block (its tag 1 plus the block's index, from its source) is posted, then a
 * request of {@value #REQUEST_BYTES} bytes (the asking rank, the block) goes to the source
 * with tag 0; thread 0 of every rank also serves, answering each request with a non-blocking
 * send of the block from the map outputs' buffer, until it has answered every request of the
 * shuffle. At most F fetches are in flight per rank. Completion is polled ({@code MPI_Test});
 * with T threads every thread makes MPI calls, hence MPI_THREAD_MULTIPLE.
 */
public final class MpiFetches implements ShuffleExchange {
    /** A request: the asking rank and the block's index, an int each. */
    static final int REQUEST_BYTES = 8;
    /** The tag of requests; a block's is 1 plus its index. */
    static final int REQUEST_TAG = 0;
    /** Request receives posted at once by the serving thread. */
    private static final int REQUEST_SLOTS = 16;

    private final Intracomm comm;
    private ShuffleData data;
    private ByteBuffer[] requests = new ByteBuffer[0];
    private Request[] receives = new Request[0];
    private Request[] asks = new Request[0];
    private final ByteBuffer[] slots = new ByteBuffer[REQUEST_SLOTS];
    private final Request[] slotRequests = new Request[REQUEST_SLOTS];
    private final List<Request> replies = new ArrayList<>();

    /** @param comm the ranks of the shuffle */
    public MpiFetches(Intracomm comm) {
        this.comm = comm;
        ByteBuffer all = ByteBuffer.allocateDirect(REQUEST_BYTES * REQUEST_SLOTS);
        for (int k = 0; k < REQUEST_SLOTS; k++) {
            slots[k] = all.slice(k * REQUEST_BYTES, REQUEST_BYTES);
        }
    }

    @Override
    public String details() {
        return ShuffleTransport.MPI.description();
    }

    @Override
    public void prepare(ShuffleReader reader) throws MPIException {
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
    }

    @Override
    public void run(int thread, ShuffleReader reader) throws MPIException {
        List<ShuffleLayout.Fetch> fetches = data.layout().fetches();
        int[] mine = reader.fetchesOf(thread);
        int[] pending = new int[mine.length];
        int inFlight = 0;
        int next = 0;
        boolean localsRead = false;
        boolean done = false;
        Server server = thread == 0 ? new Server(data.layout().served(comm.getRank())) : null;
        ShuffleExchange.Idle idle = new ShuffleExchange.Idle();
        while (true) {
            boolean progress = false;
            while (next < mine.length && reader.acquire(mine[next])) {
                int i = mine[next++];
                ShuffleLayout.Fetch f = fetches.get(i);
                receives[i] = comm.iRecv(data.fetchSlice(i), f.bytes(), MPI.BYTE, f.source(),
                        1 + f.block());
                asks[i] = comm.iSend(requests[i], REQUEST_BYTES, MPI.BYTE, f.source(),
                        REQUEST_TAG);
                pending[inFlight++] = i;
                progress = true;
            }
            if (!localsRead) { // after the first requests are out, as a reducer does
                reader.readLocals(thread);
                localsRead = true;
            }
            for (int k = 0; k < inFlight; k++) {
                int i = pending[k];
                if (receives[i].test()) {
                    asks[i].waitFor(); // answered, so the request is long sent
                    reader.fetched(thread, i, data.fetchSlice(i));
                    pending[k--] = pending[--inFlight];
                    progress = true;
                }
            }
            if (!done && next == mine.length && inFlight == 0) {
                reader.done(thread);
                done = true;
            }
            if (server != null) {
                progress |= server.serve();
            }
            if (done && (server == null || server.finished())) {
                return;
            }
            if (progress) {
                idle.busy();
            } else {
                idle.idle();
            }
        }
    }

    /** Thread 0's serving of one shuffle: every request answered, every reply complete. */
    private final class Server {
        private final int expected;
        private int posted;
        private int answered;

        Server(int expected) throws MPIException {
            this.expected = expected;
            replies.clear();
            for (int k = 0; k < REQUEST_SLOTS && posted < expected; k++) {
                post(k);
            }
        }

        private void post(int k) throws MPIException {
            slotRequests[k] = comm.iRecv(slots[k], REQUEST_BYTES, MPI.BYTE, MPI.ANY_SOURCE,
                    REQUEST_TAG);
            posted++;
        }

        /** @return whether anything happened */
        boolean serve() throws MPIException {
            boolean progress = false;
            for (int k = 0; k < REQUEST_SLOTS; k++) {
                Request r = slotRequests[k];
                if (r == null || !r.test()) {
                    continue;
                }
                slotRequests[k] = null;
                int asker = slots[k].getInt(0);
                int block = slots[k].getInt(Integer.BYTES);
                ByteBuffer b = data.block(block);
                replies.add(comm.iSend(b, b.capacity(), MPI.BYTE, asker, 1 + block));
                answered++;
                if (posted < expected) {
                    post(k);
                }
                progress = true;
            }
            for (int k = replies.size() - 1; k >= 0; k--) {
                if (replies.get(k).test()) {
                    replies.remove(k);
                    progress = true;
                }
            }
            return progress;
        }

        boolean finished() {
            return answered == expected && replies.isEmpty();
        }
    }
}
