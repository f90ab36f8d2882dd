package mpi.common.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * A transport of the JVM that the transport benchmarks measure instead of MPI: how to listen,
 * connect, and what the output's {@code # Transport:} line says about it.
 */
public enum Transport {
    /** Java NIO {@link SocketChannel}: TCP, TCP_NODELAY, polled by the benchmark's thread. */
    NIO("NIO SocketChannel") {
        @Override
        public Listener listen(List<InetAddress> where, Admission admission) throws IOException {
            return new NioListener(where, admission);
        }

        @Override
        public Link connect(InetSocketAddress address, PeerToken token, Buffers buffers,
                int capacity) throws IOException {
            SocketChannel channel = SocketChannel.open();
            try {
                channel.socket().connect(address, CONNECT_TIMEOUT_MILLIS);
                token.sendOn(channel);
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
        public Listener listen(List<InetAddress> where, Admission admission) throws IOException {
            return NettyLink.listen(where, admission);
        }

        @Override
        public Link connect(InetSocketAddress address, PeerToken token, Buffers buffers,
                int capacity) throws IOException {
            return NettyLink.connect(address, token, buffers, capacity);
        }

        @Override
        public String details() {
            return NettyLink.details();
        }
    };

    /**
     * How long a connection may take to set up before the next address is tried, and how long
     * the listening rank waits for its peer's.
     */
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
     * Listens for the peer's one connection, on the addresses the peer will connect to, each on
     * a port the system chooses.
     *
     * @param where     the addresses: loopback when both ranks share a network stack, else
     *                  the addresses the peer is told
     * @param admission the rule a connection must pass to be the peer's (its token)
     * @return the listener
     * @throws IOException if it cannot listen
     */
    public abstract Listener listen(List<InetAddress> where, Admission admission)
            throws IOException;

    /**
     * Connects to the listening peer and sends the token first.
     *
     * @param address  where the peer listens
     * @param token    the token the peer told through MPI
     * @param buffers  the benchmark's buffers
     * @param capacity the most operations queued in one direction between two awaits
     * @return the connected link
     * @throws IOException if the connection fails
     */
    public abstract Link connect(InetSocketAddress address, PeerToken token, Buffers buffers,
            int capacity) throws IOException;

    /** @return what the output's {@code # Transport:} line says after the colon */
    public abstract String details();

    /** Where a rank listens for its peer. */
    public interface Listener extends AutoCloseable {
        /**
         * @return where it listens, an address and port each
         * @throws IOException if the addresses cannot be read
         */
        List<InetSocketAddress> addresses() throws IOException;

        /**
         * Waits for the peer's connection, the first its {@link Admission} admits, closing
         * every other, until the admission's deadline.
         *
         * @param buffers  the benchmark's buffers
         * @param capacity the most operations queued in one direction between two awaits
         * @return the connected link
         * @throws IOException if the connection fails or the deadline passes
         */
        Link accept(Buffers buffers, int capacity) throws IOException;

        /** Stops listening (the admitted connection stays open). */
        @Override
        void close() throws IOException;
    }
}
