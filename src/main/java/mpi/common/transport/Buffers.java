package mpi.common.transport;

import java.nio.ByteBuffer;

/**
 * The buffers of a transport benchmark, as the transports see them: ByteBuffer views of the
 * benchmark's own buffers (a direct ByteBuffer with {@code -a buffer}, a Java byte array with
 * {@code -a arrays}), sharing their memory, each the transport's own to position.
 *
 * @param payloadOut the message to send, of the largest size
 * @param payloadIn  where messages are received, of the largest size
 * @param ack        the acknowledgement, {@value Link#ACK_BYTES} bytes, sent and received
 */
public record Buffers(ByteBuffer payloadOut, ByteBuffer payloadIn, ByteBuffer ack) {
    /**
     * @param send     the benchmark's send buffer: a direct ByteBuffer or a byte[]
     * @param received the benchmark's receive buffer, of the same kind
     * @param ack      the benchmark's acknowledgement buffer, of the same kind
     * @return views of the three
     */
    public static Buffers of(Object send, Object received, Object ack) {
        return new Buffers(view(send), view(received), view(ack));
    }

    private static ByteBuffer view(Object buffer) {
        if (buffer instanceof ByteBuffer b) {
            return b.duplicate().clear();
        }
        if (buffer instanceof byte[] a) {
            return ByteBuffer.wrap(a);
        }
        throw new IllegalArgumentException("not a ByteBuffer or byte[]: " + buffer.getClass());
    }
}
