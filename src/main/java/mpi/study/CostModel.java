package mpi.study;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntUnaryOperator;

/**
 * A collective algorithm's cost model, linear in its unknown parameters so that least squares
 * fits it: {@code t(P, m) = x(P, m) . p} for features x of the process count P and the message
 * size m in bytes. The alpha-beta models have the parameters (alpha, beta) of Hockney's
 * point-to-point model, so they can also be evaluated with the alpha and beta of a
 * point-to-point fit ({@link #fromPointToPoint}); the baseline cannot.
 *
 * <p>The formulas, with L = ceil(log2 P), follow R. Thakur, R. Rabenseifner and W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005 (TRG
 * below), and R. Rabenseifner, "Optimization of Collective Reduction Operations", ICCS 2004.
 * m is the size the formula's reference uses: the whole vector of a broadcast or reduction,
 * each process's block for {@link #binomialScatter}. Tree shapes that no closed formula
 * gives exactly are walked by {@link TreeSteps}.
 */
public interface CostModel {

    /** @return the model's name, e.g. {@code binomial} */
    String name();

    /** @return the parameters' names, e.g. {@code [alpha, beta]} */
    List<String> parameterNames();

    /**
     * @param processes P
     * @param bytes     m
     * @return the features x(P, m), one per parameter
     */
    double[] features(int processes, long bytes);

    /** @return whether the parameters are Hockney's (alpha, beta) */
    default boolean alphaBeta() {
        return parameterNames().equals(ALPHA_BETA);
    }

    /** @return the model's time with the given parameters, microseconds */
    default double time(double[] parameters, int processes, long bytes) {
        return LeastSquares.dot(features(processes, bytes), parameters);
    }

    /**
     * @param p2p a point-to-point fit
     * @return the parameters (alpha, beta) taken from it
     * @throws UnsupportedOperationException for a model whose parameters are not alpha, beta
     */
    default double[] fromPointToPoint(Hockney p2p) {
        if (!alphaBeta()) {
            throw new UnsupportedOperationException(name() + " has no alpha-beta form");
        }
        return new double[] {p2p.alpha(), p2p.beta()};
    }

    /** The parameters of every alpha-beta model, in this order. */
    List<String> ALPHA_BETA = List.of("alpha", "beta");

    /** Binomial tree (TRG, broadcast for short messages): {@code L (alpha + beta m)}. */
    static CostModel binomial() {
        return alphaBeta("binomial", (p, m) -> {
            double l = ceilLog2(p);
            return new double[] {l, l * m};
        });
    }

    /** Linear (flat tree, the root sends to each in turn): {@code (P-1)(alpha + beta m)}. */
    static CostModel linear() {
        return alphaBeta("linear", (p, m) -> new double[] {p - 1, (p - 1) * (double) m});
    }

    /**
     * Binomial scatter (Open MPI's scatter and gather binomial, MPICH's): m is each process's
     * block, so the root holds P m; at each of its L sends it passes on the blocks of one
     * subtree, the largest first, and each subtree's root does the same below it. The root's
     * sends carry (P-1) m bytes in L messages, and the process that got the largest subtree
     * first finishes no later: {@code L alpha + (P-1) m beta}, TRG's
     * {@code L alpha + (P-1)/P n beta} with n = P m the whole vector. A gather is the mirror
     * image. For P not a power of two the root still has L = ceil(log2 P) children.
     */
    static CostModel binomialScatter() {
        return alphaBeta("binomial_scatter", (p, m) -> new double[] {
            ceilLog2(p), (p - 1.0) * m});
    }

    /**
     * An unsegmented tree whose last process has the message after {@code steps(P)} sends in
     * a row, each of the whole message: {@code steps(P) (alpha + beta m)}. The steps are
     * {@link TreeSteps}' walk of the MPI's tree, each process sending to its children one
     * after the other.
     *
     * @param name  the model's name
     * @param steps the steps for P processes
     */
    static CostModel tree(String name, IntUnaryOperator steps) {
        return alphaBeta(name, (p, m) -> {
            double s = steps.applyAsInt(p);
            return new double[] {s, s * m};
        });
    }

    /** Open MPI's binary tree, {@code tree} with {@link TreeSteps#kary} of fanout 2. */
    static CostModel binaryTree() {
        return tree("binary_tree", p -> TreeSteps.kary(p, 2));
    }

    /** Open MPI's reduce over the binary tree, {@code tree} with {@link TreeSteps#karyReduce}. */
    static CostModel binaryTreeReduce() {
        return tree("binary_tree_reduce", p -> TreeSteps.karyReduce(p, 2));
    }

    /**
     * Open MPI's in-order binary reduce to root 0, {@code tree} with
     * {@link TreeSteps#inOrderBinaryReduce}.
     */
    static CostModel inOrderBinary() {
        return tree("in_order_binary", TreeSteps::inOrderBinaryReduce);
    }

    /**
     * Open MPI's k-nomial tree, {@code tree} with {@link TreeSteps#knomial}: about
     * {@code (radix-1) ceil(log_radix P)} steps, the root's own sends.
     *
     * @param radix the tree's radix, at least 2
     */
    static CostModel knomial(int radix) {
        if (radix < 2) {
            throw new IllegalArgumentException("radix " + radix);
        }
        return tree("knomial(" + radix + ")", p -> TreeSteps.knomial(p, radix));
    }

    /**
     * Open MPI's split binary tree, unsegmented: {@link TreeSteps#splitBinary}'s steps, each
     * of half the message: {@code steps(P) (alpha + beta ceil(m/2))}. Below two bytes (one
     * element of the benchmark's bytes) there is nothing to split, and Open MPI runs its
     * pipeline instead: {@code (P-1)(alpha + beta m)}.
     */
    static CostModel splitBinaryTree() {
        return alphaBeta("split_binary_tree", (p, m) -> {
            if (m < 2) {
                return new double[] {p - 1, (p - 1.0) * m};
            }
            double s = TreeSteps.splitBinary(p);
            return new double[] {s, s * ceilDiv(m, 2)};
        });
    }

    /**
     * Chains of segments (Open MPI's chain broadcast): the root feeds {@code fanout} chains of
     * {@code ceil((P-1)/fanout)} processes each, segment by segment; with k = ceil(m/s)
     * segments of s bytes (the last segment's size taken as s, and a message smaller than s
     * as one segment of m bytes) the last process has its last segment after
     * {@code fanout k + ceil((P-1)/fanout) - 1} steps: the root's sends are serial, the
     * chain's hops overlap. So {@code t = (fanout k + ceil((P-1)/fanout) - 1)(alpha +
     * beta min(s, m))}.
     *
     * @param fanout   the number of chains, at least 1
     * @param segment the segment size s in bytes, at least 1
     */
    static CostModel chain(int fanout, long segment) {
        if (fanout < 1 || segment < 1) {
            throw new IllegalArgumentException("fanout " + fanout + ", segment " + segment);
        }
        return alphaBeta("chain(" + fanout + "," + segment + ")", (p, m) -> {
            long k = Math.max(1, ceilDiv(m, segment));
            long depth = ceilDiv(p - 1, fanout);
            double steps = p == 1 ? 0 : fanout * k + depth - 1;
            return new double[] {steps, steps * Math.min(segment, m)};
        });
    }

    /**
     * A pipeline of segments along one chain, the chain of fanout 1: {@code (P - 1 + k - 1)
     * (alpha + beta min(s, m))} with k = ceil(m/s): P - 1 steps fill the pipeline, k - 1 more
     * drain it.
     *
     * @param segment the segment size s in bytes
     */
    static CostModel pipeline(long segment) {
        CostModel chain = chain(1, segment);
        return alphaBeta("pipeline(" + segment + ")", chain::features);
    }

    /**
     * Scatter then allgather (van de Geijn's broadcast for long messages, TRG section 4.1):
     * a binomial scatter, {@code L alpha + (P-1)/P m beta}, and a ring allgather,
     * {@code (P-1) alpha + (P-1)/P m beta}: {@code (L + P - 1) alpha + 2 (P-1)/P m beta}.
     */
    static CostModel scatterAllgather() {
        return alphaBeta("scatter_allgather", (p, m) -> new double[] {
            ceilLog2(p) + p - 1, 2.0 * (p - 1) / p * m});
    }

    /**
     * Ring (TRG's ring allgather, m the gathered total): {@code phases ((P-1) alpha +
     * (P-1)/P m beta)}; one phase for allgather, two for the ring allreduce (a reduce-scatter
     * ring, then an allgather ring; the reduction's own cost folded into beta).
     *
     * @param phases 1 for allgather-like rings, 2 for allreduce
     */
    static CostModel ring(int phases) {
        if (phases < 1) {
            throw new IllegalArgumentException("phases " + phases);
        }
        return alphaBeta(phases == 1 ? "ring" : "ring(" + phases + ")", (p, m) -> new double[] {
            phases * (p - 1.0), phases * (p - 1.0) / p * m});
    }

    /**
     * Rabenseifner's allreduce (reduce-scatter by recursive halving, then allgather by
     * recursive doubling): {@code 2 L alpha + 2 (P-1)/P m beta + (P-1)/P m gamma}, gamma the
     * time per byte of the reduction. The gamma term is proportional to the beta term, so no
     * fit can tell them apart: fitted directly, beta is {@code beta + gamma/2}; from a
     * point-to-point fit, gamma is left out, and the gap between the two is gamma's share.
     * For P not a power of two the extra step of the reference is left out too (L rounds up).
     */
    static CostModel rabenseifner() {
        return alphaBeta("rabenseifner", (p, m) -> new double[] {
            2.0 * ceilLog2(p), 2.0 * (p - 1) / p * m});
    }

    /**
     * The study's baseline, {@code a + b P + c m}: no algorithm in it, the yardstick each
     * algorithm's model has to beat on held-out points.
     */
    static CostModel baseline() {
        return new Formula("baseline", List.of("a", "b", "c"),
                (p, m) -> new double[] {1, p, m});
    }

    /**
     * @return every model of this interface, the chain and pipeline with segment s; not the
     *         two reductions over binary trees, whose steps are the split binary tree's on
     *         most P (S(P) + 1), so no data tell them from it
     */
    static List<CostModel> all(long segment) {
        return List.of(binomial(), linear(), chain(4, segment), pipeline(segment),
                scatterAllgather(), ring(1), ring(2), rabenseifner(), binomialScatter(),
                binaryTree(), splitBinaryTree(), knomial(4), baseline());
    }

    /** @return ceil(log2 P), 0 for P = 1 */
    static int ceilLog2(int processes) {
        return 32 - Integer.numberOfLeadingZeros(processes - 1);
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    private static CostModel alphaBeta(String name,
            BiFunction<Integer, Long, double[]> features) {
        return new Formula(name, ALPHA_BETA, features);
    }

    /** A model given by its name, parameter names and features. */
    record Formula(String name, List<String> parameterNames,
            BiFunction<Integer, Long, double[]> formula) implements CostModel {
        @Override
        public double[] features(int processes, long bytes) {
            return formula.apply(processes, bytes);
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
