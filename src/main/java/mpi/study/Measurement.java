package mpi.study;

import java.util.Objects;

import mpi.compare.Interval;

/**
 * One measured point of a sweep: a collective (or {@code "p2p"}) run with one algorithm on P
 * processes with messages of m bytes, its latency in microseconds (the median of its runs,
 * say), and optionally the confidence interval of that latency.
 *
 * @param collective the collective's name as the MPI spells it ({@code "bcast"}), or
 *                   {@value #POINT_TO_POINT}
 * @param algorithm  the algorithm's name as that MPI spells it ({@code "binomial"})
 * @param processes  the process count P, at least 1
 * @param bytes      the message size m in bytes, at least 0
 * @param latency    the latency in microseconds, positive
 * @param interval   the latency's confidence interval (see {@link mpi.compare.MedianInterval}),
 *                   or null when the sweep kept none
 */
public record Measurement(String collective, String algorithm, int processes, long bytes,
        double latency, Interval interval) {

    /** The collective name of point-to-point measurements. */
    public static final String POINT_TO_POINT = "p2p";

    /** Checks the fields: a model fitted to a negative size or a zero time means nothing. */
    public Measurement {
        Objects.requireNonNull(collective, "collective");
        Objects.requireNonNull(algorithm, "algorithm");
        if (processes < 1) {
            throw new IllegalArgumentException("process count " + processes + " < 1");
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("message size " + bytes + " < 0");
        }
        // Relative errors divide by the latency, so a zero or negative one is refused here.
        if (!(latency > 0) || Double.isInfinite(latency)) {
            throw new IllegalArgumentException("latency " + latency + " is not positive");
        }
    }

    /**
     * @return a measurement without an interval
     */
    public static Measurement of(String collective, String algorithm, int processes, long bytes,
            double latency) {
        return new Measurement(collective, algorithm, processes, bytes, latency, null);
    }

    /**
     * @return a point-to-point measurement (P = 2) without an interval
     */
    public static Measurement pointToPoint(long bytes, double latency) {
        return of(POINT_TO_POINT, "pingpong", 2, bytes, latency);
    }

    /** @return whether an interval was kept */
    public boolean hasInterval() {
        return interval != null;
    }
}
