package mpi.common.options;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
                new MessageSizes(1 << 30, MessageSizes.MAX_SIZE).toArray());
        assertArrayEquals(new int[] {MessageSizes.MAX_SIZE},
                new MessageSizes(MessageSizes.MAX_SIZE, MessageSizes.MAX_SIZE).toArray());
    }

    @Test
    void theLargestSizeFitsAPageAlignedBufferAndEveryElementType() {
        assertEquals((1L << 31) - 4096, MessageSizes.MAX_SIZE);
        // a page-aligned direct ByteBuffer takes up to a page - 1 more, still an int capacity
        assertTrue((long) MessageSizes.MAX_SIZE + 4095 <= Integer.MAX_VALUE);
        assertEquals(0, MessageSizes.MAX_SIZE % 8, "a whole number of longs and doubles");
        // 2 GiB and 1 GiB doubled to the limit: the last size is 1 GiB
        assertEquals(1 << 30, new MessageSizes(1, MessageSizes.MAX_SIZE).largest());
    }

    @Test
    void sizesAboveTheLimitAreOneLineUsageErrors() throws UsageException {
        MessageSizes defaults = new MessageSizes(1, 1 << 22);
        assertEquals(new MessageSizes(1 << 30, 1 << 30), MessageSizes.parse("1073741824:1073741824",
                defaults));
        assertEquals(MessageSizes.MAX_SIZE, MessageSizes.parse("2147479552", defaults).max());
        for (String spec : new String[] {"2147479553", "2147483647", "2147483648", "4294967296",
            "1:2147479553", "2147479553:", "99999999999999999999999"}) {
            UsageException e = assertThrows(UsageException.class,
                    () -> MessageSizes.parse(spec, defaults));
            assertTrue(e.getMessage().endsWith(" is too large: a Java array or ByteBuffer message"
                    + " holds at most 2147479552 bytes (-m)"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
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
