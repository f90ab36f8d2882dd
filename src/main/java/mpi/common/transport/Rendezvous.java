package mpi.common.transport;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * How the two ranks of a transport benchmark find each other, through MPI and outside any
 * timed region: the connecting rank tells the listening rank its network stack; the listening
 * rank listens where its peer will connect from, draws a {@link PeerToken}, and broadcasts the
 * token and where it listens; the other connects there and sends the token first, and the
 * listener admits only the connection that sends it ({@link Admission}).
 *
 * <p>Where: when both ranks share a network stack (the same kernel and network namespace:
 * one host), the loopback address only, so that a one-host run compares MPI's shared memory
 * with loopback TCP and nothing from another host can connect; otherwise the listener's IPv4
 * addresses other than loopback, each listened on and tried in order (hosts in network
 * namespaces, or real hosts: TCP over their network).
 */
public final class Rendezvous {
    /** Room for a broadcast text: a stack's identity, or the token and the addresses. */
    static final int MESSAGE_BYTES = 1024;

    /** What the connecting rank does once it knows where its peer listens (a test's seam). */
    @FunctionalInterface
    public interface BeforeConnecting {
        /**
         * @param peer where the peer listens, in the order the rank will try
         * @throws IOException if it fails (the connection fails with it)
         */
        void run(List<InetSocketAddress> peer) throws IOException;
    }

    private Rendezvous() {
    }

    /**
     * Connects the two ranks. Collective over {@code comm}, of 2 processes.
     *
     * @param comm      the communicator of both ranks
     * @param listens   whether this rank listens (the other connects)
     * @param transport the transport
     * @param buffers   the benchmark's buffers
     * @param capacity  the most operations queued in one direction between two awaits
     * @return the connected link
     * @throws MPIException if MPI or the connection fails
     */
    public static Link connect(Intracomm comm, boolean listens, Transport transport,
            Buffers buffers, int capacity) throws MPIException {
        return connect(comm, listens, transport, buffers, capacity, peer -> { });
    }

    /**
     * As {@link #connect(Intracomm, boolean, Transport, Buffers, int)}, with a step the
     * connecting rank runs once it knows where the peer listens, before it connects.
     *
     * @param comm      the communicator of both ranks
     * @param listens   whether this rank listens (the other connects)
     * @param transport the transport
     * @param buffers   the benchmark's buffers
     * @param capacity  the most operations queued in one direction between two awaits
     * @param before    the step (nothing, in a benchmark)
     * @return the connected link
     * @throws MPIException if MPI or the connection fails
     */
    public static Link connect(Intracomm comm, boolean listens, Transport transport,
            Buffers buffers, int capacity, BeforeConnecting before) throws MPIException {
        int listener = listens ? comm.getRank() : 1 - comm.getRank();
        int connector = 1 - listener;
        try {
            byte[] stack = listens ? new byte[MESSAGE_BYTES] : message(stackIdentity());
            comm.bcast(stack, MESSAGE_BYTES, MPI.BYTE, connector);
            if (listens) {
                boolean oneStack = text(stack).equals(stackIdentity());
                PeerToken token = PeerToken.random();
                Admission admission = new Admission(token, Transport.CONNECT_TIMEOUT_MILLIS);
                List<InetAddress> where = oneStack ? List.of(InetAddress.getLoopbackAddress())
                        : addresses();
                if (where.isEmpty()) {
                    throw new IOException("no IPv4 address other than loopback to listen on,"
                            + " and the peer is on another host");
                }
                try (Transport.Listener l = transport.listen(where, admission)) {
                    comm.bcast(message(new Told(token, l.addresses()).text()), MESSAGE_BYTES,
                            MPI.BYTE, listener);
                    return l.accept(buffers, capacity);
                }
            }
            byte[] told = new byte[MESSAGE_BYTES];
            comm.bcast(told, MESSAGE_BYTES, MPI.BYTE, listener);
            Told heard = Told.parse(text(told));
            List<InetSocketAddress> peer = heard.where();
            before.run(peer);
            IOException last = new IOException("the peer has no address to connect to");
            for (InetSocketAddress address : peer) {
                try {
                    return transport.connect(address, heard.token(), buffers, capacity);
                } catch (IOException e) {
                    last = e;
                }
            }
            throw last;
        } catch (IOException e) {
            throw Link.failure(transport.title(), e);
        }
    }

    /**
     * What a listening rank tells a peer through MPI: the token the peer is to send, and where
     * to connect, in the order to try.
     *
     * @param token the token
     * @param where the addresses and ports
     */
    record Told(PeerToken token, List<InetSocketAddress> where) {
        /** @return the text: the token, then a line {@code ADDRESS PORT} per address */
        String text() {
            StringBuilder told = new StringBuilder(token.toText());
            for (InetSocketAddress a : where) {
                told.append('\n').append(a.getAddress().getHostAddress()).append(' ')
                        .append(a.getPort());
            }
            return told.toString();
        }

        /** @return what {@link #text()} wrote */
        static Told parse(String text) {
            String[] lines = text.split("\n");
            List<InetSocketAddress> where = new ArrayList<>();
            for (int i = 1; i < lines.length; i++) {
                String[] hostPort = lines[i].split(" ");
                where.add(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])));
            }
            return new Told(PeerToken.fromText(lines[0]), where);
        }
    }

    /** @return {@code text} in a broadcast's room */
    static byte[] message(String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MESSAGE_BYTES) {
            throw new IOException("more than " + MESSAGE_BYTES + " bytes to tell the peer: "
                    + text.lines().count() + " lines");
        }
        return Arrays.copyOf(bytes, MESSAGE_BYTES);
    }

    /** @return the text of a broadcast */
    static String text(byte[] message) {
        return new String(message, StandardCharsets.UTF_8).trim();
    }

    /**
     * @return what tells network stacks apart: this boot of the kernel and this network
     *         namespace (equal for two processes that can reach each other on loopback)
     */
    static String stackIdentity() {
        try {
            String boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
            String namespace = Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
            return boot + " " + namespace;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // Not Linux: assume one host only when the host names agree.
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException unknown) {
                return "unknown host";
            }
        }
    }

    /** @return this host's IPv4 addresses other than loopback, of the interfaces that are up */
    static List<InetAddress> addresses() throws SocketException {
        List<InetAddress> addresses = new ArrayList<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a instanceof Inet4Address) {
                    addresses.add(a);
                }
            }
        }
        return addresses;
    }
}
