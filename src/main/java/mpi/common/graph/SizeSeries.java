package mpi.common.graph;

/**
 * The timed iterations of one message size, as rank 0 keeps them for {@code -G}.
 *
 * @param size    the message size in bytes
 * @param values  each timed iteration's value, in order (us for a latency, MB/s for a
 *                bandwidth)
 * @param average the size's value as the table prints it (the plot title's {@code Avg})
 */
public record SizeSeries(int size, double[] values, double average) {
}
