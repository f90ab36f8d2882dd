package mpi.common.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * A transport of the JVM that the transport benchmarks measure instead of MPI: how to listen,
 * connect, and what the output's {@code # Transport:} line says about it.
 */
public enum Transport {
    /** Java NIO {@link SocketChannel}: TCP, TCP_NODELAY, polled by the benchmark's thread. */
    NIO("NIO SocketChannel") {
        @Override
        public Listener listen() throws IOException {
            ServerSocketChannel server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress(0));
            return new Listener() {
                @Override
                public int port() {
                    return server.socket().getLocalPort();
                }

                @Override
                public Link accept(Buffers buffers, int capacity) throws IOException {
                    return new NioLink(server.accept(), buffers, capacity);
                }

                @Override
                public void close() throws IOException {
                    server.close();
                }
            };
        }

        @Override
        public Link connect(InetSocketAddress address, Buffers buffers, int capacity)
                throws IOException {
            SocketChannel channel = SocketChannel.open();
            try {
                channel.socket().connect(address, CONNECT_TIMEOUT_MILLIS);
                return new NioLink(channel, buffers, capacity);
            } catch (IOException e) {
                channel.close();
                throw e;
            }
        }

        @Override
        public String details() {
            return "Java NIO SocketChannel (TCP, TCP_NODELAY, non-blocking, polled by the"
                    + " benchmark thread), Java " + Runtime.version().feature();
        }
    },
    /**
     * Netty, the transport of Spark's shuffle and RPC: its native epoll transport where it
     * loads, else its NIO transport; pooled direct buffers; an event loop thread.
     */
    NETTY("Netty") {
        @Override
        public Listener listen() throws IOException {
            return NettyLink.listen();
        }

        @Override
        public Link connect(InetSocketAddress address, Buffers buffers, int capacity)
                throws IOException {
            return NettyLink.connect(address, buffers, capacity);
        }

        @Override
        public String details() {
            return NettyLink.details();
        }
    };

    /** How long a connection may take to set up before the next address is tried. */
    static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    private final String title;

    Transport(String title) {
        this.title = title;
    }

    /** @return the transport's name in the title line and in errors, e.g. {@code Netty} */
    public String title() {
        return title;
    }

    /**
     * @return where this rank listens for its peer's one connection, on every address of the
     *         host, on a port the system chooses
     * @throws IOException if it cannot listen
     */
    public abstract Listener listen() throws IOException;

    /**
     * @param address  where the peer listens
     * @param buffers  the benchmark's buffers
     * @param capacity the most operations queued in one direction between two awaits
     * @return the connected link
     * @throws IOException if the connection fails
     */
    public abstract Link connect(InetSocketAddress address, Buffers buffers, int capacity)
            throws IOException;

    /** @return what the output's {@code # Transport:} line says after the colon */
    public abstract String details();

    /** Where a rank listens for its peer. */
    public interface Listener extends AutoCloseable {
        /** @return the port it listens on */
        int port();

        /**
         * Waits for the peer's connection.
         *
         * @param buffers  the benchmark's buffers
         * @param capacity the most operations queued in one direction between two awaits
         * @return the connected link
         * @throws IOException if the connection fails
         */
        Link accept(Buffers buffers, int capacity) throws IOException;

        /** Stops listening (the accepted connection stays open). */
        @Override
        void close() throws IOException;
    }
}
