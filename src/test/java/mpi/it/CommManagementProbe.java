package mpi.it;

import mpi.Comm;
import mpi.Group;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * Communicator management on 2 ranks of one host: splitType(TYPE_SHARED), Comm.compare of
 * identical, congruent, similar and unequal communicators, names of communicators and windows,
 * Group.rangeIncl and rangeExcl, and a few of MPI's constants. Each rank prints
 * {@code rank R ok}; a wrong value is an exception and exit status 1.
 */
public final class CommManagementProbe {
    private CommManagementProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        Intracomm host = world.splitType(Comm.TYPE_SHARED, rank, MPI.INFO_NULL);
        require(host.getSize() == 2 && host.getRank() == rank, "one host's split");
        Intracomm dup = world.dup();
        Intracomm reversed = world.split(0, -rank);
        require(Comm.compare(world, world) == MPI.IDENT, "IDENT");
        require(Comm.compare(world, dup) == MPI.CONGRUENT, "CONGRUENT");
        require(Comm.compare(world, reversed) == MPI.SIMILAR, "SIMILAR");
        require(Comm.compare(world, MPI.COMM_SELF) == MPI.UNEQUAL, "UNEQUAL");
        require(world.getName().equals("MPI_COMM_WORLD"), "the world's name: " + world.getName());
        dup.setName("omb-j dup");
        require(dup.getName().equals("omb-j dup"), "a name read back: " + dup.getName());
        try {
            dup.setName("x".repeat(MPI.MAX_OBJECT_NAME));
            require(false, "a name of MAX_OBJECT_NAME bytes was let through");
        } catch (IllegalArgumentException e) {
            require(e.getMessage().contains("MAX_OBJECT_NAME"), e.getMessage());
        }
        Win win = new Win(MPI.newByteBuffer(8), 8, 1, MPI.INFO_NULL, world);
        win.setName("omb-j window");
        require(win.getName().equals("omb-j window"), "a window's name: " + win.getName());
        win.free();

        Group group = world.getGroup();
        Group reversedGroup = group.rangeIncl(new int[][] {{1, 0, -1}});
        require(reversedGroup.getSize() == 2
                && Group.translateRanks(reversedGroup, new int[] {0}, group)[0] == 1,
                "rangeIncl in the ranges' order");
        reversedGroup.free();
        Group first = group.rangeExcl(new int[][] {{1, 1, 1}});
        require(first.getSize() == 1 && Group.translateRanks(first, new int[] {0}, group)[0] == 0,
                "rangeExcl keeps rank 0");
        try {
            group.rangeIncl(new int[][] {{0, 1}});
            require(false, "a pair was taken for a triplet");
        } catch (IllegalArgumentException e) {
            require(e.getMessage().contains("triplet"), e.getMessage());
        }
        Intracomm clone = world.clone();
        require(Comm.compare(world, clone) == MPI.CONGRUENT, "clone");
        Info hints = new Info();
        hints.set("omb_j_a", "1");
        hints.set("omb_j_b", "2");
        require(hints.size() == 2 && hints.getKey(0).startsWith("omb_j_"), "Info keys");
        Info copy = hints.dup();
        hints.delete("omb_j_a");
        require(hints.size() == 1 && hints.get("omb_j_a") == null && copy.size() == 2
                && "1".equals(copy.get("omb_j_a")), "Info delete and dup");
        try {
            hints.getKey(1);
            require(false, "a key index past the size was let through");
        } catch (IllegalArgumentException e) {
            require(e.getMessage().contains("1 of 1"), e.getMessage());
        }
        Intracomm hinted = world.dupWithInfo(copy);
        require(Comm.compare(world, hinted) == MPI.CONGRUENT, "dupWithInfo");
        Intracomm zero = world.create(group.incl(new int[] {0}));
        require(rank == 0 ? zero != null && zero.getSize() == 1 : zero == null,
                "create: a member gets the communicator, the other null");
        Intracomm both = world.createGroup(group, 5);
        require(both.getSize() == 2, "createGroup");
        for (Intracomm c : new Intracomm[] {clone, hinted, both}) {
            c.free();
        }
        if (zero != null) {
            zero.free();
        }
        hints.free();
        copy.free();
        require(MPI.VERSION >= 3 && MPI.ROOT != MPI.PROC_NULL && MPI.MAX_INFO_KEY > 0,
                "constants: version " + MPI.VERSION + "." + MPI.SUBVERSION);
        dup.free();
        reversed.free();
        host.free();
        System.out.println("rank " + rank + " ok (MPI " + MPI.VERSION + "." + MPI.SUBVERSION + ")");
        MPI.Finalize();
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
