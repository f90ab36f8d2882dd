package mpi.common.threads;

import mpi.common.options.UsageException;

/**
 * The threads of osu_latency_mt ({@code -t R} or {@code -t S:R}): S sender threads on rank 0,
 * R receiver threads on rank 1, each 1 to {@value #MAX}, as C OMB 7.4 takes them.
 *
 * @param senders   sender threads on rank 0
 * @param receivers receiver threads on rank 1
 */
public record ThreadCounts(int senders, int receivers) {
    /** The most threads of a side, as C OMB's limit. */
    public static final int MAX = 127;
    /** C OMB's default: 1 sender thread, 2 receiver threads. */
    public static final ThreadCounts DEFAULT = new ThreadCounts(1, 2);

    /**
     * @param value {@code R} (one sender thread) or {@code S:R}
     * @return the counts
     * @throws UsageException if a count is not an integer from 1 to {@value #MAX}
     */
    public static ThreadCounts parse(String value) throws UsageException {
        String[] parts = value.split(":", -1);
        if (parts.length > 2) {
            throw bad(value);
        }
        if (parts.length == 1) {
            return new ThreadCounts(1, count(parts[0], value));
        }
        return new ThreadCounts(count(parts[0], value), count(parts[1], value));
    }

    private static int count(String part, String value) throws UsageException {
        if (!part.matches("\\d{1,9}") || Integer.parseInt(part) < 1 || Integer.parseInt(part) > MAX) {
            throw bad(value);
        }
        return Integer.parseInt(part);
    }

    private static UsageException bad(String value) {
        return new UsageException("-t needs R or S:R with thread counts from 1 to " + MAX
                + ", got '" + value + "'");
    }

    /** @return {@code S:R} */
    public String label() {
        return senders + ":" + receivers;
    }
}
