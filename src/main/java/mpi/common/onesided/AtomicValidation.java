package mpi.common.onesided;

import mpi.common.data.TypedBuffer;

/**
 * Validation of the accumulating programs ({@code -c}: acc, fop, cas), after C OMB's atomic
 * validation (§3.5 of the catalogue): every rank fills its origin, compare and window with
 * its value, (rank + 1) x 10 (exact in every type, and no sum overflows a byte), and its
 * result with 0; one epoch of the program's operations runs; then a rank whose window was
 * the target checks every element the operation reached (a sum must hold its own value plus
 * the origin's, a compare-and-swap must have left it unchanged, as its compare value, the
 * origin's own, never matches), and a rank that fetched checks that its result holds the
 * target's value from before.
 */
public final class AtomicValidation {
    /** What the operation does to the target, and whether it fetches. */
    public enum Kind {
        /** MPI_Accumulate with MPI.SUM: the target sums, nothing comes back. */
        ACCUMULATE(true, false),
        /** MPI_Fetch_and_op with MPI.SUM: the target sums, its old value comes back. */
        FETCH_AND_OP(true, true),
        /** MPI_Compare_and_swap that never matches: the target stays, its value comes back. */
        COMPARE_AND_SWAP(false, true);

        final boolean sums;
        final boolean fetches;

        Kind(boolean sums, boolean fetches) {
            this.sums = sums;
            this.fetches = fetches;
        }
    }

    private final Kind kind;

    /** @param kind the operation validated */
    public AtomicValidation(Kind kind) {
        this.kind = kind;
    }

    /** @return the value rank {@code rank} fills its buffers with */
    public static long value(int rank) {
        return (rank + 1) * 10L;
    }

    /**
     * Fills this rank's buffers before the validated epoch.
     *
     * @param rank    this rank
     * @param count   the elements per operation
     * @param origin  the origin buffer
     * @param compare the compare buffer (cas), or null
     * @param result  the result buffer (fetching operations), or null
     * @param window  this rank's window memory
     */
    public void fill(int rank, int count, TypedBuffer origin, TypedBuffer compare,
            TypedBuffer result, TypedBuffer window) {
        origin.fill(count, value(rank));
        window.fill(count, value(rank));
        if (compare != null) {
            compare.fill(count, value(rank));
        }
        if (result != null) {
            result.fill(count, 0);
        }
    }

    /**
     * @param rank     this rank
     * @param peer     the other rank
     * @param count    the elements per operation
     * @param targeted whether the peer operated on this rank's window in the epoch
     * @param operated whether this rank operated on the peer's window
     * @param result   the result buffer (fetching operations), or null
     * @param window   this rank's window memory
     * @return whether everything this rank can see is right
     */
    public boolean check(int rank, int peer, int count, boolean targeted, boolean operated,
            TypedBuffer result, TypedBuffer window) {
        boolean ok = true;
        long expected = kind.sums ? value(rank) + value(peer) : value(rank);
        for (int i = 0; targeted && i < count; i++) {
            ok &= window.holds(i, expected);
        }
        for (int i = 0; operated && kind.fetches && i < count; i++) {
            ok &= result.holds(i, value(peer));
        }
        return ok;
    }
}
