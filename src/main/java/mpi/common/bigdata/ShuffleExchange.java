package mpi.common.bigdata;

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

    /** Waits between polls: spins a little, then yields the CPU (two cores, many threads). */
    final class Idle {
        private static final int SPINS = 64;
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
                Thread.yield();
            }
        }
    }
}
