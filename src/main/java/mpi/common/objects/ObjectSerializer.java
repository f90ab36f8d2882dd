package mpi.common.objects;

import java.nio.ByteBuffer;

/**
 * Turns an object graph into the bytes of one message and back, in place in a message
 * buffer. Each message is self-contained, as a pickle of mpi4py's lower-case methods is: the
 * receiver needs no earlier message to read it. An implementation keeps its reusable state
 * (streams, Kryo's {@code Output} and {@code Input}) between messages, so that a call does
 * the serializer's own work only; it is used by one thread.
 */
public interface ObjectSerializer {
    /**
     * @param value the object graph
     * @param to    the message buffer, written from index 0 (its position and limit are
     *              not used)
     * @return the bytes written
     * @throws java.nio.BufferOverflowException if the buffer is too small
     */
    int write(Object value, ByteBuffer to);

    /**
     * @param from   the message buffer, read from index 0
     * @param length the bytes of the message
     * @return a new object graph equal to the one written
     */
    Object read(ByteBuffer from, int length);
}
