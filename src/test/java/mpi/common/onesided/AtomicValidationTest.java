package mpi.common.onesided;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import mpi.common.data.ElementType;
import mpi.common.data.TypedBuffer;
import mpi.common.options.Api;

/** What a rank accepts after the validated epoch of acc, fop and cas. */
class AtomicValidationTest {
    private static TypedBuffer buffer(ElementType t, int n) {
        return TypedBuffer.allocate(Api.ARRAYS, t, n);
    }

    @Test
    void aSumMustHoldBothValuesInEveryElement() {
        AtomicValidation v = new AtomicValidation(AtomicValidation.Kind.ACCUMULATE);
        for (ElementType t : new ElementType[] {ElementType.BYTE, ElementType.INT,
                ElementType.FLOAT}) {
            TypedBuffer origin = buffer(t, 4);
            TypedBuffer window = buffer(t, 4);
            v.fill(1, 4, origin, null, null, window);
            assertTrue(origin.holds(3, 20) && window.holds(0, 20), t.name());
            assertFalse(v.check(1, 0, 4, true, false, null, window), "untouched: " + t);
            window.fill(4, 30); // rank 1's 20 plus rank 0's 10
            assertTrue(v.check(1, 0, 4, true, false, null, window), t.name());
            window.put(3, 20); // the last element missed
            assertFalse(v.check(1, 0, 4, true, false, null, window), t.name());
            assertTrue(v.check(1, 0, 4, false, true, null, window), "not a target: " + t);
        }
    }

    @Test
    void fetchAndOpAlsoFetchesTheTargetsValue() {
        AtomicValidation v = new AtomicValidation(AtomicValidation.Kind.FETCH_AND_OP);
        TypedBuffer origin = buffer(ElementType.INT, 1);
        TypedBuffer result = buffer(ElementType.INT, 1);
        TypedBuffer window = buffer(ElementType.INT, 1);
        v.fill(0, 1, origin, null, result, window);
        assertFalse(v.check(0, 1, 1, false, true, result, window), "nothing fetched");
        result.put(0, 20);
        assertTrue(v.check(0, 1, 1, false, true, result, window));
        result.put(0, 30); // the value after the sum, not before
        assertFalse(v.check(0, 1, 1, false, true, result, window));
    }

    @Test
    void compareAndSwapLeavesTheTargetAndFetches() {
        AtomicValidation v = new AtomicValidation(AtomicValidation.Kind.COMPARE_AND_SWAP);
        TypedBuffer origin = buffer(ElementType.BYTE, 1);
        TypedBuffer compare = buffer(ElementType.BYTE, 1);
        TypedBuffer result = buffer(ElementType.BYTE, 1);
        TypedBuffer window = buffer(ElementType.BYTE, 1);
        v.fill(1, 1, origin, compare, result, window);
        assertTrue(compare.holds(0, 20), "compare is the origin's own value");
        assertTrue(v.check(1, 0, 1, true, false, result, window), "unchanged target");
        window.put(0, 10); // swapped in rank 0's origin
        assertFalse(v.check(1, 0, 1, true, false, result, window));
        result.put(0, 20);
        assertTrue(v.check(0, 1, 1, false, true, result, window), "fetched rank 1's 20");
    }
}
