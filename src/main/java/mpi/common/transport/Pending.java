package mpi.common.transport;

/**
 * The queued operations of one direction of a {@link Link}: a ring of message lengths, each
 * for the payload or the acknowledgement buffer, with the progress of the oldest. Sized once
 * for the most operations a benchmark queues between two awaits; no allocation after that.
 * Not thread-safe: a link that hands operations to another thread publishes {@link #posted()}
 * itself.
 */
final class Pending {
    private final int[] lengths;
    private final boolean[] acks;
    private long posted;
    private long done;
    /** Bytes of the oldest operation already moved. */
    private int progress;

    /** @param capacity the most operations queued at once */
    Pending(int capacity) {
        lengths = new int[capacity];
        acks = new boolean[capacity];
    }

    /** Queues an operation on {@code length} bytes of the payload or acknowledgement buffer. */
    void post(int length, boolean ack) {
        if (posted - done == lengths.length) {
            throw new IllegalStateException("more than " + lengths.length + " operations queued");
        }
        int slot = (int) (posted % lengths.length);
        lengths[slot] = length;
        acks[slot] = ack;
        posted++;
    }

    /** @return operations posted so far */
    long posted() {
        return posted;
    }

    /** @return operations completed so far */
    long done() {
        return done;
    }

    /** @return whether operation {@code done()} is in the ring, that is, posted and not done */
    boolean hasCurrent(long postedSoFar) {
        return done < postedSoFar;
    }

    /** @return the length of operation {@code op}, posted and not done */
    int length(long op) {
        return lengths[(int) (op % lengths.length)];
    }

    /** @return whether operation {@code op}, posted and not done, is on the acknowledgement buffer */
    boolean ack(long op) {
        return acks[(int) (op % lengths.length)];
    }

    /** Completes the operations before {@code op} at once (a transport that tracks them itself). */
    void completeUpTo(long op) {
        done = op;
        progress = 0;
    }

    /** @return the length of the oldest operation not done */
    int length() {
        return lengths[(int) (done % lengths.length)];
    }

    /** @return whether the oldest operation not done is on the acknowledgement buffer */
    boolean ack() {
        return acks[(int) (done % lengths.length)];
    }

    /** @return bytes of the oldest operation not done already moved */
    int progress() {
        return progress;
    }

    /**
     * Records {@code bytes} more bytes moved, in order from the oldest operation on; completes
     * each that is whole (and those of length 0 after it).
     *
     * @param postedSoFar the operations posted, as the calling thread knows them
     */
    void advance(long bytes, long postedSoFar) {
        long moved = progress + bytes;
        while (done < postedSoFar && moved >= length()) {
            moved -= length();
            done++;
        }
        progress = (int) moved;
    }

    /** @return the ring's slot of operation {@code op} */
    int slot(long op) {
        return (int) (op % lengths.length);
    }

    /** @return the number of slots */
    int capacity() {
        return lengths.length;
    }
}
