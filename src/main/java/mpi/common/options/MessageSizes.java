package mpi.common.options;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The message sizes a benchmark runs, in bytes: from {@code min} to {@code max}, doubling
 * (0 is followed by 1), as in C OMB. A size that is not a power of two stays one: 3, 6, 12.
 *
 * @param min the first size
 * @param max the upper bound; it is itself a size only if doubling reaches it
 */
public record MessageSizes(int min, int max) {
    /**
     * The largest message size, in bytes: 2 GiB less a page, 2147479552. Both kinds of
     * message buffer hold it: a Java array (common JVMs refuse the last few indices below
     * {@code Integer.MAX_VALUE}, for header words) and a page-aligned direct ByteBuffer (its
     * capacity is an {@code int}, and aligning it costs up to a page more). A multiple of every
     * element size, so the count of elements of any {@code -T} type fits an {@code int} too.
     */
    public static final int MAX_SIZE = Integer.MAX_VALUE - 4095;

    /** MAX, MIN:MAX or MIN: (digits only, so a sign or a blank is malformed). */
    private static final Pattern SPEC = Pattern.compile("(\\d+)(:(\\d+)?)?");

    /**
     * @throws IllegalArgumentException if min is above max or a size is negative; user input
     *         goes through {@link #parse}, which reports these as a {@link UsageException}
     */
    public MessageSizes {
        if (min < 0 || min > max) {
            throw new IllegalArgumentException("bad message size range " + min + ":" + max);
        }
    }

    /** @return the sizes in increasing order */
    public int[] toArray() {
        int n = 0;
        for (long s = min; s <= max; s = next(s)) {
            n++;
        }
        int[] sizes = new int[n];
        int i = 0;
        for (long s = min; s <= max; s = next(s)) {
            sizes[i++] = (int) s;
        }
        return sizes;
    }

    /** @return the largest size, the last of {@link #toArray()} */
    public int largest() {
        long s = min;
        while (next(s) <= max) {
            s = next(s);
        }
        return (int) s;
    }

    // long: doubling a size near Integer.MAX_VALUE must end the loop, not wrap around.
    private static long next(long size) {
        return size == 0 ? 1 : size * 2;
    }

    /**
     * Reads the argument of {@code -m}: {@code MAX}, {@code MIN:MAX} or {@code MIN:}; the
     * bound not given keeps its default.
     *
     * @param spec     the argument of {@code -m}
     * @param defaults the sizes of the benchmark when {@code -m} is not given
     * @return the sizes to run
     * @throws UsageException if the argument is malformed, a size is above {@link #MAX_SIZE},
     *         or MIN is above MAX
     */
    public static MessageSizes parse(String spec, MessageSizes defaults) throws UsageException {
        Matcher m = SPEC.matcher(spec);
        if (!m.matches()) {
            throw new UsageException("malformed -m '" + spec
                    + "': expected [MIN:]MAX, e.g. -m 128, -m 2:128 or -m 2:");
        }
        boolean hasColon = m.group(2) != null;
        int min = hasColon ? size(m.group(1)) : defaults.min();
        int max = !hasColon ? size(m.group(1))
                : m.group(3) != null ? size(m.group(3)) : defaults.max();
        if (min > max) {
            throw new UsageException("minimum message size " + min
                    + " is above the maximum " + max + " (-m " + spec + ")");
        }
        return new MessageSizes(min, max);
    }

    private static int size(String digits) throws UsageException {
        long value;
        try {
            value = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            value = Long.MAX_VALUE; // only digits, so it overflowed: too large either way
        }
        if (value > MAX_SIZE) {
            throw new UsageException("message size " + digits + " is too large: a Java array or"
                    + " ByteBuffer message holds at most " + MAX_SIZE + " bytes (-m)");
        }
        return (int) value;
    }
}
