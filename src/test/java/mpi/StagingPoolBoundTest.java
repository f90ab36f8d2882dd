package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The idle staging memory's bound, from -Dombj.stagingPoolBytes. */
class StagingPoolBoundTest {
    @Test
    void defaultIsHalfAGibibyte() {
        assertEquals(512L << 20, StagingPool.poolBound(null));
    }

    @Test
    void aNumberOfBytesIsTheBound() {
        assertEquals(3221225472L, StagingPool.poolBound("3221225472"));
        assertEquals(0, StagingPool.poolBound(" 0 "));
    }

    @Test
    void anythingElseKeepsTheDefault() {
        assertEquals(512L << 20, StagingPool.poolBound("3g"));
        assertEquals(512L << 20, StagingPool.poolBound("-1"));
    }
}
