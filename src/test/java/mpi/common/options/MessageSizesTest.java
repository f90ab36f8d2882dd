package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MessageSizesTest {
    @Test
    void defaultPointToPointRangeDoublesFromOneTo4MiB() {
        int[] sizes = new MessageSizes(1, 4194304).toArray();
        assertEquals(23, sizes.length);
        for (int i = 0; i < sizes.length; i++) {
            assertEquals(1 << i, sizes[i]);
        }
    }

    @Test
    void zeroIsFollowedByOne() {
        assertArrayEquals(new int[] {0, 1, 2, 4}, new MessageSizes(0, 4).toArray());
        assertArrayEquals(new int[] {0}, new MessageSizes(0, 0).toArray());
    }

    @Test
    void nonPowerOfTwoMinimumKeepsDoubling() {
        assertArrayEquals(new int[] {3, 6, 12, 24}, new MessageSizes(3, 24).toArray());
        assertArrayEquals(new int[] {3, 6, 12}, new MessageSizes(3, 20).toArray());
        assertArrayEquals(new int[] {100}, new MessageSizes(100, 199).toArray());
    }

    @Test
    void singleSize() {
        assertArrayEquals(new int[] {4096}, new MessageSizes(4096, 4096).toArray());
    }

    @Test
    void doublingNearTheArrayLimitDoesNotOverflow() {
        assertArrayEquals(new int[] {1 << 30},
                new MessageSizes(1 << 30, MessageSizes.MAX_ARRAY_SIZE).toArray());
        assertArrayEquals(new int[] {MessageSizes.MAX_ARRAY_SIZE},
                new MessageSizes(MessageSizes.MAX_ARRAY_SIZE, MessageSizes.MAX_ARRAY_SIZE).toArray());
    }

    @Test
    void parseKeepsTheBoundNotGiven() throws UsageException {
        MessageSizes defaults = new MessageSizes(1, 1 << 20);
        assertEquals(new MessageSizes(1, 128), MessageSizes.parse("128", defaults));
        assertEquals(new MessageSizes(2, 128), MessageSizes.parse("2:128", defaults));
        assertEquals(new MessageSizes(2, 1 << 20), MessageSizes.parse("2:", defaults));
        assertEquals(new MessageSizes(0, 4), MessageSizes.parse("0:4", defaults));
        assertEquals(new MessageSizes(7, 7), MessageSizes.parse("007:7", defaults));
    }

    @Test
    void rangeMustBeOrdered() {
        assertThrows(IllegalArgumentException.class, () -> new MessageSizes(5, 4));
        assertThrows(IllegalArgumentException.class, () -> new MessageSizes(-1, 4));
    }
}
