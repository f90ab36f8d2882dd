package mpi;

import static mpi.Backends.COMMUNICATORS;

import java.lang.annotation.Native;

/**
 * A group of processes ({@code MPI_Group}), with Open MPI's signatures: from
 * {@link Comm#getGroup()} or {@link Win#getGroup()}, narrowed with {@link #incl} or
 * {@link #excl}, and handed to the active-target calls {@link Win#start} and {@link Win#post}.
 * A group the program obtained must be freed with {@link #free()}.
 */
public class Group implements Freeable {
    /** The MPI_Group, or MPI.GROUP_NULL_HANDLE once freed. */
    long handle;

    Group(long handle) {
        this.handle = handle;
    }

    /** @return the number of processes in the group ({@code MPI_Group_size}) */
    public final int getSize() throws MPIException {
        return COMMUNICATORS.groupSize(live());
    }

    /**
     * @return this process's rank in the group, or {@link MPI#UNDEFINED} if it is not a member
     *         ({@code MPI_Group_rank})
     */
    public final int getRank() throws MPIException {
        return COMMUNICATORS.groupRank(live());
    }

    /**
     * @param ranks ranks in this group
     * @return the group of those processes, in that order ({@code MPI_Group_incl})
     */
    public final Group incl(int[] ranks) throws MPIException {
        return new Group(COMMUNICATORS.groupInclExcl(live(), ranks(ranks), true));
    }

    /**
     * @param ranks ranks in this group
     * @return the group of the other processes ({@code MPI_Group_excl})
     */
    public final Group excl(int[] ranks) throws MPIException {
        return new Group(COMMUNICATORS.groupInclExcl(live(), ranks(ranks), false));
    }

    /**
     * @param ranges triplets of ranks in this group: first, last and stride
     * @return the group of the processes the ranges name, in that order
     *         ({@code MPI_Group_range_incl})
     */
    public final Group rangeIncl(int[][] ranges) throws MPIException {
        return new Group(COMMUNICATORS.groupRangeInclExcl(live(), triplets(ranges), true));
    }

    /**
     * @param ranges triplets of ranks in this group: first, last and stride
     * @return the group of the other processes ({@code MPI_Group_range_excl})
     */
    public final Group rangeExcl(int[][] ranges) throws MPIException {
        return new Group(COMMUNICATORS.groupRangeInclExcl(live(), triplets(ranges), false));
    }

    /** @return the ranges one after the other, each checked to be a triplet */
    private static int[] triplets(int[][] ranges) {
        if (ranges == null) {
            throw new NullPointerException("ranges is null");
        }
        int[] flat = new int[ranges.length * 3];
        for (int i = 0; i < ranges.length; i++) {
            if (ranges[i] == null || ranges[i].length != 3) {
                throw new IllegalArgumentException("ranges[" + i + "] is "
                        + (ranges[i] == null ? "null" : ranges[i].length + " ranks")
                        + ", not a triplet (first, last, stride)");
            }
            System.arraycopy(ranges[i], 0, flat, 3 * i, 3);
        }
        return flat;
    }

    /**
     * @return the ranks in {@code group2} of the processes of ranks {@code ranks1} in
     *         {@code group1}, {@link MPI#UNDEFINED} where absent ({@code MPI_Group_translate_ranks})
     */
    public static int[] translateRanks(Group group1, int[] ranks1, Group group2)
            throws MPIException {
        long g1 = group1.live();
        long g2 = group2.live();
        // Open MPI 4.1 reads its member table at each rank unchecked: checked here.
        int size = group1.getSize();
        for (int r : ranks(ranks1)) {
            if ((r < 0 || r >= size) && r != MPI.PROC_NULL) {
                throw new IllegalArgumentException("rank " + r + " is not in group1 (size "
                        + size + ")");
            }
        }
        return COMMUNICATORS.groupTranslateRanks(g1, ranks1, g2);
    }

    /**
     * @return {@link MPI#IDENT} (same members, same order), {@link MPI#SIMILAR} (same members)
     *         or {@link MPI#UNEQUAL} ({@code MPI_Group_compare})
     */
    public static int compare(Group group1, Group group2) throws MPIException {
        return COMMUNICATORS.groupCompare(group1.live(), group2.live());
    }

    /** @return the members of either group ({@code MPI_Group_union}) */
    public static Group union(Group group1, Group group2) throws MPIException {
        return new Group(COMMUNICATORS.groupCombine(UNION, group1.live(), group2.live()));
    }

    /** @return the members of both groups ({@code MPI_Group_intersection}) */
    public static Group intersection(Group group1, Group group2) throws MPIException {
        return new Group(COMMUNICATORS.groupCombine(INTERSECTION, group1.live(), group2.live()));
    }

    /** @return the members of the first group not in the second ({@code MPI_Group_difference}) */
    public static Group difference(Group group1, Group group2) throws MPIException {
        return new Group(COMMUNICATORS.groupCombine(DIFFERENCE, group1.live(), group2.live()));
    }

    /**
     * Frees the group ({@code MPI_Group_free}); it becomes null. Freeing a null group does
     * nothing, and {@link MPI#GROUP_EMPTY} is never freed (MPI forbids it).
     */
    public final void free() throws MPIException {
        MPI.check();
        if (isNull() || this == MPI.GROUP_EMPTY) {
            return;
        }
        COMMUNICATORS.groupFree(handle);
        handle = MPI.GROUP_NULL_HANDLE;
    }

    /** @return whether the group is null (freed) */
    public final boolean isNull() {
        return handle == MPI.GROUP_NULL_HANDLE;
    }

    /** The handle of a group that may be used: MPI is running and the group is not freed. */
    final long live() {
        MPI.check();
        if (isNull()) {
            throw new IllegalStateException("the group is freed (or null)");
        }
        return handle;
    }

    private static int[] ranks(int[] ranks) {
        if (ranks == null) {
            throw new NullPointerException("ranks is null");
        }
        return ranks;
    }

    // Operations of nCombine, shared with the C side (javac -h copies them into mpi_Group.h).
    @Native
    static final int UNION = 0, INTERSECTION = 1, DIFFERENCE = 2;

}
