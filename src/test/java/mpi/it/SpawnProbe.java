package mpi.it;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Dynamic processes end to end. Started by mpirun as {@code SpawnProbe N}, it spawns N JVMs
 * running itself (its own java, class path and JVM options) through
 * {@code COMM_SELF.spawn}; each child finds its parent ({@code Intercomm.getParent}), receives
 * an int from it over the intercommunicator and sends back that int plus its rank; then
 * parent and children merge the intercommunicator (the parent low) and sum their merged ranks.
 * Each side prints what it checked; any difference is an exception and exit status 1.
 */
public final class SpawnProbe {
    private static final int TAG = 7;

    private SpawnProbe() {
    }

    /** @param args N in the parent; none in a child */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intercomm parent = Intercomm.getParent();
        if (parent.isNull()) {
            parent(Integer.parseInt(args[0]));
        } else {
            child(parent);
        }
        MPI.Finalize();
    }

    private static void parent(int n) throws MPIException {
        String java = mpi.startup.ChildJvm.java();
        // All of this JVM's options, -Xcheck:jni among them: the children are checked too.
        List<String> argv = new ArrayList<>(
                ManagementFactory.getRuntimeMXBean().getInputArguments());
        argv.addAll(List.of("-cp", System.getProperty("java.class.path"),
                SpawnProbe.class.getName()));
        int[] errcodes = new int[n];
        Arrays.fill(errcodes, -1);
        Intercomm children = MPI.COMM_SELF.spawn(java, argv.toArray(new String[0]), n,
                MPI.INFO_NULL, 0, errcodes);
        require(Arrays.stream(errcodes).allMatch(c -> c == MPI.SUCCESS),
                "error codes " + Arrays.toString(errcodes));
        require(children.isInter() && children.getSize() == 1 && children.getRemoteSize() == n,
                "an intercommunicator of 1 and " + n);
        require(children.getRemoteGroup().getSize() == n, "the remote group has " + n);
        ByteBuffer one = MPI.newByteBuffer(4);
        for (int child = 0; child < n; child++) {
            one.putInt(0, 1000 * (child + 1));
            children.send(one, 1, MPI.INT, child, TAG);
        }
        for (int child = 0; child < n; child++) {
            children.recv(one, 1, MPI.INT, child, TAG);
            require(one.getInt(0) == 1000 * (child + 1) + child, "child " + child + " answered "
                    + one.getInt(0));
        }
        try {
            children.allReduce(new int[1], 1, MPI.INT, MPI.SUM);
            require(false, "a collective with buffers on an intercommunicator was let through");
        } catch (UnsupportedOperationException e) {
            require(e.getMessage().contains("merge()"), e.getMessage());
        }
        children.barrier(); // a barrier has no buffers: MPI's intercommunicator barrier
        int sum = mergedRankSum(children, false, 0, n + 1);
        children.disconnect();
        require(children.isNull(), "a disconnected intercommunicator is null");
        System.out.println("parent: spawned " + n + ", answered, merged rank sum " + sum);
    }

    private static void child(Intercomm parent) throws MPIException {
        int rank = MPI.COMM_WORLD.getRank();
        require(parent.isInter() && parent.getRemoteSize() == 1, "a parent of 1");
        ByteBuffer one = MPI.newByteBuffer(4);
        parent.recv(one, 1, MPI.INT, 0, TAG);
        one.putInt(0, one.getInt(0) + rank);
        parent.send(one, 1, MPI.INT, 0, TAG);
        int size = MPI.COMM_WORLD.getSize();
        parent.barrier();
        mergedRankSum(parent, true, rank + 1, size + 1);
        parent.disconnect();
        System.out.println("child " + rank + " of " + size + ": answered, merged");
    }

    /** Merges, checks this process's merged rank, and returns the sum of all merged ranks. */
    private static int mergedRankSum(Intercomm inter, boolean high, int expectedRank, int size)
            throws MPIException {
        Intracomm merged = inter.merge(high);
        require(merged.getSize() == size && merged.getRank() == expectedRank,
                "merged rank " + merged.getRank() + " of " + merged.getSize() + ", expected "
                        + expectedRank + " of " + size);
        int[] rank = {merged.getRank()};
        merged.allReduce(rank, 1, MPI.INT, MPI.SUM);
        require(rank[0] == size * (size - 1) / 2, "merged ranks sum to " + rank[0]);
        merged.free();
        return rank[0];
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
