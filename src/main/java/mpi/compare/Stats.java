package mpi.compare;

import java.util.Arrays;
import java.util.List;

/** The median the table reports. */
public final class Stats {
    private Stats() {
    }

    /**
     * @param values numbers as printed by a benchmark, at least one
     * @return the middle value, or the mean of the two middle ones for an even count
     */
    public static double median(List<String> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        double[] v = values.stream().mapToDouble(Double::parseDouble).toArray();
        Arrays.sort(v);
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }
}
