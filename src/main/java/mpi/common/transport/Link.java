package mpi.common.transport;

import java.io.IOException;

import mpi.MPIException;

/**
 * A connection between the two ranks of a transport benchmark, over a transport of the JVM
 * instead of MPI. It knows the benchmark's {@link Buffers} (the payload to send and where
 * payload is received, per window slot, and a small acknowledgement), so that a benchmark loop
 * names only a slot and a message length, as an MPI loop names a buffer and a count.
 *
 * <p>Like MPI's non-blocking calls, {@code post...} queues an operation and {@link #await}
 * completes every queued one; the blocking calls are a post and an await. A TCP stream has no
 * message boundaries: a message of n bytes is the next n bytes of the stream, and every
 * message received goes to the start of its slot's buffer, as an MPI receive of a window goes
 * to its slot's buffer (one buffer for all with {@code -b single}). A slot is in at most one
 * queued operation each way at a time. A send is complete when the transport has handed its
 * bytes to the kernel (the buffer may be written again); a receive when its bytes are in the
 * buffer. Bytes that arrive before their receive is posted wait in the kernel or in the
 * transport, never in the buffer, so that validation ({@code -c}) reads each message whole and
 * alone.
 *
 * <p>No call allocates in the steady state, except what the transport library does itself
 * (see each implementation). One thread uses a link: the benchmark's.
 */
public interface Link extends AutoCloseable {
    /** The bytes of an acknowledgement, as the MPI bandwidth test's. */
    int ACK_BYTES = 4;
    /** The buffer argument that names the acknowledgement buffer instead of a slot's. */
    int ACK = -1;

    /**
     * Queues a send: the first {@code bytes} bytes of a slot's payload buffer, or of the
     * acknowledgement buffer.
     *
     * @param bytes  the message length
     * @param buffer the window slot whose buffer it is, or {@link #ACK}
     */
    void postSend(int bytes, int buffer);

    /**
     * Queues a receive of a message of {@code bytes} bytes into the start of a slot's receive
     * buffer, or of the acknowledgement buffer.
     *
     * @param bytes  the message length
     * @param buffer the window slot whose buffer it is, or {@link #ACK}
     */
    void postReceive(int bytes, int buffer);

    /**
     * Replaces the slots' payload buffers (the acknowledgement's stays), between two sizes
     * ({@code -b multiple} allocates them per size): with no operation queued, and as many
     * slots as the link was made with.
     *
     * @param buffers the benchmark's buffers from now on
     */
    void use(Buffers buffers);

    /**
     * Queues a send of the first {@code bytes} bytes of slot 0's payload buffer.
     *
     * @param bytes the message length
     */
    default void postSend(int bytes) {
        postSend(bytes, 0);
    }

    /**
     * Queues a receive of a message of {@code bytes} bytes into the start of slot 0's receive
     * buffer.
     *
     * @param bytes the message length
     */
    default void postReceive(int bytes) {
        postReceive(bytes, 0);
    }

    /** Queues a send of the acknowledgement buffer ({@value #ACK_BYTES} bytes). */
    default void postSendAck() {
        postSend(ACK_BYTES, ACK);
    }

    /** Queues a receive of an acknowledgement into the acknowledgement buffer. */
    default void postReceiveAck() {
        postReceive(ACK_BYTES, ACK);
    }

    /**
     * Completes every queued operation, sends and receives progressing together (so that two
     * ranks that both send a window and receive one do not wait for each other).
     *
     * @throws MPIException if the connection fails, naming the transport and the cause (the
     *                      benchmark's error path for a failed run)
     */
    void await() throws MPIException;

    /**
     * Sends a message from slot 0 and waits until it is complete.
     *
     * @param bytes the message length
     * @throws MPIException if the connection fails
     */
    default void send(int bytes) throws MPIException {
        postSend(bytes);
        await();
    }

    /**
     * Receives a message into slot 0 and waits until it is complete.
     *
     * @param bytes the message length
     * @throws MPIException if the connection fails
     */
    default void receive(int bytes) throws MPIException {
        postReceive(bytes);
        await();
    }

    /** @throws MPIException if the connection fails */
    default void sendAck() throws MPIException {
        postSendAck();
        await();
    }

    /** @throws MPIException if the connection fails */
    default void receiveAck() throws MPIException {
        postReceiveAck();
        await();
    }

    /** Closes the connection and frees what the transport holds (threads, pooled memory). */
    @Override
    void close();

    /**
     * @param transport the transport's name
     * @param e         what went wrong
     * @return the error a failed call throws: one line, naming the transport
     */
    static MPIException failure(String transport, Throwable e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new MPIException(transport + ": " + why);
    }

    /**
     * @param transport the transport's name
     * @return the error for a peer that closed the connection in the middle of a run
     */
    static MPIException closed(String transport) {
        return failure(transport, new IOException("the peer closed the connection"));
    }
}
