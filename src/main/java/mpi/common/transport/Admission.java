package mpi.common.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The listening rank's rule for who joins a transport benchmark, the same for every transport:
 * a connection is the peer's only if its first {@value PeerToken#BYTES} bytes are the
 * {@link PeerToken} told through MPI, and nothing more comes before the link takes over (the
 * peer sends nothing else until both ranks have met in MPI after connecting). A connection that
 * sends other bytes, closes early or stays silent for {@value #TOKEN_MILLIS} ms is closed, and
 * the listener keeps waiting for the peer's, until the deadline: then {@link #timedOut()}
 * names the problem. All of this runs while connecting, before any timed region.
 *
 * <p>A listener makes one {@link Candidate} per connection it accepts and feeds it what the
 * connection sends, from a channel ({@link Candidate#readFrom}) or from bytes a transport read
 * ({@link Candidate#take}). The counters are thread-safe; a candidate is one thread's.
 *
 * <p>A listener that many peers connect to (a shuffle's, {@link ShuffleMesh}) tells each peer a
 * token of its own; an admitted candidate then says whose token it sent ({@link
 * Candidate#peer}), and the listener keeps one connection per token.
 */
public final class Admission {
    /** How long an accepted connection may take to send its token (the peer's is at once). */
    static final long TOKEN_MILLIS = 5_000;

    /** What a connection has shown so far. */
    enum Verdict {
        /** Not all of the token yet. */
        WAITING,
        /** The token, whole and alone: the peer. */
        ADMITTED,
        /** Anything else: closed. */
        REFUSED
    }

    private final List<PeerToken> tokens;
    private final long timeoutMillis;
    private final long deadline;
    private final AtomicInteger refused = new AtomicInteger();

    /**
     * @param token         the token the peer was told
     * @param timeoutMillis how long from now the listener waits for the peer's connection
     */
    public Admission(PeerToken token, long timeoutMillis) {
        this(List.of(token), timeoutMillis);
    }

    /**
     * @param tokens        the tokens the peers were told, one each
     * @param timeoutMillis how long from now the listener waits for the peers' connections
     */
    public Admission(List<PeerToken> tokens, long timeoutMillis) {
        this.tokens = List.copyOf(tokens);
        this.timeoutMillis = timeoutMillis;
        this.deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /** @return milliseconds left until the deadline, 0 once it has passed */
    long millisLeft() {
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }

    /** @return connections refused so far */
    int refused() {
        return refused.get();
    }

    /** @return the error of a listener whose deadline passed without the peer's connection */
    IOException timedOut() {
        int n = refused.get();
        return new IOException("no connection from the peer" + (tokens.size() == 1 ? "" : "s")
                + " with " + (tokens.size() == 1 ? "its token" : "their tokens") + " within "
                + timeoutMillis + " ms" + (n == 0 ? ""
                        : " (" + n + " other connection" + (n == 1 ? "" : "s")
                                + " refused: not the peer)"));
    }

    /** @return the check of a connection just accepted */
    Candidate candidate() {
        return new Candidate();
    }

    /** The check of one accepted connection: what it has sent of the token so far. */
    final class Candidate {
        private final ByteBuffer received = ByteBuffer.allocate(PeerToken.BYTES);
        private final long expires = System.nanoTime()
                + TimeUnit.MILLISECONDS.toNanos(Math.min(TOKEN_MILLIS, timeoutMillis));
        private Verdict verdict = Verdict.WAITING;
        private int peer = -1;

        /** @return the index of the token an admitted connection sent, -1 before */
        int peer() {
            return peer;
        }

        /**
         * Reads what a non-blocking channel has of the token, no byte past it.
         *
         * @param channel the connection
         * @return the verdict so far
         * @throws IOException if the read fails
         */
        Verdict readFrom(ReadableByteChannel channel) throws IOException {
            if (verdict != Verdict.WAITING) {
                return verdict;
            }
            return channel.read(received) < 0 ? ended() : judge(false);
        }

        /**
         * Takes bytes a transport read from the connection.
         *
         * @param bytes what came, from its position to its limit (consumed up to the token's end)
         * @return the verdict so far: refused if more than the token came
         */
        Verdict take(ByteBuffer bytes) {
            if (verdict != Verdict.WAITING) {
                return verdict;
            }
            int n = Math.min(bytes.remaining(), received.remaining());
            received.put(bytes.slice(bytes.position(), n));
            bytes.position(bytes.position() + n);
            return judge(bytes.hasRemaining());
        }

        /** @return the verdict on a connection that closed: refused unless admitted before */
        Verdict ended() {
            return verdict == Verdict.WAITING ? refuse() : verdict;
        }

        /** @return the verdict now: refused if still waiting after its time */
        Verdict expire() {
            return verdict == Verdict.WAITING && millisToExpiry() == 0 ? refuse() : verdict;
        }

        /** @return milliseconds until a silent connection is refused, 0 once due */
        long millisToExpiry() {
            return Math.max(0, TimeUnit.NANOSECONDS.toMillis(expires - System.nanoTime()));
        }

        private Verdict judge(boolean more) {
            if (more) {
                return refuse();
            }
            if (received.hasRemaining()) {
                return Verdict.WAITING;
            }
            // Every token compared, each in constant time: the time says nothing of which.
            for (int i = 0; i < tokens.size(); i++) {
                if (tokens.get(i).matches(received.array())) {
                    peer = i;
                }
            }
            if (peer < 0) {
                return refuse();
            }
            verdict = Verdict.ADMITTED;
            return verdict;
        }

        private Verdict refuse() {
            verdict = Verdict.REFUSED;
            refused.incrementAndGet();
            return verdict;
        }
    }
}
