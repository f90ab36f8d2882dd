package mpi.common.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import mpi.common.options.UsageException;

class PercentilesTest {
    @Test
    void defaultIsFiftyNinetyNinetyNine() throws UsageException {
        assertEquals("50,90,99", Percentiles.parse(null).toString());
        assertEquals(List.of("P50 Tail Lat(us)", "P90 Tail Lat(us)", "P99 Tail Lat(us)"),
                Percentiles.DEFAULT.headers("Tail Lat(us)"));
        assertTrue(Percentiles.NONE.isEmpty());
        assertEquals(0, Percentiles.NONE.of(new double[] {1}, 1).length);
    }

    @Test
    void labelsAsWritten() throws UsageException {
        Percentiles p = Percentiles.parse("50,99.9,100,99.990,7.5,050");
        assertEquals(6, p.size());
        assertEquals("50,99.9,100,99.99,7.5,50", p.toString());
        assertEquals(List.of("P50 Tail BW(MB/s)", "P99.9 Tail BW(MB/s)", "P100 Tail BW(MB/s)",
                "P99.99 Tail BW(MB/s)", "P7.5 Tail BW(MB/s)", "P50 Tail BW(MB/s)"),
                p.headers("Tail BW(MB/s)"));
    }

    @ParameterizedTest(name = "P{0} of {1} values is the value of rank {2}")
    @CsvSource({
        "50, 1, 1", "99, 1, 1", "100, 1, 1", "0.001, 1, 1",
        "50, 2, 1", "51, 2, 2", "50, 5, 3", "90, 5, 5", "10, 5, 1", "20, 5, 1", "21, 5, 2",
        "50, 1000, 500", "90, 1000, 900", "99, 1000, 990", "99.9, 1000, 999", "100, 1000, 1000",
        "99.99, 1000, 1000", "0.1, 1000, 1", "99, 5, 5", "1, 100, 1", "33.3, 10, 4",
    })
    void nearestRank(String p, int n, int rank) {
        assertEquals(rank - 1, Percentiles.nearestRankIndex(new BigDecimal(p), n));
    }

    @Test
    void percentilesOfUnsortedSamples() throws UsageException {
        double[] samples = {9, 1, 8, 2, 7, 3, 6, 4, 5, 10, 99};
        Percentiles p = Percentiles.parse("50,90,100,10");
        // the first 10 only: 1..10
        assertArrayEquals(new double[] {5, 9, 10, 1}, p.of(samples, 10));
        assertEquals(99, samples[10]);
        assertThrows(IllegalArgumentException.class, () -> p.of(samples, 0));
        assertThrows(IllegalArgumentException.class, () -> p.of(samples, 12));
    }
}
