package mpi.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The {@link SmallMessages} patterns at 8 B timed in CPU time rather than wall time, for a
 * machine shared with other jobs, where JMH's wall-clock figures measure the scheduler: the
 * best of 15 batches of 200 000 operations, each timed with the thread's CPU clock. Run one
 * pattern per JVM (a JVM that ran several would compile the later ones with a polluted
 * profile), alternating builds, and take medians:
 *
 * <pre>java -cp jmh/target/benchmarks.jar mpi.jmh.CpuTime nonBlockingReuseBuffer</pre>
 *
 * Patterns: blockingBuffer, blockingArray, nonBlockingBuffer, nonBlockingArray,
 * nonBlockingReuseBuffer, nonBlockingReuseArray, and the C twins blockingC, nonBlockingC.
 */
public final class CpuTime {
    private static final int BYTES = 8, TAG = 1, BATCH = 200_000, BATCHES = 15;
    private static Comm self;
    private static ByteBuffer sendBuffer, recvBuffer;
    private static byte[] sendArray, recvArray;
    private static Request recvReuse, sendReuse;

    private CpuTime() {
    }

    /** @param args the patterns to time */
    public static void main(String[] args) throws MPIException {
        MpiRuntime.ensureInitialized();
        self = MPI.COMM_SELF;
        sendBuffer = MPI.newByteBuffer(64);
        recvBuffer = MPI.newByteBuffer(64);
        sendArray = new byte[64];
        recvArray = new byte[64];
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        for (String pattern : args) {
            double best = pattern.endsWith("C") ? twin(pattern, cpu) : java(pattern, cpu);
            System.out.printf("%-24s %7.1f ns cpu/op (best of %d x %d)%n", pattern, best,
                    BATCHES, BATCH);
        }
    }

    private static double java(String pattern, ThreadMXBean cpu) throws MPIException {
        for (int i = 0; i < 300_000; i++) { // JIT warm-up
            op(pattern);
        }
        double best = Double.MAX_VALUE;
        for (int b = 0; b < BATCHES; b++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < BATCH; i++) {
                op(pattern);
            }
            best = Math.min(best, (cpu.getCurrentThreadCpuTime() - t0) / (double) BATCH);
        }
        return best;
    }

    private static double twin(String pattern, ThreadMXBean cpu) {
        boolean blocking = pattern.equals("blockingC");
        int calls = BATCH / CBaseline.SMALL_N;
        double best = Double.MAX_VALUE;
        for (int b = 0; b <= BATCHES; b++) { // the first batch warms up
            long t0 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < calls; i++) {
                if (blocking) {
                    CBaseline.blocking(sendBuffer, recvBuffer, BYTES, CBaseline.SMALL_N);
                } else {
                    CBaseline.nonBlocking(sendBuffer, recvBuffer, BYTES, CBaseline.SMALL_N);
                }
            }
            if (b > 0) {
                best = Math.min(best, (cpu.getCurrentThreadCpuTime() - t0)
                        / (double) (calls * CBaseline.SMALL_N));
            }
        }
        return best;
    }

    private static void op(String pattern) throws MPIException {
        switch (pattern) {
            case "blockingBuffer" -> {
                self.send(sendBuffer, BYTES, MPI.BYTE, 0, TAG);
                self.recv(recvBuffer, BYTES, MPI.BYTE, 0, TAG);
            }
            case "blockingArray" -> {
                self.send(sendArray, BYTES, MPI.BYTE, 0, TAG);
                self.recv(recvArray, BYTES, MPI.BYTE, 0, TAG);
            }
            case "nonBlockingBuffer" -> {
                Request r = self.iRecv(recvBuffer, BYTES, MPI.BYTE, 0, TAG);
                Request s = self.iSend(sendBuffer, BYTES, MPI.BYTE, 0, TAG);
                r.waitFor();
                s.waitFor();
            }
            case "nonBlockingArray" -> {
                Request r = self.iRecv(recvArray, BYTES, MPI.BYTE, 0, TAG);
                Request s = self.iSend(sendArray, BYTES, MPI.BYTE, 0, TAG);
                r.waitFor();
                s.waitFor();
            }
            case "nonBlockingReuseBuffer" -> {
                recvReuse = self.iRecv(recvBuffer, BYTES, MPI.BYTE, 0, TAG, recvReuse);
                sendReuse = self.iSend(sendBuffer, BYTES, MPI.BYTE, 0, TAG, sendReuse);
                recvReuse.waitFor();
                sendReuse.waitFor();
            }
            case "nonBlockingReuseArray" -> {
                recvReuse = self.iRecv(recvArray, BYTES, MPI.BYTE, 0, TAG, recvReuse);
                sendReuse = self.iSend(sendArray, BYTES, MPI.BYTE, 0, TAG, sendReuse);
                recvReuse.waitFor();
                sendReuse.waitFor();
            }
            default -> throw new IllegalArgumentException("unknown pattern " + pattern);
        }
    }
}
