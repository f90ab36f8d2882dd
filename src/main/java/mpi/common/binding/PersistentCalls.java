package mpi.common.binding;

import java.nio.Buffer;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Prequest;

/**
 * The persistent point-to-point calls of the benchmarks, on the run's buffers: a direct
 * buffer or a Java array, whichever {@code -a} chose. As for {@link NonBlockingCalls}, Open
 * MPI's Java bindings declare these calls on {@link Buffer} only, and this project's binding
 * adds overloads on {@code Object} that also take arrays; this class makes the
 * {@code Buffer} call for the buffer API (on every binding) and the {@code Object} call for
 * the arrays API ({@link Extension#PERSISTENT_ARRAYS}, checked before the run).
 *
 * <p>Each method has the parameters of the {@link Comm} method of the same name.
 */
public abstract class PersistentCalls {
    /** The communicator the calls are made on. */
    protected final Comm comm;

    private PersistentCalls(Comm comm) {
        this.comm = comm;
    }

    /**
     * @param arrays whether the buffers are Java arrays (else direct buffers)
     * @param comm   the communicator of the calls
     * @return the calls for buffers of that kind
     */
    public static PersistentCalls of(boolean arrays, Comm comm) {
        return arrays ? new OnArrays(comm) : new OnBuffers(comm);
    }

    /** @see Comm#sendInit(Object, int, Datatype, int, int) */
    public abstract Prequest sendInit(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException;

    /** @see Comm#recvInit(Object, int, Datatype, int, int) */
    public abstract Prequest recvInit(Object buf, int count, Datatype type, int source, int tag)
            throws MPIException;

    /** The calls on direct buffers: Open MPI's signatures. */
    private static final class OnBuffers extends PersistentCalls {
        OnBuffers(Comm comm) {
            super(comm);
        }

        @Override
        public Prequest sendInit(Object buf, int count, Datatype type, int dest, int tag)
                throws MPIException {
            return comm.sendInit((Buffer) buf, count, type, dest, tag);
        }

        @Override
        public Prequest recvInit(Object buf, int count, Datatype type, int source, int tag)
                throws MPIException {
            return comm.recvInit((Buffer) buf, count, type, source, tag);
        }
    }

    /** The calls on Java arrays: {@link Extension#PERSISTENT_ARRAYS}. */
    private static final class OnArrays extends PersistentCalls {
        OnArrays(Comm comm) {
            super(comm);
        }

        @Override
        public Prequest sendInit(Object buf, int count, Datatype type, int dest, int tag)
                throws MPIException {
            return comm.sendInit(buf, count, type, dest, tag);
        }

        @Override
        public Prequest recvInit(Object buf, int count, Datatype type, int source, int tag)
                throws MPIException {
            return comm.recvInit(buf, count, type, source, tag);
        }
    }
}
