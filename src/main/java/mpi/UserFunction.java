package mpi;

import java.nio.ByteBuffer;

/**
 * The function of a user-defined reduction ({@link Op#Op(UserFunction, boolean)}), called by
 * MPI during a reduction with {@code inoutVec[i] = inVec[i] op inoutVec[i]} for {@code count}
 * elements of {@code datatype}. Override one of the two forms, as in Open MPI's Java bindings:
 *
 * <ul>
 * <li>{@link #call(ByteBuffer, ByteBuffer, int, Datatype)}: the buffers are views of MPI's own
 *     memory, in native byte order, valid only during the call; no copy;</li>
 * <li>{@link #call(Object, Object, int, Datatype)}: Java arrays of the datatype's element type
 *     ({@code int[]} for {@link MPI#INT} and {@link MPI#INT2}, {@code double[]} for
 *     {@link MPI#DOUBLE} and {@link MPI#DOUBLE_COMPLEX}, {@code byte[]} for the mixed pair
 *     types such as {@link MPI#DOUBLE_INT}), copied from MPI's memory before the call and back
 *     after it; the buffer form does the copies when only this form is overridden.</li>
 * </ul>
 *
 * <p>The function runs on the thread that makes the MPI call that reduces (the reduction
 * itself, or a wait or test that progresses a non-blocking one). An exception it throws is
 * kept and thrown, after MPI returns, by the call that started the reduction or the one that
 * completed it; the reduction's result is then undefined.
 */
public abstract class UserFunction {

    /** Creates a function; override one of the {@code call} methods. */
    public UserFunction() {
    }

    /**
     * Reduces arrays: {@code inOutVec[i] = inVec[i] op inOutVec[i]}.
     *
     * @param inVec    the input array: elements of {@code datatype}'s element type
     * @param inOutVec the input and output array
     * @param count    how many instances of {@code datatype}
     * @param datatype the datatype of the reduction
     * @throws MPIException as the function sees fit
     * @throws UnsupportedOperationException unless overridden
     */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype)
            throws MPIException {
        throw new UnsupportedOperationException(
                "UserFunction overrides neither call(Object, ...) nor call(ByteBuffer, ...)");
    }

    /**
     * Reduces MPI's memory: {@code inOut[i] = in[i] op inOut[i]}. By default copies both into
     * arrays of {@code datatype}'s element type, calls
     * {@link #call(Object, Object, int, Datatype)}, and copies the result back.
     *
     * @param in       the input, native byte order, its capacity the bytes of {@code count}
     *                 instances
     * @param inOut    the input and output
     * @param count    how many instances of {@code datatype}
     * @param datatype the datatype of the reduction
     * @throws MPIException as the function sees fit
     */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype)
            throws MPIException {
        int bytes = in.capacity();
        Object inArray = ArrayCopy.newArray(datatype, bytes);
        Object inOutArray = ArrayCopy.newArray(datatype, bytes);
        ArrayCopy.toArray(in, inArray, bytes);
        ArrayCopy.toArray(inOut, inOutArray, bytes);
        call(inArray, inOutArray, count, datatype);
        ArrayCopy.toStaging(inOutArray, inOut, bytes);
    }
}
