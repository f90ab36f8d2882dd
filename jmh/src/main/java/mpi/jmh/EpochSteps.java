package mpi.jmh;

import java.nio.ByteBuffer;
import java.util.List;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * osu_put_latency's and osu_get_latency's epoch in passive mode ({@code -s flush}: a put or
 * a get of a small message, then {@code MPI_Win_flush}) in C's loop and through the binding,
 * on a window of {@code MPI_Win_allocate} over {@code MPI.COMM_SELF}, locked shared once.
 * Every repetition times 1000 epochs of each pattern (after 10 untimed ones) in rotating order
 * ({@link Rotation}); the table gives each pattern's median time per epoch and its median
 * difference from the baseline's in the same repetition. One process, no mpirun (an MPI
 * singleton): the cost of the calls, not of a peer.
 *
 * <pre>java -cp jmh/target/benchmarks.jar mpi.jmh.EpochSteps [REPS [BYTES [PATTERN...]]]</pre>
 *
 * Patterns: {@code c} C's put epochs ({@link CBaseline#epochs}, one JNI call for all);
 * {@code buffer} the binding's {@code Win.put} of a direct buffer and {@code Win.flush};
 * {@code arrays} the same of a {@code byte[]} (staged through native memory); {@code cGet},
 * {@code getBuffer}, {@code getArrays} the same with gets; {@code ffmFloor} and
 * {@code ffmGetFloor} (Java 22 and later) C's epochs on C's window through
 * {@code java.lang.foreign} downcalls with primitive arguments ({@link FfmFloor}: the put or
 * get critical, the flush plain, as the FFM backend makes them), the least an FFM binding
 * pays. The first pattern named is the
 * baseline (default: {@code c buffer arrays}). Bad arguments are one line on standard error
 * and exit status 2.
 */
public final class EpochSteps {
    private static final int EPOCHS = 1000, WARMUP = 10;
    /** Repetitions of every Java pattern before the measured ones: C2 compiles them. */
    private static final int JIT_REPETITIONS = 300;
    private static final int MAX_BYTES = 4096;

    /** What makes the epochs, by the names the command line gives them. */
    private enum Step {
        C("c", false), BUFFER("buffer", false), ARRAYS("arrays", false),
        C_GET("cGet", true), GET_BUFFER("getBuffer", true), GET_ARRAYS("getArrays", true),
        FFM_FLOOR("ffmFloor", false), FFM_GET_FLOOR("ffmGetFloor", true);

        final String label;
        final boolean get;

        Step(String label, boolean get) {
            this.label = label;
            this.get = get;
        }

        boolean inC() {
            return this == C || this == C_GET;
        }

        boolean inFfm() {
            return this == FFM_FLOOR || this == FFM_GET_FLOOR;
        }

        static Step of(String label) {
            return RotationArgs.byLabel(values(), s -> s.label, label);
        }
    }

    private final int bytes;
    private final ByteBuffer buffer = MPI.newByteBuffer(MAX_BYTES);
    private final byte[] array = new byte[MAX_BYTES];
    private final long cWin, bufferAddress;
    private final Win win;
    /** The FFM floor, if a pattern takes it; else null. */
    private final FfmFloor ffm;

    /** @param ffm the FFM floors, or null if no pattern takes them */
    private EpochSteps(int bytes, FfmFloor ffm) throws MPIException {
        this.bytes = bytes;
        this.ffm = ffm;
        bufferAddress = CBaseline.address(buffer);
        cWin = CBaseline.winAllocate(MAX_BYTES);
        win = new Win(MAX_BYTES, 1, MPI.INFO_NULL, MPI.COMM_SELF, null, Win.FLAVOR_PRIVATE);
        win.lock(MPI.LOCK_SHARED, 0, 0);
    }

    /** @param args repetitions (default 2000), message size in bytes (default 8), patterns */
    public static void main(String[] args) throws MPIException {
        RotationArgs<Step> a = RotationArgs.parseOrExit("EpochSteps", args, 2000, 8, Step::of,
                List.of(Step.C, Step.BUFFER, Step.ARRAYS), MAX_BYTES, "");
        boolean wantsFfm = a.patterns().stream().anyMatch(Step::inFfm);
        FfmFloor ffm = wantsFfm ? FfmFloors.open("EpochSteps", true) : null;
        if (wantsFfm && ffm == null) {
            System.exit(2);
        }
        MpiRuntime.ensureInitialized();
        EpochSteps steps = new EpochSteps(a.bytes(), ffm);
        steps.run(a.reps(), a.patterns());
        steps.close();
    }

    private void run(int reps, List<Step> steps) throws MPIException {
        Rotation.warmUp(steps.stream().filter(s -> !s.inC()).toList(), JIT_REPETITIONS,
                this::time);
        List<Rotation.Medians<Step>> rows = Rotation.measure(steps.get(0), steps, reps, EPOCHS,
                this::time);
        System.out.printf("# passive-target epochs (op + MPI_Win_flush) of %d B on a window of"
                + " COMM_SELF, %d per repetition; %d repetitions, patterns in rotating order;"
                + " medians%n", bytes, EPOCHS, reps);
        Rotation.print(rows, s -> s.label, "ns/epoch", "minus base ns", "base/pattern");
    }

    private void close() throws MPIException {
        win.unlock(0);
        win.free();
        CBaseline.winFree(cWin);
    }

    /** @return the time of {@value #EPOCHS} epochs of {@code step}, in ns */
    private long time(Step step) throws MPIException {
        epochs(step, WARMUP);
        long start = System.nanoTime();
        epochs(step, EPOCHS);
        return System.nanoTime() - start;
    }

    /** {@code n} epochs: each Java step's loop a method of its own, as in BlockingSteps. */
    private void epochs(Step step, int n) throws MPIException {
        switch (step) {
            case C, C_GET -> CBaseline.epochs(cWin, buffer, bytes, step.get, n);
            case BUFFER -> puts(buffer, n);
            case ARRAYS -> putArrays(n);
            case GET_BUFFER -> gets(buffer, n);
            case GET_ARRAYS -> getArrays(n);
            case FFM_FLOOR, FFM_GET_FLOOR -> ffmEpochs(step.get, n);
            default -> throw new IllegalStateException(step.label);
        }
    }

    private void ffmEpochs(boolean get, int n) {
        for (int i = 0; i < n; i++) {
            ffm.epoch(get, cWin, bufferAddress, bytes);
        }
    }

    private void puts(ByteBuffer origin, int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            win.put(origin, bytes, MPI.BYTE, 0, 0, bytes, MPI.BYTE);
            win.flush(0);
        }
    }

    private void putArrays(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            win.put(array, bytes, MPI.BYTE, 0, 0L, bytes, MPI.BYTE);
            win.flush(0);
        }
    }

    private void gets(ByteBuffer origin, int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            win.get(origin, bytes, MPI.BYTE, 0, 0, bytes, MPI.BYTE);
            win.flush(0);
        }
    }

    private void getArrays(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            win.get(array, bytes, MPI.BYTE, 0, 0L, bytes, MPI.BYTE);
            win.flush(0);
        }
    }
}
