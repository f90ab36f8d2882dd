package mpi.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The tree walks against trees drawn by hand from the MPIs' numbering. */
class TreeStepsTest {

    @Test
    void openMpisBinaryTree() {
        // 0 -> 1, 2; 1 -> 3, 5; 2 -> 4, 6: rank 6 is the second child of a second child.
        assertEquals(0, TreeSteps.kary(1, 2));
        assertEquals(1, TreeSteps.kary(2, 2));
        assertEquals(2, TreeSteps.kary(4, 2));
        assertEquals(3, TreeSteps.kary(6, 2));
        assertEquals(4, TreeSteps.kary(7, 2));
        // Fanout 1 is a chain: P-1 steps.
        assertEquals(9, TreeSteps.kary(10, 1));
    }

    /** The bounds the guide (5.3) gives for the walks. */
    @Test
    void theGuidesBoundsHold() {
        for (int p = 2; p <= 300; p++) {
            int floorLog2 = 31 - Integer.numberOfLeadingZeros(p);
            assertTrue(TreeSteps.kary(p, 2) <= 2 * floorLog2, "P = " + p);
            int ceilLog4 = (CostModel.ceilLog2(p) + 1) / 2;
            assertTrue(TreeSteps.knomial(p, 4) <= 3 * ceilLog4, "P = " + p);
            assertEquals(TreeSteps.kary(p, 2) + 1, TreeSteps.splitBinary(p), "P = " + p);
        }
        for (int d = 2; d <= 8; d++) {
            assertEquals(2 * (d - 1), TreeSteps.kary((1 << d) - 1, 2), "d = " + d);
        }
    }

    @Test
    void mpichsHeapNumberingTakesAsManySteps() {
        // AlgorithmModels maps MPICH's tree (k = 2) to the binary tree on this equality.
        for (int p = 1; p <= 300; p++) {
            assertEquals(TreeSteps.kary(p, 2), TreeSteps.karyHeap(p, 2), "P = " + p);
        }
        // 0 -> 1, 2, 3; 1 -> 4, 5, 6: rank 6 after 1 + 3 steps.
        assertEquals(4, TreeSteps.karyHeap(7, 3));
    }

    @Test
    void openMpisKnomialTree() {
        // Open MPI's drawing for 10 processes, radix 4: 0 -> 4, 8, 1, 2, 3; 4 -> 5, 6, 7;
        // 8 -> 9: rank 3 is the root's fifth send.
        assertEquals(5, TreeSteps.knomial(10, 4));
        // Radix 2 is the binomial tree: ceil(log2 P) steps.
        for (int p = 1; p <= 300; p++) {
            assertEquals(CostModel.ceilLog2(p), TreeSteps.knomial(p, 2), "P = " + p);
        }
        assertThrows(IllegalArgumentException.class, () -> TreeSteps.knomial(8, 1));
    }

    @Test
    void reductionsReceiveTheirChildrenInTurn() {
        // 0 <- 1, 2; 1 <- 3: rank 1 has its result at 1, the root receives it (2), then
        // rank 2's (3); a broadcast over the same tree takes 2.
        assertEquals(3, TreeSteps.karyReduce(4, 2));
        assertEquals(2, TreeSteps.kary(4, 2));
        // In-order on 4: 3 <- 2, 1; 1 <- 0: rank 3 has the result at 2, and sends it to 0.
        assertEquals(3, TreeSteps.inOrderBinaryReduce(4));
        // Two ranks: 0 sends to 1, 1 sends the result back.
        assertEquals(2, TreeSteps.inOrderBinaryReduce(2));
        assertEquals(0, TreeSteps.inOrderBinaryReduce(1));
        // The guide: on most P both take the split tree's S(P) + 1 steps.
        int reduce = 0;
        int inOrder = 0;
        for (int p = 2; p <= 300; p++) {
            reduce += TreeSteps.karyReduce(p, 2) == TreeSteps.splitBinary(p) ? 1 : 0;
            inOrder += TreeSteps.inOrderBinaryReduce(p) == TreeSteps.splitBinary(p) ? 1 : 0;
        }
        assertTrue(reduce >= 270 && inOrder >= 270, reduce + " and " + inOrder + " of 299");
    }

    @Test
    void openMpisSplitBinaryTree() {
        // P = 2: half to rank 1, then the root sends it the other half.
        assertEquals(2, TreeSteps.splitBinary(2));
        // P = 3: halves to 1 and 2 (steps 1, 2), their exchange: 3.
        assertEquals(3, TreeSteps.splitBinary(3));
        // P = 4: 0 -> 1, 2; 1 -> 3 (step 2, rank 1 done at 2); 1 and 2 exchange, and the
        // root, done at 2, sends the second half to 3: both at 3.
        assertEquals(3, TreeSteps.splitBinary(4));
        assertEquals(0, TreeSteps.splitBinary(1));
    }
}
