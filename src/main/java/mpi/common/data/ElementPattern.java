package mpi.common.data;

/**
 * The data that collective validation ({@code -c}) sends, element by element, for any
 * {@link ElementType}. Element {@code i} of the block that rank {@code s} sends towards block
 * (or rank) {@code b} in exchange {@code e} (a count of calls since the program started,
 * warm-up included, the same on every rank) is
 * <pre>
 *   (scramble(i + b * BLOCK_SALT) + e + 157 s + 59 b + 90) mod 2^bits
 * </pre>
 * a non-negative integer stored with a Java cast to the element type. Where data is only
 * moved, {@code bits} is the type's width (at most 32; for {@code float} and {@code double}
 * their mantissa). Where a reduction sums the data of all processes, {@code bits} is less by
 * {@code ceil(log2 processes)}, and by one more for a signed integer type, so that every sum,
 * in any order, is exact and in range: no overflow, whose result MPI leaves to the library
 * (Open MPI's vectorised sums of 8- and 16-bit integers saturate instead of wrapping).
 * The expected result of a reduction is then the exact sum. Hence:
 * <ul>
 * <li>data of one of the {@code 2^bits - 1} exchanges before or after (stale data) differs
 *     at every element;</li>
 * <li>data sent by a rank whose number differs by less than {@code 2^bits} differs at every
 *     element;</li>
 * <li>data shifted by any offset, or a block meant for another place, differs at a fraction
 *     {@code 1 - 2^-bits} of the elements: {@code scramble} is a hash, not periodic.</li>
 * </ul>
 */
public final class ElementPattern {
    private static final int RANK_STEP = 157;     // odd: ranks differing by less than 2^bits differ
    private static final int BLOCK_STEP = 59;     // odd, and not a small multiple of RANK_STEP
    private static final int BLOCK_SALT = 0x01000193;
    private static final int OFFSET = 0x5A;
    private static final int MAX_BITS = 32;
    /** The fewest bits kept for sums, however many processes (then sums may overflow). */
    private static final int MIN_SUM_BITS = 1;

    private final int processes;
    private final long mask;
    private long exchange;

    /**
     * @param type      the element type
     * @param processes the number of processes
     * @param summed    whether a reduction sums the data of all processes
     */
    public ElementPattern(ElementType type, int processes, boolean summed) {
        if (processes < 1) {
            throw new IllegalArgumentException("processes " + processes);
        }
        this.processes = processes;
        int bits = type.exactBits();
        if (summed) {
            int log2 = 32 - Integer.numberOfLeadingZeros(processes - 1); // ceil(log2 processes)
            bits = Math.max(MIN_SUM_BITS, bits - log2 - (type.signed() ? 1 : 0));
        }
        this.mask = (1L << Math.min(bits, MAX_BITS)) - 1;
    }

    /** Sets the exchange whose values {@link #value} and {@link #sum} give. */
    public void exchange(long e) {
        exchange = e;
    }

    /** @return the current exchange */
    public long exchange() {
        return exchange;
    }

    /** @return the largest value the pattern takes */
    public long maxValue() {
        return mask;
    }

    /**
     * @param sender the rank that sends the element
     * @param block  the block (destination rank) it is sent in; 0 if the data is not split
     * @param index  its index in the block
     * @return its value in the current exchange
     */
    public long value(int sender, int block, int index) {
        long h = scramble(index + block * BLOCK_SALT) & 0xFFFFFFFFL;
        return (h + exchange + (long) RANK_STEP * sender + (long) BLOCK_STEP * block + OFFSET) & mask;
    }

    /** @return the exact sum over all ranks of element {@code index} of their block 0 */
    public long sum(int index) {
        long sum = 0;
        for (int s = 0; s < processes; s++) {
            sum += value(s, 0, index);
        }
        return sum;
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
