package mpi.common;

/**
 * The payload that validation ({@code -c}) sends: byte {@code i} of the message that rank
 * {@code r} sends in exchange {@code e} (a count of iterations since the program started,
 * warm-up included, the same on every rank) is
 * {@code scramble(i) + e + 157 r + 90}, modulo 256. Hence:
 * <ul>
 * <li>data of any of the 255 exchanges before or after differs at every byte, so stale data
 *     (a receive that did not land) is caught even in a 1-byte message;</li>
 * <li>data sent by a rank whose number differs by less than 256 (the receiver's own send
 *     buffer, another pair) in the same exchange differs at every byte;</li>
 * <li>{@code scramble} is a hash of the index, not periodic, so data shifted by any offset, or
 *     a block that landed at the wrong place, differs at about 255 bytes in 256.</li>
 * </ul>
 */
public final class DataPattern {
    private static final int RANK_STEP = 157; // odd: ranks differing by less than 256 differ
    /** Makes the first byte of the first messages differ from zeros and the initial fill. */
    private static final int OFFSET = 0x5A;

    private DataPattern() {
    }

    /**
     * @param sender   the rank that sends the message
     * @param exchange the exchange's number
     * @return the value the pattern adds to every byte of that message
     */
    public static int seed(int sender, long exchange) {
        return (int) exchange + RANK_STEP * sender + OFFSET;
    }

    /**
     * @param seed  the message's {@link #seed}
     * @param index the byte's offset in the message
     * @return the byte's expected value
     */
    public static byte at(int seed, int index) {
        return (byte) (scramble(index) + seed);
    }

    /** Murmur3's finaliser: each input bit changes each output bit with probability 1/2. */
    static int scramble(int index) {
        int h = index;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
