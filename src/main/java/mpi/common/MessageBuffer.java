package mpi.common;

import java.nio.ByteBuffer;

/**
 * A message buffer as MPI sees it (a direct {@link ByteBuffer} or a {@code byte[]}), with the
 * byte-level work validation needs: writing the {@link DataPattern} and counting bytes that
 * differ from it. Only the first {@code size} bytes, the message, are touched.
 */
public abstract class MessageBuffer {
    private MessageBuffer() {
    }

    /**
     * @param buffer a {@link ByteBuffer} (direct, as MPI needs, or not) or a {@code byte[]}
     * @return a view of it; the bytes are shared, not copied
     */
    public static MessageBuffer wrap(Object buffer) {
        if (buffer instanceof byte[]) {
            return new OfArray((byte[]) buffer);
        }
        if (buffer instanceof ByteBuffer) {
            return new OfByteBuffer((ByteBuffer) buffer);
        }
        throw new IllegalArgumentException("not a ByteBuffer or byte[]: " + buffer);
    }

    /** @return the buffer to pass to MPI calls */
    public abstract Object raw();

    /** @return its capacity in bytes */
    public abstract int capacity();

    /** Sets the first {@code size} bytes to {@code value}. */
    public abstract void fill(int size, byte value);

    /** Writes the pattern of {@code sender}'s message of {@code exchange} into the first {@code size} bytes. */
    public final void fillPattern(int size, int sender, long exchange) {
        checkSize(size);
        fillPattern(size, DataPattern.seed(sender, exchange));
    }

    /**
     * @return how many of the first {@code size} bytes differ from the pattern of
     *         {@code sender}'s message of {@code exchange}: 0 if the message arrived intact
     */
    public final int countMismatches(int size, int sender, long exchange) {
        checkSize(size);
        return countMismatches(size, DataPattern.seed(sender, exchange));
    }

    abstract void fillPattern(int size, int seed);

    abstract int countMismatches(int size, int seed);

    private void checkSize(int size) {
        if (size < 0 || size > capacity()) {
            throw new IndexOutOfBoundsException("size " + size + " is not in 0.." + capacity());
        }
    }

    private static final class OfArray extends MessageBuffer {
        private final byte[] bytes;

        OfArray(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public Object raw() {
            return bytes;
        }

        @Override
        public int capacity() {
            return bytes.length;
        }

        @Override
        public void fill(int size, byte value) {
            java.util.Arrays.fill(bytes, 0, size, value);
        }

        @Override
        void fillPattern(int size, int seed) {
            for (int i = 0; i < size; i++) {
                bytes[i] = DataPattern.at(seed, i);
            }
        }

        @Override
        int countMismatches(int size, int seed) {
            int bad = 0;
            for (int i = 0; i < size; i++) {
                if (bytes[i] != DataPattern.at(seed, i)) {
                    bad++;
                }
            }
            return bad;
        }
    }

    /** Absolute get/put: the buffer's position, which MPI ignores, is left alone. */
    private static final class OfByteBuffer extends MessageBuffer {
        private final ByteBuffer bytes;

        OfByteBuffer(ByteBuffer bytes) {
            this.bytes = bytes;
        }

        @Override
        public Object raw() {
            return bytes;
        }

        @Override
        public int capacity() {
            return bytes.capacity();
        }

        @Override
        public void fill(int size, byte value) {
            for (int i = 0; i < size; i++) {
                bytes.put(i, value);
            }
        }

        @Override
        void fillPattern(int size, int seed) {
            for (int i = 0; i < size; i++) {
                bytes.put(i, DataPattern.at(seed, i));
            }
        }

        @Override
        int countMismatches(int size, int seed) {
            int bad = 0;
            for (int i = 0; i < size; i++) {
                if (bytes.get(i) != DataPattern.at(seed, i)) {
                    bad++;
                }
            }
            return bad;
        }
    }
}
