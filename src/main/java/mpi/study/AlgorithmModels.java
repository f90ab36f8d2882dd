package mpi.study;

import java.util.Map;

/**
 * The cost model of a collective algorithm named as Open MPI (coll/tuned) or MPICH name it, for
 * the collectives whose algorithms {@link CostModel} has a formula for. An algorithm missing
 * here has no model (its shape is not one of the formulas: MPICH's smp, a segmented
 * pipelined tree): {@link #of} returns null and the study says so rather than fit a wrong
 * shape.
 *
 * <p>The size m the formulas take is the size the benchmark reports (the whole vector of a
 * broadcast or reduction, each process's part of a scatter) except for allgather, where
 * {@link CostModel#ring} takes the gathered total: the model is given {@code P m} there.
 */
public final class AlgorithmModels {
    /**
     * The segment size of an unsegmented chain or pipeline: Open MPI runs a forced chain or
     * pipeline without segments when coll_tuned_bcast_algorithm_segmentsize keeps its default
     * 0, so the whole message is one segment (larger than any size a sweep sends).
     */
    static final long UNSEGMENTED = 1L << 40;
    /** Open MPI's default chain fanout (coll_tuned_bcast_algorithm_chain_fanout). */
    static final int CHAIN_FANOUT = 4;
    /**
     * Open MPI's default k-nomial radix (coll_tuned_bcast_algorithm_knomial_radix, 4 in Open
     * MPI 4.1 and 5.0).
     */
    static final int KNOMIAL_RADIX = 4;

    /** By collective, by algorithm name: the model's maker. */
    private static final Map<String, Map<String, Kind>> KINDS = Map.of(
            "bcast", Map.ofEntries(
                    Map.entry("basic_linear", Kind.LINEAR),
                    Map.entry("linear", Kind.LINEAR),
                    Map.entry("binomial", Kind.BINOMIAL),
                    Map.entry("binary_tree", Kind.BINARY_TREE),
                    // MPICH 4.1's tree (a k-ary heap of MPIR_CVAR_BCAST_TREE_KVAL, 2 by
                    // default, unsegmented) takes the binary tree's steps: TreeStepsTest
                    // checks that its numbering and Open MPI's give the same count.
                    Map.entry("tree", Kind.BINARY_TREE),
                    Map.entry("split_binary_tree", Kind.SPLIT_BINARY_TREE),
                    Map.entry("knomial", Kind.KNOMIAL),
                    Map.entry("chain", Kind.CHAIN),
                    Map.entry("pipeline", Kind.PIPELINE),
                    Map.entry("scatter_allgather", Kind.SCATTER_ALLGATHER),
                    Map.entry("scatter_allgather_ring", Kind.SCATTER_ALLGATHER),
                    Map.entry("scatter_recursive_doubling_allgather", Kind.SCATTER_ALLGATHER),
                    Map.entry("scatter_ring_allgather", Kind.SCATTER_ALLGATHER)),
            "reduce", Map.of(
                    "linear", Kind.LINEAR,
                    "binomial", Kind.BINOMIAL,
                    "binary", Kind.BINARY_TREE_REDUCE,
                    "in-order_binary", Kind.IN_ORDER_BINARY,
                    "chain", Kind.CHAIN,
                    "pipeline", Kind.PIPELINE,
                    "rabenseifner", Kind.RABENSEIFNER,
                    "reduce_scatter_gather", Kind.RABENSEIFNER),
            "allreduce", Map.of(
                    // Recursive doubling exchanges the whole vector in each of L steps: the
                    // binomial formula L (alpha + beta m).
                    "recursive_doubling", Kind.BINOMIAL,
                    "ring", Kind.RING2,
                    "segmented_ring", Kind.RING2,
                    "rabenseifner", Kind.RABENSEIFNER,
                    "reduce_scatter_allgather", Kind.RABENSEIFNER),
            "allgather", Map.of("ring", Kind.RING1),
            // linear_nb posts its P-1 sends at once: the root's link still carries (P-1) m
            // bytes one message after another and each send still costs the root its share
            // of alpha, so it is the linear model; what it overlaps is the rest of each
            // message's latency, so its fitted alpha is smaller than basic_linear's.
            "scatter", Map.of("basic_linear", Kind.LINEAR, "linear", Kind.LINEAR,
                    "linear_nb", Kind.LINEAR, "binomial", Kind.BINOMIAL_SCATTER),
            "gather", Map.of("basic_linear", Kind.LINEAR, "linear", Kind.LINEAR,
                    "binomial", Kind.BINOMIAL_SCATTER));

    private enum Kind {
        LINEAR, BINOMIAL, CHAIN, PIPELINE, SCATTER_ALLGATHER, RING1, RING2, RABENSEIFNER,
        BINOMIAL_SCATTER, BINARY_TREE, BINARY_TREE_REDUCE, IN_ORDER_BINARY, SPLIT_BINARY_TREE,
        KNOMIAL
    }

    private AlgorithmModels() {
    }

    /**
     * @param collective the collective as the MPIs spell it, blocking form ({@code bcast})
     * @param algorithm  the algorithm's name as the sweep's files record it
     * @return its model, or null when there is none
     */
    public static CostModel of(String collective, String algorithm) {
        Kind kind = KINDS.getOrDefault(collective, Map.of()).get(algorithm);
        if (kind == null) {
            return null;
        }
        CostModel model = switch (kind) {
            case LINEAR -> CostModel.linear();
            case BINOMIAL -> CostModel.binomial();
            case CHAIN -> chain();
            case PIPELINE -> named("pipeline", CostModel.pipeline(UNSEGMENTED));
            case SCATTER_ALLGATHER -> CostModel.scatterAllgather();
            case RING1 -> CostModel.ring(1);
            case RING2 -> CostModel.ring(2);
            case RABENSEIFNER -> CostModel.rabenseifner();
            case BINOMIAL_SCATTER -> CostModel.binomialScatter();
            case BINARY_TREE -> CostModel.binaryTree();
            case BINARY_TREE_REDUCE -> CostModel.binaryTreeReduce();
            case IN_ORDER_BINARY -> CostModel.inOrderBinary();
            case SPLIT_BINARY_TREE -> CostModel.splitBinaryTree();
            case KNOMIAL -> named("knomial", CostModel.knomial(KNOMIAL_RADIX));
        };
        return collective.equals("allgather") ? gatheredTotal(model) : model;
    }

    /**
     * Open MPI's chain: {@value #CHAIN_FANOUT} chains, but never more chains than there are
     * processes besides the root (on 3 processes the root feeds 2 chains of one).
     */
    private static CostModel chain() {
        return new CostModel.Formula("chain", CostModel.ALPHA_BETA, (p, m) -> p < 2
                ? new double[] {0, 0}
                : CostModel.chain(Math.min(CHAIN_FANOUT, p - 1), UNSEGMENTED).features(p, m));
    }

    /** The model under a short name: the unsegmented segment size is no part of the story. */
    private static CostModel named(String name, CostModel model) {
        return new CostModel.Formula(name, model.parameterNames(), model::features);
    }

    /** The model with m the benchmark's per-process size times P, the total gathered. */
    private static CostModel gatheredTotal(CostModel model) {
        return new CostModel.Formula(model.name(), model.parameterNames(),
                (p, m) -> model.features(p, (long) p * m));
    }
}
