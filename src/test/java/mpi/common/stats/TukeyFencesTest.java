package mpi.common.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

class TukeyFencesTest {
    /**
     * Uniform values on [1, 2) have quartiles near 1.25 and 1.75, so 1.5 IQR fences near 0.5
     * and 2.5: none of them is beyond, and every injected value (3 to 50, or 0.1) is.
     */
    @Test
    void theFilterRemovesInjectedOutliersAndOnlyThem() {
        Random random = new Random(20261129L);
        for (int trial = 0; trial < 200; trial++) {
            int n = 100 + random.nextInt(900);
            int injected = random.nextInt(n / 20);
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = i < injected ? (random.nextInt(4) == 0 ? 0.1 : 3 + 47 * random.nextDouble())
                        : 1 + random.nextDouble();
            }
            shuffle(values, random);
            Arrays.sort(values);
            TukeyFences.Kept kept = new TukeyFences(TukeyFences.TUKEY_K).kept(values, n);
            assertEquals(n - injected, kept.count(), "trial " + trial);
            for (int i = kept.from(); i < kept.to(); i++) {
                assertEquals(true, values[i] >= 1 && values[i] < 2, "kept " + values[i]);
            }
        }
    }

    /**
     * The quartiles are R's quantile(type = 7): h = (n - 1) p, between the order statistics
     * around h. A fence is inclusive: a value on it is kept.
     */
    @Test
    void theQuartilesAreRsDefault() {
        // h = 2.5 and 7.5: quartiles 2.5 and 7.5, IQR 5; k 1: fences -2.5 and 12.5
        double[] values = {-1, 1, 2, 3, 4, 5, 6, 7, 8, 9.7, 9.8};
        assertEquals(new TukeyFences.Kept(0, 11), new TukeyFences(1).kept(values, values.length));
        // h = 2 and 6: quartiles 3 and 7, IQR 4; k 0.5: fences 1 (kept) and 9 (9.8 beyond)
        double[] tight = {1, 2, 3, 4, 5, 6, 7, 8, 9.8};
        assertEquals(new TukeyFences.Kept(0, 8), new TukeyFences(0.5).kept(tight, tight.length));
        // k 0.4: fences 1.4 (1 beyond) and 8.6
        assertEquals(new TukeyFences.Kept(1, 8), new TukeyFences(0.4).kept(tight, tight.length));
    }

    @Test
    void aRowLeavesTheOutliersOutOfEveryStatistic() {
        double[] values = {5, 1, 2, 3, 100, 4, 2.5, 3.5, 1.5};
        RowStatistics filtered = RowStatistics.of(values.clone(), 9, 0.9, new TukeyFences(1.5));
        RowStatistics without = RowStatistics.of(new double[] {5, 1, 2, 3, 4, 2.5, 3.5, 1.5}, 8,
                0.9);
        assertEquals(1, filtered.outliers());
        assertEquals(0, without.outliers());
        assertEquals(without.repetitions(), filtered.repetitions());
        assertEquals(without.mean(), filtered.mean(), 1e-12);
        assertEquals(without.median(), filtered.median(), 1e-12);
        assertEquals(without.medianInterval(), filtered.medianInterval());
        assertEquals(without.meanInterval(), filtered.meanInterval());
    }

    @Test
    void labelsAndBadFactors() {
        assertEquals("tukey:1.5", new TukeyFences(1.5).label());
        assertEquals("tukey:3", new TukeyFences(3).label());
        assertThrows(IllegalArgumentException.class, () -> new TukeyFences(0));
        assertThrows(IllegalArgumentException.class, () -> new TukeyFences(Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> new TukeyFences(Double.POSITIVE_INFINITY));
    }

    private static void shuffle(double[] values, Random random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
    }
}
