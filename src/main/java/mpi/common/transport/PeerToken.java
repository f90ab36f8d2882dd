package mpi.common.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The secret that tells the peer's connection from a stranger's: {@value #BYTES} random bytes
 * the listening rank draws and tells its peer through MPI (never over the network it guards),
 * and which the connecting rank sends first thing on its connection. See {@link Admission}
 * for how the listening rank checks it.
 */
public final class PeerToken {
    /** The token's length: 128 bits, too many to guess. */
    public static final int BYTES = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] bytes;

    private PeerToken(byte[] bytes) {
        if (bytes.length != BYTES) {
            throw new IllegalArgumentException("a token has " + BYTES + " bytes, not "
                    + bytes.length);
        }
        this.bytes = bytes;
    }

    /** @return a new token, from {@link SecureRandom} */
    public static PeerToken random() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return new PeerToken(bytes);
    }

    /**
     * @param text a token as {@link #toText()} writes it
     * @return the token
     * @throws IllegalArgumentException if {@code text} is no token
     */
    public static PeerToken fromText(String text) {
        return new PeerToken(HexFormat.of().parseHex(text));
    }

    /** @return the token as text, for a message through MPI */
    public String toText() {
        return HexFormat.of().formatHex(bytes);
    }

    /** @return the bytes the connecting side sends first, in a buffer of their own */
    ByteBuffer greeting() {
        return ByteBuffer.wrap(bytes.clone());
    }

    /**
     * Sends the token on a connected channel in blocking mode: the connecting side's first
     * bytes.
     *
     * @param channel the connection
     * @throws IOException if the channel fails
     */
    void sendOn(WritableByteChannel channel) throws IOException {
        ByteBuffer greeting = greeting();
        while (greeting.hasRemaining()) {
            channel.write(greeting);
        }
    }

    /**
     * @param received the first {@value #BYTES} bytes a connection sent
     * @return whether they are this token; in time independent of where they differ, so that
     *         the time of a refusal does not tell a stranger how much of a guess was right
     */
    boolean matches(byte[] received) {
        return MessageDigest.isEqual(bytes, received);
    }

    /** No secret in logs or stack traces. */
    @Override
    public String toString() {
        return "PeerToken[" + BYTES + " bytes]";
    }
}
