package mpi.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Message sizes as the user writes them (8, 64K, 1M) and as the table shows them. */
public final class Sizes {
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,10})([kKmM]?)");

    private Sizes() {
    }

    /**
     * @param list comma-separated sizes, e.g. {@code 8,64K,1M}
     * @return the sizes in bytes, in the order given
     * @throws BadArgumentException naming the first size that is not one
     */
    public static List<Integer> parseList(String list) throws BadArgumentException {
        List<Integer> sizes = new ArrayList<>();
        for (String s : list.split(",", -1)) {
            sizes.add(parse(s));
        }
        return sizes;
    }

    /**
     * @param range {@code MIN:MAX}, each a size as {@link #parse} reads it, e.g. {@code 1:1M}
     * @return the sizes an OMB benchmark runs for {@code -m MIN:MAX}: MIN, then doubling while
     *         at most MAX
     * @throws BadArgumentException when it is not such a range, MIN is 0 or MIN exceeds MAX
     */
    public static List<Integer> parseRange(String range) throws BadArgumentException {
        String[] ends = range.split(":", -1);
        if (ends.length != 2) {
            throw new BadArgumentException("bad size range '" + range + "' (MIN:MAX, e.g. 1:1M)");
        }
        int min = parse(ends[0]);
        int max = parse(ends[1]);
        if (min < 1 || min > max) {
            throw new BadArgumentException("bad size range '" + range
                    + "' (MIN at least 1 and at most MAX, e.g. 1:1M)");
        }
        List<Integer> sizes = new ArrayList<>();
        for (long s = min; s <= max; s *= 2) {
            sizes.add((int) s);
        }
        return sizes;
    }

    /**
     * @param size bytes, or KiB with a K suffix, MiB with an M suffix (either case)
     * @return the size in bytes, at most {@link Integer#MAX_VALUE} (a Java array's bound)
     */
    public static int parse(String size) throws BadArgumentException {
        Matcher m = SIZE.matcher(size);
        if (m.matches()) {
            long bytes = Long.parseLong(m.group(1)) * switch (m.group(2)) {
                case "k", "K" -> 1L << 10;
                case "m", "M" -> 1L << 20;
                default -> 1L;
            };
            if (bytes <= Integer.MAX_VALUE) {
                return (int) bytes;
            }
        }
        throw new BadArgumentException("bad size '" + size
                + "' (bytes, or with a K or M suffix, e.g. 64K)");
    }

    /** @return e.g. {@code 8}, {@code 64K}, {@code 1M}: a suffix only where it is exact */
    public static String human(int size) {
        if (size > 0 && size % (1 << 20) == 0) {
            return size / (1 << 20) + "M";
        }
        if (size > 0 && size % (1 << 10) == 0) {
            return size / (1 << 10) + "K";
        }
        return Integer.toString(size);
    }
}
