package mpi.jmh;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * {@link SmallMessages}' blocking pair ({@code send} then {@code recv} of a small message to
 * self on {@code MPI.COMM_SELF}) taken apart step by step, from C's loop to the binding, each
 * step one layer more than the one before. Every repetition times 1000 pairs of each pattern
 * (after 10 untimed ones) in rotating order ({@link Rotation}); the table gives each
 * pattern's median time per call (half a pair) and its median difference from C's in the
 * same repetition, so a step's cost per call is its difference minus the previous step's.
 * One process, no mpirun (an MPI singleton).
 *
 * <pre>java -cp jmh/target/benchmarks.jar mpi.jmh.BlockingSteps [REPS [BYTES [PATTERN...]]]</pre>
 *
 * Patterns, in step order: {@code c} the pairs in a C loop ({@link CBaseline#blocking}, one
 * JNI call for all); {@code cFenced} the same with a full fence after every MPI call, the one
 * a JNI call makes on its way back from native code; {@code floor} each MPI call through a
 * static native with primitive arguments only (the buffer's address), the least any JNI
 * binding can pay per call; {@code ffmFloor} (Java 22 and later) the same through
 * {@code java.lang.foreign} downcalls ({@link FfmFloor}: plain ones, as the FFM backend makes a
 * call that may wait), the least any FFM binding can pay; {@code objects} the buffers passed
 * as objects, their address read
 * in C as the binding reads it; {@code status} that with the receive returning the source and
 * byte count ({@code MPI_Get_count}) for Java to put in a new status object, as the binding's
 * {@code recv} does, its fields read; {@code buffer} the binding ({@code Comm.send}, {@code Comm.recv}) on
 * direct buffers; {@code arrays} the binding on {@code byte[]} (copied in Java through the
 * thread's staging memory up to 2 KiB). By default every pattern but {@code ffmFloor}. Bad
 * arguments are one line on standard error and exit status 2.
 *
 * <p>{@code buffer} and {@code arrays} in one run share the binding's {@code Comm.send} and
 * {@code Comm.recv}, which C2 then compiles for both kinds of argument: name one of them per
 * run to measure what a program using one API pays (on JDK 25, about 10 ns a call less for
 * buffers: docs/performance.md).
 */
public final class BlockingSteps {
    private static final int PAIRS = 1000, WARMUP = 10, TAG = 1;
    /** Open MPI sends at most about 1 KiB to self eagerly; a blocking send of more waits. */
    private static final int MAX_BYTES = 512;
    /** Repetitions of every Java pattern before the measured ones: C2 compiles them. */
    private static final int JIT_REPETITIONS = 300;

    /** What makes the pairs, by the names the command line gives them. */
    private enum Step {
        C("c"), C_FENCED("cFenced"), FLOOR("floor"), FFM_FLOOR("ffmFloor"), OBJECTS("objects"),
        STATUS("status"),
        BUFFER("buffer"), ARRAYS("arrays");

        final String label;

        Step(String label) {
            this.label = label;
        }

        /** The default patterns: every step but the FFM floor, which not every JVM has. */
        static final List<Step> DEFAULT_STEPS = Arrays.stream(values())
                .filter(s -> s != FFM_FLOOR).toList();

        static Step of(String label) {
            return RotationArgs.byLabel(values(), s -> s.label, label);
        }
    }

    /** What the status step's receive fills, as the binding fills its Status. */
    private static final class Received {
        int source, tag;
        long bytes;
    }

    private final Comm self = MPI.COMM_SELF;
    private final int bytes;
    private final ByteBuffer sendBuffer, recvBuffer;
    private final long sendAddress, recvAddress;
    private final byte[] sendArray, recvArray;
    /**
     * What the receives' statuses said (their sources and byte counts summed), so that the
     * JIT keeps them. Not the status itself: storing a new object in a field of an old one
     * costs G1's card-marking barrier (a StoreLoad fence), about 12 ns per receive here,
     * which is the caller's cost, not the binding's (with -XX:+UseParallelGC, 1 ns).
     */
    private long seen;
    /** The FFM floor, if a pattern takes it; else null. */
    private final FfmFloor ffm;

    /** @param ffm the FFM floors, or null if no pattern takes them */
    private BlockingSteps(int bytes, FfmFloor ffm) {
        this.bytes = bytes;
        int capacity = Math.max(bytes, 64);
        sendBuffer = MPI.newByteBuffer(capacity);
        recvBuffer = MPI.newByteBuffer(capacity);
        sendAddress = CBaseline.address(sendBuffer);
        recvAddress = CBaseline.address(recvBuffer);
        sendArray = new byte[capacity];
        recvArray = new byte[capacity];
        this.ffm = ffm;
    }

    /** @param args repetitions (default 2000), message size in bytes (default 8), patterns */
    public static void main(String[] args) throws MPIException {
        RotationArgs<Step> a = RotationArgs.parseOrExit("BlockingSteps", args, 2000, 8, Step::of,
                Step.DEFAULT_STEPS, MAX_BYTES,
                ": a larger blocking send to self may wait for its receive forever");
        boolean wantsFfm = a.patterns().contains(Step.FFM_FLOOR);
        FfmFloor ffm = wantsFfm ? FfmFloors.open("BlockingSteps", true) : null;
        if (wantsFfm && ffm == null) {
            System.exit(2);
        }
        MpiRuntime.ensureInitialized();
        new BlockingSteps(a.bytes(), ffm).run(a.reps(), a.patterns());
    }

    private void run(int reps, List<Step> steps) throws MPIException {
        Rotation.warmUp(steps.stream().filter(s -> s != Step.C && s != Step.C_FENCED).toList(),
                JIT_REPETITIONS, this::time);
        List<Rotation.Medians<Step>> rows = Rotation.measure(Step.C, steps, reps, 2.0 * PAIRS,
                this::time);
        System.out.printf("# send + recv of %d B to self on COMM_SELF, %d pairs per repetition;"
                + " %d repetitions, patterns in rotating order; medians%n", bytes, PAIRS, reps);
        Rotation.print(rows, s -> s.label, "ns/call", "minus C ns/call", "C/pattern");
    }

    /** @return the time of {@value #PAIRS} pairs of {@code step}, in ns */
    private long time(Step step) throws MPIException {
        if (step == Step.C || step == Step.C_FENCED) {
            boolean fenced = step == Step.C_FENCED;
            cPairs(fenced, WARMUP);
            long start = System.nanoTime();
            cPairs(fenced, PAIRS);
            return System.nanoTime() - start;
        }
        pairs(step, WARMUP);
        long start = System.nanoTime();
        pairs(step, PAIRS);
        return System.nanoTime() - start;
    }

    /** {@code n} pairs in C's loop, one JNI call. */
    private void cPairs(boolean fenced, int n) {
        if (fenced) {
            CBaseline.blockingFenced(sendBuffer, recvBuffer, bytes, n);
        } else {
            CBaseline.blocking(sendBuffer, recvBuffer, bytes, n);
        }
    }

    /**
     * {@code n} pairs of a Java step: an enum switch per repetition, not per call, and each
     * step's loop a method of its own, compiled on its own (in one method, the steps listed
     * on the command line changed what the JIT inlined into all of them).
     */
    private void pairs(Step step, int n) throws MPIException {
        switch (step) {
            case FLOOR -> floor(n);
            case FFM_FLOOR -> ffmFloor(n);
            case OBJECTS -> objects(n);
            case STATUS -> status(n);
            case BUFFER -> buffers(n);
            case ARRAYS -> arrays(n);
            default -> throw new IllegalStateException(step.label + " runs in C");
        }
    }

    private void floor(int n) {
        for (int i = 0; i < n; i++) {
            CBaseline.sendSelf(sendAddress, bytes);
            CBaseline.recvSelf(recvAddress, bytes);
        }
    }

    private void ffmFloor(int n) {
        for (int i = 0; i < n; i++) {
            ffm.sendSelf(sendAddress, bytes, TAG);
            ffm.recvSelf(recvAddress, bytes, TAG);
        }
    }

    private void objects(int n) {
        for (int i = 0; i < n; i++) {
            CBaseline.sendSelfBuffer(sendBuffer, bytes);
            CBaseline.recvSelfBuffer(recvBuffer, bytes);
        }
    }

    private void status(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            CBaseline.sendSelfBuffer(sendBuffer, bytes);
            long sourceAndBytes = CBaseline.recvSelfCount(recvBuffer, bytes);
            Received r = new Received();
            r.source = (int) (sourceAndBytes >> 32);
            r.tag = TAG;
            r.bytes = sourceAndBytes & 0xFFFF_FFFFL;
            sum += r.source + r.bytes;
        }
        seen += sum;
    }

    /**
     * The binding's send and recv on direct buffers, the status read as {@link #status}
     * reads its own. Buffers and arrays have a loop each, the same calls: the JIT profiles
     * a call site's argument types, and a loop shared by both would inline for two types,
     * as no program running one API does.
     */
    private void buffers(int n) throws MPIException {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            self.send(sendBuffer, bytes, MPI.BYTE, 0, TAG);
            Status st = self.recv(recvBuffer, bytes, MPI.BYTE, 0, TAG);
            sum += st.getSource() + st.getCount(MPI.BYTE);
        }
        seen += sum;
    }

    /** {@link #buffers} on {@code byte[]}. */
    private void arrays(int n) throws MPIException {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            self.send(sendArray, bytes, MPI.BYTE, 0, TAG);
            Status st = self.recv(recvArray, bytes, MPI.BYTE, 0, TAG);
            sum += st.getSource() + st.getCount(MPI.BYTE);
        }
        seen += sum;
    }
}
