package mpi.common.threads;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

import mpi.Datatype;
import mpi.MPIException;
import mpi.common.BenchmarkHarness;
import mpi.common.BenchmarkRunner;
import mpi.common.data.DerivedLayout;
import mpi.common.data.ElementPattern;
import mpi.common.data.ElementType;
import mpi.common.data.MessageType;
import mpi.common.data.TypedBuffer;
import mpi.common.options.Options;
import mpi.common.output.ResultTable;
import mpi.common.stats.IterationStatistics;
import mpi.common.stats.Metric;
import mpi.common.stats.Percentiles;
import mpi.common.stats.Stats;

/**
 * The harness of a multi-threaded ping-pong (osu_latency_mt): S sender threads on rank 0, R
 * receiver threads on rank 1, all calling MPI at once on {@code MPI.COMM_WORLD}. A subclass
 * supplies one iteration of a sender thread and of a receiver thread, the MPI calls and
 * nothing else.
 *
 * <p>Method, as C OMB 7.4: the threads are started once, before the first size, each with
 * its own send and receive buffers. At each size the threads of a rank meet, the ranks
 * meet at {@code MPI_Barrier}, and then thread t of a side runs iterations t, t + S, ...
 * (t + R on the receiver side) up to warm-up + iterations. With one sender thread the ping
 * has tag 1 and the pong tag 2, and whichever receiver thread waits takes the ping; with
 * more, iteration i uses tag i both ways, which pairs it with exactly one receiver
 * iteration. A sender thread times each of its iterations with {@link System#nanoTime()}
 * into a preallocated array (no lock, no allocation: each iteration is one thread's). The
 * threads meet again after the size ({@link CyclicBarrier}s, created before the first size,
 * outside the timed region).
 *
 * <p>The reported latency is C's: the sum of all timed round trips over
 * {@code 2 × iterations / S}, the mean one-way latency times S (with one sender thread, the
 * usual mean). {@code -f} adds the smallest and largest one-way latency of a single round
 * trip, {@code -z} its percentiles. Validation ({@code -c}, which needs S = R) checks every
 * message against the pattern of its sender and iteration; {@code -u N} repeats each
 * validated round trip N times untimed before the timed one, and the receive buffer is
 * cleared again after them, so that only the timed message can pass the check.
 *
 * <p>{@code -D}: each message is one instance of a derived type built per size (by the main
 * thread, before the threads start the size), as in the point-to-point benchmarks; validation
 * then checks the carried elements and that the gaps keep the receiver's zeros.
 */
public abstract class MultiThreadBenchmark extends BenchmarkHarness {
    /** The tags of the ping and the pong with one sender thread. */
    private static final int PING_TAG = 1, PONG_TAG = 2;
    /**
     * JIT warm-up iterations per round: more than C2's compile threshold (5000 invocations),
     * so that a round in which nothing is compiled means nothing is pending. With 500, three
     * quiet rounds came before C2 compiled the loop, which it then did inside the timed
     * iterations: 1:1 at 8 B measured 1.27 us (buffer) and 3.53 (arrays) against C's 0.33,
     * and 0.30 / 0.40 against 0.38 with 6000. Oversubscribed runs (1 ms per iteration) are
     * held by the harness's 10 s bound on rounds.
     */
    private static final int JIT_WARMUP = 6000;

    // Set up before the first iteration; the subclass reads them and changes none.
    /** The MPI datatype of the messages ({@code -T}). */
    protected Datatype type;
    /** The rank this one exchanges messages with. */
    protected int peer;

    private final MultiThreadSpec spec;
    private ThreadCounts counts;
    private Options options;
    private Worker[] workers;
    private CyclicBarrier start;
    private CyclicBarrier done;
    private long[] times;
    private int elementSize;
    // The size being run: written by the main thread before `start`, read by the workers after.
    private int count;
    private int warmup;
    private int iterations;
    private long exchange; // validation: iterations run before this size, the same on both ranks
    private int repeats;   // -u: untimed round trips before each validated one, this size
    private MessageType messageType; // the -T type, or -D's at each size
    private DerivedLayout layout;    // -D, or null
    private int elements;          // the elements of a message at this size (count is 1 with -D)
    // Set by the main thread before `start` when the run is over: the workers return.
    private boolean finished;

    /** @param spec which benchmark this is */
    protected MultiThreadBenchmark(MultiThreadSpec spec) {
        super(spec);
        this.spec = spec;
    }

    /**
     * One iteration of a sender thread: the code that is timed.
     *
     * @param send    this thread's send buffer
     * @param recv    this thread's receive buffer
     * @param count   the elements per message
     * @param pingTag the tag of the message to the receiver
     * @param pongTag the tag of the message back
     * @throws MPIException if an MPI call fails
     */
    protected abstract void senderIteration(Object send, Object recv, int count, int pingTag,
            int pongTag) throws MPIException;

    /**
     * One iteration of a receiver thread.
     *
     * @see #senderIteration
     */
    protected abstract void receiverIteration(Object send, Object recv, int count, int pingTag,
            int pongTag) throws MPIException;

    @Override
    protected final int[] setUp(Options options) throws MPIException {
        this.options = options;
        counts = options.threads();
        peer = 1 - rank;
        ElementType t = options.type();
        type = t.datatype();
        elementSize = t.size();
        layout = options.data().derived();
        messageType = new MessageType(type, layout);
        int max = messageType.reach(options.sizes().max() / elementSize);
        int[] sizes = java.util.Arrays.stream(options.sizes().toArray())
                .filter(size -> size >= elementSize).toArray();
        times = new long[Math.max(JIT_WARMUP, options.iterations().maxIterations(sizes))];
        int n = rank == 0 ? counts.senders() : counts.receivers();
        start = new CyclicBarrier(n + 1);
        done = new CyclicBarrier(n + 1);
        workers = new Worker[n];
        for (int i = 0; i < n; i++) {
            workers[i] = new Worker(i, n, rank == 0, t, max);
            Thread thread = new Thread(workers[i], program() + (rank == 0 ? "-sender-" : "-receiver-") + i);
            thread.setDaemon(true); // parked between sizes; the JVM exits after the last
            thread.start();
        }
        return sizes;
    }

    @Override
    protected final ResultTable table(Options options) {
        ResultTable table = new ResultTable(spec.title(), options.api(),
                options.type().datatype().getName(), Metric.LATENCY, options.fullStats(),
                options.validate(), options.tails(), true);
        return table.withTransmitSize(options.data().derived(), options.type().size());
    }


    @Override
    protected final String[] context(Options options, String binding) {
        ThreadCounts t = options.threads();
        return new String[] {"# Number of Sender threads: " + t.senders(),
            "# Number of Receiver threads: " + t.receivers(), binding};
    }

    @Override
    protected final int jitWarmupIterations() {
        return JIT_WARMUP;
    }

    @Override
    protected final ResultTable.Row atSize(int size, int warmup, int iterations)
            throws MPIException {
        elements = size / elementSize;
        messageType.release(); // the last size's derived type, if any
        count = messageType.prepare(elements); // untimed, as C OMB: a new type at each size
        type = messageType.current();
        // Not in the JIT warm-up: it compiles the same iterations without the repeats.
        repeats = inJitWarmup() ? 0 : options.data().validationWarmup();
        this.warmup = warmup;
        this.iterations = iterations;
        comm.barrier();
        meet(start);
        meet(done);
        exchange += warmup + iterations;
        Stats t = Stats.of(times, iterations);
        Metric m = Metric.LATENCY;
        boolean full = options.fullStats();
        double[] values = new double[full ? 3 : 1];
        values[0] = m.average(t, size, 1) * counts.senders();
        if (full) {
            values[1] = m.minimum(t, size, 1);
            values[2] = m.maximum(t, size, 1);
        }
        IterationStatistics it = ofIterations(options.tails(), times, iterations, false, m,
                size, 1);
        boolean corrupted = false;
        for (Worker w : workers) {
            corrupted |= w.takeCorrupted();
        }
        boolean passed = !options.validate() || ranksWhere(corrupted) == 0;
        return new ResultTable.Row(size, values, t.count(), passed, it.tails(),
                it.statistics());
    }

    /** Ends the threads, parked at {@code start} after the last size: a suite goes on. */
    @Override
    protected final void release() {
        if (workers != null) {
            finished = true;
            meet(start);
            workers = null;
        }
    }

    private void meet(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            BenchmarkRunner.abort(program(), e);
        }
    }

    /** One thread of a side, with its own buffers, for the whole run. */
    private final class Worker implements Runnable {
        private final int index;
        private final int stride;
        private final boolean sender;
        private final TypedBuffer send;
        private final TypedBuffer recv;
        private final Object sendRaw;
        private final Object recvRaw;
        private final ElementPattern pattern;
        private boolean corrupted;

        Worker(int index, int stride, boolean sender, ElementType t, int max) {
            this.index = index;
            this.stride = stride;
            this.sender = sender;
            send = TypedBuffer.allocate(options.api(), t, max);
            recv = TypedBuffer.allocate(options.api(), t, max);
            // Touch every page now: a first touch inside a timed iteration would be measured.
            send.fill(max, 1);
            recv.fill(max, 2);
            sendRaw = send.raw();
            recvRaw = recv.raw();
            pattern = options.validate() ? new ElementPattern(t, 2, false) : null;
        }

        @Override
        public void run() {
            try {
                while (true) {
                    meet(start);
                    if (finished) {
                        return;
                    }
                    runSize();
                    meet(done);
                }
            } catch (Throwable t) { // an MPI error or a bug: no rank may be left waiting
                BenchmarkRunner.abort(program(), t);
            }
        }

        private void runSize() throws MPIException {
            int n = count;
            int reach = messageType.reach(elements);
            int u = repeats;
            int skip = warmup;
            int end = warmup + iterations;
            boolean tagged = counts.senders() > 1;
            for (int i = index; i < end; i += stride) {
                int ping = tagged ? i : PING_TAG;
                int pong = tagged ? i : PONG_TAG;
                if (pattern != null) {
                    fill(i, reach);
                    for (int r = 0; r < u; r++) { // -u: the same round trip, untimed
                        if (sender) {
                            senderIteration(sendRaw, recvRaw, n, ping, pong);
                        } else {
                            receiverIteration(sendRaw, recvRaw, n, ping, pong);
                        }
                    }
                    if (u > 0) {
                        clearReceived(reach);
                    }
                }
                if (sender) {
                    long t0 = System.nanoTime();
                    senderIteration(sendRaw, recvRaw, n, ping, pong);
                    long elapsed = System.nanoTime() - t0;
                    if (i >= skip) {
                        times[i - skip] = elapsed;
                    }
                } else {
                    receiverIteration(sendRaw, recvRaw, n, ping, pong);
                }
                if (pattern != null) {
                    check(i, reach);
                }
            }
        }

        /** The message of iteration i: this rank's pattern for it, over the elements reached. */
        private void fill(int i, int reach) {
            pattern.exchange(exchange + i);
            for (int k = 0; k < reach; k++) {
                send.put(k, pattern.value(rank, 0, k));
            }
            clearReceived(reach);
        }

        private void clearReceived(int reach) {
            for (int k = 0; k < reach; k++) {
                recv.put(k, 0);
            }
        }

        /** The carried elements hold the peer's pattern; with -D the gaps keep their zeros. */
        private void check(int i, int reach) {
            pattern.exchange(exchange + i);
            int n = elements;
            for (int k = 0; k < reach && !corrupted; k++) {
                boolean carried = layout == null || layout.carries(n, k);
                corrupted = !recv.holds(k, carried ? pattern.value(peer, 0, k) : 0);
            }
        }

        /** Read by the main thread after {@code done}: the barrier orders the accesses. */
        boolean takeCorrupted() {
            boolean was = corrupted;
            corrupted = false;
            return was;
        }
    }
}
