package mpi.common.pt2pt;

import mpi.common.data.ElementPattern;
import mpi.common.data.TypedBuffer;

/**
 * Validation ({@code -c}) of a point-to-point benchmark at one rank: before each iteration it
 * writes the {@link ElementPattern} of this rank and the iteration into the message to send;
 * after it, it checks every element received against the peer's pattern for the same
 * iteration. Iterations are counted from the start of the program, warm-up included, so every
 * rank, running the same iterations, agrees on the number of each one without communicating.
 */
final class Validation {
    private final TypedBuffer send;
    private final TypedBuffer received;
    private final ElementPattern pattern;
    private final int rank;
    private final int peer;
    private final boolean sends;
    private final boolean receives;
    private long exchange;
    private boolean corrupted;

    /**
     * @param send      the buffer this rank sends from
     * @param received  the buffer this rank receives into
     * @param processes the number of processes (the pattern tells their ranks apart)
     * @param rank      this rank, which the pattern of its messages carries
     * @param peer      the rank whose messages arrive in {@code received}
     * @param sends     whether this rank sends payload (else {@code send} is left alone)
     * @param receives  whether this rank receives payload (else nothing is checked)
     */
    Validation(TypedBuffer send, TypedBuffer received, int processes, int rank, int peer,
            boolean sends, boolean receives) {
        this.send = send;
        this.received = received;
        this.pattern = new ElementPattern(send.type(), processes, false);
        this.rank = rank;
        this.peer = peer;
        this.sends = sends;
        this.receives = receives;
    }

    /** Prepares the message of the next iteration: its first {@code elements} elements. */
    void before(int elements) {
        if (sends) {
            pattern.exchange(exchange);
            for (int i = 0; i < elements; i++) {
                send.put(i, pattern.value(rank, 0, i));
            }
        }
    }

    /** Checks the {@code elements} elements the iteration received; moves to the next one. */
    void after(int elements) {
        if (receives) {
            pattern.exchange(exchange);
            for (int i = 0; i < elements && !corrupted; i++) {
                corrupted = !received.holds(i, pattern.value(peer, 0, i));
            }
        }
        exchange++;
    }

    /** @return whether a received element was wrong since the last call; clears the record */
    boolean takeCorrupted() {
        boolean was = corrupted;
        corrupted = false;
        return was;
    }
}
