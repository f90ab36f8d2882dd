package mpi.common.data;

import mpi.Datatype;
import mpi.MPIException;

/**
 * The datatype a point-to-point message is sent as, size by size: the {@code -T} type with
 * a count of elements or, with {@code -D}, one instance of a derived type that C OMB builds
 * anew at each size. Shared by the point-to-point, fan and multi-threaded harnesses, which
 * prepare it before a size and release it after, both untimed.
 */
public final class MessageType {
    private final Datatype base;
    private final DerivedLayout layout;
    private Datatype current;

    /**
     * @param base   the {@code -T} type
     * @param layout the {@code -D} layout, or null
     */
    public MessageType(Datatype base, DerivedLayout layout) {
        this.base = base;
        this.layout = layout;
        this.current = base;
    }

    /** @return the {@code -D} layout, or null */
    public DerivedLayout layout() {
        return layout;
    }

    /**
     * @param n the elements of a message
     * @return the elements its buffer must hold: with {@code -D}, the type's span too
     */
    public int reach(int n) {
        return reach(layout, n);
    }

    /**
     * @param layout a {@code -D} layout, or null
     * @param n      the elements of a message
     * @return the elements its buffer must hold: with a layout, its span too
     */
    public static int reach(DerivedLayout layout, int n) {
        return layout == null ? n : (int) Math.max(n, layout.span(n));
    }

    /**
     * Untimed, before a size: with {@code -D}, builds and commits this size's type.
     *
     * @param n the elements of a message
     * @return the count each call passes: 1 instance, or the elements
     * @throws MPIException if MPI refuses the derived type
     */
    public int prepare(int n) throws MPIException {
        if (layout == null) {
            return n;
        }
        current = layout.create(base, n);
        return 1;
    }

    /** @return the type calls pass at the current size */
    public Datatype current() {
        return current;
    }

    /**
     * After a size: frees its derived type.
     *
     * @throws MPIException if MPI refuses to free it
     */
    public void release() throws MPIException {
        if (current != base) {
            current.free();
            current = base;
        }
    }

    /**
     * @param size        the message size in bytes
     * @param elementSize the {@code -T} type's size in bytes
     * @return the bytes a message carries, which bandwidths count (C's transmit size)
     */
    public int transmitBytes(int size, int elementSize) {
        return layout == null ? size : (int) (layout.carried(size / elementSize) * elementSize);
    }
}
