package mpi.common.objects;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * Chooses, for a nominal message size, the payload whose serialized form is closest to it:
 * the number of doubles or records, found by serializing candidates (a serialized size never
 * shrinks as elements are added). Untimed: a run sizes every payload before it measures.
 */
public final class PayloadSizer {
    /**
     * A payload's size.
     *
     * @param elements the doubles or records, at least 1
     * @param bytes    its serialized size in bytes
     */
    public record Size(int elements, int bytes) {
    }

    private final Payload payload;
    private final ObjectSerializer serializer;
    private ByteBuffer scratch = ByteBuffer.allocate(1 << 12);

    /**
     * @param payload    the payload's kind
     * @param serializer the serializer of the run
     */
    public PayloadSizer(Payload payload, ObjectSerializer serializer) {
        this.payload = payload;
        this.serializer = serializer;
    }

    /**
     * @param nominal a message size in bytes
     * @return the payload of at least one element whose serialized size is closest to
     *         {@code nominal} (the smaller of two equally close), and that size
     */
    public Size closest(int nominal) {
        int one = bytes(1);
        if (nominal <= one) {
            return new Size(1, one);
        }
        // A first guess from the growth of one element, then a bracket around it.
        int step = Math.max(1, bytes(2) - one);
        int guess = (int) Math.max(1, Math.min(Integer.MAX_VALUE / 2,
                1L + (nominal - one) / step));
        int lo;
        int hi;
        if (bytes(guess) < nominal) {
            lo = guess;
            int stride = Math.max(1, guess / 64);
            hi = guess + stride;
            while (bytes(hi) < nominal) {
                lo = hi;
                stride *= 2;
                hi += stride;
            }
        } else {
            hi = guess;
            int stride = Math.max(1, guess / 64);
            lo = Math.max(1, guess - stride);
            // Ends below nominal: at lo == 1 at the latest, as bytes(1) < nominal.
            while (lo > 1 && bytes(lo) >= nominal) {
                hi = lo;
                stride *= 2;
                lo = Math.max(1, lo - stride);
            }
        }
        // bytes(lo) < nominal <= bytes(hi): the least n reaching nominal, and the one before
        while (hi - lo > 1) {
            int mid = lo + (hi - lo) / 2;
            if (bytes(mid) < nominal) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        int below = bytes(lo);
        int above = bytes(hi);
        return nominal - below <= above - nominal ? new Size(lo, below) : new Size(hi, above);
    }

    /** @return the serialized size of a payload of {@code n} elements */
    int bytes(int n) {
        Object p = payload.build(n);
        while (true) {
            try {
                return serializer.write(p, scratch);
            } catch (BufferOverflowException e) {
                scratch = ByteBuffer.allocate(Math.multiplyExact(scratch.capacity(), 2));
            }
        }
    }
}
