package mpi.it;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.MPI;
import mpi.Message;
import mpi.Request;
import mpi.Status;

/**
 * Send modes, probes and matched probes between 2 ranks, on arrays and direct buffers:
 * sSend, bSend (with an attached buffer), rSend (after the receive is posted), their i-forms,
 * sendRecvReplace, probe and iProbe (a count read before the receive), Message's mProbe,
 * imProbe, mRecv and imRecv, and a probe of MPI.PROC_NULL. Each rank prints {@code rank R ok};
 * a wrong value is an exception and exit status 1.
 */
public final class SendModesProbe {
    private SendModesProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int other = 1 - rank;
        if (rank == 0) {
            world.sSend(new int[] {1, 2, 3}, 3, MPI.INT, 1, 1);
        } else {
            Status s = world.probe(0, 1);
            require(s.getSource() == 0 && s.getTag() == 1 && s.getCount(MPI.INT) == 3, "probe " + s);
            int[] in = new int[3];
            world.recv(in, 3, MPI.INT, 0, 1);
            require(Arrays.equals(in, new int[] {1, 2, 3}), "sSend " + Arrays.toString(in));
        }

        require(world.iProbe(MPI.ANY_SOURCE, 99) == null, "iProbe of a tag nobody sends");
        IntBuffer five = MPI.newIntBuffer(5);
        if (rank == 0) {
            for (int i = 0; i < 5; i++) {
                five.put(i, 10 + i);
            }
            world.send(five, 5, MPI.INT, 1, 2);
        } else {
            Status s;
            while ((s = world.iProbe(0, 2)) == null) {
                Thread.onSpinWait();
            }
            require(s.getCount(MPI.INT) == 5, "iProbe count " + s);
            world.recv(five, 5, MPI.INT, 0, 2);
            require(five.get(4) == 14, "iProbe then recv");
        }

        byte[] attached = new byte[64 * 1024];
        MPI.attachBuffer(attached);
        if (rank == 0) {
            world.bSend(new long[] {7, 8}, 2, MPI.LONG, 1, 3);
            Request r = world.ibSend(MPI.newLongBuffer(2).put(0, 9), 2, MPI.LONG, 1, 4);
            r.waitFor();
            mpi.Prequest p = world.bSendInit(MPI.newLongBuffer(2).put(0, 11), 2, MPI.LONG, 1, 4);
            p.start();
            p.waitFor();
            p.free();
        } else {
            long[] in = new long[2];
            world.recv(in, 2, MPI.LONG, 0, 3);
            require(in[0] == 7 && in[1] == 8, "bSend " + Arrays.toString(in));
            world.recv(in, 2, MPI.LONG, 0, 4);
            require(in[0] == 9, "ibSend " + Arrays.toString(in));
            world.recv(in, 2, MPI.LONG, 0, 4);
            require(in[0] == 11, "bSendInit " + Arrays.toString(in));
        }
        require(MPI.detachBuffer() == attached, "detachBuffer gives back the array attached");

        double[] ready = new double[2];
        Request posted = rank == 1 ? world.iRecv(ready, 2, MPI.DOUBLE, 0, 5) : null;
        world.barrier(); // the receive is posted before the ready send
        if (rank == 0) {
            world.rSend(new double[] {0.5, 1.5}, 2, MPI.DOUBLE, 1, 5);
        } else {
            posted.waitFor();
            require(ready[1] == 1.5, "rSend " + Arrays.toString(ready));
        }

        IntBuffer sync = MPI.newIntBuffer(1).put(0, 40 + rank);
        Request sent = world.isSend(sync, 1, MPI.INT, other, 6);
        int[] got = new int[1];
        world.recv(got, 1, MPI.INT, other, 6);
        sent.waitFor();
        require(got[0] == 40 + other, "isSend " + got[0]);

        short[] swap = {(short) rank, (short) (rank + 100)};
        Status replaced = world.sendRecvReplace(swap, 2, MPI.SHORT, other, 7, other, 7);
        require(swap[0] == other && swap[1] == other + 100 && replaced.getSource() == other
                && replaced.getCount(MPI.SHORT) == 2, "sendRecvReplace " + Arrays.toString(swap));

        if (rank == 0) {
            world.send(new double[] {1, 2, 3, 4}, 4, MPI.DOUBLE, 1, 8);
            world.send(new int[] {5, 6}, 2, MPI.INT, 1, 9);
        } else {
            Message m = new Message();
            require(m.isNull() && !m.isNoProc(), "a new Message is null");
            Status s = m.mProbe(0, 8, world);
            require(!m.isNull() && s.getCount(MPI.DOUBLE) == 4, "mProbe " + s);
            double[] in = new double[4];
            m.mRecv(in, 4, MPI.DOUBLE);
            require(m.isNull() && in[3] == 4, "mRecv " + Arrays.toString(in));
            Status t;
            while ((t = m.imProbe(0, 9, world)) == null) {
                Thread.onSpinWait();
            }
            require(t.getCount(MPI.INT) == 2, "imProbe " + t);
            IntBuffer two = MPI.newIntBuffer(2);
            m.imRecv(two, 2, MPI.INT).waitFor();
            require(m.isNull() && two.get(1) == 6, "imRecv");
            Message none = new Message();
            none.mProbe(MPI.PROC_NULL, 0, world);
            require(none.isNoProc(), "mProbe of PROC_NULL");
        }
        world.barrier();
        System.out.println("rank " + rank + " ok");
        MPI.Finalize();
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
