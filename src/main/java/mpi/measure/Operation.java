package mpi.measure;

import mpi.MPIException;

/**
 * A communication operation of the user's, measured by {@link Measurement}: every rank of the
 * communicator calls {@link #call} once per iteration, timed, and the set-up and tear-down of
 * each message size around the calls, untimed.
 */
@FunctionalInterface
public interface Operation {
    /**
     * Untimed, at every rank, before the calls of a size: sizes or fills the buffers. It runs
     * each time the size is measured (the JIT warm-up's rounds, {@code precision}'s attempts),
     * so it should reuse what it allocates.
     *
     * @param size the message size in bytes
     * @throws MPIException if an MPI call fails
     */
    default void setUp(int size) throws MPIException {
    }

    /**
     * The timed call: what the operation costs, and nothing else (allocation or printing here
     * is measured too).
     *
     * @throws MPIException if the call fails
     */
    void call() throws MPIException;

    /**
     * Untimed, at every rank, after the calls of a size and their results' reductions.
     *
     * @param size the message size in bytes
     * @throws MPIException if an MPI call fails
     */
    default void tearDown(int size) throws MPIException {
    }
}
