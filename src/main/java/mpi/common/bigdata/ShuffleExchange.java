package mpi.common.bigdata;

import java.util.concurrent.locks.LockSupport;

import mpi.MPIException;

/**
 * A transport of the shuffle: how the blocks of a rank's partitions come to it. Its
 * connections are made before the first size and closed after the last, untimed;
 * {@link #prepare} takes each size's buffers, untimed; {@link #run} is the timed work of one
 * of the rank's T threads in one shuffle, all T at once.
 */
public interface ShuffleExchange extends AutoCloseable {
    /**
     * Untimed, before a size's shuffles (every rank calls it, none with a fetch in flight).
     *
     * @param reader the size's data and reducing side
     * @throws MPIException if an MPI call fails
     */
    void prepare(ShuffleReader reader) throws MPIException;

    /**
     * Timed: thread {@code thread}'s part of one shuffle. It returns once the thread has read
     * its share of the blocks ({@link ShuffleReader#done}) and served what it serves.
     *
     * @param thread the thread, 0 to T-1
     * @param reader the reducing side
     * @throws MPIException if a call or a connection fails
     */
    void run(int thread, ShuffleReader reader) throws MPIException;

    /** @return the {@code # Transport:} line's text */
    String details();

    /** Frees the connections and threads (after the last size). */
    @Override
    default void close() {
    }

    /**
     * Waits between polls: spins a little, then sleeps {@value #PARK_NANOS} ns at a time. Not
     * {@code Thread.yield()}: on a machine with more runnable threads than cores a thread that
     * yields stays runnable, is charged for its spinning and waits milliseconds behind the
     * others for its next turn, while one that sleeps is woken ahead of them (the scheduler
     * favours threads that slept), as Netty's event loop is when its socket wakes it; the
     * MPI transport's serving thread must answer the moment a request comes.
     */
    final class Idle {
        private static final int SPINS = 64;
        private static final long PARK_NANOS = 20_000;
        private int spins;

        /** Progress was made: spin again next time. */
        void busy() {
            spins = 0;
        }

        /** Nothing happened: wait a little. */
        void idle() {
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(PARK_NANOS);
            }
        }
    }
}
