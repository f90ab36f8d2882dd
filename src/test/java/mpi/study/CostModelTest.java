package mpi.study;

import static mpi.study.HockneyTest.assertWithin;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The collective models: their formulas, direct fits, point-to-point form and selection. */
class CostModelTest {
    private static final double ALPHA = 2.0;
    private static final double BETA = 1.0e-4;
    private static final double NOISE = 0.01;
    /** A size and a process count no fit sees. */
    private static final HoldOut HOLD_OUT = new HoldOut(java.util.Set.of(65536L, 64L),
            java.util.Set.of(24));

    @Test
    void formulasAtKnownPoints() {
        double[] p = {ALPHA, BETA};
        // P = 8: L = 3; P = 5: L = 3 (rounded up).
        assertEquals(3 * (ALPHA + BETA * 1000), CostModel.binomial().time(p, 8, 1000), 1e-12);
        assertEquals(3 * (ALPHA + BETA * 1000), CostModel.binomial().time(p, 5, 1000), 1e-12);
        assertEquals(7 * (ALPHA + BETA * 1000), CostModel.linear().time(p, 8, 1000), 1e-12);
        // Pipeline, s = 100, m = 1000: k = 10 segments, P - 1 + k - 1 = 16 steps of 100 bytes.
        assertEquals(16 * (ALPHA + BETA * 100), CostModel.pipeline(100).time(p, 8, 1000),
                1e-12);
        // Two chains of ceil(7/2) = 4: 2 * 10 + 4 - 1 = 23 steps.
        assertEquals(23 * (ALPHA + BETA * 100), CostModel.chain(2, 100).time(p, 8, 1000),
                1e-12);
        assertEquals((3 + 7) * ALPHA + 2 * 7.0 / 8 * 1000 * BETA,
                CostModel.scatterAllgather().time(p, 8, 1000), 1e-12);
        assertEquals(7 * ALPHA + 7.0 / 8 * 1000 * BETA, CostModel.ring(1).time(p, 8, 1000),
                1e-12);
        assertEquals(14 * ALPHA + 14.0 / 8 * 1000 * BETA, CostModel.ring(2).time(p, 8, 1000),
                1e-12);
        assertEquals(6 * ALPHA + 14.0 / 8 * 1000 * BETA,
                CostModel.rabenseifner().time(p, 8, 1000), 1e-12);
        assertEquals(1 + 2 * 8 + 3 * 1000,
                CostModel.baseline().time(new double[] {1, 2, 3}, 8, 1000), 1e-12);
        // Binomial scatter, m each process's block: L = 3 sends carry 7 blocks.
        assertEquals(3 * ALPHA + 7 * 1000 * BETA, CostModel.binomialScatter().time(p, 8, 1000),
                1e-12);
        // Binary tree on 8: rank 6, the root's second child's second child, after 4 steps.
        assertEquals(4 * (ALPHA + BETA * 1000), CostModel.binaryTree().time(p, 8, 1000),
                1e-12);
        // Radix 4 on 16: the root's last child 12 (3 steps) sends to 15 third: 6 steps.
        assertEquals(6 * (ALPHA + BETA * 1000), CostModel.knomial(4).time(p, 16, 1000),
                1e-12);
        // Split binary tree on 3: halves to ranks 1 and 2 (2 steps), their exchange (1), of
        // ceil(1001/2) = 501 bytes; one byte cannot be split: Open MPI's pipeline, P-1 steps.
        assertEquals(3 * (ALPHA + BETA * 501), CostModel.splitBinaryTree().time(p, 3, 1001),
                1e-12);
        assertEquals(2 * (ALPHA + BETA), CostModel.splitBinaryTree().time(p, 3, 1), 1e-12);
        assertEquals(0, CostModel.ceilLog2(1));
        assertEquals(5, CostModel.ceilLog2(17));
    }

    @Test
    void directFitsRecoverTheParametersWithin5Percent() {
        for (CostModel model : List.of(CostModel.binomial(), CostModel.linear(),
                CostModel.pipeline(8192), CostModel.scatterAllgather(), CostModel.ring(2),
                CostModel.rabenseifner(), CostModel.binomialScatter(), CostModel.binaryTree(),
                CostModel.splitBinaryTree(), CostModel.knomial(4), CostModel.binaryTreeReduce(),
                CostModel.inOrderBinary())) {
            List<Measurement> points = Synthetic.collective(model.name(),
                    (p, m) -> model.time(new double[] {ALPHA, BETA}, p, m), NOISE, 11);
            ModelFit fit = ModelFit.fit(model, points, HOLD_OUT);
            assertWithin(ALPHA, fit.parameter("alpha"), 0.05, model.name() + " alpha");
            assertWithin(BETA, fit.parameter("beta"), 0.05, model.name() + " beta");
            assertTrue(fit.rSquared() > 0.99, model.name() + " R squared " + fit.rSquared());
            assertTrue(fit.heldOutError() < 0.03, model.name() + " held-out error "
                    + fit.heldOutError());
            assertTrue(fit.heldOut() > 0 && fit.fitted() > fit.heldOut());
        }
    }

    @Test
    void theBaselineRecoversItsOwnParameters() {
        List<Measurement> points = Synthetic.collective("baseline",
                (p, m) -> 5 + 0.5 * p + 2e-4 * m, NOISE, 3);
        ModelFit fit = ModelFit.fit(CostModel.baseline(), points, HOLD_OUT);
        assertWithin(5, fit.parameter("a"), 0.05, "a");
        assertWithin(0.5, fit.parameter("b"), 0.05, "b");
        assertWithin(2e-4, fit.parameter("c"), 0.05, "c");
    }

    @Test
    void binomialDataSelectTheBinomialModel() {
        List<Measurement> points = Synthetic.collective("binomial",
                (p, m) -> CostModel.binomial().time(new double[] {ALPHA, BETA}, p, m), NOISE,
                5);
        List<ModelFit> ranked = ModelSelection.rank(CostModel.all(8192), points, HOLD_OUT);
        assertEquals("binomial", ranked.get(0).model().name(), () -> summary(ranked));
        // And not narrowly: the runner-up is off by clearly more than the noise.
        assertTrue(ranked.get(1).heldOutError() > 2 * ranked.get(0).heldOutError(),
                () -> summary(ranked));
    }

    @Test
    void scatterAllgatherDataSelectTheirModel() {
        List<Measurement> points = Synthetic.collective("scatter_allgather",
                (p, m) -> CostModel.scatterAllgather().time(new double[] {ALPHA, BETA}, p, m),
                NOISE, 6);
        List<ModelFit> ranked = ModelSelection.rank(CostModel.all(8192), points, HOLD_OUT);
        assertEquals("scatter_allgather", ranked.get(0).model().name(), () -> summary(ranked));
    }

    @Test
    void eachNewModelsDataSelectItsModel() {
        long seed = 20;
        for (CostModel model : List.of(CostModel.binomialScatter(), CostModel.binaryTree(),
                CostModel.splitBinaryTree(), CostModel.knomial(4))) {
            List<Measurement> points = Synthetic.collective(model.name(),
                    (p, m) -> model.time(new double[] {ALPHA, BETA}, p, m), NOISE, seed++);
            List<ModelFit> ranked = ModelSelection.rank(CostModel.all(8192), points, HOLD_OUT);
            assertEquals(model.name(), ranked.get(0).model().name(), () -> summary(ranked));
            assertTrue(ranked.get(0).heldOutError() < 0.03, () -> summary(ranked));
            // Not narrowly: the runner-up is off by clearly more than the noise.
            assertTrue(ranked.get(1).heldOutError() > 2 * ranked.get(0).heldOutError(),
                    () -> summary(ranked));
        }
    }

    @Test
    void pointToPointParametersPredictTheCollective() {
        List<Measurement> p2p = Synthetic.pointToPoint((p, m) -> ALPHA + BETA * m, NOISE, 5, 8);
        Hockney h = Hockney.fit(p2p);
        List<Measurement> points = Synthetic.collective("binomial",
                (p, m) -> CostModel.binomial().time(new double[] {ALPHA, BETA}, p, m), NOISE,
                9);
        ModelFit fromP2p = ModelFit.fromPointToPoint(CostModel.binomial(), h, points, HOLD_OUT);
        assertEquals(ModelFit.Source.POINT_TO_POINT, fromP2p.source());
        assertEquals(h.alpha(), fromP2p.parameter("alpha"));
        assertTrue(fromP2p.heldOutError() < 0.03, "held-out " + fromP2p.heldOutError());
        // The linear model with the same alpha and beta is far off these points.
        ModelFit wrong = ModelFit.fromPointToPoint(CostModel.linear(), h, points, HOLD_OUT);
        assertTrue(wrong.heldOutError() > 0.5, "linear's held-out " + wrong.heldOutError());
        assertThrows(UnsupportedOperationException.class,
                () -> ModelFit.fromPointToPoint(CostModel.baseline(), h, points, HOLD_OUT));
    }

    @Test
    void heldOutPointsAreNotFitted() {
        List<Measurement> points = Synthetic.collective("binomial",
                (p, m) -> CostModel.binomial().time(new double[] {ALPHA, BETA}, p, m), 0, 1);
        HoldOut.Split split = HOLD_OUT.split(points);
        assertTrue(split.held().stream().allMatch(HOLD_OUT::holds));
        assertTrue(split.fit().stream().noneMatch(HOLD_OUT::holds));
        assertEquals(points.size(), split.fit().size() + split.held().size());
        // 9 process counts x 21 sizes; held: P = 24 (21 points) and 2 sizes at the other 8.
        assertEquals(21 + 2 * 8, split.held().size());
    }

    private static String summary(List<ModelFit> ranked) {
        StringBuilder s = new StringBuilder();
        for (ModelFit f : ranked) {
            s.append(f.model().name()).append(' ').append(f.heldOutError()).append("; ");
        }
        return s.toString();
    }
}
