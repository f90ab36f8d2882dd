package mpi.it;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.MPI;
import mpi.Status;

/**
 * What the binding allocates per blocking call once the JIT has compiled it: rounds of
 * {@value #PAIRS} round trips of 8 B between ranks 0 and 1 (osu_latency's loop: rank 0 sends
 * then receives, rank 1 receives then sends), the receive's status read as a program reads
 * it, with each rank's allocated bytes ({@code com.sun.management.ThreadMXBean}) counted
 * around each round. Each rank prints {@code allocated per pair: API RANK MEDIAN} (the median
 * of its last {@value #MEASURED} of {@value #ROUNDS} rounds, in bytes per send + recv).
 *
 * <p>A program pays for an allocation per call in time (about 5-10 ns a call, and the
 * collections it causes): {@code Comm.recv} returns a new {@link Status} that costs nothing
 * only where the JIT inlines {@code recv} into the caller's loop and sees the status does not
 * escape, which it does only while {@code recv}'s compiled code stays small. One API per
 * JVM, as a program runs: a call site that sees both kinds of buffer compiles differently.
 *
 * <p>Argument: {@code buffer} (direct buffers) or {@code arrays} ({@code byte[]}).
 */
public final class AllocationProbe {
    private static final int PAIRS = 10_000, WARM_UP_ROUNDS = 3, ROUNDS = 40, MEASURED = 10,
            BYTES = 8, TAG = 1;

    private AllocationProbe() {
    }

    public static void main(String[] args) throws Exception {
        boolean arrays = args[0].equals("arrays");
        MPI.Init(args);
        Comm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        ByteBuffer sendBuffer = MPI.newByteBuffer(BYTES), receiveBuffer = MPI.newByteBuffer(BYTES);
        byte[] sendArray = new byte[BYTES], receiveArray = new byte[BYTES];
        // First from other call sites, so that Comm.send and Comm.recv are compiled on their
        // own before the measured loops are: the JIT then inlines them into those loops only if
        // their compiled code is small enough, as in a program that calls them from many places.
        long warm = 0;
        for (int i = 0; i < WARM_UP_ROUNDS; i++) {
            warm += arrays ? warmUp(world, rank, sendArray, receiveArray)
                    : warmUp(world, rank, sendBuffer, receiveBuffer);
        }
        double[] perPair = new double[ROUNDS];
        long received = warm - (long) WARM_UP_ROUNDS * PAIRS * BYTES;
        for (int round = 0; round < ROUNDS; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            if (rank == 0) {
                received += arrays ? arraysFirst(world, sendArray, receiveArray)
                        : buffersFirst(world, sendBuffer, receiveBuffer);
            } else {
                received += arrays ? arraysSecond(world, sendArray, receiveArray)
                        : buffersSecond(world, sendBuffer, receiveBuffer);
            }
            perPair[round] = (double) (threads.getCurrentThreadAllocatedBytes() - before) / PAIRS;
        }
        if (received != (long) ROUNDS * PAIRS * BYTES) {
            throw new AssertionError("received " + received + " bytes");
        }
        double[] last = Arrays.copyOfRange(perPair, ROUNDS - MEASURED, ROUNDS);
        Arrays.sort(last);
        // One println: a line the launcher forwards whole.
        System.out.println(String.format("allocated per pair: %s %d %.2f", args[0], rank,
                last[MEASURED / 2]));
        MPI.Finalize();
    }

    private static long warmUp(Comm world, int rank, Object out, Object in) throws Exception {
        long bytes = 0;
        for (int i = 0; i < PAIRS; i++) {
            if (rank == 0) {
                world.send(out, BYTES, MPI.BYTE, 1, TAG);
                bytes += world.recv(in, BYTES, MPI.BYTE, 1, TAG).getCount(MPI.BYTE);
            } else {
                bytes += world.recv(in, BYTES, MPI.BYTE, 0, TAG).getCount(MPI.BYTE);
                world.send(out, BYTES, MPI.BYTE, 0, TAG);
            }
        }
        return bytes;
    }

    // One method per API and side: a call site that sees one kind of buffer, as in a program.

    private static long buffersFirst(Comm world, ByteBuffer out, ByteBuffer in) throws Exception {
        long bytes = 0;
        for (int i = 0; i < PAIRS; i++) {
            world.send(out, BYTES, MPI.BYTE, 1, TAG);
            Status s = world.recv(in, BYTES, MPI.BYTE, 1, TAG);
            bytes += s.getCount(MPI.BYTE);
        }
        return bytes;
    }

    private static long buffersSecond(Comm world, ByteBuffer out, ByteBuffer in) throws Exception {
        long bytes = 0;
        for (int i = 0; i < PAIRS; i++) {
            Status s = world.recv(in, BYTES, MPI.BYTE, 0, TAG);
            world.send(out, BYTES, MPI.BYTE, 0, TAG);
            bytes += s.getCount(MPI.BYTE);
        }
        return bytes;
    }

    private static long arraysFirst(Comm world, byte[] out, byte[] in) throws Exception {
        long bytes = 0;
        for (int i = 0; i < PAIRS; i++) {
            world.send(out, BYTES, MPI.BYTE, 1, TAG);
            Status s = world.recv(in, BYTES, MPI.BYTE, 1, TAG);
            bytes += s.getCount(MPI.BYTE);
        }
        return bytes;
    }

    private static long arraysSecond(Comm world, byte[] out, byte[] in) throws Exception {
        long bytes = 0;
        for (int i = 0; i < PAIRS; i++) {
            Status s = world.recv(in, BYTES, MPI.BYTE, 0, TAG);
            world.send(out, BYTES, MPI.BYTE, 0, TAG);
            bytes += s.getCount(MPI.BYTE);
        }
        return bytes;
    }
}
