package mpi.it;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import mpi.MPIException;
import mpi.common.transport.Transport;
import mpi.transport.TransportLatency;

/**
 * The transport latency benchmark with strangers: once the connecting rank (0) knows where its
 * peer listens, and before it connects, it opens {@value #STRANGERS} connections of its own to
 * each of those addresses, as another process on a shared host could: one silent, one that sends
 * {@value #GARBAGE} bytes of garbage, one that sends half a token's length and closes. It
 * keeps the open ones open for the whole run, tries the same ports on this host's other IPv4
 * addresses, and prints on stderr what it did, in one line. Run by {@link TransportIT}:
 * {@code StrangerLatency nio|netty [alone] OPTIONS...}; with {@code alone} the rank never
 * connects itself, and waits for the listener's deadline.
 */
public final class StrangerLatency extends TransportLatency {
    static final int STRANGERS = 3;
    static final int GARBAGE = 64;
    /** Longer than the listener waits for its peer (Transport's connect timeout, 10 s). */
    private static final long ALONE_MILLIS = 60_000;

    private final boolean alone;
    private final List<SocketChannel> strangers = new ArrayList<>();

    public static void main(String[] args) {
        Transport transport = Transport.valueOf(args[0].toUpperCase(Locale.ROOT));
        boolean alone = args.length > 1 && args[1].equals("alone");
        new StrangerLatency(transport, alone)
                .run(Arrays.copyOfRange(args, alone ? 2 : 1, args.length));
    }

    private StrangerLatency(Transport transport, boolean alone) {
        super(transport);
        this.alone = alone;
    }

    @Override
    protected void beforeConnecting(List<InetSocketAddress> peer) throws IOException {
        List<InetAddress> listened = new ArrayList<>();
        List<String> ports = new ArrayList<>();
        for (InetSocketAddress address : peer) {
            listened.add(address.getAddress());
            ports.add(address.getAddress().getHostAddress() + ":" + address.getPort());
            strangers.add(SocketChannel.open(address)); // silent
            SocketChannel garbage = SocketChannel.open(address);
            byte[] bytes = new byte[GARBAGE];
            Arrays.fill(bytes, (byte) 0x5a);
            write(garbage, bytes);
            strangers.add(garbage);
            try (SocketChannel half = SocketChannel.open(address)) {
                write(half, new byte[8]);
            }
        }
        List<String> refused = new ArrayList<>();
        List<String> accepted = new ArrayList<>();
        for (InetAddress other : ipv4Addresses()) {
            if (listened.contains(other)) {
                continue;
            }
            for (InetSocketAddress address : peer) {
                try (SocketChannel c = SocketChannel.open(
                        new InetSocketAddress(other, address.getPort()))) {
                    accepted.add(other.getHostAddress());
                } catch (IOException e) {
                    refused.add(other.getHostAddress());
                }
            }
        }
        System.err.println(program() + ": " + STRANGERS * peer.size() + " strangers connected to "
                + ports + " before the peer; the ports on this host's other addresses: refused on "
                + refused + ", accepted on " + accepted);
        System.err.flush();
        if (alone) {
            try {
                Thread.sleep(ALONE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("the listener did not give up on its peer");
        }
    }

    private static void write(SocketChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    private static List<InetAddress> ipv4Addresses() throws IOException {
        List<InetAddress> all = new ArrayList<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (nic.isUp()) {
                for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                    if (a instanceof Inet4Address) {
                        all.add(a);
                    }
                }
            }
        }
        return all;
    }

    @Override
    protected void release() throws MPIException {
        super.release();
        for (SocketChannel stranger : strangers) {
            try {
                stranger.close();
            } catch (IOException e) {
                // the run is over: nothing to lose
            }
        }
    }
}
