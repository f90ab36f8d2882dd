package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OwnBlocksTest {
    @Test
    void blocksOfOneSizeInBytesPass() {
        assertDoesNotThrow(() -> OwnBlocks.check("allgather", 4, MPI.INT, 4, MPI.INT));
        // Sizes are compared, not types: 2 ints are the bytes of 1 long.
        assertDoesNotThrow(() -> OwnBlocks.check("alltoall", 2, MPI.INT, 1, MPI.LONG));
        assertDoesNotThrow(() -> OwnBlocks.check("gather", 0, MPI.DOUBLE, 0, MPI.BYTE));
    }

    @Test
    void aLongerBlockToItselfIsRefusedWithBothSizes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OwnBlocks.check("neighbour collective", 1000, MPI.DOUBLE, 1, MPI.DOUBLE));
        assertTrue(e.getMessage().contains("sends itself 8000 bytes (1000 x MPI.DOUBLE)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("receives 8 bytes (1 x MPI.DOUBLE)"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> OwnBlocks.check("allgather", 1, MPI.BYTE, 2, MPI.BYTE));
    }

    @Test
    void countsThatOverflowAnIntAreComparedExactly() {
        // 536870912 longs are 2^32 bytes: 0 in int arithmetic, which must not match 0 bytes.
        assertThrows(IllegalArgumentException.class,
                () -> OwnBlocks.check("allgather", 536870912, MPI.LONG, 0, MPI.BYTE));
    }

    @Test
    void slotsOfFindsEveryPlaceOfTheRank() {
        assertArrayEquals(new int[] {0, 1}, OwnBlocks.slotsOf(new int[] {0, 0}, 0));
        assertArrayEquals(new int[] {1, 3}, OwnBlocks.slotsOf(new int[] {2, 5, -2, 5}, 5));
        assertNull(OwnBlocks.slotsOf(new int[] {1, 2}, 0));
        assertNull(OwnBlocks.slotsOf(new int[0], 0));
    }
}
