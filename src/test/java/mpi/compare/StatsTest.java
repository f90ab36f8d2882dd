package mpi.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void oddCountTakesTheMiddle() {
        assertEquals(2.0, Stats.median(List.of("3", "1", "2")));
        assertEquals(0.24, Stats.median(List.of("0.24")));
        assertEquals(5.5, Stats.median(List.of("9.1", "5.5", "0.2", "7", "1")));
    }

    @Test
    void evenCountTakesTheMeanOfTheTwoMiddle() {
        assertEquals(2.5, Stats.median(List.of("4", "1", "3", "2")));
        assertEquals((0.21 + 0.24) / 2, Stats.median(List.of("0.24", "0.21")));
    }

    @Test
    void noValuesIsABug() {
        assertThrows(IllegalArgumentException.class, () -> Stats.median(List.of()));
    }

    @Test
    void ratioIsAboveOneWhenJavaIsSlower() {
        // latency: Java takes longer -> Java/C above 1
        assertEquals(2.0, Unit.MICROSECONDS.ratio(0.5, 0.25));
        assertEquals("J/C", Unit.MICROSECONDS.ratioKind());
        // bandwidth: Java moves less -> C/Java above 1
        assertEquals(2.0, Unit.MEGABYTES_PER_SECOND.ratio(5000, 10000));
        assertEquals("C/J", Unit.MEGABYTES_PER_SECOND.ratioKind());
        assertTrue(Double.isNaN(Unit.MICROSECONDS.ratio(1, 0)));
        assertTrue(Double.isNaN(Unit.MEGABYTES_PER_SECOND.ratio(0, 1)));
    }

    @Test
    void numbersRoundAsPrintfDoes() {
        // 0.125 is exact in binary: half to even; 2.675 is a little below: down.
        assertEquals("0.12", Numbers.fixed(0.125, 2, false));
        assertEquals("0.38", Numbers.fixed(0.375, 2, false));
        assertEquals("2.67", Numbers.fixed(2.675, 2, false));
        assertEquals("+0.02", Numbers.fixed(0.02, 2, true));
        assertEquals("-10.43", Numbers.fixed(-10.43, 2, true));
        assertEquals("-0.00", Numbers.fixed(-0.001, 2, true));
        assertEquals("-0.0000", Numbers.fixed(-0.00001, 4, false));
        assertEquals("nan", Numbers.fixed(Double.NaN, 3, false));
        assertEquals("  n/a", Numbers.right("n/a", 5));
        assertEquals("toolong", Numbers.right("toolong", 3));
    }
}
