package mpi.common.binding;

import java.nio.Buffer;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPIException;

/**
 * The blocking calls of the benchmarks that Open MPI's Java bindings declare on
 * {@link Buffer} only (its other blocking calls take {@code Object}): on the run's buffers, a
 * direct buffer or a Java array, whichever {@code -a} chose. As in {@link NonBlockingCalls},
 * the overload a call links to is fixed when it is compiled, so the buffer API makes the
 * {@code Buffer} call (every binding has it) and the arrays API the {@code Object} call
 * ({@link Extension#ALL_TO_ALLW_ARRAYS}, checked before the run). One implementation is
 * loaded per run, so the JIT inlines the call.
 *
 * <p>Each method has the parameters of the {@link Comm} method of the same name.
 */
public abstract class BlockingCalls {
    /** The communicator the calls are made on. */
    protected final Comm comm;

    private BlockingCalls(Comm comm) {
        this.comm = comm;
    }

    /**
     * @param arrays whether the buffers are Java arrays (else direct buffers)
     * @param comm   the communicator of the calls
     * @return the calls for buffers of that kind
     */
    public static BlockingCalls of(boolean arrays, Comm comm) {
        return arrays ? new OnArrays(comm) : new OnBuffers(comm);
    }

    /** @see Comm#allToAllw(Object, int[], int[], Datatype[], Object, int[], int[], Datatype[]) */
    public abstract void allToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException;

    /** Direct buffers: Open MPI's {@code Buffer} signatures. */
    private static final class OnBuffers extends BlockingCalls {
        OnBuffers(Comm comm) {
            super(comm);
        }

        @Override
        public void allToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
                Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
                Datatype[] recvTypes) throws MPIException {
            comm.allToAllw((Buffer) sendBuf, sendCount, sDispls, sendTypes, (Buffer) recvBuf,
                    recvCount, rDispls, recvTypes);
        }
    }

    /** Java arrays: the {@code Object} overloads of {@link Extension#ALL_TO_ALLW_ARRAYS}. */
    private static final class OnArrays extends BlockingCalls {
        OnArrays(Comm comm) {
            super(comm);
        }

        @Override
        public void allToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
                Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
                Datatype[] recvTypes) throws MPIException {
            comm.allToAllw(sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount, rDispls,
                    recvTypes);
        }
    }
}
