package mpi.common.objects;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One rank's objects of {@code -a objects}: the payloads it sends, one per destination
 * block, the object graphs it received, one per slot, and the serializer between them and
 * the message buffers. A harness plans the sizes once ({@link #plan}), prepares each size
 * untimed ({@link #size}), and in the timed region calls {@link #serialize} before a send and
 * {@link #deserialize} after a receive; validation ({@code -c}) writes the payloads
 * ({@link #fill}) and checks what arrived ({@link #wrongFields}) untimed.
 *
 * <p>The size of a message is its serialized size, {@link #bytes()}: the same for every
 * message of a size (the payloads have fixed-width fields, see {@link Payload}), so the
 * receiver knows it as it knows the message size of the other APIs.
 */
public final class ObjectMessages {
    private final ObjectOptions options;
    private final ObjectSerializer serializer;
    private final Object[] payloads;
    private final Object[] received;
    private int[] nominal = new int[0];
    private PayloadSizer.Size[] planned = new PayloadSizer.Size[0];
    private PayloadSizer sizer;
    private PayloadSizer.Size current;

    /**
     * @param options the serializer and payload ({@code -S}, {@code -O})
     * @param blocks  the payloads a rank sends per call: 1, or one per rank for a scatter or
     *                an all-to-all
     * @param slots   the messages a rank receives per call and keeps until they are checked
     */
    public ObjectMessages(ObjectOptions options, int blocks, int slots) {
        this.options = options;
        this.serializer = options.serializer().create();
        this.payloads = new Object[blocks];
        this.received = new Object[slots];
    }

    /** @return the serializer and payload */
    public ObjectOptions options() {
        return options;
    }

    /**
     * Sizes the payload of every size, by serializing candidates (see {@link PayloadSizer}).
     * Sizes whose closest payload is that of the size before (small sizes, below the
     * serializer's fixed overhead) are dropped: their row would repeat the same message.
     *
     * @param sizes the nominal sizes in bytes, ascending
     * @return the nominal sizes kept, ascending
     */
    public int[] plan(int[] sizes) {
        sizer = new PayloadSizer(options.payload(), serializer);
        int[] kept = new int[sizes.length];
        PayloadSizer.Size[] sized = new PayloadSizer.Size[sizes.length];
        int n = 0;
        for (int s : sizes) {
            PayloadSizer.Size size = sizer.closest(s);
            if (n > 0 && sized[n - 1].elements() == size.elements()) {
                continue;
            }
            kept[n] = s;
            sized[n++] = size;
        }
        nominal = Arrays.copyOf(kept, n);
        planned = Arrays.copyOf(sized, n);
        return nominal.clone();
    }

    /** @return the largest serialized size planned, in bytes (0 before {@link #plan}) */
    public int maxBytes() {
        int max = 0;
        for (PayloadSizer.Size s : planned) {
            max = Math.max(max, s.bytes());
        }
        return max;
    }

    /**
     * Untimed, before a size: builds its payloads, one per block.
     *
     * <p>A size {@link #plan} did not return is sized here: the harness's JIT warm-up runs
     * 1 KiB when every size of the run is larger ({@code -m 65536:65536}). Its serialized size
     * is then at most the next planned size's (it never shrinks as elements are added), so
     * the buffers sized with {@link #maxBytes()} hold it.
     *
     * @param size a nominal size, at most the largest planned
     * @return the serialized size of its messages, in bytes
     */
    public int size(int size) {
        int i = Arrays.binarySearch(nominal, size);
        if (i >= 0) {
            current = planned[i];
        } else if (sizer != null && -i - 1 < nominal.length) {
            current = sizer.closest(size);
        } else {
            throw new IllegalArgumentException("size " + size + " is above the planned sizes");
        }
        for (int b = 0; b < payloads.length; b++) {
            payloads[b] = options.payload().build(current.elements());
        }
        Arrays.fill(received, null);
        return current.bytes();
    }

    /** @return the serialized size of the current size's messages, in bytes */
    public int bytes() {
        return current.bytes();
    }

    /** @return the doubles or records of the current size's payloads */
    public int elements() {
        return current.elements();
    }

    /**
     * Timed: serializes block {@code block}'s payload into a message buffer, from index 0.
     *
     * @param block the payload's block
     * @param to    the message buffer (or a slice of a buffer of blocks)
     */
    public void serialize(int block, ByteBuffer to) {
        serializer.write(payloads[block], to);
    }

    /**
     * Timed: deserializes the message in {@code from} (its first {@link #bytes()} bytes) and
     * keeps the object graph as slot {@code slot}'s.
     *
     * @param slot the slot: a window's message, or the sender's block
     * @param from the message buffer (or a slice)
     */
    public void deserialize(int slot, ByteBuffer from) {
        received[slot] = serializer.read(from, current.bytes());
    }

    /**
     * Untimed ({@code -c}): writes the pattern of an exchange into block {@code block}'s
     * payload.
     *
     * @param block    the block
     * @param sender   this rank
     * @param exchange the exchange's number
     */
    public void fill(int block, int sender, long exchange) {
        options.payload().fill(payloads[block], sender, block, exchange);
    }

    /**
     * Untimed ({@code -c}): compares slot {@code slot}'s object graph, field by field, with
     * what {@code sender} wrote into its block {@code block} for the exchange.
     *
     * @param slot     the slot deserialized into
     * @param sender   the rank it came from
     * @param block    the sender's block that was sent here
     * @param exchange the exchange's number
     * @return the fields that differ (every field if nothing was received)
     */
    public long wrongFields(int slot, int sender, int block, long exchange) {
        return options.payload().wrongFields(received[slot], current.elements(), sender, block,
                exchange);
    }
}
