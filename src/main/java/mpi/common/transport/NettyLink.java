package mpi.common.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.Version;
import io.netty.util.internal.PlatformDependent;
import mpi.MPIException;

/**
 * A {@link Link} over Netty, as Spark's transport uses it: one event loop thread per rank,
 * Netty's native epoll transport where it loads (else its NIO transport; the system property
 * {@code ombj.netty.epoll=false} forces NIO), TCP_NODELAY, pooled direct buffers
 * ({@link PooledByteBufAllocator}) for reading.
 *
 * <p>The benchmark's thread queues operations; {@link #await} hands the queued sends to the
 * event loop in one task, which writes each message as a slice of its slot's send buffer
 * (zero-copy for {@code -a buffer}; for {@code -a arrays} Netty copies the heap buffer into a
 * pooled direct one, as it does for any heap buffer) and flushes once, so a window goes out in as
 * few system calls as Netty makes. The event loop copies what it reads into the posted
 * receives' buffers, as a receive lands in its MPI buffer; bytes that come before their
 * receive is posted wait in the event loop, retained. The benchmark's thread waits for
 * completion by spinning, yielding the CPU, on counters the event loop publishes.
 *
 * <p>Per message, Netty allocates a slice object (40 bytes or so) and the event loop's
 * bookkeeping; a flushed batch allocates one promise.
 *
 * <p>The listening side's accepted connections first meet a {@link Gate}, which applies the
 * {@link Admission} rule on the event loop and steps aside for the peer's.
 */
final class NettyLink extends ChannelInboundHandlerAdapter implements Link {
    /** The system property that turns the native epoll transport off. */
    static final String EPOLL_PROPERTY = "ombj.netty.epoll";
    /** Spins before the waiting thread starts yielding the CPU each time. */
    private static final int SPINS = 64;
    /** Netty's switch for its use of {@code sun.misc.Unsafe}. */
    static final String NO_UNSAFE = "io.netty.noUnsafe";

    static {
        // Before any Netty class reads it: NettyLink is the first class that uses Netty (the
        // shuffle's, NettyShuffle, starts with NettyLink.newGroup()).
        if (unsafeWarns(Runtime.version().feature(), System.getProperty(NO_UNSAFE),
                System.getProperty("sun.misc.unsafe.memory.access"))) {
            System.setProperty(NO_UNSAFE, "true");
        }
    }

    private final EventLoopGroup group;
    private final Channel channel;
    private final ByteBuf ackOut;
    private final ByteBuffer ackIn;
    private final int slots;
    // The slots' payload buffers: the event loop's own (set and read there only).
    private ByteBuf[] payloadOut;
    private ByteBuffer[] payloadIn;
    private final Pending sends;
    private final Pending receives;
    // Written by the benchmark's thread, read by the event loop.
    private volatile long sendsPosted;
    private volatile long receivesPosted;
    // Written by the event loop, read by the benchmark's thread.
    private volatile long sendsDone;
    private volatile long receivesDone;
    private volatile boolean stashed;
    private volatile Throwable failure;
    private volatile boolean closing;
    // The event loop's own.
    private final ArrayDeque<ByteBuf> stash = new ArrayDeque<>();
    private long flushed;
    private final Runnable flushTask = this::flushSends;
    private final Runnable drainTask = this::drain;
    private final ChannelFutureListener sent = this::sent;

    private NettyLink(EventLoopGroup group, Channel channel, Buffers buffers, int capacity) {
        this.group = group;
        this.channel = channel;
        this.payloadOut = wrapped(buffers.payloadOut());
        this.ackOut = Unpooled.wrappedBuffer(buffers.ack().duplicate());
        this.payloadIn = buffers.payloadIn();
        this.ackIn = buffers.ack();
        this.slots = buffers.slots();
        this.sends = new Pending(capacity, slots);
        this.receives = new Pending(capacity, slots);
        // Added on the event loop, and waited for. A handler added from another thread is
        // pending until the event loop runs its handlerAdded, and the event loop reads the
        // socket before it runs tasks: bytes the peer sent right after the barrier that
        // follows the connection would pass a pending handler by, to the pipeline's tail,
        // which drops them, and this rank would wait for them for ever (seen once in CI).
        channel.eventLoop().submit(() -> channel.pipeline().addLast(this))
                .syncUninterruptibly();
    }

    /**
     * JDK 24 and later print a warning when sun.misc.Unsafe's memory methods are first called
     * (JEP 498), which Netty 4.1 does unless told not to. Netty then uses no Unsafe, unless
     * the user says otherwise: {@code -Dio.netty.noUnsafe=false}, or
     * {@code --sun-misc-unsafe-memory-access=allow}, which silences the JVM.
     *
     * @param feature      the JDK's feature release
     * @param noUnsafe     {@value #NO_UNSAFE} as set, or null
     * @param memoryAccess the JVM's {@code --sun-misc-unsafe-memory-access}, or null
     * @return whether Netty would make the JVM warn
     */
    static boolean unsafeWarns(int feature, String noUnsafe, String memoryAccess) {
        return feature >= 24 && noUnsafe == null && !"allow".equals(memoryAccess);
    }

    private static ByteBuf[] wrapped(ByteBuffer[] buffers) {
        ByteBuf[] wrapped = new ByteBuf[buffers.length];
        for (int i = 0; i < buffers.length; i++) {
            wrapped[i] = Unpooled.wrappedBuffer(buffers[i]);
        }
        return wrapped;
    }

    /** @return whether this run uses the native epoll transport */
    static boolean epoll() {
        return Boolean.parseBoolean(System.getProperty(EPOLL_PROPERTY, "true"))
                && Epoll.isAvailable();
    }

    /** @return the {@code # Transport:} line's text */
    static String details() {
        Version v = Version.identify().get("netty-transport");
        String version = v == null ? "(version unknown)" : v.artifactVersion();
        String transport = epoll() ? "native epoll"
                : "NIO (" + (Epoll.isAvailable() ? EPOLL_PROPERTY + "=false"
                        : "epoll unavailable: " + Epoll.unavailabilityCause()) + ")";
        return "Netty " + version + ", " + transport + ", pooled direct buffers"
                + (PlatformDependent.hasUnsafe() ? "" : " (no sun.misc.Unsafe)")
                + ", TCP_NODELAY, one event loop thread";
    }

    /** @return a group of one event loop thread, epoll's or NIO's */
    static EventLoopGroup newGroup() {
        return epoll() ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
    }

    /** @return {@code bootstrap} with the options of every connection of the suite */
    static <T extends Bootstrap> T configure(T bootstrap) {
        bootstrap.option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Transport.CONNECT_TIMEOUT_MILLIS);
        return bootstrap;
    }

    /** See {@link Transport#listen}. */
    static Transport.Listener listen(List<InetAddress> where, Admission admission)
            throws IOException {
        EventLoopGroup group = newGroup();
        CompletableFuture<Channel> accepted = new CompletableFuture<>();
        ChannelGroup candidates = new DefaultChannelGroup(group.next());
        Class<? extends ServerChannel> type = epoll() ? EpollServerSocketChannel.class
                : NioServerSocketChannel.class;
        ServerBootstrap bootstrap = new ServerBootstrap().group(group).channel(type)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel child) {
                        candidates.add(child);
                        child.pipeline().addLast(new Gate(admission,
                                (channel, peer) -> accepted.complete(channel), candidates));
                    }
                });
        List<Channel> servers = new ArrayList<>();
        try {
            for (InetAddress address : where) {
                servers.add(bootstrap.bind(new InetSocketAddress(address, 0)).sync().channel());
            }
        } catch (Exception e) { // sync() rethrows a failed bind's IOException as it is
            servers.forEach(s -> s.close().syncUninterruptibly());
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IOException("cannot listen: " + e.getMessage(), e);
        }
        return new Transport.Listener() {
            private boolean handedOver;

            @Override
            public List<InetSocketAddress> addresses() {
                List<InetSocketAddress> addresses = new ArrayList<>();
                for (Channel server : servers) {
                    addresses.add((InetSocketAddress) server.localAddress());
                }
                return addresses;
            }

            @Override
            public Link accept(Buffers buffers, int capacity) throws IOException {
                Channel child = await(accepted, admission);
                handedOver = true;
                return new NettyLink(group, child, buffers, capacity);
            }

            @Override
            public void close() {
                if (group.isShuttingDown()) {
                    return; // the link closed first, and its group with every channel on it
                }
                servers.forEach(s -> s.close().syncUninterruptibly());
                candidates.close().syncUninterruptibly();
                if (!handedOver) {
                    group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
                }
            }
        };
    }

    /**
     * The first handler of an accepted connection: feeds what it sends to its
     * {@link Admission.Candidate} and closes it when refused (or silent too long); when
     * admitted, steps out of the pipeline and hands the connection over with the index of
     * the token it sent ({@link Admitted}), which closes it if it is not wanted (another was
     * admitted first with that token). Runs on the event loop, so that the handlers the
     * hand-over adds are in place before the connection's next bytes are read.
     */
    static final class Gate extends ChannelInboundHandlerAdapter {
        /** What becomes of an admitted connection. */
        @FunctionalInterface
        interface Admitted {
            /**
             * @param channel the connection, its gate removed
             * @param peer    the index of the token it sent
             * @return whether it was taken (else the gate closes it)
             */
            boolean take(Channel channel, int peer);
        }

        private final Admission.Candidate candidate;
        private final Admitted admitted;
        private final ChannelGroup candidates;

        Gate(Admission admission, Admitted admitted, ChannelGroup candidates) {
            this.candidate = admission.candidate();
            this.admitted = admitted;
            this.candidates = candidates;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.executor().schedule(() -> {
                if (candidate.expire() == Admission.Verdict.REFUSED) {
                    ctx.close();
                }
            }, candidate.millisToExpiry(), TimeUnit.MILLISECONDS);
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf in = (ByteBuf) msg;
            Admission.Verdict verdict;
            try {
                verdict = candidate.take(ByteBuffer.wrap(ByteBufUtil.getBytes(in)));
            } finally {
                in.release();
            }
            if (verdict == Admission.Verdict.REFUSED) {
                ctx.close();
            } else if (verdict == Admission.Verdict.ADMITTED) {
                candidates.remove(ctx.channel());
                ctx.pipeline().remove(this);
                if (!admitted.take(ctx.channel(), candidate.peer())) {
                    ctx.close();
                }
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            candidate.ended();
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // a stranger's connection that failed: nothing the run needs
        }
    }

    /** See {@link Transport#connect}: the token goes out before the link takes the channel. */
    static Link connect(InetSocketAddress address, PeerToken token, Buffers buffers,
            int capacity) throws IOException {
        EventLoopGroup group = newGroup();
        try {
            Channel channel = configure(new Bootstrap()).group(group)
                    .channel(epoll() ? EpollSocketChannel.class : NioSocketChannel.class)
                    .handler(new ChannelInboundHandlerAdapter())
                    .connect(address).sync().channel();
            channel.writeAndFlush(Unpooled.wrappedBuffer(token.greeting())).sync();
            return new NettyLink(group, channel, buffers, capacity);
        } catch (Exception e) { // sync() rethrows a failed connect's IOException as it is
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IOException("cannot connect to " + address + ": " + e.getMessage(), e);
        }
    }

    private static Channel await(CompletableFuture<Channel> accepted, Admission admission)
            throws IOException {
        try {
            return accepted.get(admission.millisLeft(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw admission.timedOut();
        } catch (InterruptedException | ExecutionException e) {
            throw new IOException("no connection from the peer: " + e, e);
        }
    }

    // ---- the benchmark's thread ----

    @Override
    public void postSend(int bytes, int buffer) {
        sends.post(bytes, buffer);
    }

    @Override
    public void postReceive(int bytes, int buffer) {
        receives.post(bytes, buffer);
    }

    /** Sets the buffers on the event loop, which alone reads them, and waits for it. */
    @Override
    public void use(Buffers buffers) {
        if (sendsDone < sends.posted() || receivesDone < receives.posted()
                || buffers.slots() != slots) {
            throw new IllegalStateException("buffers replaced with operations queued, or "
                    + buffers.slots() + " slots for " + slots);
        }
        ByteBuf[] out = wrapped(buffers.payloadOut());
        ByteBuffer[] in = buffers.payloadIn();
        channel.eventLoop().submit(() -> {
            payloadOut = out;
            payloadIn = in;
        }).syncUninterruptibly();
    }

    @Override
    public void await() throws MPIException {
        long s = sends.posted();
        long r = receives.posted();
        if (r != receivesPosted) {
            receivesPosted = r;
            // Bytes that came before their receive: only the event loop may move them.
            if (stashed) {
                channel.eventLoop().execute(drainTask);
            }
        }
        if (s != sendsPosted) {
            sendsPosted = s;
            channel.eventLoop().execute(flushTask);
        }
        int spins = 0;
        while (sendsDone < s || receivesDone < r) {
            Throwable failed = failure;
            if (failed != null) {
                throw Link.failure(Transport.NETTY.title(), failed);
            }
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    @Override
    public void close() {
        closing = true;
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    // ---- the event loop ----

    /** Writes the sends queued since the last flush, then flushes once. */
    private void flushSends() {
        long posted = sendsPosted;
        for (long op = flushed; op < posted; op++) {
            int buffer = sends.buffer(op);
            ByteBuf source = buffer == ACK ? ackOut : payloadOut[buffer];
            ByteBuf message = source.retainedSlice(0, sends.length(op));
            if (op < posted - 1) {
                channel.write(message, channel.voidPromise());
            } else {
                flushed = posted;
                channel.write(message).addListener(sent);
            }
        }
        channel.flush();
    }

    /** The last send of a flushed batch is complete, and with it those before. */
    private void sent(ChannelFuture future) {
        if (future.isSuccess()) {
            sends.completeUpTo(flushed);
            sendsDone = flushed;
        } else {
            failure = future.cause();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        if (stash.isEmpty() && deliver(in)) {
            in.release();
            return;
        }
        stash.add(in);
        stashed = true;
        drain(); // a receive may have been posted meanwhile
    }

    /** Delivers stashed bytes to receives posted since. */
    private void drain() {
        while (!stash.isEmpty() && deliver(stash.peek())) {
            stash.poll().release();
        }
        stashed = !stash.isEmpty();
    }

    /**
     * Copies bytes of {@code in} into the posted receives, in order.
     *
     * @return whether {@code in} is used up
     */
    private boolean deliver(ByteBuf in) {
        long posted = receivesPosted;
        while (in.isReadable() && receives.hasCurrent(posted)) {
            int buffer = receives.buffer();
            ByteBuffer target = buffer == ACK ? ackIn : payloadIn[buffer];
            int offset = receives.progress();
            int n = Math.min(in.readableBytes(), receives.length() - offset);
            target.limit(offset + n).position(offset);
            in.readBytes(target);
            receives.advance(n, posted);
        }
        receivesDone = receives.done();
        return !in.isReadable();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        failure = cause;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!closing && failure == null) {
            failure = new IOException("the peer closed the connection");
        }
        for (ByteBuf b : stash) {
            b.release();
        }
        stash.clear();
    }
}
