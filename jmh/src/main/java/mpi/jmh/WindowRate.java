package mpi.jmh;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * osu_bw's message rate between two ranks, C and Java paired in the same two processes: each
 * repetition runs every pattern once (a barrier, 10 untimed iterations, 100 timed ones: C
 * OMB's counts at 8 B) in an order that rotates ({@link Rotation}), and the table gives
 * medians over the repetitions of each pattern's time per message and of its difference
 * from C's in the same repetition.
 *
 * <pre>mpirun -np 2 java -cp jmh/target/benchmarks.jar mpi.jmh.WindowRate [REPS [BYTES [PATTERN...]]]</pre>
 *
 * Patterns: {@code c} the C twin of OSUBandwidth's iteration (CBaseline.window, one JNI call
 * per repetition); {@code cFenced} the same with a full fence after every MPI call, the fence
 * a JNI call makes on its way back from native code; {@code floor} the same MPI calls from
 * Java through static natives with primitive arguments only (CBaseline.isend, ...: an address,
 * no buffer object, the request in native memory), the least any JNI binding can pay per call;
 * {@code objects} the floor with the data buffer passed as an object, its address read in C as
 * the binding does (its time over {@code floor} is the object argument's cost);
 * {@code handles} the objects floor with the binding's request flow (the handle returned,
 * the window waited for from a long[]); {@code slots} that with each handle kept in a reused
 * object, as Request keeps it; {@code buffer} and {@code arrays} the binding as OSUBandwidth
 * calls it (requests reused); {@code bufferNew} the binding's plain Open MPI call, a new
 * Request per message. On Java 22 and later, the same ladder through {@code java.lang.foreign}
 * ({@link FfmFloor}): {@code ffmFloor} the MPI calls as downcalls with primitive arguments,
 * the requests in native memory (the least an FFM binding can pay per call);
 * {@code ffmHandles} that with the FFM backend's data flow (the buffer's address from its
 * segment per call, the request returned through scratch memory, the window waited for from a
 * long[]); {@code ffmSlots} that with each handle kept in a reused object, as {@code slots}.
 * By default every symmetric pattern but the FFM ones.
 * {@code SENDER/RECEIVER} mixes two of them, one per rank
 * ({@code buffer/c}: the binding's sends against C's receives), which tells on which side a
 * layer costs. Rank 0 prints the table; bad arguments are one line on standard error and exit
 * status 2.
 */
public final class WindowRate {
    private static final int WINDOW = 64, WARMUP = 10, ITERATIONS = 100, TAG = 1, ACK_TAG = 2;
    /** Repetitions of every Java pattern before the measured ones: C2 compiles them. */
    private static final int JIT_REPETITIONS = 300;

    private final Comm world = MPI.COMM_WORLD;
    private final boolean sender;
    private final int peer, bytes;
    private final ByteBuffer sendBuffer, recvBuffer, ackBuffer, nativeRequests;
    private final byte[] sendArray, recvArray;
    private final Request[] requests = new Request[WINDOW];
    private final long[] handles = new long[WINDOW];
    private final Slot[] slots = new Slot[WINDOW];
    private final long sendAddress, recvAddress, ackAddress, requestsAddress;
    private final int requestSize;
    /** The FFM floors, if a pattern takes them; else null. */
    private final FfmFloor ffm;

    /** @param ffm the FFM floors, or null if no pattern takes them */
    private WindowRate(int bytes, FfmFloor ffm) throws MPIException {
        this.bytes = bytes;
        int rank = world.getRank();
        sender = rank == 0;
        peer = 1 - rank;
        sendBuffer = MPI.newByteBuffer(Math.max(bytes, 1));
        recvBuffer = MPI.newByteBuffer(Math.max(bytes, 1));
        ackBuffer = MPI.newByteBuffer(4);
        sendArray = new byte[Math.max(bytes, 1)];
        recvArray = new byte[Math.max(bytes, 1)];
        requestSize = CBaseline.requestSize();
        nativeRequests = ByteBuffer.allocateDirect(WINDOW * requestSize);
        sendAddress = CBaseline.address(sendBuffer);
        recvAddress = CBaseline.address(recvBuffer);
        ackAddress = CBaseline.address(ackBuffer);
        requestsAddress = CBaseline.address(nativeRequests);
        Arrays.setAll(slots, w -> new Slot());
        this.ffm = ffm;
    }

    /** What makes one rank's calls, by the names the command line gives them. */
    private enum Side {
        C("c"), C_FENCED("cFenced"), FLOOR("floor"), OBJECTS("objects"), HANDLES("handles"),
        SLOTS("slots"), BUFFER("buffer"),
        ARRAYS("arrays"), BUFFER_NEW("bufferNew"), FFM_FLOOR("ffmFloor"),
        FFM_HANDLES("ffmHandles"), FFM_SLOTS("ffmSlots");

        final String label;

        Side(String label) {
            this.label = label;
        }

        /** Whether the side calls MPI through {@link FfmFloor}. */
        boolean inFfm() {
            return this == FFM_FLOOR || this == FFM_HANDLES || this == FFM_SLOTS;
        }

        /** Whether the loop runs in C (one JNI call per repetition). */
        boolean inC() {
            return this == C || this == C_FENCED;
        }

        static Side of(String label) {
            try {
                return RotationArgs.byLabel(values(), s -> s.label, label);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage()
                        + ", or SENDER/RECEIVER of two of them");
            }
        }
    }

    /**
     * A pattern: what makes rank 0's sends and rank 1's receives. {@code buffer} is both
     * sides through the binding; {@code buffer/c} the binding's sends against C's receives,
     * which puts the binding's cost on the sender alone.
     */
    private record Pattern(Side send, Side recv) {
        static final Pattern C = new Pattern(Side.C, Side.C);

        static Pattern of(String label) {
            int slash = label.indexOf('/');
            return slash < 0 ? new Pattern(Side.of(label), Side.of(label))
                    : new Pattern(Side.of(label.substring(0, slash)),
                            Side.of(label.substring(slash + 1)));
        }

        /**
         * @return every pattern with the same layer on both sides but the FFM floors, which
         *         not every JVM has: the default
         */
        static List<Pattern> symmetric() {
            return Arrays.stream(Side.values()).filter(s -> !s.inFfm())
                    .map(s -> new Pattern(s, s)).toList();
        }

        String label() {
            return send == recv ? send.label : send.label + "/" + recv.label;
        }
    }

    /** @param args repetitions (default 400), message size in bytes (default 8), patterns */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        RotationArgs<Pattern> a;
        try {
            a = RotationArgs.parse(args, 400, 8, Pattern::of, Pattern.symmetric());
            if (MPI.COMM_WORLD.getSize() != 2) {
                throw new IllegalArgumentException("run on 2 processes (mpirun -np 2)");
            }
        } catch (IllegalArgumentException e) {
            if (MPI.COMM_WORLD.getRank() == 0) {
                System.err.println("WindowRate: " + e.getMessage() + "; usage: WindowRate "
                        + RotationArgs.USAGE);
            }
            MPI.Finalize();
            System.exit(2);
            return;
        }
        boolean wantsFfm = a.patterns().stream()
                .anyMatch(p -> p.send().inFfm() || p.recv().inFfm());
        FfmFloor ffm = wantsFfm
                ? FfmFloors.open("WindowRate", MPI.COMM_WORLD.getRank() == 0) : null;
        if (wantsFfm && ffm == null) {
            MPI.Finalize();
            System.exit(2);
            return;
        }
        new WindowRate(a.bytes(), ffm).run(a.reps(), a.patterns());
        MPI.Finalize();
    }

    private void run(int reps, List<Pattern> patterns) throws MPIException {
        Rotation.warmUp(patterns.stream().filter(p -> !p.send().inC() || !p.recv().inC())
                .toList(), JIT_REPETITIONS, this::time);
        List<Rotation.Medians<Pattern>> rows = Rotation.measure(Pattern.C, patterns, reps,
                (double) WINDOW * ITERATIONS, this::time);
        if (!sender) {
            return;
        }
        System.out.printf("# osu_bw, %d B, window %d, %d + %d iterations; %d repetitions,"
                + " patterns in rotating order; medians (rank 0's times)%n", bytes, WINDOW,
                WARMUP, ITERATIONS, reps);
        System.out.printf("# %-10s %10s %10s %14s %12s%n", "pattern", "ns/msg", "MB/s",
                "minus C ns/msg", "C/pattern");
        for (Rotation.Medians<Pattern> m : rows) {
            System.out.printf("  %-10s %10.1f %10.2f %14.1f %12.3f%n", m.pattern().label(),
                    m.perUnit(), bytes / m.perUnit() * 1e3, m.minusBaseline(),
                    m.baselineRatio());
        }
    }

    /**
     * @return the time of one repetition's timed iterations of pattern {@code p} on this
     *         rank's side, in ns. C's loop and Java's make the same calls in the same order
     *         (a barrier, then the iterations), so either side may run either.
     */
    private long time(Pattern p) throws MPIException {
        Side side = sender ? p.send() : p.recv();
        if (side.inC()) {
            return CBaseline.window(sendBuffer, recvBuffer, bytes, WINDOW, WARMUP, ITERATIONS,
                    side == Side.C_FENCED);
        }
        world.barrier();
        for (int i = 0; i < WARMUP; i++) {
            iteration(side);
        }
        long start = System.nanoTime();
        for (int i = 0; i < ITERATIONS; i++) {
            iteration(side);
        }
        return System.nanoTime() - start;
    }

    /** One iteration of a Java side: an enum switch, no string work in the timed loop. */
    private void iteration(Side side) throws MPIException {
        switch (side) {
            case FLOOR -> floor(false);
            case OBJECTS -> floor(true);
            case HANDLES -> handles();
            case SLOTS -> slots();
            case BUFFER -> reusing(sender ? sendBuffer : recvBuffer);
            case ARRAYS -> reusing(sender ? sendArray : recvArray);
            case BUFFER_NEW -> plain();
            case FFM_FLOOR -> ffmFloor();
            case FFM_HANDLES -> ffmHandles();
            case FFM_SLOTS -> ffmSlots();
            default -> throw new IllegalStateException(side.label + " runs in C");
        }
    }

    /** OSUBandwidth.iteration's calls, as the benchmark makes them (requests reused). */
    private void reusing(Object buf) throws MPIException {
        if (sender) {
            for (int w = 0; w < WINDOW; w++) {
                requests[w] = world.iSend(buf, bytes, MPI.BYTE, peer, TAG, requests[w]);
            }
        } else {
            for (int w = 0; w < WINDOW; w++) {
                requests[w] = world.iRecv(buf, bytes, MPI.BYTE, peer, TAG, requests[w]);
            }
        }
        Request.waitAll(requests);
        ack();
    }

    /** The same with Open MPI's API: a new Request per call. */
    private void plain() throws MPIException {
        if (sender) {
            for (int w = 0; w < WINDOW; w++) {
                requests[w] = world.iSend(sendBuffer, bytes, MPI.BYTE, peer, TAG);
            }
        } else {
            for (int w = 0; w < WINDOW; w++) {
                requests[w] = world.iRecv(recvBuffer, bytes, MPI.BYTE, peer, TAG);
            }
        }
        Request.waitAll(requests);
        ack();
    }

    private void ack() throws MPIException {
        if (sender) {
            world.recv(ackBuffer, 4, MPI.BYTE, peer, ACK_TAG);
        } else {
            world.send(ackBuffer, 4, MPI.BYTE, peer, ACK_TAG);
        }
    }

    /** The object floor with the binding's request flow: handles returned, waited in a long[]. */
    private void handles() {
        if (sender) {
            for (int w = 0; w < WINDOW; w++) {
                handles[w] = CBaseline.isendHandle(sendBuffer, bytes, peer);
            }
        } else {
            for (int w = 0; w < WINDOW; w++) {
                handles[w] = CBaseline.irecvHandle(recvBuffer, bytes, peer);
            }
        }
        CBaseline.waitAllHandles(handles, WINDOW);
        CBaseline.ack(ackAddress, peer, !sender);
    }

    /**
     * What a binding's request object holds between the call that starts an operation and
     * the wait: the handle, and the buffer kept reachable (as {@link Request} does).
     */
    private static final class Slot {
        long handle;
        Object buffer;
    }

    /**
     * {@code handles} with the binding's request objects: each call's handle and buffer
     * stored in a reused object, gathered from them into a long[] for the wait and written
     * back, the buffer released: Request.waitAll's data flow without its checks.
     */
    private void slots() {
        // The side is chosen once per window, as in handles(): no branch per message.
        if (sender) {
            for (int w = 0; w < WINDOW; w++) {
                slots[w].handle = CBaseline.isendHandle(sendBuffer, bytes, peer);
                slots[w].buffer = sendBuffer;
            }
        } else {
            for (int w = 0; w < WINDOW; w++) {
                slots[w].handle = CBaseline.irecvHandle(recvBuffer, bytes, peer);
                slots[w].buffer = recvBuffer;
            }
        }
        for (int w = 0; w < WINDOW; w++) {
            handles[w] = slots[w].handle;
        }
        CBaseline.waitAllHandles(handles, WINDOW);
        for (int w = 0; w < WINDOW; w++) {
            slots[w].handle = handles[w];
            slots[w].buffer = null;
        }
        CBaseline.ack(ackAddress, peer, !sender);
    }

    /** The FFM floor: {@link #floor}'s calls as downcalls, the requests in native memory. */
    private void ffmFloor() {
        long address = sender ? sendAddress : recvAddress;
        for (int w = 0; w < WINDOW; w++) {
            ffm.start(sender, address, bytes, peer, TAG, w);
        }
        ffm.waitAll(WINDOW);
        CBaseline.ack(ackAddress, peer, !sender);
    }

    /** The FFM floor with the FFM backend's data flow: {@link #handles} through downcalls. */
    private void ffmHandles() {
        ByteBuffer buf = sender ? sendBuffer : recvBuffer;
        for (int w = 0; w < WINDOW; w++) {
            handles[w] = ffm.startHandle(sender, buf, bytes, peer, TAG);
        }
        ffm.waitAllHandles(handles, WINDOW);
        CBaseline.ack(ackAddress, peer, !sender);
    }

    /** {@link #ffmHandles}, each handle and buffer kept in a reused object as {@link #slots}. */
    private void ffmSlots() {
        ByteBuffer buf = sender ? sendBuffer : recvBuffer;
        for (int w = 0; w < WINDOW; w++) {
            slots[w].handle = ffm.startHandle(sender, buf, bytes, peer, TAG);
            slots[w].buffer = buf;
        }
        for (int w = 0; w < WINDOW; w++) {
            handles[w] = slots[w].handle;
        }
        ffm.waitAllHandles(handles, WINDOW);
        for (int w = 0; w < WINDOW; w++) {
            slots[w].handle = handles[w];
            slots[w].buffer = null;
        }
        CBaseline.ack(ackAddress, peer, !sender);
    }

    /**
     * The JNI floor: the same MPI calls through primitive-argument natives; with
     * {@code objects}, the data buffer passed as an object whose address C reads.
     */
    private void floor(boolean objects) {
        for (int w = 0; w < WINDOW; w++) {
            long request = requestsAddress + (long) w * requestSize;
            if (sender && objects) {
                CBaseline.isendBuffer(sendBuffer, bytes, peer, request);
            } else if (sender) {
                CBaseline.isend(sendAddress, bytes, peer, request);
            } else if (objects) {
                CBaseline.irecvBuffer(recvBuffer, bytes, peer, request);
            } else {
                CBaseline.irecv(recvAddress, bytes, peer, request);
            }
        }
        CBaseline.waitAll(requestsAddress, WINDOW);
        CBaseline.ack(ackAddress, peer, !sender);
    }
}
