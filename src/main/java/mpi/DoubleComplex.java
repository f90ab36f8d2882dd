package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;

/**
 * A view of one complex number of doubles in a buffer or an array, as {@link MPI#DOUBLE_COMPLEX}
 * lays them out: the real part, then the imaginary part. Reads and writes go to the buffer.
 */
public final class DoubleComplex {
    private final DoubleBuffer buffer;
    private final int at;

    private DoubleComplex(DoubleBuffer buffer, int index) {
        if (index < 0 || 2L * index + 2 > buffer.limit()) {
            throw new IndexOutOfBoundsException("complex number " + index + " is outside a buffer"
                    + " of " + buffer.limit() + " doubles");
        }
        this.buffer = buffer;
        this.at = 2 * index;
    }

    /** @return a view of the first complex number in {@code buffer} */
    public static DoubleComplex get(DoubleBuffer buffer) {
        return get(buffer, 0);
    }

    /** @return a view of complex number {@code index} (from 0) in {@code buffer} */
    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        return new DoubleComplex(buffer, index);
    }

    /** @return a view of the first complex number in {@code array} */
    public static DoubleComplex get(double[] array) {
        return get(array, 0);
    }

    /** @return a view of complex number {@code index} in {@code array} */
    public static DoubleComplex get(double[] array, int index) {
        return new DoubleComplex(DoubleBuffer.wrap(array), index);
    }

    /** @return a view of the first complex number in {@code buffer}, in native byte order */
    public static DoubleComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    /** @return a view of complex number {@code index} in {@code buffer}, in native byte order */
    public static DoubleComplex get(ByteBuffer buffer, int index) {
        return new DoubleComplex(buffer.duplicate().clear().order(ByteOrder.nativeOrder())
                .asDoubleBuffer(), index);
    }

    /** @return the real part */
    public double getReal() {
        return buffer.get(at);
    }

    /** @return the imaginary part */
    public double getImag() {
        return buffer.get(at + 1);
    }

    /** @param real the real part to write */
    public void putReal(double real) {
        buffer.put(at, real);
    }

    /** @param imag the imaginary part to write */
    public void putImag(double imag) {
        buffer.put(at + 1, imag);
    }

    /** @return the buffer this number is in, from its real part: two doubles */
    public DoubleBuffer getBuffer() {
        return buffer.duplicate().position(at).limit(at + 2).slice();
    }
}
