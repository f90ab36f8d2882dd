package mpi.compare;

import java.util.Arrays;
import java.util.List;

/**
 * The median the table reports: the middle value, or the mean of the two middle ones, as the
 * shell version's Python ({@code statistics.median}) took it. Commons Math's {@code Median}
 * interpolates {@code a + (b - a) / 2} instead, which can differ in the last bit and so in a
 * printed digit of the tables that must match the shell version's.
 */
public final class Stats {
    private Stats() {
    }

    /**
     * @param values numbers as printed by a benchmark, at least one
     * @return the middle value, or the mean of the two middle ones for an even count
     */
    public static double median(List<String> values) {
        return median(values.stream().mapToDouble(Double::parseDouble).toArray());
    }

    /**
     * @param values numbers, at least one, in any order (not changed)
     * @return the middle value, or the mean of the two middle ones for an even count
     */
    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }
}
