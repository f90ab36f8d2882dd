package mpi.common;

import java.io.PrintStream;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;

/**
 * The harness of a point-to-point benchmark. A subclass supplies {@link #iteration}, the
 * communication pattern of one iteration and nothing else; this class sets up the buffers,
 * runs and times the iterations at each message size, validates ({@code -c}), computes the
 * result and has rank 0 print it.
 *
 * <p>Method, as in C OMB: at each size, a barrier (untimed), warm-up iterations, then timed
 * iterations. Each timed iteration is one {@link #iteration} call, bracketed by
 * {@link System#nanoTime()} and nothing else, its time stored in a preallocated array: no
 * allocation, boxing or formatting happens between two iterations. Before the first size,
 * the same code runs untimed until the JIT has compiled it, so no size is measured in the
 * interpreter.
 *
 * <p>Validation ({@code -c}, see {@link Validation}) writes the message before each
 * iteration and checks what arrived after it, outside the timed bracket.
 */
public abstract class PointToPointBenchmark {
    /** The tag of payload messages. */
    protected static final int TAG = 1;
    /** The tag of a bandwidth test's acknowledgement, distinct from the payload's. */
    protected static final int ACK_TAG = 2;
    /** The size of an acknowledgement, in bytes. */
    protected static final int ACK_BYTES = 4;
    /** Largest size of the JIT warm-up: small, so that it costs little time. */
    private static final int JIT_WARMUP_MAX_SIZE = 1024;
    /** JIT warm-up rounds in a row with no compilation on any rank that end the warm-up. */
    private static final int QUIET_ROUNDS = 3;
    /** A bound on the JIT warm-up, for a JIT that never goes quiet. */
    private static final int MAX_JIT_ROUNDS = 40;
    /** Iterations per size of the JIT warm-up's sweep: a first and a repeated call. */
    private static final int SIZE_SWEEP_ITERATIONS = 2;

    // Set up before the first iteration; the subclass reads them and changes none.
    /** The communicator of all processes. */
    protected Intracomm comm;
    /** This process's rank. */
    protected int rank;
    /** The rank this one exchanges messages with. */
    protected int peer;
    /** Whether this rank starts each exchange: sends first, or is the bandwidth sender. */
    protected boolean initiator;
    /** The message to send: a direct ByteBuffer or a byte[], of the largest size. */
    protected Object sendBuf;
    /** Where messages are received: as {@link #sendBuf}, a separate buffer. */
    protected Object recvBuf;
    /** A buffer of {@link #ACK_BYTES} bytes for acknowledgements. */
    protected Object ack;
    /** Messages in flight per iteration ({@code -W}), for windowed benchmarks. */
    protected int window;
    /** Room for the requests of one iteration's window ({@link PointToPointKind#requests}). */
    protected Request[] requests;

    private final PointToPointKind kind;
    private boolean fullStats;
    private Validation validation;        // null without -c
    private int processes;
    private long[] times;
    private final double[] local = new double[1];
    private final double[] global = new double[1];
    private final int[] localFailures = new int[1];
    private final int[] failures = new int[1];
    private final int[] localFlag = new int[1];
    private final int[] flag = new int[1];

    /** @param kind which benchmark this is: its title, metric, defaults and process rule */
    protected PointToPointBenchmark(PointToPointKind kind) {
        this.kind = kind;
    }

    /**
     * Runs the benchmark with the program's arguments, then exits the JVM (see
     * {@link BenchmarkRunner} for exit codes).
     *
     * @param args the arguments of {@code main}
     */
    public final void run(String[] args) {
        BenchmarkRunner.run(getClass().getSimpleName(), kind, args, this::execute);
    }

    /**
     * One iteration of the benchmark's communication pattern with messages of {@code size}
     * bytes: the code that is timed.
     *
     * @param size the message size in bytes
     * @throws MPIException if an MPI call fails
     */
    protected abstract void iteration(int size) throws MPIException;

    private boolean execute(Options options) throws MPIException {
        setUp(options);
        int[] sizes = options.sizes().toArray();
        IterationPolicy policy = options.iterations();
        ResultTable table = new ResultTable(kind.title(), options.api(), MPI.BYTE.getName(),
                kind.metric(), options.fullStats(), options.validate());
        PrintStream out = System.out;
        if (rank == 0) {
            table.preamble().forEach(out::println);
            out.flush();
        }
        warmUpJit(sizes, table);
        boolean passed = true;
        for (int size : sizes) {
            Row row = atSize(size, policy.warmup(size), policy.iterations(size));
            passed &= row.passed;
            if (rank == 0) {
                out.println(table.row(size, row.value, row.min, row.max, row.iterations,
                        row.passed));
                out.flush();
            }
        }
        return passed;
    }

    /**
     * Runs the code of a size (measurement, reductions, formatting) until the JIT has compiled
     * it and gone quiet, so that no size is measured in the interpreter and no compilation
     * steals CPU time from a timed size; the results are dropped. Every rank runs the same
     * iterations, or the messages would not match.
     *
     * <p>The binding takes size-dependent paths (staging memory by size class, protocol
     * thresholds) that a warm-up at one size never takes. Compiled code meeting such a path
     * is thrown away and runs interpreted again until recompiled, which would slow the size
     * where it happens. So the compiled code first meets every size of the run, a few
     * iterations each. Then rounds at a small size go on until no rank's JIT has finished a
     * compilation for {@link #QUIET_ROUNDS} rounds in a row (at most {@link #MAX_JIT_ROUNDS}).
     */
    private void warmUpJit(int[] sizes, ResultTable table) throws MPIException {
        int small = Math.min(sizes[0], JIT_WARMUP_MAX_SIZE);
        JitMonitor jit = new JitMonitor();
        atSize(small, 0, kind.jitWarmupIterations());
        for (int size : sizes) {
            atSize(size, 0, SIZE_SWEEP_ITERATIONS);
        }
        int quiet = 0;
        for (int round = 0; round < MAX_JIT_ROUNDS && quiet < QUIET_ROUNDS; round++) {
            Row row = atSize(small, 0, kind.jitWarmupIterations());
            if (rank == 0) {
                table.row(small, row.value, row.min, row.max, row.iterations, row.passed);
            }
            localFlag[0] = jit.supported() && !jit.compiledSinceLastLook() ? 0 : 1;
            comm.allReduce(localFlag, flag, 1, MPI.INT, MPI.MAX);
            quiet = flag[0] == 0 ? quiet + 1 : 0;
        }
    }

    /** The results at one size, as rank 0 prints them. */
    private record Row(double value, double min, double max, int iterations, boolean passed) {
    }

    /** Measures at one size, then combines the ranks' results (only rank 0's are complete). */
    private Row atSize(int size, int warmup, int iterations) throws MPIException {
        comm.barrier();
        Stats t = measure(size, warmup, iterations);
        Metric metric = kind.metric();
        double value = overRanks(metric.average(t, size, window), MPI.SUM);
        double min = 0;
        double max = 0;
        if (fullStats) {
            min = overRanks(metric.minimum(t, size, window), MPI.MIN);
            max = overRanks(metric.maximum(t, size, window), MPI.MAX);
        }
        boolean passed = validation == null || countFailedRanks() == 0;
        return new Row(value, min, max, t.count(), passed);
    }

    private void setUp(Options options) throws MPIException {
        comm = MPI.COMM_WORLD;
        rank = comm.getRank();
        processes = comm.getSize();
        peer = PointToPointKind.peer(rank, processes);
        initiator = PointToPointKind.initiator(rank, processes);
        window = options.window();
        requests = new Request[kind.requests(window)];
        int max = options.sizes().max();
        MessageBuffer send = MessageBuffer.wrap(allocate(options.api(), max));
        MessageBuffer received = MessageBuffer.wrap(allocate(options.api(), max));
        sendBuf = send.raw();
        recvBuf = received.raw();
        ack = allocate(options.api(), ACK_BYTES);
        // Touch every page now: a first touch inside a timed iteration would be measured.
        send.fill(max, (byte) 'a');
        received.fill(max, (byte) 'b');
        fullStats = options.fullStats();
        if (options.validate()) {
            validation = new Validation(send, received, rank, peer,
                    kind.sendsPayload(initiator), kind.receivesPayload(initiator));
        }
        times = new long[Math.max(kind.jitWarmupIterations(),
                options.iterations().maxIterations(options.sizes().toArray()))];
    }

    private static Object allocate(Api api, int bytes) {
        return api == Api.BUFFER ? MPI.newByteBuffer(bytes) : new byte[bytes];
    }

    private Stats measure(int size, int warmup, int iterations) throws MPIException {
        for (int i = 0; i < warmup; i++) {
            step(size);
        }
        for (int i = 0; i < iterations; i++) {
            times[i] = step(size);
        }
        return Stats.of(times, iterations);
    }

    /** One iteration: timed, with validation's untimed work before and after it. */
    private long step(int size) throws MPIException {
        if (validation != null) {
            validation.before(size);
        }
        long time = timeIteration(size);
        if (validation != null) {
            validation.after(size);
        }
        return time;
    }

    /** The timed bracket, a method of its own so that the JIT compiles it during warm-up. */
    private long timeIteration(int size) throws MPIException {
        long start = System.nanoTime();
        iteration(size);
        return System.nanoTime() - start;
    }

    /**
     * @return rank 0's {@code value}, or for a benchmark averaged over ranks, the reduction of
     *         every rank's value with {@code op} (a SUM divided by the number of ranks)
     */
    private double overRanks(double value, Op op) throws MPIException {
        if (!kind.averagedOverRanks()) {
            return value;
        }
        local[0] = value;
        comm.reduce(local, global, 1, MPI.DOUBLE, op, 0);
        return op == MPI.SUM ? global[0] / processes : global[0];
    }

    /** @return on every rank, the number of ranks that received corrupted data at this size */
    private int countFailedRanks() throws MPIException {
        localFailures[0] = validation.takeCorrupted() ? 1 : 0;
        comm.allReduce(localFailures, failures, 1, MPI.INT, MPI.SUM);
        return failures[0];
    }
}
