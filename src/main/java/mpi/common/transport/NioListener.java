package mpi.common.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the NIO transport's listening rank waits for its peer: a server channel on each address
 * it was told to listen on, and a selector over them and the connections accepted but not yet
 * judged, so that a stranger that connects first and sends nothing holds nobody up; the first
 * connection that {@link Admission} admits becomes the {@link NioLink}, every other is closed.
 */
final class NioListener implements Transport.Listener {
    private final List<ServerSocketChannel> servers = new ArrayList<>();
    private final Admission admission;

    /**
     * @param where     the addresses to listen on, each on a port the system chooses
     * @param admission the rule a connection must pass
     * @throws IOException if it cannot listen on one of them
     */
    NioListener(List<InetAddress> where, Admission admission) throws IOException {
        this.admission = admission;
        try {
            for (InetAddress address : where) {
                ServerSocketChannel server = ServerSocketChannel.open();
                servers.add(server);
                server.bind(new InetSocketAddress(address, 0));
                server.configureBlocking(false);
            }
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    @Override
    public List<InetSocketAddress> addresses() throws IOException {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (ServerSocketChannel server : servers) {
            addresses.add((InetSocketAddress) server.getLocalAddress());
        }
        return addresses;
    }

    @Override
    public Link accept(Buffers buffers, int capacity) throws IOException {
        SocketChannel peer = null;
        try (Selector selector = Selector.open()) {
            try {
                for (ServerSocketChannel server : servers) {
                    server.register(selector, SelectionKey.OP_ACCEPT);
                }
                while (peer == null) {
                    long left = admission.millisLeft();
                    if (left == 0) {
                        throw admission.timedOut();
                    }
                    selector.select(Math.max(1, Math.min(left, nextExpiry(selector))));
                    for (SelectionKey key : selector.selectedKeys()) {
                        if (key.isValid() && key.isAcceptable()) {
                            admit(selector, ((ServerSocketChannel) key.channel()).accept());
                        } else if (key.isValid() && key.isReadable() && peer == null) {
                            peer = judge(key, ((Admission.Candidate) key.attachment())
                                    .readFrom((SocketChannel) key.channel()));
                        }
                    }
                    selector.selectedKeys().clear();
                    for (SelectionKey key : selector.keys()) {
                        if (key.attachment() instanceof Admission.Candidate candidate
                                && candidate.expire() == Admission.Verdict.REFUSED) {
                            key.channel().close();
                        }
                    }
                }
            } finally {
                closeCandidates(selector, peer);
            }
        }
        // Out of the selector, which the channel must no longer be registered with.
        try {
            return new NioLink(peer, buffers, capacity);
        } catch (IOException e) {
            peer.close();
            throw e;
        }
    }

    /** Registers a connection just accepted (null: another took it first) for its token. */
    private void admit(Selector selector, SocketChannel connection) throws IOException {
        if (connection != null) {
            connection.configureBlocking(false);
            connection.register(selector, SelectionKey.OP_READ, admission.candidate());
        }
    }

    /**
     * @return the connection, if the verdict admits it; null otherwise (a refused connection is
     *         closed, a waiting one stays)
     */
    private static SocketChannel judge(SelectionKey key, Admission.Verdict verdict)
            throws IOException {
        if (verdict == Admission.Verdict.REFUSED) {
            key.channel().close();
        } else if (verdict == Admission.Verdict.ADMITTED) {
            key.cancel();
            return (SocketChannel) key.channel();
        }
        return null;
    }

    /** @return milliseconds until the next silent connection is refused, at most a minute */
    private static long nextExpiry(Selector selector) {
        long next = 60_000;
        for (SelectionKey key : selector.keys()) {
            if (key.attachment() instanceof Admission.Candidate candidate) {
                next = Math.min(next, candidate.millisToExpiry());
            }
        }
        return next;
    }

    /** Closes every accepted connection but the peer's (on failure, every one). */
    private static void closeCandidates(Selector selector, SocketChannel peer)
            throws IOException {
        for (SelectionKey key : selector.keys()) {
            if (key.attachment() != null && key.channel() != peer) {
                key.channel().close();
            }
        }
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (ServerSocketChannel server : servers) {
            try {
                server.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
