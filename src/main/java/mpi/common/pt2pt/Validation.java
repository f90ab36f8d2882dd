package mpi.common.pt2pt;

import mpi.common.data.DerivedLayout;
import mpi.common.data.ElementPattern;
import mpi.common.data.MessageType;
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
    /** With {@code -D}: the elements a message carries; the others must stay untouched. */
    private DerivedLayout layout;
    /** With {@code -b multiple}: every slot's buffers (else just send and received). */
    private TypedBuffer[] sendSlots;
    private TypedBuffer[] receiveSlots;

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

    /**
     * Datatype-aware validation ({@code -D} with {@code -c}): only the elements the layout
     * carries must arrive; every other element of the span must keep what it held.
     */
    void derived(DerivedLayout derivedLayout) {
        this.layout = derivedLayout;
    }

    /** With {@code -b multiple}: the slots' buffers of the current size, each validated. */
    void slots(TypedBuffer[] sendBuffers, TypedBuffer[] receiveBuffers) {
        this.sendSlots = sendBuffers;
        this.receiveSlots = receiveBuffers;
    }

    /** Prepares the message of the next iteration: its first {@code elements} elements. */
    void before(int elements) {
        pattern.exchange(exchange);
        for (TypedBuffer s : sendSlots == null ? new TypedBuffer[] {send} : sendSlots) {
            if (sends) {
                for (int i = 0; i < reach(elements); i++) {
                    s.put(i, pattern.value(rank, 0, i));
                }
            }
        }
        if (receives && layout != null) {
            // Mark the gaps with this rank's own pattern: the peer's never lands there.
            for (TypedBuffer r : receiveSlots == null ? new TypedBuffer[] {received}
                    : receiveSlots) {
                for (int i = 0; i < reach(elements); i++) {
                    r.put(i, pattern.value(rank, 0, i));
                }
            }
        }
    }

    /** Checks the {@code elements} elements the iteration received; moves to the next one. */
    void after(int elements) {
        if (receives) {
            pattern.exchange(exchange);
            long span = reach(elements);
            for (TypedBuffer r : receiveSlots == null ? new TypedBuffer[] {received}
                    : receiveSlots) {
                for (int i = 0; i < span && !corrupted; i++) {
                    boolean carried = layout == null || layout.carries(elements, i);
                    corrupted = !r.holds(i, pattern.value(carried ? peer : rank, 0, i));
                }
            }
        }
        exchange++;
    }

    /** @return the elements a message of {@code elements} reaches: with -D, its span too */
    private int reach(int elements) {
        return MessageType.reach(layout, elements);
    }

    /** @return whether a received element was wrong since the last call; clears the record */
    boolean takeCorrupted() {
        boolean was = corrupted;
        corrupted = false;
        return was;
    }
}
