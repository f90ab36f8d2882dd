package mpi.common.bigdata;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import mpi.common.objects.ObjectSerializer;
import mpi.common.objects.Payload;
import mpi.common.objects.SerializerKind;

/**
 * The reducing side of one rank's shuffle, shared by its T threads: the fetches each thread
 * makes (fetch i is thread {@code i mod T}'s), the bound of F fetches in flight over all
 * threads, a deserializer per thread, the object graph of every block read, and when each
 * fetch was asked for and came. A transport's threads call {@link #acquire} before a fetch,
 * {@link #fetched} when its block is in, {@link #readLocals} once, and {@link #done} when their
 * share is read; everything else is untimed.
 */
public final class ShuffleReader {
    private final ShuffleData data;
    private final int threads;
    private final int inFlightMax;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ObjectSerializer[] deserializers;
    private final Object[] objects;
    private final long[] issued;
    private final long[] arrived;
    private final long[] done;
    private final int fetches;

    /**
     * @param data       the shuffle's data at this size
     * @param options    the shuffle's shape (T, F)
     * @param serializer the serializer of the run
     */
    public ShuffleReader(ShuffleData data, ShuffleOptions options, SerializerKind serializer) {
        this.data = data;
        this.threads = options.threads();
        this.inFlightMax = options.fetchesInFlight();
        this.deserializers = new ObjectSerializer[threads];
        for (int t = 0; t < threads; t++) {
            deserializers[t] = serializer.create();
        }
        this.fetches = data.layout().fetches().size();
        this.objects = new Object[fetches + data.layout().locals().size()];
        this.issued = new long[fetches];
        this.arrived = new long[fetches];
        this.done = new long[threads];
    }

    /** @return the data */
    public ShuffleData data() {
        return data;
    }

    /** @return T, the threads that read the blocks */
    public int threads() {
        return threads;
    }

    /** @return the fetches of thread {@code t}: the ids {@code t, t + T, ...} */
    public int[] fetchesOf(int t) {
        int n = fetches > t ? (fetches - t + threads - 1) / threads : 0;
        int[] ids = new int[n];
        for (int k = 0; k < n; k++) {
            ids[k] = t + k * threads;
        }
        return ids;
    }

    /** Untimed: forgets the last shuffle's objects, so that a fetch that failed shows. */
    public void reset() {
        Arrays.fill(objects, null);
        inFlight.set(0);
    }

    /**
     * Takes a place among the F fetches in flight, if one is free, and marks fetch {@code i}
     * asked for.
     *
     * @param i the fetch about to be asked for
     * @return whether it may go
     */
    public boolean acquire(int i) {
        while (true) {
            int n = inFlight.get();
            if (n >= inFlightMax) {
                return false;
            }
            if (inFlight.compareAndSet(n, n + 1)) {
                issued[i] = System.nanoTime();
                return true;
            }
        }
    }

    /**
     * Fetch {@code i}'s block is in: frees its place in flight and deserializes it.
     *
     * @param thread the thread (its deserializer)
     * @param i      the fetch
     * @param block  its bytes, from index 0
     */
    public void fetched(int thread, int i, ByteBuffer block) {
        arrived[i] = System.nanoTime();
        inFlight.decrementAndGet();
        objects[i] = deserializers[thread].read(block, data.layout().fetches().get(i).bytes());
    }

    /**
     * Fetch {@code i}'s block came, with every other, at {@code at} (a collective): marks it
     * asked for at {@code start} and deserializes it.
     */
    public void fetchedAt(int thread, int i, long start, long at) {
        issued[i] = start;
        arrived[i] = at;
        objects[i] = deserializers[thread].read(data.fetchSlice(i),
                data.layout().fetches().get(i).bytes());
    }

    /** Reads thread {@code thread}'s share of the local blocks where they are. */
    public void readLocals(int thread) {
        List<ShuffleLayout.Fetch> locals = data.layout().locals();
        for (int k = thread; k < locals.size(); k += threads) {
            objects[fetches + k] = deserializers[thread].read(data.localSlice(k),
                    locals.get(k).bytes());
        }
    }

    /** Thread {@code thread} has read its share of the blocks. */
    public void done(int thread) {
        done[thread] = System.nanoTime();
    }

    /** @return when the last thread read its last block */
    public long finished() {
        long last = Long.MIN_VALUE;
        for (long d : done) {
            last = Math.max(last, d);
        }
        return last;
    }

    /**
     * Untimed: adds each fetch's latency, in microseconds, to {@code into} from {@code at}.
     *
     * @return the index after the last added
     */
    public int latencies(double[] into, int at) {
        for (int i = 0; i < fetches; i++) {
            into[at++] = (arrived[i] - issued[i]) / 1e3;
        }
        return at;
    }

    /** @return the remote fetches per shuffle */
    public int fetches() {
        return fetches;
    }

    /**
     * Untimed ({@code -c}): compares every block read, record by record and field by field,
     * with the pattern of its map output, partition and index.
     *
     * @return the fields that differ (every field of a block not read)
     */
    public long wrongFields() {
        ShuffleLayout layout = data.layout();
        long bad = 0;
        List<ShuffleLayout.Fetch> fetched = layout.fetches();
        List<ShuffleLayout.Fetch> locals = layout.locals();
        for (int k = 0; k < objects.length; k++) {
            ShuffleLayout.Fetch f = k < fetches ? fetched.get(k) : locals.get(k - fetches);
            bad += Payload.RECORDS.wrongFields(objects[k], f.records(),
                    layout.mapId(f.source(), f.map()), f.partition(), 0);
        }
        return bad;
    }
}
