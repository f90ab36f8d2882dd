package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which parts of a v- or w-collective's staged receive go back into its array: the blocks,
 * never the gaps. No MPI call: the test writes into the staging memory as MPI would.
 */
class ReceiveBlocksTest {
    private static final Datatype INT = new Datatype(0, Datatype.INT, 4, "MPI.INT");
    private static final Datatype BYTE = new Datatype(0, Datatype.BYTE, 1, "MPI.BYTE");

    @BeforeAll
    static void loadLibrary() {
        NativeLibrary.load(); // the array copies are native; they make no MPI call
    }

    @Test
    void blocksThatTileTheBufferAreOneWholeCopy() {
        assertNull(ReceiveBlocks.of(new int[] {1, 2, 3}, new int[] {0, 1, 3}, 3, 4, null, INT,
                24));
    }

    @Test
    void aGapAfterEachBlockLeavesOneRunPerBlock() {
        // counts 1, 2, 1 at 0, 2, 5 ints: a one-int gap after each block.
        assertArrayEquals(new int[] {0, 4, 8, 8, 20, 4},
                ReceiveBlocks.of(new int[] {1, 2, 1}, new int[] {0, 2, 5}, 3, 4, null, INT, 24));
    }

    @Test
    void adjacentBlocksMergeAndEmptyOnesAreLeftOut() {
        // Blocks 0 and 1 touch; block 2 is empty (its displacement still sets the extent).
        assertArrayEquals(new int[] {0, 12},
                ReceiveBlocks.of(new int[] {1, 2, 0}, new int[] {0, 1, 9}, 3, 4, null, INT, 36));
        assertArrayEquals(new int[] {8, 4},
                ReceiveBlocks.of(new int[] {0, 1}, new int[] {0, 2}, 2, 4, null, INT, 12));
        assertArrayEquals(new int[0],
                ReceiveBlocks.of(new int[] {0, 0}, new int[] {3, 1}, 2, 4, null, INT, 12));
    }

    @Test
    void blocksInReverseOrderAreCopiedOneByOne() {
        assertArrayEquals(new int[] {4, 4, 0, 4},
                ReceiveBlocks.of(new int[] {1, 1}, new int[] {1, 0}, 2, 4, null, INT, 8));
    }

    @Test
    void onlyTheFirstNEntriesCount() {
        assertNull(ReceiveBlocks.of(new int[] {2, 5}, new int[] {0, 7}, 1, 4, null, INT, 8));
    }

    @Test
    void wFormsTakeByteDisplacementsAndATypePerBlock() {
        Datatype[] types = {INT, INT};
        assertArrayEquals(new int[] {0, 8, 12, 4},
                ReceiveBlocks.of(new int[] {2, 1}, new int[] {0, 12}, 2, 1, types, null, 16));
        assertNull(ReceiveBlocks.of(new int[] {2, 1}, new int[] {0, 8}, 2, 1, types, null, 12));
        assertTrue(ReceiveBlocks.aligned(new int[] {0, 12, 99}, 2, 4));
        assertFalse(ReceiveBlocks.aligned(new int[] {0, 6}, 2, 4));
        assertTrue(ReceiveBlocks.aligned(new int[] {3, 5}, 2, BYTE.getSize()));
    }

    @Test
    void aStagedReceiveByBlocksLeavesTheGapsOfItsArray() {
        int[] array = {-7, -7, -7, -7, -7, -7};
        int[] blocks = ReceiveBlocks.of(new int[] {1, 1, 1}, new int[] {0, 2, 4}, 3, 4, null,
                INT, 24);
        Staged s = new Staged();
        ByteBuffer staging = (ByteBuffer) s.addReceive(array, true, 24, false, blocks);
        // MPI writes the blocks; the gaps of the staging memory hold whatever was there.
        staging.order(ByteOrder.nativeOrder()).asIntBuffer().put(new int[] {0, 99, 1, 99, 2, 99});
        s.complete();
        assertArrayEquals(new int[] {0, -7, 1, -7, 2, -7}, array);
    }

    @Test
    void aStagedReceiveOfTilingBlocksIsCopiedBackWhole() {
        long[] array = new long[3];
        Staged s = new Staged();
        ByteBuffer staging = (ByteBuffer) s.addReceive(array, true, 24, false, null);
        staging.order(ByteOrder.nativeOrder()).asLongBuffer().put(new long[] {5, 6, 7});
        s.complete();
        assertArrayEquals(new long[] {5, 6, 7}, array);
    }
}
