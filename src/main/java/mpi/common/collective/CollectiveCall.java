package mpi.common.collective;

import mpi.common.data.ElementPattern;
import mpi.common.data.TypedBuffer;

/**
 * One rank's view of one collective call, as validation ({@code -c}) needs it: the rank,
 * the root, the element counts and displacements of the call, the buffers and the
 * {@link ElementPattern} of the current exchange. {@link Collective} writes the data a rank
 * sends and counts the elements it received wrong through it.
 */
public final class CollectiveCall {
    final int processes;
    final int rank;
    final boolean inPlace;
    final TypedBuffer send;
    final TypedBuffer recv;
    final ElementPattern pattern;
    final int[] counts;
    final int[] displs;
    int root;
    /** The message size in elements (the whole vector for a reduce-scatter). */
    int elements;
    /** A neighborhood collective's neighbours: the ranks received from, in block order. */
    int[] sources = new int[0];
    /** A neighborhood collective's neighbours: the ranks sent to, in block order. */
    int[] destinations = new int[0];

    /**
     * @param processes the number of processes
     * @param rank      this rank
     * @param inPlace   whether the call is the in-place form: {@code recv} is then the one
     *                  buffer, and {@code send} is not used (may be null)
     * @param send      the send buffer (for a broadcast, the one buffer)
     * @param recv      the receive buffer
     * @param pattern   the data pattern, for the element type and number of processes
     */
    public CollectiveCall(int processes, int rank, boolean inPlace, TypedBuffer send,
            TypedBuffer recv, ElementPattern pattern) {
        this.processes = processes;
        this.rank = rank;
        this.inPlace = inPlace;
        this.send = send;
        this.recv = recv;
        this.pattern = pattern;
        this.counts = new int[processes];
        this.displs = new int[processes];
    }

    /**
     * Sets the size of the next calls and computes their counts and displacements.
     *
     * @param collective the collective called
     * @param elements   the message size in elements
     */
    public void size(Collective collective, int elements) {
        this.elements = elements;
        collective.layout(elements, processes, counts, displs);
    }

    /**
     * Sets the neighbours of a neighborhood collective: block k of the send buffer goes to
     * {@code destinations[k]}, block k of the receive buffer comes from {@code sources[k]}.
     *
     * @param sources      the ranks this rank receives from
     * @param destinations the ranks this rank sends to
     */
    public void neighbors(int[] sources, int[] destinations) {
        this.sources = sources.clone();
        this.destinations = destinations.clone();
    }

    /** Sets the root of the next call (any value for an unrooted collective). */
    public void root(int root) {
        this.root = root;
    }

    /** @return the per-rank counts of the current size (see {@link Collective#layout}) */
    public int[] counts() {
        return counts;
    }

    /** @return the per-rank displacements of the current size */
    public int[] displs() {
        return displs;
    }

    /** @return the buffer that holds the data this rank sends: the receive buffer in place */
    TypedBuffer data() {
        return inPlace ? recv : send;
    }

    /** Writes the pattern of {@code sender}'s block {@code block} into {@code b[at .. at+n)}. */
    void write(TypedBuffer b, int at, int n, int sender, int block) {
        for (int i = 0; i < n; i++) {
            b.put(at + i, pattern.value(sender, block, i));
        }
    }

    /** @return the elements of {@code b[at .. at+n)} that differ from {@code sender}'s block */
    int copyErrors(TypedBuffer b, int at, int n, int sender, int block) {
        int bad = 0;
        for (int i = 0; i < n; i++) {
            if (!b.holds(at + i, pattern.value(sender, block, i))) {
                bad++;
            }
        }
        return bad;
    }

    /**
     * @return the elements of {@code b[at .. at+n)} that differ from the sum over ranks of
     *         elements {@code first .. first+n} of their data
     */
    int sumErrors(TypedBuffer b, int at, int n, int first) {
        int bad = 0;
        for (int i = 0; i < n; i++) {
            if (!b.holds(at + i, pattern.sum(first + i))) {
                bad++;
            }
        }
        return bad;
    }
}
