package mpi.it;

import java.nio.ByteBuffer;

import mpi.MPI;

/**
 * Rank 1 waits in a blocking receive for {@code seconds} while another of its threads
 * allocates as fast as it can; rank 0 sends only after that time. Run with
 * {@code -Xlog:safepoint} and a small heap: the allocating thread forces collections, and each
 * collection's safepoint must be reached at once, not after the receive returns (a call in
 * the FFM API's critical state would hold every safepoint until it returns). Rank 1 prints how
 * many arrays the thread allocated while it waited: the thread must not have stalled either.
 *
 * <p>Arguments: {@code buffer|arrays|large-arrays} (the receive's buffer: 4 bytes, one int, or
 * 64 KiB of ints, which both backends pin under G1 rather than copy) and the seconds to wait.
 */
public final class SafepointProbe {
    private SafepointProbe() {
    }

    public static void main(String[] args) throws Exception {
        boolean arrays = args[0].endsWith("arrays");
        int ints = args[0].equals("large-arrays") ? 16 * 1024 : 1;
        long millis = Long.parseLong(args[1]) * 1000;
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            Thread.sleep(millis);
            if (arrays) {
                int[] out = new int[ints];
                out[0] = 42;
                MPI.COMM_WORLD.send(out, ints, MPI.INT, 1, 7);
            } else {
                ByteBuffer b = MPI.newByteBuffer(4);
                b.putInt(0, 42);
                MPI.COMM_WORLD.send(b, 4, MPI.BYTE, 1, 7);
            }
        } else if (rank == 1) {
            Allocator allocator = new Allocator();
            allocator.start();
            int value;
            if (arrays) {
                int[] in = new int[ints];
                MPI.COMM_WORLD.recv(in, ints, MPI.INT, 0, 7);
                value = in[0];
            } else {
                ByteBuffer in = MPI.newByteBuffer(4);
                MPI.COMM_WORLD.recv(in, 4, MPI.BYTE, 0, 7);
                value = in.getInt(0);
            }
            long allocated = allocator.finish();
            System.out.println("received " + value + "; allocated while waiting " + allocated);
        }
        MPI.Finalize();
    }

    /** Allocates 64 KiB arrays, keeping a few alive, until stopped. */
    private static final class Allocator extends Thread {
        private volatile boolean running = true;
        private long count;
        private final byte[][] live = new byte[16][];

        Allocator() {
            setDaemon(true);
        }

        @Override
        public void run() {
            while (running) {
                live[(int) (count++ & 15)] = new byte[64 * 1024];
            }
        }

        long finish() throws InterruptedException {
            running = false;
            join();
            return count;
        }
    }
}
