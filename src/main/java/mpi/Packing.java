package mpi;

import static mpi.Backends.TYPES;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * {@link Comm#pack}, {@link Comm#unpack} and {@link Comm#packSize}: their checks, and the
 * staging of the Java arrays MPI cannot reach. Only the part of the packed {@code byte[]} from
 * the position on crosses, at most {@code MPI_Pack_size} bytes of it: MPI's packed data is a
 * byte stream, so packing at {@code position} into the array is packing at 0 into its tail.
 */
final class Packing {
    private Packing() {
    }

    static int pack(long comm, Object inbuf, int incount, Datatype type, byte[] outbuf,
            int position) throws MPIException {
        boolean inArray = BufferArgs.isArray(inbuf, incount, type);
        int room = room(outbuf, "outbuf", position, incount, type);
        int tail = Math.min(room, TYPES.packSize(incount, type.handle, comm));
        int bytes = type.spanBytes(incount);
        ByteBuffer in = inArray ? StagingPool.acquire(bytes) : null;
        ByteBuffer out = StagingPool.acquire(tail);
        try {
            if (inArray) {
                ArrayCopy.toStaging(inbuf, in, bytes);
            }
            int used = TYPES.pack(inArray ? in : (Buffer) inbuf, incount, type.handle, out, tail,
                    0, comm);
            out.get(0, outbuf, position, used);
            return position + used;
        } finally {
            if (in != null) {
                StagingPool.release(in);
            }
            StagingPool.release(out);
        }
    }

    static int unpack(long comm, byte[] inbuf, int position, Object outbuf, int outcount,
            Datatype type) throws MPIException {
        int left = room(inbuf, "inbuf", position, outcount, type);
        boolean outArray = BufferArgs.isArray(outbuf, outcount, type);
        int tail = Math.min(left, TYPES.packSize(outcount, type.handle, comm));
        int bytes = type.spanBytes(outcount);
        ByteBuffer in = StagingPool.acquire(tail);
        ByteBuffer out = outArray ? StagingPool.acquire(bytes) : null;
        try {
            in.put(0, inbuf, position, tail);
            if (outArray) { // the bytes a derived type skips keep the array's values
                ArrayCopy.toStaging(outbuf, out, bytes);
            }
            int used = TYPES.unpack(in, tail, 0, outArray ? out : (Buffer) outbuf, outcount,
                    type.handle, comm);
            if (outArray) {
                ArrayCopy.toArray(out, outbuf, bytes);
            }
            return position + used;
        } finally {
            StagingPool.release(in);
            if (out != null) {
                StagingPool.release(out);
            }
        }
    }

    static int packSize(long comm, int incount, Datatype type) throws MPIException {
        if (type == null) {
            throw new NullPointerException("datatype is null");
        }
        if (incount < 0) {
            throw new IllegalArgumentException("incount is negative: " + incount);
        }
        type.spanBytes(incount); // a freed or uncommitted type is Java's exception
        return TYPES.packSize(incount, type.handle, comm);
    }

    /**
     * @return the bytes of {@code packed} from {@code position} on, checked to hold the
     *         {@code count * size} bytes of data at least: packed data is never smaller
     */
    private static int room(byte[] packed, String what, int position, int count,
            Datatype type) {
        if (packed == null) {
            throw new NullPointerException(what + " is null");
        }
        if (type == null) {
            throw new NullPointerException("datatype is null");
        }
        if (position < 0 || position > packed.length) {
            throw new IndexOutOfBoundsException("position " + position + " is outside " + what
                    + " of " + packed.length + " bytes");
        }
        int room = packed.length - position;
        long data = (long) Math.max(count, 0) * type.getSize();
        if (data > room) {
            throw new IndexOutOfBoundsException(what + " has " + room + " bytes from position "
                    + position + ", fewer than the " + data + " bytes of " + count + " "
                    + type);
        }
        return room;
    }
}
