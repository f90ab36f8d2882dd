package mpi.common;

/**
 * Validation ({@code -c}) at one rank: before each iteration it writes the
 * {@link DataPattern} of this rank and the iteration into the message to send; after it, it
 * checks every byte received against the peer's pattern for the same iteration. Iterations
 * are counted from the start of the program, warm-up included, so every rank, running the
 * same iterations, agrees on the number of each one without communicating.
 */
final class Validation {
    private final MessageBuffer send;
    private final MessageBuffer received;
    private final int rank;
    private final int peer;
    private final boolean sends;
    private final boolean receives;
    private long exchange;
    private boolean corrupted;

    /**
     * @param send     the buffer this rank sends from
     * @param received the buffer this rank receives into
     * @param rank     this rank, which the pattern of its messages carries
     * @param peer     the rank whose messages arrive in {@code received}
     * @param sends    whether this rank sends payload (else {@code send} is left alone)
     * @param receives whether this rank receives payload (else nothing is checked)
     */
    Validation(MessageBuffer send, MessageBuffer received, int rank, int peer, boolean sends,
            boolean receives) {
        this.send = send;
        this.received = received;
        this.rank = rank;
        this.peer = peer;
        this.sends = sends;
        this.receives = receives;
    }

    /** Prepares the message of the next iteration. */
    void before(int size) {
        if (sends) {
            send.fillPattern(size, rank, exchange);
        }
    }

    /** Checks what the iteration received, and moves on to the next iteration. */
    void after(int size) {
        if (receives && received.countMismatches(size, peer, exchange) != 0) {
            corrupted = true;
        }
        exchange++;
    }

    /** @return whether a received byte was wrong since the last call; clears the record */
    boolean takeCorrupted() {
        boolean was = corrupted;
        corrupted = false;
        return was;
    }
}
