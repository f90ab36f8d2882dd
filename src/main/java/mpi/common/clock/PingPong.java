package mpi.common.clock;

/**
 * One exchange of a clock synchronization, seen from the side whose clock is being mapped: it
 * reads its clock, sends, the other side answers with its own clock's reading, and it reads its
 * clock again. A seam, so that the estimate can be tested on fake clocks with known offsets,
 * drifts and delays.
 */
@FunctionalInterface
public interface PingPong {
    /**
     * @param sample filled with: [0] the local time the ping left, [1] the other clock's
     *               reading in its answer, [2] the local time the answer arrived
     * @throws Exception if the exchange fails
     */
    void exchange(long[] sample) throws Exception;
}
