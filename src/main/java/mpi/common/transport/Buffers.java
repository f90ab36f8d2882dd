package mpi.common.transport;

import java.nio.ByteBuffer;

/**
 * The buffers of a transport benchmark, as the transports see them: ByteBuffer views of the
 * benchmark's own buffers (a direct ByteBuffer with {@code -a buffer}, a Java byte array with
 * {@code -a arrays}), sharing their memory, each the transport's own to position. There is a
 * payload buffer per window slot each way, as the MPI benchmark's: with {@code -b single} every
 * slot views the same memory, with {@code -b multiple} each slot its own.
 *
 * @param payloadOut each slot's message to send
 * @param payloadIn  each slot's buffer for the messages received
 * @param ack        the acknowledgement, {@value Link#ACK_BYTES} bytes, sent and received
 */
public record Buffers(ByteBuffer[] payloadOut, ByteBuffer[] payloadIn, ByteBuffer ack) {
    /**
     * @param sends    the benchmark's send buffer of each slot: direct ByteBuffers or byte[]s
     * @param received the benchmark's receive buffer of each slot, of the same kind and number
     * @param ack      the benchmark's acknowledgement buffer, of the same kind
     * @return views of them, one per slot (a slot that shares another's memory still gets its
     *         own view)
     */
    public static Buffers of(Object[] sends, Object[] received, Object ack) {
        if (sends.length != received.length || sends.length == 0) {
            throw new IllegalArgumentException("as many send as receive slots, at least one: "
                    + sends.length + " and " + received.length);
        }
        return new Buffers(views(sends), views(received), view(ack));
    }

    /** @return the number of slots each way */
    public int slots() {
        return payloadOut.length;
    }

    private static ByteBuffer[] views(Object[] buffers) {
        ByteBuffer[] views = new ByteBuffer[buffers.length];
        for (int i = 0; i < buffers.length; i++) {
            views[i] = view(buffers[i]);
        }
        return views;
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
