package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * A view of one complex number of floats in a buffer or an array, as {@link MPI#FLOAT_COMPLEX}
 * lays them out: the real part, then the imaginary part. Reads and writes go to the buffer.
 */
public final class FloatComplex {
    private final FloatBuffer buffer;
    private final int at;

    private FloatComplex(FloatBuffer buffer, int index) {
        if (index < 0 || 2L * index + 2 > buffer.limit()) {
            throw new IndexOutOfBoundsException("complex number " + index + " is outside a buffer"
                    + " of " + buffer.limit() + " floats");
        }
        this.buffer = buffer;
        this.at = 2 * index;
    }

    /** @return a view of the first complex number in {@code buffer} */
    public static FloatComplex get(FloatBuffer buffer) {
        return get(buffer, 0);
    }

    /** @return a view of complex number {@code index} (from 0) in {@code buffer} */
    public static FloatComplex get(FloatBuffer buffer, int index) {
        return new FloatComplex(buffer, index);
    }

    /** @return a view of the first complex number in {@code array} */
    public static FloatComplex get(float[] array) {
        return get(array, 0);
    }

    /** @return a view of complex number {@code index} in {@code array} */
    public static FloatComplex get(float[] array, int index) {
        return new FloatComplex(FloatBuffer.wrap(array), index);
    }

    /** @return a view of the first complex number in {@code buffer}, in native byte order */
    public static FloatComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    /** @return a view of complex number {@code index} in {@code buffer}, in native byte order */
    public static FloatComplex get(ByteBuffer buffer, int index) {
        return new FloatComplex(buffer.duplicate().clear().order(ByteOrder.nativeOrder())
                .asFloatBuffer(), index);
    }

    /** @return the real part */
    public float getReal() {
        return buffer.get(at);
    }

    /** @return the imaginary part */
    public float getImag() {
        return buffer.get(at + 1);
    }

    /** @param real the real part to write */
    public void putReal(float real) {
        buffer.put(at, real);
    }

    /** @param imag the imaginary part to write */
    public void putImag(float imag) {
        buffer.put(at + 1, imag);
    }

    /** @return the buffer this number is in, from its real part: two floats */
    public FloatBuffer getBuffer() {
        return buffer.duplicate().position(at).limit(at + 2).slice();
    }
}
