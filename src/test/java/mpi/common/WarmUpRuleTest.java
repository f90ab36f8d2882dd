package mpi.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WarmUpRuleTest {
    private static final long MANY = WarmUpRule.MIN_LOOP_ITERATIONS;

    @Test
    void quietSteadyRoundsAfterEnoughWorkEndTheWarmUp() {
        WarmUpRule rule = new WarmUpRule();
        assertNull(rule.before(MANY, 100));
        assertNull(rule.round(true, 20_000, 1, 1000, 120)); // compiling
        assertNull(rule.round(false, 20_000, 1, 1000, 140));
        assertNull(rule.round(false, 20_500, 1, 1000, 160));
        WarmUpRule.Outcome end = rule.round(false, 19_500, 1, 1000, 180);
        assertNotNull(end);
        assertTrue(end.steady());
        assertEquals(4, end.rounds());
        assertEquals(180, end.millis());
        assertEquals(MANY + 4000, end.loopIterations());
        assertNull(end.commentLine(), "a steady warm-up adds no line to the table");
    }

    @Test
    void roundsStillGettingFasterAreNotSteady() {
        WarmUpRule rule = new WarmUpRule();
        rule.before(MANY, 0);
        rule.round(false, 40_000, 1, 1000, 40);
        // quiet, but each round faster than every one before by more than 5 %
        assertNull(rule.round(false, 30_000, 1, 1000, 70));
        assertNull(rule.round(false, 25_000, 1, 1000, 95));
        assertNull(rule.round(false, 20_000, 1, 1000, 115));
        assertNull(rule.round(false, 16_000, 1, 1000, 131));
        assertNull(rule.round(false, 16_500, 1, 1000, 147), "median 16,500 against best 25,000");
        assertNull(rule.round(false, 16_200, 1, 1000, 163), "median 16,200 against best 20,000");
        // the last three's median (16,300) against the best before them (16,000): steady
        assertTrue(rule.round(false, 16_300, 1, 1000, 179).steady());
    }

    @Test
    void timePerPassIsWhatIsCompared() {
        WarmUpRule rule = new WarmUpRule();
        rule.before(MANY, 0);
        rule.round(false, 10_000, 1, 1000, 10);
        // twice the passes in twice the time: the same speed, so steady
        rule.round(false, 20_000, 2, 2000, 30);
        rule.round(false, 20_000, 2, 2000, 50);
        assertTrue(rule.round(false, 20_000, 2, 2000, 70).steady());
    }

    @Test
    void aRoundWithACompilationOrTooShortIsNotQuiet() {
        WarmUpRule rule = new WarmUpRule();
        rule.before(MANY, 0);
        assertNull(rule.round(false, 10_000, 1, 1000, 10));
        assertNull(rule.round(false, 10_000, 1, 1000, 20));
        assertNull(rule.round(false, 10_000, 1, 1000, 30), "no earlier rounds to judge against");
        assertNull(rule.round(true, 10_000, 1, 1000, 40), "steady times, but a compilation");
        assertNull(rule.round(false, 9_999, 1, 1000, 50), "too short to count as quiet");
        assertNull(rule.round(false, 10_000, 1, 1000, 60), "one quiet round of two");
        assertTrue(rule.round(false, 10_000, 1, 1000, 70).steady());
    }

    @Test
    void tooFewLoopIterationsHoldTheEndBackUntilTheWorkBudget() {
        WarmUpRule rule = new WarmUpRule();
        rule.before(1000, 0);
        long at = 0;
        for (int i = 0; i < 6; i++) { // quiet and steady, but the loop ran 7,000 times
            at += 20;
            assertNull(rule.round(false, 20_000, 1, 1000, at));
        }
        WarmUpRule.Outcome end = rule.round(false, 20_000, 1, 1000, WarmUpRule.WORK_BUDGET_MILLIS);
        assertTrue(end.steady(), "after the work budget, time alone may end it");
    }

    @Test
    void aLoopOfWindowsNeedsItsRoundsWorthOnly() {
        WarmUpRule rule = WarmUpRule.forRoundsOf(200, false); // one-sided bandwidth: 200 windows
        rule.before(2800, 0);
        for (int round = 1; round <= 4; round++) {
            assertNull(rule.round(false, 20_000, 1, 200, round * 20L));
        }
        assertNull(rule.round(false, 20_000, 1, 200, 100), "3,800 windows of 4,000");
        assertTrue(rule.round(false, 20_000, 1, 200, 120).steady(), "4,000: twenty rounds' worth");
        WarmUpRule latency = WarmUpRule.forRoundsOf(5000, false); // one-sided latency: 100,000 still
        latency.before(95_000, 0);
        latency.round(false, 20_000, 1, 1000, 20);
        latency.round(false, 20_000, 1, 1000, 40);
        latency.round(false, 20_000, 1, 1000, 60);
        assertNull(latency.round(false, 20_000, 1, 1000, 80), "99,000 of 100,000");
        assertTrue(latency.round(false, 20_000, 1, 1000, 100).steady());
    }

    @Test
    void theTimeCapEndsTheWarmUpAndSaysSo() {
        WarmUpRule rule = new WarmUpRule();
        rule.before(MANY, 0);
        assertNull(rule.round(true, 500_000, 1, 1000, 5_000));
        WarmUpRule.Outcome end = rule.round(true, 500_000, 1, 1000, WarmUpRule.TIME_CAP_MILLIS);
        assertFalse(end.steady());
        assertEquals("# JIT warm-up: stopped at its cap (2 rounds, 10000 ms) before the times were"
                + " steady; the first sizes may include JIT compilation", end.commentLine());
        assertThrows(IllegalStateException.class, () -> rule.round(false, 1, 1, 1, 1));
    }

    @Test
    void oversubscribedRanksHaveTheShorterCapAndSaySo() {
        WarmUpRule rule = WarmUpRule.forRoundsOf(5000, true);
        assertNull(rule.before(300, 1_500));
        WarmUpRule.Outcome end = rule.round(true, 500_000, 1, 1000,
                WarmUpRule.OVERSUBSCRIBED_CAP_MILLIS);
        assertFalse(end.steady());
        assertTrue(end.oversubscribed());
        assertEquals("# JIT warm-up: stopped at its cap (1 rounds, 2000 ms; more ranks than"
                + " processors on a host) before the times were steady; the first sizes may"
                + " include JIT compilation", end.commentLine());
        WarmUpRule other = WarmUpRule.forRoundsOf(5000, false);
        assertNull(other.before(300, WarmUpRule.OVERSUBSCRIBED_CAP_MILLIS));
    }

    @Test
    void theCapCanComeBeforeAnyRound() {
        WarmUpRule rule = new WarmUpRule();
        assertNull(rule.before(3000, 9_000));
        WarmUpRule.Outcome end = rule.before(3000, 10_468);
        assertFalse(end.steady());
        assertEquals(0, end.rounds());
        assertEquals(6000, end.loopIterations());
    }

    @Test
    void theRoundCapEndsAJitThatNeverGoesQuiet() {
        WarmUpRule rule = new WarmUpRule();
        rule.before(MANY, 0);
        WarmUpRule.Outcome end = null;
        int rounds = 0;
        while (end == null) {
            end = rule.round(true, 20_000, 1, 1000, ++rounds * 20L);
        }
        assertFalse(end.steady());
        assertEquals(WarmUpRule.MAX_ROUNDS, end.rounds());
    }
}
