package mpi.common.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

import mpi.MPIException;

/**
 * A {@link Link} over a Java NIO {@link SocketChannel}: TCP with TCP_NODELAY, in non-blocking
 * mode, progressed by the benchmark's own thread, which polls the channel in {@link #await}
 * as an MPI library polls its network (no selector, no other thread), yielding the CPU after
 * a poll that moved nothing. The queued sends go out
 * in gathering writes and the queued receives come in scattering reads, straight from and
 * into the benchmark's buffers, so that a window of small messages costs a few system calls,
 * not one per message. With {@code -a buffer} these are direct ByteBuffers; with
 * {@code -a arrays}, heap ByteBuffers wrapping the arrays, which the JDK copies through
 * temporary direct buffers of its own on each call (the price of arrays on NIO). No allocation
 * per message: each window slot has its own view of its payload buffer and each slot of the
 * queue its own view of the acknowledgement, made once (per size for the payload's, which
 * {@code -b multiple} allocates per size).
 */
final class NioLink implements Link {
    private final SocketChannel channel;
    private final Direction sends;
    private final Direction receives;

    /**
     * @param channel  a connected channel; made non-blocking with TCP_NODELAY here
     * @param buffers  the benchmark's buffers (the link makes views of its own)
     * @param capacity the most operations queued in one direction between two awaits
     * @throws IOException if the channel cannot be configured
     */
    NioLink(SocketChannel channel, Buffers buffers, int capacity) throws IOException {
        this.channel = channel;
        channel.configureBlocking(false);
        channel.socket().setTcpNoDelay(true);
        this.sends = new Direction(buffers.payloadOut(), buffers.ack(), capacity);
        this.receives = new Direction(buffers.payloadIn(), buffers.ack(), capacity);
    }

    /**
     * The queue of one direction, with a view of each window slot's payload buffer and one
     * of the ack buffer per queue slot.
     */
    private static final class Direction {
        final Pending pending;
        /** Each window slot's view of its payload buffer (the link's own, from Buffers). */
        ByteBuffer[] payloadViews;
        final ByteBuffer[] ackViews;
        /** Each queue slot's view in use, for gathering and scattering calls. */
        final ByteBuffer[] inUse;

        Direction(ByteBuffer[] payload, ByteBuffer ack, int capacity) {
            pending = new Pending(capacity, payload.length);
            payloadViews = payload;
            ackViews = new ByteBuffer[capacity];
            inUse = new ByteBuffer[capacity];
            for (int i = 0; i < capacity; i++) {
                ackViews[i] = ack.duplicate().clear();
            }
        }

        void post(int bytes, int buffer) {
            int slot = pending.slot(pending.posted());
            pending.post(bytes, buffer); // first: it refuses a slot already queued
            ByteBuffer view = buffer == Link.ACK ? ackViews[slot] : payloadViews[buffer];
            view.limit(bytes).position(0);
            inUse[slot] = view;
        }

        void use(ByteBuffer[] payload) {
            if (busy() || payload.length != payloadViews.length) {
                throw new IllegalStateException("buffers replaced with operations queued, or "
                        + payload.length + " slots for " + payloadViews.length);
            }
            payloadViews = payload;
        }

        boolean busy() {
            return pending.hasCurrent(pending.posted());
        }

        /** @return the first slot not done */
        int first() {
            return pending.slot(pending.done());
        }

        /** @return the slots not done from {@link #first()} to the ring's end or the last posted */
        int run() {
            long left = pending.posted() - pending.done();
            return (int) Math.min(left, pending.capacity() - first());
        }

        void moved(long bytes) {
            pending.advance(bytes, pending.posted());
        }
    }

    @Override
    public void postSend(int bytes, int buffer) {
        sends.post(bytes, buffer);
    }

    @Override
    public void postReceive(int bytes, int buffer) {
        receives.post(bytes, buffer);
    }

    @Override
    public void use(Buffers buffers) {
        sends.use(buffers.payloadOut());
        receives.use(buffers.payloadIn());
    }

    @Override
    public void await() throws MPIException {
        try {
            sends.moved(0); // zero-length operations complete at once
            receives.moved(0);
            while (sends.busy() || receives.busy()) {
                long moved = 0;
                if (sends.busy()) {
                    long n = channel.write(sends.inUse, sends.first(), sends.run());
                    sends.moved(n);
                    moved += n;
                }
                if (receives.busy()) {
                    long n = channel.read(receives.inUse, receives.first(), receives.run());
                    if (n < 0) {
                        throw Link.closed(Transport.NIO.title());
                    }
                    receives.moved(n);
                    moved += n;
                }
                if (moved == 0) {
                    // Nothing to do yet: let a peer on the same core run, as MPI does with
                    // mpi_yield_when_idle (a system call that returns at once on an idle core).
                    Thread.yield();
                }
            }
        } catch (IOException e) {
            throw Link.failure(Transport.NIO.title(), e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing at the end of a run: nothing left to lose
        }
    }
}
