package mpi.jmh;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.common.objects.ObjectMessages;
import mpi.common.objects.ObjectOptions;
import mpi.common.objects.Payload;
import mpi.common.objects.SerializerKind;
import mpi.common.options.IterationPolicy;
import mpi.common.options.UsageException;
import mpi.common.pt2pt.PointToPointKind;

/**
 * Where the time of {@code osu_latency -a objects} goes (issue 26): serialization, the MPI
 * messages, deserialization, measured in the same two JVMs. Subtracting JMH's
 * {@link ObjectSerialization} (one JVM, no MPI) from osu_latency's medians does not add up:
 * the serializers' compiled code differs from JVM to JVM (Kryo's {@code double[]} writer ran
 * at one of two speeds, three times apart, per JVM: docs/performance.md), so times from
 * different processes cannot be subtracted. Here every pattern runs on the same serializers, payloads and buffers, whatever
 * C2 chose for them in this pair of processes.
 *
 * <pre>mpirun -np 2 java -cp jmh/target/benchmarks.jar mpi.jmh.ObjectSplit [REPS [BYTES [SERIALIZER [PAYLOAD [ITERATIONS]]]]]</pre>
 *
 * REPS repetitions (default 21), BYTES the nominal message size (default 65536; the payload
 * is the one whose serialized size is nearest, as osu_latency's {@code -m}), SERIALIZER
 * {@code java} or {@code kryo} (default kryo, osu_latency's {@code -S}), PAYLOAD
 * {@code doubles} or {@code records} (default doubles, {@code -O}), ITERATIONS the timed
 * iterations or calls per repetition of each pattern (default osu_latency's at BYTES: 10000
 * up to 8 KiB, 1000 above; the warm-up iterations are always osu_latency's, 100 or 10, as
 * {@code -i} leaves them).
 *
 * <p>Patterns, with osu_latency's message objects ({@link ObjectMessages}: the payload, the
 * serializer, {@code serialize(0, buffer)} and {@code deserialize(0, buffer)}) and its
 * buffers (direct, of the serialized size):
 * <ul>
 * <li>{@code objects}: OSULatency.objectIteration's ping-pong, as the benchmark makes it
 * (rank 0 serializes and sends, rank 1 receives and deserializes, serializes and sends back,
 * rank 0 receives and deserializes), each iteration bracketed by {@link System#nanoTime()} as
 * the harness brackets it; per message, half the round trip (osu_latency's figure);
 * <li>{@code buffer}: OSULatency.iteration's ping-pong of the same byte count on the same
 * buffers, no serialization (the buffer API's osu_latency), timed the same way;
 * <li>{@code serialize}: each rank serializes its payload into its send buffer, no MPI; per
 * call;
 * <li>{@code deserialize}: each rank deserializes the message in its receive buffer (a real
 * message of the objects pattern, received before the first repetition), no MPI; per call.
 * </ul>
 * Each repetition starts every pattern with a barrier and its warm-up iterations, then times
 * its iterations; the patterns rotate ({@link Rotation}), after a JIT warm-up of whole rounds
 * of them at the measured size (until each pattern has run osu_latency's 20000 JIT warm-up
 * iterations, at least 2 rounds, none begun after 5 s; osu_latency warms up at 1 KiB and
 * below, so C2 may choose differently from a given osu_latency run: the split holds for the
 * code this pair of JVMs runs, and a few runs show both of C2's choices). Both ranks
 * serialize (and deserialize) at the same time; in the ping-pong one rank serializes while
 * the other waits in a receive.
 *
 * <p>The table gives each pattern's median over the repetitions on rank 0 and on rank 1, in
 * us per message or call, and the last line what the three parts leave of the objects
 * latency: objects - (buffer + serialize + deserialize), from rank 0's ping-pong medians
 * (osu_latency's) and the mean of the two ranks' serialize and deserialize medians (a
 * one-way message is serialized on one rank and deserialized on the other, each rank doing
 * each once per round trip). The rest is what the ping-pong costs beyond its parts, each
 * timed in a loop of its own with its data hot in this core's caches (possibly: bytes the
 * other core wrote, a payload evicted by a 1 MiB copy, the peer's polling); the method does
 * not tell such causes apart. Rank 0 prints the table; bad arguments are one line on standard
 * error and exit status 2; a payload that deserializes wrong is a line on standard error and
 * exit status 1.
 */
public final class ObjectSplit {
    private static final int TAG = 1;
    /** osu_latency's JIT warm-up iterations: each pattern runs at least as many before. */
    private static final int JIT_ITERATIONS = PointToPointKind.LATENCY.jitWarmupIterations();
    private static final int MIN_JIT_ROUNDS = 2;
    private static final long JIT_BUDGET_NANOS = 5_000_000_000L;

    /** The patterns, by the names the table gives them. */
    enum Pattern {
        BUFFER("buffer"), OBJECTS("objects"), SERIALIZE("serialize"), DESERIALIZE("deserialize");

        final String label;

        Pattern(String label) {
            this.label = label;
        }
    }

    /**
     * The command line: {@code [REPS [BYTES [SERIALIZER [PAYLOAD [ITERATIONS]]]]]}.
     *
     * @param reps       repetitions of every pattern
     * @param bytes      the nominal message size
     * @param serializer {@code -S}
     * @param payload    {@code -O}
     * @param iterations timed iterations per repetition, or 0 for osu_latency's at the size
     */
    record Args(int reps, int bytes, SerializerKind serializer, Payload payload,
            int iterations) {
        static final String USAGE = "[REPS [BYTES [SERIALIZER [PAYLOAD [ITERATIONS]]]]]";

        /** @throws IllegalArgumentException for a bad argument, its message one line */
        static Args parse(String[] args) {
            if (args.length > 5) {
                throw new IllegalArgumentException("at most 5 arguments, got " + args.length);
            }
            RotationArgs<Pattern> first = RotationArgs.parse(
                    Arrays.copyOf(args, Math.min(args.length, 2)), 21, 65536,
                    name -> RotationArgs.byLabel(Pattern.values(), p -> p.label, name),
                    List.of(Pattern.values()));
            try {
                SerializerKind s = args.length > 2 ? SerializerKind.parse(args[2])
                        : SerializerKind.KRYO;
                Payload p = args.length > 3 ? Payload.parse(args[3]) : Payload.DOUBLES;
                int iterations = 0;
                if (args.length > 4) {
                    try {
                        iterations = Integer.parseInt(args[4]);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("not a number: " + args[4]);
                    }
                    if (iterations < 1) {
                        throw new IllegalArgumentException("iterations must be at least 1");
                    }
                }
                return new Args(first.reps(), first.bytes(), s, p, iterations);
            } catch (UsageException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        }
    }

    private final Comm world = MPI.COMM_WORLD;
    private final boolean initiator;
    private final int rank, peer, count, warmup, iterations;
    private final ObjectMessages messages;
    private final ByteBuffer sendBuffer, recvBuffer;

    private ObjectSplit(Args a) throws MPIException {
        rank = world.getRank();
        initiator = rank == 0;
        peer = 1 - rank;
        messages = new ObjectMessages(new ObjectOptions(a.serializer(), a.payload()), 1, 1);
        messages.plan(new int[] {a.bytes()});
        count = messages.size(a.bytes());
        sendBuffer = MPI.newByteBuffer(Math.max(1, messages.maxBytes()));
        recvBuffer = MPI.newByteBuffer(Math.max(1, messages.maxBytes()));
        IterationPolicy policy = PointToPointKind.LATENCY.defaultIterations();
        warmup = policy.warmup(a.bytes());
        iterations = a.iterations() > 0 ? a.iterations() : policy.iterations(a.bytes());
    }

    /** @param args see the class comment */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Args a;
        try {
            a = Args.parse(args);
            if (MPI.COMM_WORLD.getSize() != 2) {
                throw new IllegalArgumentException("run on 2 processes (mpirun -np 2)");
            }
        } catch (IllegalArgumentException e) {
            if (MPI.COMM_WORLD.getRank() == 0) {
                System.err.println("ObjectSplit: " + e.getMessage() + "; usage: ObjectSplit "
                        + Args.USAGE);
            }
            MPI.Finalize();
            System.exit(2);
            return;
        }
        boolean right = new ObjectSplit(a).run(a);
        MPI.Finalize();
        if (!right) {
            System.exit(1);
        }
    }

    /** @return whether the payload this rank deserialized last is the one sent */
    private boolean run(Args a) throws MPIException {
        // A real objects message in each receive buffer before any pattern deserializes it.
        objectsUntimed(1);
        List<Pattern> patterns = List.of(Pattern.values());
        long start = System.nanoTime();
        int rounds = 0;
        int[] stop = new int[1];
        int[] anyStop = new int[1];
        do {
            Rotation.warmUp(patterns, 1, this::time);
            rounds++;
            boolean enough = (long) rounds * iterations >= JIT_ITERATIONS
                    || System.nanoTime() - start > JIT_BUDGET_NANOS;
            stop[0] = rounds >= MIN_JIT_ROUNDS && enough ? 1 : 0;
            world.allReduce(stop, anyStop, 1, MPI.INT, MPI.MAX);
        } while (anyStop[0] == 0);
        double jitSeconds = (System.nanoTime() - start) / 1e9;
        List<Rotation.Medians<Pattern>> rows = Rotation.measure(Pattern.BUFFER, patterns,
                a.reps(), iterations, this::time);
        // Rows in Pattern order: the baseline (BUFFER, the first) and then the others.
        double[] mine = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            mine[i] = rows.get(i).perUnit() / 1e3;
        }
        // After the measured repetitions: received[0] is the last deserialize's graph, of a
        // payload built for sender 0, block 0, exchange 0 on either rank.
        long wrong = messages.wrongFields(0, 0, 0, 0);
        if (wrong != 0) {
            System.err.printf("ObjectSplit: rank %d deserialized a wrong payload (%d fields)%n",
                    rank, wrong);
        }
        if (initiator) {
            double[] other = new double[mine.length];
            world.recv(other, other.length, MPI.DOUBLE, peer, TAG);
            print(a, rows, mine, other, rounds, jitSeconds);
        } else {
            world.send(mine, mine.length, MPI.DOUBLE, peer, TAG);
        }
        return wrong == 0;
    }

    /** @param rank0 rank 0's medians in us, by pattern; {@code rank1} rank 1's */
    private void print(Args a, List<Rotation.Medians<Pattern>> rows, double[] rank0,
            double[] rank1, int rounds, double jitSeconds) {
        System.out.printf("# osu_latency -a objects -S %s -O %s, %d B nominal: %d elements,"
                + " %d B serialized; %d + %d iterations (calls) per repetition%n",
                a.serializer().label(), a.payload().label(), a.bytes(), messages.elements(),
                count, warmup, iterations);
        System.out.printf("# %d repetitions, patterns in rotating order, after %d JIT warm-up"
                + " rounds (%.1f s); medians in us per message (ping-pongs: half a round"
                + " trip) or per call%n", a.reps(), rounds, jitSeconds);
        System.out.printf("# %-12s %12s %12s%n", "pattern", "rank 0 us", "rank 1 us");
        for (Pattern p : Pattern.values()) {
            System.out.printf("  %-12s %12.3f %12.3f%n", p.label, rank0[p.ordinal()],
                    rank1[p.ordinal()]);
        }
        System.out.printf("# objects - buffer, paired by repetition (rank 0): %.3f us%n",
                rows.get(Pattern.OBJECTS.ordinal()).minusBaseline() / 1e3);
        double objects = rank0[Pattern.OBJECTS.ordinal()];
        double buffer = rank0[Pattern.BUFFER.ordinal()];
        double serialize = (rank0[Pattern.SERIALIZE.ordinal()]
                + rank1[Pattern.SERIALIZE.ordinal()]) / 2;
        double deserialize = (rank0[Pattern.DESERIALIZE.ordinal()]
                + rank1[Pattern.DESERIALIZE.ordinal()]) / 2;
        double rest = objects - (buffer + serialize + deserialize);
        System.out.printf("objects - (buffer + serialize + deserialize) = %.3f - (%.3f + %.3f"
                + " + %.3f) = rest %.3f us, %.1f %% of objects (rank 0's ping-pongs, the two"
                + " ranks' mean serialize and deserialize)%n", objects, buffer, serialize,
                deserialize, rest, 100 * rest / objects);
    }

    /**
     * @return the time of one repetition of {@code p} on this rank, in ns: of the ping-pongs,
     *         half the sum of the timed round trips (one message), so that every pattern's
     *         time is per {@link #iterations} units
     */
    private long time(Pattern p) throws MPIException {
        world.barrier();
        switch (p) {
            case OBJECTS:
                objectsUntimed(warmup);
                return objectsTimed(iterations) / 2;
            case BUFFER:
                bufferUntimed(warmup);
                return bufferTimed(iterations) / 2;
            case SERIALIZE:
                serializeLoop(warmup);
                long s = System.nanoTime();
                serializeLoop(iterations);
                return System.nanoTime() - s;
            case DESERIALIZE:
                deserializeLoop(warmup);
                long d = System.nanoTime();
                deserializeLoop(iterations);
                return System.nanoTime() - d;
            default:
                throw new IllegalStateException(p.label);
        }
    }

    // Each pattern's loops are methods of their own, compiled on their own (BlockingSteps).

    /** OSULatency.objectIteration, on osu_latency's ObjectMessages and buffers. */
    private void objectIteration() throws MPIException {
        if (initiator) {
            messages.serialize(0, sendBuffer);
            world.send(sendBuffer, count, MPI.BYTE, peer, TAG);
            world.recv(recvBuffer, count, MPI.BYTE, peer, TAG);
            messages.deserialize(0, recvBuffer);
        } else {
            world.recv(recvBuffer, count, MPI.BYTE, peer, TAG);
            messages.deserialize(0, recvBuffer);
            messages.serialize(0, sendBuffer);
            world.send(sendBuffer, count, MPI.BYTE, peer, TAG);
        }
    }

    private void objectsUntimed(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            objectIteration();
        }
    }

    /** @return the sum of {@code n} round trips, each bracketed as the harness brackets it */
    private long objectsTimed(int n) throws MPIException {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            objectIteration();
            sum += System.nanoTime() - start;
        }
        return sum;
    }

    /** OSULatency.iteration on direct buffers (the buffer API), the same byte count. */
    private void bufferIteration() throws MPIException {
        if (initiator) {
            world.send(sendBuffer, count, MPI.BYTE, peer, TAG);
            world.recv(recvBuffer, count, MPI.BYTE, peer, TAG);
        } else {
            world.recv(recvBuffer, count, MPI.BYTE, peer, TAG);
            world.send(sendBuffer, count, MPI.BYTE, peer, TAG);
        }
    }

    private void bufferUntimed(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            bufferIteration();
        }
    }

    /** @return the sum of {@code n} round trips, each bracketed as {@link #objectsTimed} */
    private long bufferTimed(int n) throws MPIException {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            bufferIteration();
            sum += System.nanoTime() - start;
        }
        return sum;
    }

    private void serializeLoop(int n) {
        for (int i = 0; i < n; i++) {
            messages.serialize(0, sendBuffer);
        }
    }

    /**
     * The receive buffer holds a message of the peer's payload (the buffer pattern's
     * messages are the peer's serialized payload too), so every call reads a real message.
     */
    private void deserializeLoop(int n) {
        for (int i = 0; i < n; i++) {
            messages.deserialize(0, recvBuffer);
        }
    }
}
