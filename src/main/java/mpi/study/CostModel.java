package mpi.study;

import java.util.List;
import java.util.function.BiFunction;

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
 * m is the size the formula's reference uses: the whole vector of a broadcast or reduction.
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

    /** @return every model of this interface, the chain and pipeline with segment s */
    static List<CostModel> all(long segment) {
        return List.of(binomial(), linear(), chain(4, segment), pipeline(segment),
                scatterAllgather(), ring(1), ring(2), rabenseifner(), baseline());
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
