package mpi.common.transport;

/**
 * The queued operations of one direction of a {@link Link}: a ring of message lengths, each
 * on a window slot's payload buffer or on the acknowledgement buffer ({@link Link#ACK}), with
 * the progress of the oldest. Sized once for the most operations a benchmark queues between
 * two awaits; no allocation after that. Not thread-safe: a link that hands operations to
 * another thread publishes {@link #posted()} itself.
 */
final class Pending {
    private final int[] lengths;
    private final int[] buffers;
    /** The operation each window slot was last queued in, -1 for none: one at a time. */
    private final long[] queuedIn;
    private long posted;
    private long done;
    /** Bytes of the oldest operation already moved. */
    private int progress;

    /**
     * @param capacity the most operations queued at once
     * @param slots    the window slots, each with a payload buffer
     */
    Pending(int capacity, int slots) {
        lengths = new int[capacity];
        buffers = new int[capacity];
        queuedIn = new long[slots];
        java.util.Arrays.fill(queuedIn, -1);
    }

    /**
     * Queues an operation on {@code length} bytes of a buffer.
     *
     * @param buffer a window slot, whose payload buffer it is, or {@link Link#ACK}
     * @throws IllegalStateException if the queue is full, or the slot is in a queued operation
     *         (a transport keeps one view of each slot's buffer, not one per operation)
     */
    void post(int length, int buffer) {
        if (posted - done == lengths.length) {
            throw new IllegalStateException("more than " + lengths.length + " operations queued");
        }
        if (buffer != Link.ACK) {
            if (queuedIn[buffer] >= done) {
                throw new IllegalStateException("window slot " + buffer
                        + " is already in a queued operation");
            }
            queuedIn[buffer] = posted;
        }
        int slot = (int) (posted % lengths.length);
        lengths[slot] = length;
        buffers[slot] = buffer;
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

    /** @return the buffer of operation {@code op}, posted and not done: a slot, or ACK */
    int buffer(long op) {
        return buffers[(int) (op % lengths.length)];
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

    /** @return the buffer of the oldest operation not done: a slot or {@link Link#ACK} */
    int buffer() {
        return buffers[(int) (done % lengths.length)];
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
