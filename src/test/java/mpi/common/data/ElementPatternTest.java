package mpi.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ElementPatternTest {
    /** The largest value of the type that an exact sum may reach. */
    private static double largestExact(ElementType t) {
        switch (t) {
            case BYTE:   return Byte.MAX_VALUE;
            case CHAR:   return Character.MAX_VALUE;
            case SHORT:  return Short.MAX_VALUE;
            case INT:    return Integer.MAX_VALUE;
            case LONG:   return Long.MAX_VALUE;
            case FLOAT:  return 1 << 24;
            case DOUBLE: return 1L << 53;
            default:     throw new AssertionError(t);
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void sumsOverUpTo64RanksAreExactAndInRange(ElementType t) {
        for (int np = 1; np <= 64; np++) {
            ElementPattern p = new ElementPattern(t, np, true);
            assertTrue((double) np * p.maxValue() <= largestExact(t),
                    t + " on " + np + " ranks: max " + p.maxValue());
            assertTrue(p.maxValue() >= 1);
        }
        // the widest range that stays exact, for 2 ranks
        int bits = Long.numberOfTrailingZeros(new ElementPattern(t, 2, true).maxValue() + 1);
        assertEquals(Math.min(32, t == ElementType.FLOAT ? 23 : t == ElementType.DOUBLE ? 52
                : t == ElementType.CHAR ? 15 : 8 * t.size() - 2), bits, t.toString());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void dataOnlyMovedUsesTheWholeType(ElementType t) {
        ElementPattern p = new ElementPattern(t, 64, false);
        long expected = t.floating() ? (t == ElementType.FLOAT ? (1L << 24) - 1 : 0xFFFFFFFFL)
                : t.size() >= 4 ? 0xFFFFFFFFL : (1L << (8 * t.size())) - 1;
        assertEquals(expected, p.maxValue());
    }

    @Test
    void valuesStayInRange() {
        ElementPattern p = new ElementPattern(ElementType.FLOAT, 3, true);
        for (long e = 0; e < 50; e++) {
            p.exchange(e);
            for (int s = 0; s < 3; s++) {
                for (int i = 0; i < 1000; i++) {
                    long v = p.value(s, 0, i);
                    assertTrue(v >= 0 && v <= p.maxValue());
                }
            }
        }
    }

    @Test
    void sumIsOverEveryRank() {
        ElementPattern p = new ElementPattern(ElementType.INT, 4, true);
        p.exchange(17);
        for (int i = 0; i < 100; i++) {
            assertEquals(p.value(0, 0, i) + p.value(1, 0, i) + p.value(2, 0, i) + p.value(3, 0, i),
                    p.sum(i));
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void neighbouringExchangesAndRanksDifferAtEveryElement(ElementType t) {
        for (boolean summed : new boolean[] {false, true}) {
            ElementPattern p = new ElementPattern(t, 4, summed);
            for (int i = 0; i < 2000; i++) {
                p.exchange(41);
                long v = p.value(2, 1, i);
                long otherRank = p.value(3, 1, i);
                p.exchange(40);
                long before = p.value(2, 1, i);
                p.exchange(42);
                long after = p.value(2, 1, i);
                assertNotEquals(v, before, t + " element " + i);
                assertNotEquals(v, after, t + " element " + i);
                assertNotEquals(v, otherRank, t + " element " + i);
            }
        }
    }

    @Test
    void anotherBlockOrAShiftDiffersAlmostEverywhere() {
        ElementPattern p = new ElementPattern(ElementType.BYTE, 4, false);
        p.exchange(5);
        int sameBlock = 0;
        int sameShift = 0;
        for (int i = 0; i < 4096; i++) {
            sameBlock += p.value(1, 2, i) == p.value(1, 3, i) ? 1 : 0;
            sameShift += p.value(1, 2, i) == p.value(1, 2, i + 1) ? 1 : 0;
        }
        assertTrue(sameBlock < 64, "a block for another rank matched at " + sameBlock);
        assertTrue(sameShift < 64, "shifted data matched at " + sameShift);
    }
}
