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
import java.util.Collections;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * How the two ranks of a transport benchmark find each other, through MPI and outside any
 * timed region: the listening rank broadcasts where it listens, the other connects there.
 *
 * <p>Where: when both ranks share a network stack (the same kernel and network namespace:
 * one host), the loopback address, so that a one-host run compares MPI's shared memory with
 * loopback TCP; otherwise the listener's IPv4 addresses other than loopback, tried in order
 * (hosts in network namespaces, or real hosts: TCP over their network).
 */
public final class Rendezvous {
    /** Room for the broadcast text: the stack's identity, the port and the addresses. */
    private static final int MESSAGE_BYTES = 1024;
    private static final String LOOPBACK = "127.0.0.1";

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
        int peer = 1 - comm.getRank();
        byte[] message = new byte[MESSAGE_BYTES];
        try {
            if (listens) {
                try (Transport.Listener listener = transport.listen()) {
                    byte[] text = describe(listener.port()).getBytes(StandardCharsets.UTF_8);
                    if (text.length > MESSAGE_BYTES) {
                        throw new IOException("too many addresses to tell the peer");
                    }
                    System.arraycopy(text, 0, message, 0, text.length);
                    comm.bcast(message, MESSAGE_BYTES, MPI.BYTE, comm.getRank());
                    return listener.accept(buffers, capacity);
                }
            }
            comm.bcast(message, MESSAGE_BYTES, MPI.BYTE, peer);
            String[] lines = new String(message, StandardCharsets.UTF_8).trim().split("\n");
            int port = Integer.parseInt(lines[1]);
            List<String> hosts = new ArrayList<>();
            if (lines[0].equals(stackIdentity())) {
                hosts.add(LOOPBACK);
            } else {
                for (int i = 2; i < lines.length; i++) {
                    hosts.add(lines[i]);
                }
            }
            IOException last = new IOException("the peer has no address to connect to");
            for (String host : hosts) {
                try {
                    return transport.connect(new InetSocketAddress(host, port), buffers, capacity);
                } catch (IOException e) {
                    last = e;
                }
            }
            throw last;
        } catch (IOException e) {
            throw Link.failure(transport.title(), e);
        }
    }

    /** @return the text the listener broadcasts: stack identity, port, addresses */
    private static String describe(int port) throws IOException {
        StringBuilder text = new StringBuilder(stackIdentity()).append('\n').append(port);
        for (String address : addresses()) {
            text.append('\n').append(address);
        }
        return text.toString();
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
    private static List<String> addresses() throws SocketException {
        List<String> addresses = new ArrayList<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a instanceof Inet4Address) {
                    addresses.add(a.getHostAddress());
                }
            }
        }
        return addresses;
    }
}
