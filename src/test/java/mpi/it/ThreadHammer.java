package mpi.it;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Hammers the binding from many threads at once on 2 ranks under
 * {@code MPI_THREAD_MULTIPLE}: every thread of a rank talks to the thread of the same number
 * on the other rank, with its own tags, through blocking and non-blocking calls on Java arrays
 * (staged through the shared pools) and direct buffers, windows of requests completed by
 * waitAll and by waitFor, and collectives on a communicator of its own; every message is
 * checked. The threads also make garbage, so that collections happen while others wait in MPI.
 * Each rank prints {@code PASS rank R: ...} or {@code FAIL rank R: ...};
 * {@link ThreadSafetyIT} asserts on those lines.
 *
 * <p>Arguments: threads, rounds per thread.
 */
public final class ThreadHammer {
    /** Message sizes in bytes, cycled: own staging buffers, shared staging, the pool's classes. */
    private static final int[] SIZES = {1, 8, 100, 4096, 5000, 20000, 65536};
    private static final int WINDOW = 4;
    /** Small staged messages per burst: all of one pool class, where threads meet most. */
    private static final int BURST = 16;
    private static final int BURST_BYTES = 48;

    private ThreadHammer() {
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int provided = MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        if (provided < MPI.THREAD_MULTIPLE) {
            System.out.println("FAIL rank " + rank + ": MPI provides thread level " + provided);
            MPI.Finalize();
            return;
        }
        Intracomm[] comms = new Intracomm[threads];
        for (int t = 0; t < threads; t++) {
            comms[t] = world.dup(); // collective: made in the same order on both ranks
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] workers = new Thread[threads];
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            Worker w = new Worker(world, comms[t], rank, t, rounds);
            workers[t] = new Thread(() -> {
                try {
                    w.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "hammer-" + t);
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Throwable f = failure.get();
        if (f != null) {
            System.out.print("FAIL rank " + rank + ": " + f + "\n");
            System.out.flush();
            world.abort(1);
        }
        // One write per line, rank 0 first: mpirun merges the ranks' output streams.
        String line = String.format("PASS rank %d: %d threads x %d rounds in %.1f s%n", rank,
                threads, rounds, seconds);
        for (int r = 0; r < world.getSize(); r++) {
            if (r == rank) {
                System.out.print(line);
                System.out.flush();
            }
            world.barrier();
        }
        for (Intracomm c : comms) {
            c.free();
        }
        world.barrier();
        MPI.Finalize();
    }

    /** One thread's conversation with its twin on the other rank. */
    private static final class Worker {
        private final Intracomm world;
        private final Intracomm own;
        private final int rank;
        private final int peer;
        private final int thread;
        private final int rounds;
        private final int max = SIZES[SIZES.length - 1];
        private final byte[] sendBytes = new byte[max];
        private final byte[] recvBytes = new byte[max];
        private final int[] sendInts = new int[max / 4];
        private final byte[][] window = new byte[WINDOW][max];
        private final ByteBuffer sendBuf = MPI.newByteBuffer(max);
        private final ByteBuffer recvBuf = MPI.newByteBuffer(max);
        private final ByteBuffer[] bufWindow = new ByteBuffer[WINDOW];
        private final Request[] requests = new Request[2 * WINDOW];
        private final byte[][] burstSend = new byte[BURST][BURST_BYTES];
        private final byte[][] burstRecv = new byte[BURST][BURST_BYTES];
        private final Request[] burst = new Request[2 * BURST];
        private final int[] sum = new int[4];
        private final int[] summed = new int[4];
        private Object garbage;

        Worker(Intracomm world, Intracomm own, int rank, int thread, int rounds) {
            this.world = world;
            this.own = own;
            this.rank = rank;
            this.peer = 1 - rank;
            this.thread = thread;
            this.rounds = rounds;
            for (int w = 0; w < WINDOW; w++) {
                bufWindow[w] = MPI.newByteBuffer(max);
            }
        }

        void run() throws MPIException {
            for (int round = 0; round < rounds; round++) {
                int bytes = SIZES[(round + thread) % SIZES.length];
                garbage = new byte[1 << 16]; // collections while other threads wait in MPI
                blockingArrays(round, bytes);
                blockingBuffers(round, bytes);
                nonBlockingArrays(round, bytes);
                nonBlockingBuffers(round, bytes);
                for (int k = 0; k < 4; k++) {
                    stagingBurst(round, k, peer);
                    stagingBurst(round, k, rank); // to itself: no waiting on the other rank
                }
                collective(round);
            }
            if (garbage == null) {
                throw new AssertionError("unreachable");
            }
        }

        /** The byte of a message at index i: sender, thread, round and a step apart. */
        private byte value(int sender, int round, int step, int i) {
            return (byte) (31 * i + 7 * sender + 13 * thread + 17 * round + 5 * step);
        }

        private int tag(int step) {
            return 100 * thread + step;
        }

        private void fill(byte[] a, int sender, int round, int step, int bytes) {
            for (int i = 0; i < bytes; i++) {
                a[i] = value(sender, round, step, i);
            }
        }

        private void fill(ByteBuffer b, int sender, int round, int step, int bytes) {
            for (int i = 0; i < bytes; i++) {
                b.put(i, value(sender, round, step, i));
            }
        }

        private void check(byte[] a, int sender, int round, int step, int bytes, String what) {
            for (int i = 0; i < bytes; i++) {
                if (a[i] != value(sender, round, step, i)) {
                    throw new AssertionError(what + ": thread " + thread + " round " + round
                            + " size " + bytes + " byte " + i + " is " + a[i] + ", expected "
                            + value(sender, round, step, i));
                }
            }
        }

        private void check(ByteBuffer b, int sender, int round, int step, int bytes,
                String what) {
            for (int i = 0; i < bytes; i++) {
                if (b.get(i) != value(sender, round, step, i)) {
                    throw new AssertionError(what + ": thread " + thread + " round " + round
                            + " size " + bytes + " byte " + i + " is " + b.get(i)
                            + ", expected " + value(sender, round, step, i));
                }
            }
        }

        /** Ping-pong: rank 0 sends first; every hop carries its sender's pattern. */
        private void blockingArrays(int round, int bytes) throws MPIException {
            java.util.Arrays.fill(recvBytes, 0, bytes, (byte) 0);
            fill(sendBytes, rank, round, 0, bytes);
            Status s;
            if (rank == 0) {
                world.send(sendBytes, bytes, MPI.BYTE, peer, tag(0));
                s = world.recv(recvBytes, bytes, MPI.BYTE, peer, tag(0));
            } else {
                s = world.recv(recvBytes, bytes, MPI.BYTE, MPI.ANY_SOURCE, tag(0));
                world.send(sendBytes, bytes, MPI.BYTE, peer, tag(0));
            }
            if (s.getSource() != peer || s.getTag() != tag(0) || s.getCount(MPI.BYTE) != bytes) {
                throw new AssertionError("blocking array status: source " + s.getSource()
                        + " tag " + s.getTag() + " count " + s.getCount(MPI.BYTE));
            }
            check(recvBytes, peer, round, 0, bytes, "blocking array");
            // int[] both ways at once through sendRecv (staged under THREAD_MULTIPLE)
            int n = Math.max(1, bytes / 4);
            for (int i = 0; i < n; i++) {
                sendInts[i] = rank * 1_000_003 + thread * 10_007 + round * 31 + i;
            }
            int[] got = new int[n];
            world.sendRecv(sendInts, n, MPI.INT, peer, tag(1), got, n, MPI.INT, peer, tag(1));
            for (int i = 0; i < n; i++) {
                if (got[i] != peer * 1_000_003 + thread * 10_007 + round * 31 + i) {
                    throw new AssertionError("sendRecv int[]: thread " + thread + " round "
                            + round + " element " + i + " is " + got[i]);
                }
            }
        }

        private void blockingBuffers(int round, int bytes) throws MPIException {
            fill(sendBuf, rank, round, 2, bytes);
            for (int i = 0; i < bytes; i++) {
                recvBuf.put(i, (byte) 0);
            }
            if (rank == 0) {
                world.send(sendBuf, bytes, MPI.BYTE, peer, tag(2));
                world.recv(recvBuf, bytes, MPI.BYTE, peer, tag(2));
            } else {
                world.recv(recvBuf, bytes, MPI.BYTE, peer, tag(2));
                world.send(sendBuf, bytes, MPI.BYTE, peer, tag(2));
            }
            check(recvBuf, peer, round, 2, bytes, "blocking buffer");
        }

        /**
         * A window each way at once: the sends all from one array (staging shared above
         * 4 KiB), each receive into an array of its own; completed by waitAll.
         */
        private void nonBlockingArrays(int round, int bytes) throws MPIException {
            fill(sendBytes, rank, round, 3, bytes);
            for (int w = 0; w < WINDOW; w++) {
                java.util.Arrays.fill(window[w], 0, bytes, (byte) 0);
                requests[w] = world.iRecv(window[w], bytes, MPI.BYTE, peer, tag(3));
            }
            for (int w = 0; w < WINDOW; w++) {
                requests[WINDOW + w] = world.iSend(sendBytes, bytes, MPI.BYTE, peer, tag(3));
            }
            Request.waitAll(requests);
            for (int w = 0; w < WINDOW; w++) {
                check(window[w], peer, round, 3, bytes, "non-blocking array " + w);
            }
            // One receive into one array with waitFor, and test until done.
            java.util.Arrays.fill(recvBytes, 0, bytes, (byte) 0);
            Request r = world.iRecv(recvBytes, bytes, MPI.BYTE, peer, tag(4));
            Request s = world.iSend(sendBytes, bytes, MPI.BYTE, peer, tag(4));
            while (!s.test()) {
                Thread.onSpinWait();
            }
            r.waitFor();
            check(recvBytes, peer, round, 3, bytes, "non-blocking array waitFor");
        }

        /**
         * Many small staged calls at once, each on an array of its own and with its own data:
         * staging memory handed to two calls at once shows as another call's bytes.
         */
        private void stagingBurst(int round, int k, int with) throws MPIException {
            int step = 10 + k * BURST;
            for (int m = 0; m < BURST; m++) {
                java.util.Arrays.fill(burstRecv[m], (byte) 0);
                burst[m] = world.iRecv(burstRecv[m], BURST_BYTES, MPI.BYTE, with, tag(6));
            }
            for (int m = 0; m < BURST; m++) {
                fill(burstSend[m], rank, round, step + m, BURST_BYTES);
                burst[BURST + m] = world.iSend(burstSend[m], BURST_BYTES, MPI.BYTE, with, tag(6));
            }
            Request.waitAll(burst);
            for (int m = 0; m < BURST; m++) {
                check(burstRecv[m], with, round, step + m, BURST_BYTES, "staged burst " + m);
            }
        }

        private void nonBlockingBuffers(int round, int bytes) throws MPIException {
            fill(sendBuf, rank, round, 5, bytes);
            for (int w = 0; w < WINDOW; w++) {
                for (int i = 0; i < bytes; i++) {
                    bufWindow[w].put(i, (byte) 0);
                }
                requests[w] = world.iRecv(bufWindow[w], bytes, MPI.BYTE, peer, tag(5));
            }
            for (int w = 0; w < WINDOW; w++) {
                requests[WINDOW + w] = world.iSend(sendBuf, bytes, MPI.BYTE, peer, tag(5));
            }
            Request.waitAll(requests);
            for (int w = 0; w < WINDOW; w++) {
                check(bufWindow[w], peer, round, 5, bytes, "non-blocking buffer " + w);
            }
        }

        /** allReduce and bcast of arrays on this thread's own communicator. */
        private void collective(int round) throws MPIException {
            for (int i = 0; i < sum.length; i++) {
                sum[i] = (rank + 1) * (thread + round + i);
                summed[i] = -1;
            }
            own.allReduce(sum, summed, sum.length, MPI.INT, MPI.SUM);
            for (int i = 0; i < sum.length; i++) {
                if (summed[i] != 3 * (thread + round + i)) {
                    throw new AssertionError("allReduce: thread " + thread + " round " + round
                            + " element " + i + " is " + summed[i]);
                }
            }
            int[] b = {own.getRank() == 0 ? round * 7 + thread : -1};
            own.bcast(b, 1, MPI.INT, 0);
            if (b[0] != round * 7 + thread) {
                throw new AssertionError("bcast: thread " + thread + " round " + round
                        + " got " + b[0]);
            }
        }
    }
}
