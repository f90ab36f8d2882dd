package mpi.common.transport;

import java.util.stream.IntStream;

/**
 * Where a rank of a shuffle listens, given which of the ranks share its network stack: on
 * loopback if a peer does (it connects there), on its other addresses if a peer does not,
 * and nowhere else, so that nothing outside the peers' reach can connect.
 *
 * @param rank      this rank
 * @param sameStack for each rank, whether it shares this rank's network stack (this rank's
 *                  own entry is not read)
 */
record MeshPlan(int rank, boolean[] sameStack) {
    /** @return the other ranks, ascending: the peers this rank serves and fetches from */
    int[] peers() {
        return IntStream.range(0, sameStack.length).filter(j -> j != rank).toArray();
    }

    /** @return whether a peer shares this rank's network stack */
    boolean needsLoopback() {
        return IntStream.of(peers()).anyMatch(j -> sameStack[j]);
    }

    /** @return whether a peer is on another network stack (another host) */
    boolean needsExternal() {
        return IntStream.of(peers()).anyMatch(j -> !sameStack[j]);
    }
}
