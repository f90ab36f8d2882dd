package mpi.common.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.FixedLengthFrameDecoder;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A shuffle's block transfer service over Netty, as Spark's ({@code NettyBlockTransferService}):
 * every rank serves the blocks of its map outputs and fetches blocks from every other rank,
 * over one connection to each (a client's), requests one way and blocks back. A request is
 * {@value #REQUEST_BYTES} bytes (the fetch's id, the block's index); a reply is its header
 * (the fetch's id, the block's length) and the block, written as a slice of the map outputs'
 * buffer (no copy on the serving side); the fetching side's frame decoder assembles each reply
 * in a pooled buffer, which the fetching thread deserializes from and releases, as Spark's
 * {@code TransportFrameDecoder} and shuffle reader do. One event loop thread per rank carries
 * the serving and the fetching connections.
 *
 * <p>Connections are made by {@link #connect}, collective and outside any timed region, with
 * the suite's rule: every rank listens only where its peers will connect from (loopback for
 * the peers on its network stack, its other addresses for the rest), tells each peer a
 * {@link PeerToken} of its own through MPI, admits one connection per token and closes every
 * other ({@link Admission}), then stops listening.
 */
public final class NettyShuffle implements AutoCloseable {
    /** A request's bytes: the fetch's id and the block's index, an int each. */
    static final int REQUEST_BYTES = 8;
    /** A reply's header: the fetch's id and the block's length, an int each. */
    static final int HEADER_BYTES = 8;

    private final EventLoopGroup group;
    private final int rank;
    private final Channel[] clients;
    private final List<Channel> served = java.util.Collections.synchronizedList(
            new ArrayList<>());
    private volatile Blocks blocks = new Blocks(Unpooled.EMPTY_BUFFER, new int[0], new int[0]);
    private volatile AtomicReferenceArray<ByteBuf> arrived = new AtomicReferenceArray<>(0);
    private volatile Throwable failure;
    private volatile boolean closing;

    /** What this rank serves: its map outputs' buffer and each block's place in it. */
    private record Blocks(ByteBuf buffer, int[] offsets, int[] lengths) {
    }

    private NettyShuffle(EventLoopGroup group, int ranks, int rank) {
        this.group = group;
        this.rank = rank;
        this.clients = new Channel[ranks];
    }

    /** @return the {@code # Transport:} line's text */
    public static String details() {
        return NettyLink.details();
    }

    /**
     * Connects every rank to every other, outside any timed region. Collective over
     * {@code comm}.
     *
     * @param comm the ranks of the shuffle
     * @return this rank's service, connected to every other rank
     * @throws MPIException if MPI or a connection fails, in one line naming Netty
     */
    public static NettyShuffle connect(Intracomm comm) throws MPIException {
        int ranks = comm.getSize();
        int me = comm.getRank();
        EventLoopGroup group = NettyLink.newGroup(); // first: NettyLink's settings of Netty
        NettyShuffle shuffle = new NettyShuffle(group, ranks, me);
        try {
            int room = Rendezvous.MESSAGE_BYTES;
            byte[] stacks = new byte[ranks * room];
            comm.allGather(Rendezvous.message(Rendezvous.stackIdentity()), room, MPI.BYTE,
                    stacks, room, MPI.BYTE);
            boolean[] sameStack = new boolean[ranks];
            for (int j = 0; j < ranks; j++) {
                sameStack[j] = Rendezvous.text(Arrays.copyOfRange(stacks, j * room,
                        (j + 1) * room)).equals(Rendezvous.stackIdentity());
            }
            MeshPlan plan = new MeshPlan(me, sameStack);
            List<PeerToken> tokens = new ArrayList<>();
            for (int i = 0; i < plan.peers().length; i++) {
                tokens.add(PeerToken.random());
            }
            Admission admission = new Admission(tokens, Transport.CONNECT_TIMEOUT_MILLIS);
            List<InetAddress> external = plan.needsExternal() ? Rendezvous.addresses() : List.of();
            if (plan.needsExternal() && external.isEmpty()) {
                throw new IOException("no IPv4 address other than loopback to listen on, and"
                        + " a peer is on another host");
            }
            Listening listening = shuffle.listen(plan, external, admission);
            byte[] told = new byte[ranks * room];
            int[] peers = plan.peers();
            for (int i = 0; i < peers.length; i++) {
                List<InetSocketAddress> where = sameStack[peers[i]] ? listening.loopback
                        : listening.external;
                System.arraycopy(Rendezvous.message(new Rendezvous.Told(tokens.get(i), where)
                        .text()), 0, told, peers[i] * room, room);
            }
            byte[] heard = new byte[ranks * room];
            comm.allToAll(told, room, MPI.BYTE, heard, room, MPI.BYTE);
            for (int j : peers) {
                shuffle.connectTo(j, Rendezvous.Told.parse(Rendezvous.text(
                        Arrays.copyOfRange(heard, j * room, (j + 1) * room))));
            }
            listening.awaitAll(admission);
            return shuffle;
        } catch (IOException e) {
            shuffle.close();
            throw Link.failure(Transport.NETTY.title(), e);
        }
    }

    /** The listening sockets and who was admitted through them. */
    private final class Listening {
        final List<InetSocketAddress> loopback = new ArrayList<>();
        final List<InetSocketAddress> external = new ArrayList<>();
        final List<Channel> servers = new ArrayList<>();
        final ChannelGroup candidates = new DefaultChannelGroup(group.next());
        final Channel[] admitted;
        final CountDownLatch all;

        Listening(int peers) {
            admitted = new Channel[peers];
            all = new CountDownLatch(peers);
        }

        /** Takes an admitted connection, unless its token's peer has one already. */
        synchronized boolean take(Channel channel, int peer) {
            if (admitted[peer] != null) {
                return false;
            }
            admitted[peer] = channel;
            channel.pipeline().addLast(new FixedLengthFrameDecoder(REQUEST_BYTES),
                    new Server());
            served.add(channel);
            all.countDown();
            return true;
        }

        /** Waits for every peer's connection, then stops listening and closes strangers. */
        void awaitAll(Admission admission) throws IOException {
            try {
                if (!all.await(admission.millisLeft(), TimeUnit.MILLISECONDS)) {
                    throw admission.timedOut();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the peers", e);
            } finally {
                servers.forEach(s -> s.close().syncUninterruptibly());
                candidates.close().syncUninterruptibly();
            }
        }
    }

    private Listening listen(MeshPlan plan, List<InetAddress> external, Admission admission)
            throws IOException {
        Listening listening = new Listening(plan.peers().length);
        ServerBootstrap bootstrap = new ServerBootstrap().group(group)
                .channel(NettyLink.epoll() ? EpollServerSocketChannel.class
                        : NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel child) {
                        listening.candidates.add(child);
                        child.pipeline().addLast(new NettyLink.Gate(admission,
                                listening::take, listening.candidates));
                    }
                });
        List<InetAddress> where = new ArrayList<>();
        if (plan.needsLoopback()) {
            where.add(InetAddress.getLoopbackAddress());
        }
        where.addAll(external);
        try {
            for (InetAddress address : where) {
                Channel server = bootstrap.bind(new InetSocketAddress(address, 0)).sync()
                        .channel();
                listening.servers.add(server);
                InetSocketAddress bound = (InetSocketAddress) server.localAddress();
                (address.isLoopbackAddress() ? listening.loopback : listening.external)
                        .add(bound);
            }
        } catch (Exception e) { // sync() rethrows a failed bind's IOException as it is
            listening.servers.forEach(s -> s.close().syncUninterruptibly());
            throw new IOException("cannot listen: " + e.getMessage(), e);
        }
        return listening;
    }

    /** Connects to peer {@code j} where it said, sending its token first. */
    private void connectTo(int j, Rendezvous.Told told) throws IOException {
        IOException last = new IOException("rank " + j + " has no address to connect to");
        for (InetSocketAddress address : told.where()) {
            try {
                Channel channel = NettyLink.configure(new Bootstrap()).group(group)
                        .channel(NettyLink.epoll() ? EpollSocketChannel.class
                                : NioSocketChannel.class)
                        .handler(new ChannelInboundHandlerAdapter())
                        .connect(address).sync().channel();
                channel.writeAndFlush(Unpooled.wrappedBuffer(told.token().greeting())).sync();
                // On the event loop, before any reply can come (see NettyLink's constructor).
                channel.eventLoop().submit(() -> channel.pipeline().addLast(
                        new LengthFieldBasedFrameDecoder(Integer.MAX_VALUE, Integer.BYTES,
                                Integer.BYTES, 0, 0), new Client())).syncUninterruptibly();
                clients[j] = channel;
                return;
            } catch (Exception e) { // sync() rethrows a failed connect's IOException as it is
                last = new IOException("cannot connect to rank " + j + " at " + address + ": "
                        + e.getMessage(), e);
            }
        }
        throw last;
    }

    // ---- per size, untimed ----

    /**
     * Serves these blocks from now on. Untimed, between sizes, with no fetch in flight.
     *
     * @param mapOutputs the map outputs' buffer (direct), every block of this rank
     * @param offsets    each block's offset in it, by block index
     * @param lengths    each block's length, by block index
     */
    public void serve(java.nio.ByteBuffer mapOutputs, int[] offsets, int[] lengths) {
        blocks = new Blocks(Unpooled.wrappedBuffer(mapOutputs.duplicate().clear()),
                offsets.clone(), lengths.clone());
    }

    /**
     * Makes room for this rank's fetches of a size. Untimed, with no fetch in flight.
     *
     * @param fetches the fetches of one shuffle, ids 0 to {@code fetches - 1}
     */
    public void expect(int fetches) {
        arrived = new AtomicReferenceArray<>(fetches);
    }

    // ---- the fetching threads ----

    /**
     * Sends a fetch's request (any thread).
     *
     * @param peer  the rank that holds the block
     * @param fetch the fetch's id
     * @param block the block's index at the peer
     */
    public void request(int peer, int fetch, int block) {
        Channel channel = clients[peer];
        ByteBuf request = channel.alloc().buffer(REQUEST_BYTES);
        request.writeInt(fetch).writeInt(block);
        channel.writeAndFlush(request, channel.voidPromise());
    }

    /**
     * @param fetch a fetch's id
     * @return its block, readable from its reader index, if it has come (the caller releases
     *         it); else null
     * @throws MPIException if a connection failed
     */
    public ByteBuf poll(int fetch) throws MPIException {
        Throwable failed = failure;
        if (failed != null) {
            throw Link.failure(Transport.NETTY.title(), failed);
        }
        ByteBuf block = arrived.get(fetch);
        if (block != null) {
            arrived.set(fetch, null);
        }
        return block;
    }

    @Override
    public void close() {
        closing = true;
        for (Channel c : clients) {
            if (c != null) {
                c.close().syncUninterruptibly();
            }
        }
        synchronized (served) {
            served.forEach(c -> c.close().syncUninterruptibly());
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    // ---- the event loop ----

    private void failed(Throwable cause) {
        if (!closing && failure == null) {
            failure = cause;
        }
    }

    /** The serving side of a connection: a block per request, flushed once per read. */
    private final class Server extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf request = (ByteBuf) msg;
            int fetch = request.readInt();
            int block = request.readInt();
            request.release();
            Blocks b = blocks;
            int length = b.lengths()[block];
            ByteBuf header = ctx.alloc().buffer(HEADER_BYTES).writeInt(fetch).writeInt(length);
            ctx.write(header, ctx.voidPromise());
            ctx.write(b.buffer().retainedSlice(b.offsets()[block], length), ctx.voidPromise());
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            failed(cause);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            failed(new IOException("a peer closed its connection (rank " + rank + " serving)"));
        }
    }

    /** The fetching side of a connection: each reply's block, for its fetch's thread. */
    private final class Client extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf frame = (ByteBuf) msg;
            int fetch = frame.readInt();
            frame.skipBytes(Integer.BYTES); // the length, which the decoder has used
            arrived.set(fetch, frame);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            failed(cause);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            failed(new IOException("a peer closed its connection (rank " + rank
                    + " fetching)"));
        }
    }
}
