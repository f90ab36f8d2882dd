package mpi.it;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/**
 * The extension that starts a non-blocking call in a completed {@link Request} the caller
 * hands back ({@code Comm.iSend/iRecv(..., Request reuse)}), on 2 ranks under mpirun: rank 0
 * sends, rank 1 receives and checks. Each check prints {@code PASS name} or
 * {@code FAIL name: why}; {@link RequestReuseIT} asserts on those lines.
 */
public final class RequestReuseProbe {
    private static final int WINDOW = 8;
    private static final int ROUNDS = 5;
    private static int rank;
    private static Comm world;

    private interface Check {
        void run() throws Exception;
    }

    private RequestReuseProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        check("windows on direct buffers reuse their requests", RequestReuseProbe::buffers);
        check("windows on staged arrays reuse their requests", RequestReuseProbe::arrays);
        check("a window into one array reuses its requests", RequestReuseProbe::sharedArray);
        check("an active or persistent request is refused, nothing started",
                RequestReuseProbe::refused);
        check("a freed request is reused", RequestReuseProbe::freed);
        MPI.Finalize();
    }

    private static void check(String name, Check c) throws MPIException {
        try {
            c.run();
            System.out.println("PASS " + name);
        } catch (Throwable t) {
            System.out.println("FAIL " + name + ": " + t);
        }
        System.out.flush();
        world.barrier();
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    /** The first round allocates; later rounds return the very objects of the slots. */
    private static void requireSame(Request[] before, Request[] after, int round) {
        for (int w = 0; w < WINDOW; w++) {
            require(round == 0 || before[w] == after[w], "round " + round + " slot " + w
                    + " got a new request");
            require(after[w].isNull(), "round " + round + " slot " + w + " not complete");
        }
    }

    /** Each message carries its round and slot, so a mixed-up reuse shows in the data. */
    private static void buffers() throws MPIException {
        IntBuffer[] bufs = new IntBuffer[WINDOW];
        for (int w = 0; w < WINDOW; w++) {
            bufs[w] = MPI.newIntBuffer(4);
        }
        Request[] reqs = new Request[WINDOW];
        for (int round = 0; round < ROUNDS; round++) {
            Request[] before = reqs.clone();
            for (int w = 0; w < WINDOW; w++) {
                if (rank == 0) {
                    for (int k = 0; k < 4; k++) {
                        bufs[w].put(k, round * 1000 + w * 10 + k);
                    }
                    reqs[w] = world.iSend(bufs[w], 4, MPI.INT, 1, 20 + w, reqs[w]);
                } else {
                    reqs[w] = world.iRecv(bufs[w], 4, MPI.INT, 0, 20 + w, reqs[w]);
                }
            }
            Request.waitAll(reqs);
            requireSame(before, reqs, round);
            if (rank == 1) {
                for (int w = 0; w < WINDOW; w++) {
                    for (int k = 0; k < 4; k++) {
                        require(bufs[w].get(k) == round * 1000 + w * 10 + k,
                                "round " + round + " slot " + w + " element " + k);
                    }
                }
            }
        }
    }

    /** Staged arrays, one per slot: each reused receive still copies into its own array. */
    private static void arrays() throws MPIException {
        long[][] bufs = new long[WINDOW][3];
        Request[] reqs = new Request[WINDOW];
        for (int round = 0; round < ROUNDS; round++) {
            Request[] before = reqs.clone();
            for (int w = 0; w < WINDOW; w++) {
                if (rank == 0) {
                    Arrays.fill(bufs[w], round * 100L + w);
                    reqs[w] = world.iSend(bufs[w], 3, MPI.LONG, 1, 30, reqs[w]);
                } else {
                    Arrays.fill(bufs[w], -1L);
                    reqs[w] = world.iRecv(bufs[w], 3, MPI.LONG, 0, 30, reqs[w]);
                }
            }
            if (round % 2 == 0) {
                Request.waitAll(reqs);
            } else {
                for (Request r : reqs) {
                    r.waitFor();
                }
            }
            requireSame(before, reqs, round);
            if (rank == 1) {
                for (int w = 0; w < WINDOW; w++) {
                    for (int k = 0; k < 3; k++) {
                        require(bufs[w][k] == round * 100L + w, "round " + round + " slot "
                                + w + " = " + bufs[w][k]);
                    }
                }
            }
        }
    }

    /** OMB's bandwidth window: every call on one array; the array holds the last message. */
    private static void sharedArray() throws MPIException {
        byte[] buf = new byte[1024];
        Request[] reqs = new Request[WINDOW];
        for (int round = 0; round < ROUNDS; round++) {
            Request[] before = reqs.clone();
            for (int w = 0; w < WINDOW; w++) {
                if (rank == 0) {
                    Arrays.fill(buf, (byte) (round + 1));
                    reqs[w] = world.iSend(buf, buf.length, MPI.BYTE, 1, 40, reqs[w]);
                } else {
                    reqs[w] = world.iRecv(buf, buf.length, MPI.BYTE, 0, 40, reqs[w]);
                }
            }
            Request.waitAll(reqs);
            requireSame(before, reqs, round);
            if (rank == 1) {
                for (int k = 0; k < buf.length; k++) {
                    require(buf[k] == round + 1, "round " + round + " byte " + k + " = " + buf[k]);
                }
            }
        }
    }

    /**
     * Handing back an active request, or a persistent one, is an IllegalArgumentException
     * before anything starts: the one message of tag 50 sent is the one received.
     */
    private static void refused() throws Exception {
        ByteBuffer buf = MPI.newByteBuffer(8);
        Prequest persistent = world.sendInit(buf, 8, MPI.BYTE, 1 - rank, 51);
        try {
            expectRefused(() -> world.iSend(buf, 8, MPI.BYTE, 1 - rank, 52, persistent));
        } finally {
            persistent.free();
        }
        if (rank == 0) {
            buf.putLong(0, 0x0123_4567_89AB_CDEFL);
            Request active = world.iSend(buf, 8, MPI.BYTE, 1, 50);
            expectRefused(() -> world.iSend(buf, 8, MPI.BYTE, 1, 50, active));
            expectRefused(() -> world.iSend(new byte[8], 8, MPI.BYTE, 1, 50, active));
            active.waitFor();
            world.send(new byte[1], 1, MPI.BYTE, 1, 53); // the only other message
        } else {
            Request active = world.iRecv(buf, 8, MPI.BYTE, 0, 50);
            expectRefused(() -> world.iRecv(buf, 8, MPI.BYTE, 0, 50, active));
            expectRefused(() -> world.iRecv(new byte[8], 8, MPI.BYTE, 0, 50, active));
            active.waitFor();
            require(buf.getLong(0) == 0x0123_4567_89AB_CDEFL, "data " + buf.getLong(0));
            world.recv(new byte[1], 1, MPI.BYTE, 0, 53);
        }
    }

    private static void expectRefused(Check c) throws Exception {
        try {
            c.run();
        } catch (IllegalArgumentException e) {
            require(e.getMessage() != null && !e.getMessage().isEmpty(), "no message");
            return;
        }
        throw new AssertionError("expected IllegalArgumentException, nothing thrown");
    }

    /** A freed request (the operation goes on) may carry the next call. */
    private static void freed() throws MPIException {
        int[] data = new int[2];
        if (rank == 0) {
            Request r = world.iSend(new int[] {7, 8}, 2, MPI.INT, 1, 60);
            r.free();
            Request again = world.iSend(new int[] {9, 10}, 2, MPI.INT, 1, 61, r);
            require(again == r, "a new request");
            again.waitFor();
        } else {
            world.recv(data, 2, MPI.INT, 0, 60);
            require(data[0] == 7 && data[1] == 8, "first " + Arrays.toString(data));
            world.recv(data, 2, MPI.INT, 0, 61);
            require(data[0] == 9 && data[1] == 10, "second " + Arrays.toString(data));
        }
    }
}
