package mpi.study;

/**
 * How many message steps an unsegmented tree broadcast takes until its last process has the
 * data, for the tree shapes Open MPI and MPICH build: the tree is walked, not approximated by
 * its depth, so a process count that is not a power of the fanout gets its own count.
 *
 * <p>The one assumption: a process sends to its children one after the other, in the order
 * the MPI lists them, each send a whole step (Hockney's alpha + beta m on a sender's one
 * link), so its i-th child (from 1) has the data i steps after it. A reduction receives in
 * the same order (Open MPI's ompi_coll_base_reduce_generic waits for child 0, then child 1),
 * each receive a step that starts once the child has its own result: not the broadcast's
 * mirror image, since the first child holds the larger subtree and is the last to be ready.
 */
public final class TreeSteps {
    private TreeSteps() {
    }

    /** A tree over ranks 0 (the root) .. P-1, each rank's children in sending order. */
    private interface Tree {
        /** @return the children of rank r, in the order it sends to them */
        int[] children(int rank, int processes);
    }

    /**
     * Open MPI's k-ary tree (ompi_coll_base_topo_build_tree, bcast binary_tree and
     * split_binary_tree with k = 2): level l holds k^l ranks, and rank r of
     * level l has the children r + k^l, r + 2 k^l, ..., so a level is filled with every
     * parent's first child before any second child.
     *
     * @param processes P, at least 1
     * @param fanout    k, at least 1
     * @return the steps until the last rank has the data
     */
    public static int kary(int processes, int fanout) {
        return last(arrivals(processes, (r, p) -> levelChildren(r, p, fanout)));
    }

    /**
     * A k-ary heap: rank r's children are k r + 1 .. k r + k (MPICH's kary tree,
     * MPIR_Treealgo_tree_create).
     *
     * @param processes P, at least 1
     * @param fanout    k, at least 1
     * @return the steps until the last rank has the data
     */
    public static int karyHeap(int processes, int fanout) {
        return last(arrivals(processes, (r, p) -> {
            int first = fanout * r + 1;
            int n = Math.max(0, Math.min(fanout, p - first));
            int[] c = new int[n];
            for (int i = 0; i < n; i++) {
                c[i] = first + i;
            }
            return c;
        }));
    }

    /**
     * Open MPI's k-nomial tree (ompi_coll_base_topo_build_kmtree, bcast knomial): rank r's
     * children are r + j radix^i for j = 1 .. radix-1, the largest i (the largest subtrees)
     * first, for every i below the level at which r has its parent.
     *
     * @param processes P, at least 1
     * @param radix     the radix, at least 2
     * @return the steps until the last rank has the data
     */
    public static int knomial(int processes, int radix) {
        if (radix < 2) {
            throw new IllegalArgumentException("radix " + radix);
        }
        return last(arrivals(processes, (r, p) -> {
            long mask = 1;
            while (mask < p && r % (radix * mask) == 0) {
                mask *= radix;
            }
            // The root's loop runs past P; another rank stops at its parent's level.
            int[] c = new int[(radix - 1) * 32];
            int n = 0;
            for (mask /= radix; mask > 0; mask /= radix) {
                for (int j = 1; j < radix; j++) {
                    long child = r + mask * j;
                    if (child < p) {
                        c[n++] = (int) child;
                    }
                }
            }
            return java.util.Arrays.copyOf(c, n);
        }));
    }

    /**
     * Open MPI's split binary tree broadcast (ompi_coll_base_bcast_intra_split_bintree),
     * unsegmented: the root sends the first half down its first subtree and the second half
     * down its second one over {@link #kary} with k = 2, each process forwarding its half to
     * its children; then each process exchanges its half with its pair in the other subtree
     * (shifted ranks 2i-1 and 2i), one step once both have sent to their children; with P even
     * the root sends the second half to the last rank, which has no pair. In steps of half the
     * message.
     *
     * @param processes P, at least 1
     * @return the steps, each of ceil(m/2) bytes, until the last rank has the whole message
     */
    public static int splitBinary(int processes) {
        if (processes == 1) {
            return 0;
        }
        Tree tree = (r, p) -> levelChildren(r, p, 2);
        int[] arrival = arrivals(processes, tree);
        int[] done = new int[processes];
        for (int r = 0; r < processes; r++) {
            done[r] = arrival[r] + tree.children(r, processes).length;
        }
        int last = 0;
        int paired = processes % 2 == 1 ? processes : processes - 1;
        for (int a = 1; a + 1 < paired; a += 2) {
            last = Math.max(last, Math.max(done[a], done[a + 1]) + 1);
        }
        if (processes % 2 == 0) {
            last = Math.max(last, Math.max(done[0], done[processes - 1]) + 1);
        }
        return last;
    }

    /**
     * A reduction over Open MPI's k-ary tree (reduce binary with k = 2): each rank receives
     * from its children in their order, one step each, once the child has its result.
     *
     * @param processes P, at least 1
     * @param fanout    k, at least 1
     * @return the steps until the root has the result
     */
    public static int karyReduce(int processes, int fanout) {
        if (processes < 1) {
            throw new IllegalArgumentException("processes " + processes);
        }
        int[] ready = new int[processes];
        for (int r = processes - 1; r >= 0; r--) {
            int t = 0;
            for (int child : levelChildren(r, processes, fanout)) {
                t = Math.max(t, ready[child]) + 1;
            }
            ready[r] = t;
        }
        return ready[0];
    }

    /**
     * Open MPI's in-order binary reduce (ompi_coll_base_topo_build_in_order_bintree, reduce
     * in-order_binary): the tree's root is rank P-1, its first child heads the P - P/2 - 1
     * ranks below P-1 and above P/2 - 1, its second the P/2 lowest, each subtree built alike
     * (two ranks: one child). Received as {@link #karyReduce} receives, then one step more
     * when the benchmark's root is not P-1: rank P-1 sends it the result. Root 0 is taken,
     * the benchmarks' default (-k 0).
     *
     * @param processes P, at least 1
     * @return the steps until rank 0 has the result
     */
    public static int inOrderBinaryReduce(int processes) {
        if (processes < 1) {
            throw new IllegalArgumentException("processes " + processes);
        }
        return inOrderReady(processes) + (processes > 1 ? 1 : 0);
    }

    /** The steps until the root of an in-order subtree of n ranks has its subtree's result. */
    private static int inOrderReady(int n) {
        if (n <= 1) {
            return 0;
        }
        if (n == 2) {
            return 1;
        }
        int right = n / 2;
        int t = inOrderReady(n - right - 1) + 1;
        return Math.max(t, inOrderReady(right)) + 1;
    }

    /** The children of rank r in Open MPI's level-ordered k-ary tree. */
    private static int[] levelChildren(int rank, int processes, int fanout) {
        if (fanout < 1) {
            throw new IllegalArgumentException("fanout " + fanout);
        }
        // delta = fanout^level of the rank: levels hold 1, k, k^2, ... ranks.
        long delta = 1;
        long below = 1;
        while (rank >= below) {
            delta *= fanout;
            below += delta;
        }
        int[] c = new int[fanout];
        int n = 0;
        for (int i = 1; i <= fanout && rank + delta * i < processes; i++) {
            c[n++] = (int) (rank + delta * i);
        }
        return java.util.Arrays.copyOf(c, n);
    }

    /**
     * Each rank's step of arrival; a child's rank is above its parent's in every tree here,
     * so one pass in rank order sees each parent before its children.
     */
    private static int[] arrivals(int processes, Tree tree) {
        if (processes < 1) {
            throw new IllegalArgumentException("processes " + processes);
        }
        int[] arrival = new int[processes];
        for (int r = 0; r < processes; r++) {
            int[] children = tree.children(r, processes);
            for (int i = 0; i < children.length; i++) {
                arrival[children[i]] = arrival[r] + i + 1;
            }
        }
        return arrival;
    }

    private static int last(int[] arrival) {
        int max = 0;
        for (int a : arrival) {
            max = Math.max(max, a);
        }
        return max;
    }
}
