package mpi.common.objects;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * Java serialization. A message is one self-contained stream: a new
 * {@code ObjectOutputStream} writes the stream header, the class descriptors and the graph,
 * and a new {@code ObjectInputStream} reads them back, as Spark's {@code JavaSerializer}
 * does for each object (a stream reused across messages would send each class descriptor
 * once only, which a single message cannot count on). What is reused is the byte sink and
 * source under the object streams: they write and read the message buffer in place, with no
 * intermediate array.
 */
final class JavaObjectSerializer implements ObjectSerializer {
    private final BufferSink sink = new BufferSink();
    private final BufferSource source = new BufferSource();

    @Override
    public int write(Object value, ByteBuffer to) {
        sink.start(to);
        try {
            ObjectOutputStream out = new ObjectOutputStream(sink);
            out.writeObject(value);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.written;
    }

    @Override
    public Object read(ByteBuffer from, int length) {
        source.start(from, length);
        try {
            return new ObjectInputStream(source).readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes into a buffer from index 0, with absolute puts (its position is left alone). */
    private static final class BufferSink extends OutputStream {
        private ByteBuffer to;
        int written;

        void start(ByteBuffer buffer) {
            to = buffer;
            written = 0;
        }

        @Override
        public void write(int b) {
            if (written >= to.capacity()) {
                throw new BufferOverflowException();
            }
            to.put(written++, (byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len > to.capacity() - written) {
                throw new BufferOverflowException();
            }
            to.put(written, b, off, len);
            written += len;
        }
    }

    /** Reads a buffer's first {@code length} bytes, with absolute gets. */
    private static final class BufferSource extends InputStream {
        private ByteBuffer from;
        private int at;
        private int end;

        void start(ByteBuffer buffer, int length) {
            from = buffer;
            at = 0;
            end = length;
        }

        @Override
        public int read() {
            return at < end ? from.get(at++) & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (at >= end) {
                return -1;
            }
            int n = Math.min(len, end - at);
            from.get(at, b, off, n);
            at += n;
            return n;
        }

        @Override
        public int available() {
            return end - at;
        }
    }
}
