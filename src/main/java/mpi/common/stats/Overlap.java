package mpi.common.stats;

/**
 * The four numbers a non-blocking collective benchmark reports per size, as C OMB computes
 * them: the overall time of initiation + computation + wait, the computation's time (without
 * the time spent in progress calls), the pure communication time (initiation + wait with no
 * computation), and how much of the communication the computation hid.
 *
 * @param overallUs average time of one start-compute-wait iteration
 * @param computeUs average computation time in it, progress calls excluded
 * @param pureCommUs average time of one start-wait iteration without computation
 */
public record Overlap(double overallUs, double computeUs, double pureCommUs) {
    /**
     * @return the overlap in percent: 100 when the communication took no time beyond the
     *         computation, 0 when none of it was hidden; clamped to [0, 100]
     */
    public double percent() {
        if (pureCommUs <= 0) {
            return 0;
        }
        double exposed = overallUs - computeUs;
        return Math.max(0, Math.min(100, 100 * (1 - exposed / pureCommUs)));
    }
}
