package mpi.jmh;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import mpi.common.stats.OrderRanks;

/**
 * What the binding adds to the calls a benchmark may time besides send and receive: probe,
 * iProbe, sSend, rSend, waitAny and testAny, each in a short sequence to self on
 * {@code MPI.COMM_SELF} beside the same sequence in a C loop ({@link CBaseline#calls}), the
 * two alternating within every repetition (C first in even ones, Java first in odd ones).
 * Per call: the median time per sequence of C and of the binding (direct buffers), the
 * median of their difference, and the median of C/binding with its 95 % distribution-free
 * interval ({@link OrderRanks}). One process, no mpirun (an MPI singleton).
 *
 * <pre>java -cp jmh/target/benchmarks.jar mpi.jmh.CallFloors [REPS [BYTES [CALL...]]]</pre>
 *
 * Sequences: {@code probe} send, probe, recv; {@code iProbe} send, iProbe until found, recv;
 * {@code sSend} iRecv, sSend, wait; {@code rSend} iRecv, rSend, wait; {@code waitAny} iRecv,
 * send, waitAny of one; {@code testAny} iRecv, send, testAny of one until done.
 */
public final class CallFloors {
    private static final int SEQUENCES = 1000, WARMUP = 10, TAG = 1;
    /** Open MPI sends at most about 1 KiB to self eagerly; a blocking send of more waits. */
    private static final int MAX_BYTES = 512;
    private static final int JIT_REPETITIONS = 300;
    private static final double LEVEL = 0.95;

    /** The sequences, in the order of {@code CBaseline.calls}' switch. */
    enum Call {
        PROBE("probe"), IPROBE("iProbe"), SSEND("sSend"), RSEND("rSend"), WAITANY("waitAny"),
        TESTANY("testAny");

        final String label;

        Call(String label) {
            this.label = label;
        }

        static Call of(String label) {
            return RotationArgs.byLabel(values(), c -> c.label, label);
        }
    }

    private final Comm self = MPI.COMM_SELF;
    private final int bytes;
    private final ByteBuffer send, recv;
    private final Request[] one = new Request[1];
    /** What the statuses said, summed, so that the JIT keeps them. */
    private long seen;

    private CallFloors(int bytes) {
        this.bytes = bytes;
        send = MPI.newByteBuffer(Math.max(bytes, 64));
        recv = MPI.newByteBuffer(Math.max(bytes, 64));
    }

    /** @param args repetitions (default 500), message size in bytes (default 8), calls */
    public static void main(String[] args) throws MPIException {
        RotationArgs<Call> a = RotationArgs.parseOrExit("CallFloors", args, 500, 8, Call::of,
                List.of(Call.values()), MAX_BYTES,
                ": a larger blocking send to self may wait for its receive forever");
        MpiRuntime.ensureInitialized();
        CallFloors floors = new CallFloors(a.bytes());
        for (int r = 0; r < JIT_REPETITIONS; r++) {
            for (Call c : a.patterns()) {
                floors.java(c, SEQUENCES);
            }
        }
        System.out.printf("# each sequence to self on COMM_SELF, %d B, direct buffers; %d"
                + " sequences per repetition, %d repetitions, C and Java alternating;"
                + " medians, C/Java with its %.0f %% interval%n", a.bytes(), SEQUENCES,
                a.reps(), LEVEL * 100);
        System.out.printf("# %-8s %10s %10s %14s %9s %20s%n", "call", "C ns", "Java ns",
                "Java-C ns", "C/Java", "interval");
        for (Call c : a.patterns()) {
            floors.measure(c, a.reps());
        }
    }

    private void measure(Call call, int reps) throws MPIException {
        double[] c = new double[reps], java = new double[reps];
        double[] diff = new double[reps], ratio = new double[reps];
        for (int r = 0; r < reps; r++) {
            if (r % 2 == 0) {
                c[r] = timeC(call);
                java[r] = timeJava(call);
            } else {
                java[r] = timeJava(call);
                c[r] = timeC(call);
            }
            diff[r] = java[r] - c[r];
            ratio[r] = c[r] / java[r];
        }
        Arrays.sort(ratio);
        OrderRanks ranks = OrderRanks.of(reps, LEVEL);
        System.out.printf("  %-8s %10.1f %10.1f %14.1f %9.3f   [%.3f, %.3f]%n", call.label,
                Rotation.median(c), Rotation.median(java), Rotation.median(diff),
                Rotation.median(ratio), ratio[ranks.lower() - 1], ratio[ranks.upper() - 1]);
    }

    /** @return ns per sequence of C's loop */
    private double timeC(Call call) {
        CBaseline.calls(call.ordinal(), send, recv, bytes, WARMUP);
        long start = System.nanoTime();
        CBaseline.calls(call.ordinal(), send, recv, bytes, SEQUENCES);
        return (System.nanoTime() - start) / (double) SEQUENCES;
    }

    /** @return ns per sequence of the binding's */
    private double timeJava(Call call) throws MPIException {
        java(call, WARMUP);
        long start = System.nanoTime();
        java(call, SEQUENCES);
        return (System.nanoTime() - start) / (double) SEQUENCES;
    }

    /** {@code n} sequences; each call's loop a method of its own, compiled on its own. */
    private void java(Call call, int n) throws MPIException {
        switch (call) {
            case PROBE -> probe(n);
            case IPROBE -> iProbe(n);
            case SSEND -> synchronous(n, true);
            case RSEND -> synchronous(n, false);
            case WAITANY -> waitAny(n);
            case TESTANY -> testAny(n);
            default -> throw new AssertionError(call);
        }
    }

    private void probe(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            self.send(send, bytes, MPI.BYTE, 0, TAG);
            Status s = self.probe(0, TAG);
            seen += s.getSource();
            self.recv(recv, bytes, MPI.BYTE, 0, TAG);
        }
    }

    private void iProbe(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            self.send(send, bytes, MPI.BYTE, 0, TAG);
            Status s;
            do {
                s = self.iProbe(0, TAG);
            } while (s == null);
            seen += s.getSource();
            self.recv(recv, bytes, MPI.BYTE, 0, TAG);
        }
    }

    private void synchronous(int n, boolean sSend) throws MPIException {
        for (int i = 0; i < n; i++) {
            Request r = self.iRecv(recv, bytes, MPI.BYTE, 0, TAG);
            if (sSend) {
                self.sSend(send, bytes, MPI.BYTE, 0, TAG);
            } else {
                self.rSend(send, bytes, MPI.BYTE, 0, TAG);
            }
            r.waitFor();
        }
    }

    private void waitAny(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            one[0] = self.iRecv(recv, bytes, MPI.BYTE, 0, TAG);
            self.send(send, bytes, MPI.BYTE, 0, TAG);
            seen += Request.waitAny(one);
        }
    }

    private void testAny(int n) throws MPIException {
        for (int i = 0; i < n; i++) {
            one[0] = self.iRecv(recv, bytes, MPI.BYTE, 0, TAG);
            self.send(send, bytes, MPI.BYTE, 0, TAG);
            int index;
            do {
                index = Request.testAny(one);
            } while (index == MPI.UNDEFINED);
            seen += index;
        }
    }
}
