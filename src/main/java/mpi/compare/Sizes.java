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
