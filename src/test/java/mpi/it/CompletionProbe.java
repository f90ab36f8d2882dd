package mpi.it;

import java.util.Arrays;

import mpi.Comm;
import mpi.Count;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * Completion of any, some and all between 2 ranks: rank 0 sends, rank 1 completes its
 * receives (arrays, so that completion copies each into place) with waitAny, waitSome,
 * testAny, testSome and testAll and their Status forms, cancels a receive nobody matches, and
 * reads a status with getStatus before completing; element counts and Count. Each rank prints
 * {@code rank R ok}; a wrong value is an exception and exit status 1.
 */
public final class CompletionProbe {
    private static final int ROUNDS = 4;

    private CompletionProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        require(Request.waitAny(new Request[] {null, null}) == MPI.UNDEFINED, "waitAny of none");
        require(Request.testSome(new Request[] {null}) == null, "testSome of none");
        require(Request.testAll(new Request[0]), "testAll of none");
        for (int round = 0; round < ROUNDS; round++) {
            if (rank == 0) {
                for (int tag = 0; tag < 3; tag++) {
                    world.send(new int[] {round, tag, 7}, 3, MPI.INT, 1, tag);
                }
            } else {
                int[][] in = new int[3][3];
                Request[] r = new Request[3];
                for (int tag = 0; tag < 3; tag++) {
                    r[tag] = world.iRecv(in[tag], 3, MPI.INT, 0, tag);
                }
                boolean[] done = new boolean[3];
                complete(round, r, done);
                for (int tag = 0; tag < 3; tag++) {
                    require(done[tag] && r[tag].isNull()
                            && Arrays.equals(in[tag], new int[] {round, tag, 7}),
                            "round " + round + " tag " + tag + ": " + Arrays.toString(in[tag]));
                }
            }
        }
        require(Request.waitAnyStatus(new Request[] {null}).getIndex() == MPI.UNDEFINED,
                "waitAnyStatus of none: an empty status");
        Request array = null;
        if (rank == 1) {
            java.nio.LongBuffer untouched = MPI.newLongBuffer(1).put(0, 42);
            Request lonely = world.iRecv(untouched, 1, MPI.LONG, 0, 77);
            lonely.cancel();
            Status s = lonely.waitStatus();
            require(s.isCancelled() && untouched.get(0) == 42,
                    "a cancelled receive's status says so, its buffer untouched: " + s);
            array = world.iRecv(new long[1], 1, MPI.LONG, 0, 78);
            try {
                array.cancel();
                require(false, "a receive into an array was cancelled");
            } catch (IllegalStateException e) {
                require(e.getMessage().contains("array"), e.getMessage());
            }
            require(array.testStatus() == null, "testStatus of a receive nobody matched yet");
        }
        world.barrier();
        if (rank == 0) {
            world.send(new long[] {78}, 1, MPI.LONG, 1, 78); // the receive that was not cancelled
        } else {
            array.waitFor();
        }
        if (rank == 0) {
            world.send(new double[] {1, 2}, 2, MPI.DOUBLE, 1, 5);
            int[] ask = new int[1];
            world.recv(ask, 1, MPI.INT, 1, 60);
            world.send(new int[] {ask[0] + 60}, 1, MPI.INT, 1, 6);
        } else {
            Request r = world.iRecv(new double[2], 2, MPI.DOUBLE, 0, 5);
            Status s;
            while ((s = r.getStatus()) == null) {
                Thread.onSpinWait();
            }
            require(s.getCount(MPI.DOUBLE) == 2 && s.getElements(MPI.DOUBLE) == 2
                    && s.getElementsX(MPI.DOUBLE).getCount() == 2 && !s.isCancelled(),
                    "getStatus " + s);
            Status tested;
            while ((tested = r.testStatus()) == null) { // getStatus did not complete it
                Thread.onSpinWait();
            }
            require(r.isNull() && tested.getCount(MPI.DOUBLE) == 2, "testStatus " + tested);
            require(r.testStatus() != null, "testStatus of a complete request: an empty status");
            java.nio.IntBuffer p = MPI.newIntBuffer(1);
            mpi.Prequest persistent = world.recvInit(p, 1, MPI.INT, 0, 6);
            persistent.start();
            world.send(new int[] {1}, 1, MPI.INT, 0, 60); // rank 0 answers with tag 6
            require(Request.waitAny(new Request[] {null, persistent}) == 1 && p.get(0) == 61,
                    "waitAny of a persistent receive");
            require(Request.testAll(new Request[] {persistent}), "an inactive one is complete");
            persistent.free();
            s.setElements(MPI.INT, 5);
            s.setCancelled(true);
            require(s.getElements(MPI.INT) == 5 && s.isCancelled(), "set elements, cancelled");
            require(new Count(3).compareTo(new Count(4)) < 0, "Count compares");
        }
        System.out.println("rank " + rank + " ok");
        MPI.Finalize();
    }

    /** Completes the three receives, each round by another call. */
    private static void complete(int round, Request[] r, boolean[] done) throws Exception {
        switch (round) {
            case 0 -> {
                for (int k = 0; k < 3; k++) {
                    Status s = Request.waitAnyStatus(r);
                    mark(done, s.getIndex(), s.getTag());
                }
                require(Request.waitAny(r) == MPI.UNDEFINED, "waitAny once all are done");
            }
            case 1 -> {
                int index = Request.waitAny(r);
                mark(done, index, index);
                while (!done[0] || !done[1] || !done[2]) {
                    Status[] some = Request.waitSomeStatus(r);
                    for (Status s : some) {
                        mark(done, s.getIndex(), s.getTag());
                    }
                }
                require(Request.waitSome(r) == null, "waitSome once all are done");
            }
            case 2 -> {
                boolean any = true;
                while (!done[0] || !done[1] || !done[2]) {
                    if (any) {
                        int index = Request.testAny(r);
                        if (index != MPI.UNDEFINED) {
                            mark(done, index, index);
                        }
                    } else {
                        for (int i : Request.testSome(r)) {
                            mark(done, i, i);
                        }
                    }
                    any = !any;
                }
            }
            default -> {
                Status[] all;
                while ((all = Request.testAllStatus(r)) == null) {
                    Thread.onSpinWait();
                }
                for (int k = 0; k < 3; k++) {
                    require(all[k].getTag() == k && all[k].getCount(MPI.INT) == 3, "testAll " + all[k]);
                    done[k] = true;
                }
            }
        }
    }

    private static void mark(boolean[] done, int index, int tag) {
        require(index >= 0 && index < 3 && !done[index] && tag == index,
                "completed index " + index + " (tag " + tag + "), done " + Arrays.toString(done));
        done[index] = true;
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
