package mpi.common.bigdata;

/**
 * How many records each partition's block of a map output holds: R partitions sharing
 * {@code R * mean} records, partition p a share {@code 1/(p+1)^s} of them (Zipf's law with
 * exponent s, normalised), each at least one record. With s = 0 every partition holds
 * {@code mean} records; the larger s, the more the first partitions hold, as the hot keys of a
 * skewed data set make a few reducers' partitions large.
 */
public final class ZipfPartitions {
    private ZipfPartitions() {
    }

    /**
     * @param partitions R, at least 1
     * @param mean       the records of a block of equal partitions, at least 1
     * @param skew       the exponent s, 0 or more
     * @return the records of partition p's block, for each p
     */
    public static int[] records(int partitions, int mean, double skew) {
        double[] weight = new double[partitions];
        double sum = 0;
        for (int p = 0; p < partitions; p++) {
            weight[p] = Math.pow(p + 1, -skew);
            sum += weight[p];
        }
        double total = (double) partitions * mean;
        int[] records = new int[partitions];
        for (int p = 0; p < partitions; p++) {
            records[p] = (int) Math.max(1, Math.min(Integer.MAX_VALUE / 2,
                    Math.round(total * weight[p] / sum)));
        }
        return records;
    }
}
