package mpi.common.binding;

import java.nio.Buffer;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;

/**
 * The non-blocking calls of the benchmarks, on the run's buffers: a direct buffer or a Java
 * array, whichever {@code -a} chose. Open MPI's Java bindings declare their non-blocking calls
 * on {@link Buffer}, and this project's binding and MVAPICH2-J add overloads on
 * {@code Object} that also take arrays; which of the two overloads a call links to is
 * decided when it is compiled, not by the argument at run time. The harness holds its
 * buffers as {@code Object}, so a benchmark calls through this class, which makes the
 * {@code Buffer} call for the buffer API (on every binding) and the {@code Object} call for
 * the arrays API ({@link Extension#NON_BLOCKING_ARRAYS}, checked before the run). One
 * implementation is loaded per run, so the JIT inlines the call: the timed code is the
 * binding's call and nothing more.
 *
 * <p>Each method has the parameters of the {@link Comm} method of the same name.
 */
public abstract class NonBlockingCalls {
    /** The communicator the calls are made on. */
    protected final Comm comm;

    private NonBlockingCalls(Comm comm) {
        this.comm = comm;
    }

    /**
     * @param arrays whether the buffers are Java arrays (else direct buffers)
     * @param comm   the communicator of the calls
     * @return the calls for buffers of that kind
     */
    public static NonBlockingCalls of(boolean arrays, Comm comm) {
        return arrays ? new OnArrays(comm) : new OnBuffers(comm);
    }

    // ---- the neighborhood collectives ----

    /** @see Comm#iNeighborAllGather(Object, int, Datatype, Object, int, Datatype) */
    public abstract Request iNeighborAllGather(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException;

    /** @see Comm#iNeighborAllGatherv(Object, int, Datatype, Object, int[], int[], Datatype) */
    public abstract Request iNeighborAllGatherv(Object sendbuf, int sendcount,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException;

    /** @see Comm#iNeighborAllToAll(Object, int, Datatype, Object, int, Datatype) */
    public abstract Request iNeighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException;

    /**
     * @see Comm#iNeighborAllToAllv(Object, int[], int[], Datatype, Object, int[], int[],
     *      Datatype)
     */
    public abstract Request iNeighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException;

    /**
     * On either kind of buffer: {@link Extension#NEIGHBOR_ALL_TO_ALL_W}, which has both the
     * {@code Buffer} and the {@code Object} form.
     *
     * @see Comm#iNeighborAllToAllw(Object, int[], int[], Datatype[], Object, int[], int[],
     *      Datatype[])
     */
    public abstract Request iNeighborAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException;

    // ---- the other calls ----

    /** @see Comm#iSend(Object, int, Datatype, int, int) */
    public abstract Request iSend(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException;

    /** @see Comm#iRecv(Object, int, Datatype, int, int) */
    public abstract Request iRecv(Object buf, int count, Datatype type, int source, int tag)
            throws MPIException;

    // ---- window calls that reuse the caller's completed requests (Extension.REQUEST_REUSE) ----

    /**
     * Whether the loaded binding can start a call in a completed request
     * ({@link Extension#REQUEST_REUSE}); a constant, so the JIT keeps one branch.
     */
    static final boolean REUSE = Extension.REQUEST_REUSE.calls().stream()
            .allMatch(c -> c.existsIn(Comm.class));

    /**
     * {@link #iSend(Object, int, Datatype, int, int)} started in {@code reuse}, a request of
     * the caller's that has completed (or null), when the binding can
     * ({@link Extension#REQUEST_REUSE}); else the plain call, with a new request. A window
     * {@code requests[w] = iSend(..., requests[w])} completed by {@code Request.waitAll}
     * then allocates nothing in the steady state.
     *
     * @param reuse a completed request to start the send in, or null
     * @return the request of the send: {@code reuse} or a new one
     */
    public abstract Request iSend(Object buf, int count, Datatype type, int dest, int tag,
            Request reuse) throws MPIException;

    /**
     * {@link #iRecv(Object, int, Datatype, int, int)} started in {@code reuse}, as
     * {@link #iSend(Object, int, Datatype, int, int, Request)}.
     *
     * @param reuse a completed request to start the receive in, or null
     * @return the request of the receive: {@code reuse} or a new one
     */
    public abstract Request iRecv(Object buf, int count, Datatype type, int source, int tag,
            Request reuse) throws MPIException;

    /** @see Comm#iBcast(Object, int, Datatype, int) */
    public abstract Request iBcast(Object buf, int count, Datatype type, int root)
            throws MPIException;

    /** @see Comm#iReduce(Object, Object, int, Datatype, Op, int) */
    public abstract Request iReduce(Object sendbuf, Object recvbuf, int count, Datatype type,
            Op op, int root) throws MPIException;

    /** In place. @see Comm#iReduce(Object, int, Datatype, Op, int) */
    public abstract Request iReduce(Object buf, int count, Datatype type, Op op, int root)
            throws MPIException;

    /** @see Comm#iAllReduce(Object, Object, int, Datatype, Op) */
    public abstract Request iAllReduce(Object sendbuf, Object recvbuf, int count, Datatype type,
            Op op) throws MPIException;

    /** In place. @see Comm#iAllReduce(Object, int, Datatype, Op) */
    public abstract Request iAllReduce(Object buf, int count, Datatype type, Op op)
            throws MPIException;

    /** @see Comm#iGather(Object, int, Datatype, Object, int, Datatype, int) */
    public abstract Request iGather(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException;

    /** In place. @see Comm#iGather(Object, int, Datatype, int) */
    public abstract Request iGather(Object buf, int count, Datatype type, int root)
            throws MPIException;

    /** @see Comm#iGatherv(Object, int, Datatype, Object, int[], int[], Datatype, int) */
    public abstract Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException;

    /** In place, at the root. @see Comm#iGatherv(Object, int[], int[], Datatype, int) */
    public abstract Request iGatherv(Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype, int root) throws MPIException;

    /** In place, off the root. @see Comm#iGatherv(Object, int, Datatype, int) */
    public abstract Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype, int root)
            throws MPIException;

    /** @see Comm#iScatter(Object, int, Datatype, Object, int, Datatype, int) */
    public abstract Request iScatter(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException;

    /** In place. @see Comm#iScatter(Object, int, Datatype, int) */
    public abstract Request iScatter(Object buf, int count, Datatype type, int root)
            throws MPIException;

    /** @see Comm#iScatterv(Object, int[], int[], Datatype, Object, int, Datatype, int) */
    public abstract Request iScatterv(Object sendbuf, int[] sendcount, int[] displs,
            Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root)
            throws MPIException;

    /** In place, at the root. @see Comm#iScatterv(Object, int[], int[], Datatype, int) */
    public abstract Request iScatterv(Object sendbuf, int[] sendcount, int[] displs,
            Datatype sendtype, int root) throws MPIException;

    /** In place, off the root. @see Comm#iScatterv(Object, int, Datatype, int) */
    public abstract Request iScatterv(Object recvbuf, int recvcount, Datatype recvtype,
            int root) throws MPIException;

    /** @see Comm#iAllGather(Object, int, Datatype, Object, int, Datatype) */
    public abstract Request iAllGather(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException;

    /** In place. @see Comm#iAllGather(Object, int, Datatype) */
    public abstract Request iAllGather(Object buf, int count, Datatype type)
            throws MPIException;

    /** @see Comm#iAllGatherv(Object, int, Datatype, Object, int[], int[], Datatype) */
    public abstract Request iAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException;

    /** In place. @see Comm#iAllGatherv(Object, int[], int[], Datatype) */
    public abstract Request iAllGatherv(Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype) throws MPIException;

    /** @see Comm#iAllToAll(Object, int, Datatype, Object, int, Datatype) */
    public abstract Request iAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException;

    /**
     * In place, on either kind of buffer: {@link Extension#IN_PLACE_ALL_TO_ALL}.
     *
     * @see Comm#iAllToAll(Object, int, Datatype)
     */
    public final Request iAllToAll(Object buf, int count, Datatype type) throws MPIException {
        return comm.iAllToAll(buf, count, type);
    }

    /** @see Comm#iAllToAllv(Object, int[], int[], Datatype, Object, int[], int[], Datatype) */
    public abstract Request iAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException;

    /**
     * In place, on either kind of buffer: {@link Extension#IN_PLACE_ALL_TO_ALL}.
     *
     * @see Comm#iAllToAllv(Object, int[], int[], Datatype)
     */
    public final Request iAllToAllv(Object buf, int[] count, int[] displs, Datatype type)
            throws MPIException {
        return comm.iAllToAllv(buf, count, displs, type);
    }

    /** @see Comm#iReduceScatter(Object, Object, int[], Datatype, Op) */
    public abstract Request iReduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts,
            Datatype type, Op op) throws MPIException;

    /** In place. @see Comm#iReduceScatter(Object, int[], Datatype, Op) */
    public abstract Request iReduceScatter(Object buf, int[] counts, Datatype type, Op op)
            throws MPIException;

    /** @see Comm#iReduceScatterBlock(Object, Object, int, Datatype, Op) */
    public abstract Request iReduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount,
            Datatype type, Op op) throws MPIException;

    /** In place. @see Comm#iReduceScatterBlock(Object, int, Datatype, Op) */
    public abstract Request iReduceScatterBlock(Object buf, int recvcount, Datatype type, Op op)
            throws MPIException;

    /** @see Comm#iAllToAllw(Object, int[], int[], Datatype[], Object, int[], int[], Datatype[]) */
    public abstract Request iAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException;

    /** Direct buffers: Open MPI's {@code Buffer} signatures, which every binding has. */
    private static final class OnBuffers extends NonBlockingCalls {
        OnBuffers(Comm comm) {
            super(comm);
        }

        @Override
        public Request iNeighborAllGather(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
            return comm.iNeighborAllGather((Buffer) sendbuf, sendcount, sendtype,
                    (Buffer) recvbuf, recvcount, recvtype);
        }

        @Override
        public Request iNeighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
                throws MPIException {
            return comm.iNeighborAllGatherv((Buffer) sendbuf, sendcount, sendtype,
                    (Buffer) recvbuf, recvcount, displs, recvtype);
        }

        @Override
        public Request iNeighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
            return comm.iNeighborAllToAll((Buffer) sendbuf, sendcount, sendtype,
                    (Buffer) recvbuf, recvcount, recvtype);
        }

        @Override
        public Request iNeighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
                Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
                Datatype recvtype) throws MPIException {
            return comm.iNeighborAllToAllv((Buffer) sendbuf, sendcount, sdispls, sendtype,
                    (Buffer) recvbuf, recvcount, rdispls, recvtype);
        }

        @Override
        public Request iNeighborAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
                Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
                Datatype[] recvTypes) throws MPIException {
            return comm.iNeighborAllToAllw((Buffer) sendBuf, sendCount, sDispls, sendTypes,
                    (Buffer) recvBuf, recvCount, rDispls, recvTypes);
        }

        @Override
        public Request iSend(Object buf, int count, Datatype type, int dest, int tag)
                throws MPIException {
            return comm.iSend((Buffer) buf, count, type, dest, tag);
        }

        @Override
        public Request iRecv(Object buf, int count, Datatype type, int source, int tag)
                throws MPIException {
            return comm.iRecv((Buffer) buf, count, type, source, tag);
        }

        @Override
        public Request iSend(Object buf, int count, Datatype type, int dest, int tag,
                Request reuse) throws MPIException {
            return REUSE ? comm.iSend((Buffer) buf, count, type, dest, tag, reuse)
                    : comm.iSend((Buffer) buf, count, type, dest, tag);
        }

        @Override
        public Request iRecv(Object buf, int count, Datatype type, int source, int tag,
                Request reuse) throws MPIException {
            return REUSE ? comm.iRecv((Buffer) buf, count, type, source, tag, reuse)
                    : comm.iRecv((Buffer) buf, count, type, source, tag);
        }

        @Override
        public Request iBcast(Object buf, int count, Datatype type, int root)
                throws MPIException {
            return comm.iBcast((Buffer) buf, count, type, root);
        }

        @Override
        public Request iReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op,
                int root) throws MPIException {
            return comm.iReduce((Buffer) sendbuf, (Buffer) recvbuf, count, type, op, root);
        }

        @Override
        public Request iReduce(Object buf, int count, Datatype type, Op op, int root)
                throws MPIException {
            return comm.iReduce((Buffer) buf, count, type, op, root);
        }

        @Override
        public Request iAllReduce(Object sendbuf, Object recvbuf, int count, Datatype type,
                Op op) throws MPIException {
            return comm.iAllReduce((Buffer) sendbuf, (Buffer) recvbuf, count, type, op);
        }

        @Override
        public Request iAllReduce(Object buf, int count, Datatype type, Op op)
                throws MPIException {
            return comm.iAllReduce((Buffer) buf, count, type, op);
        }

        @Override
        public Request iGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
                int recvcount, Datatype recvtype, int root) throws MPIException {
            return comm.iGather((Buffer) sendbuf, sendcount, sendtype, (Buffer) recvbuf,
                    recvcount, recvtype, root);
        }

        @Override
        public Request iGather(Object buf, int count, Datatype type, int root)
                throws MPIException {
            return comm.iGather((Buffer) buf, count, type, root);
        }

        @Override
        public Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
                throws MPIException {
            return comm.iGatherv((Buffer) sendbuf, sendcount, sendtype, (Buffer) recvbuf,
                    recvcount, displs, recvtype, root);
        }

        @Override
        public Request iGatherv(Object recvbuf, int[] recvcount, int[] displs,
                Datatype recvtype, int root) throws MPIException {
            return comm.iGatherv((Buffer) recvbuf, recvcount, displs, recvtype, root);
        }

        @Override
        public Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype, int root)
                throws MPIException {
            return comm.iGatherv((Buffer) sendbuf, sendcount, sendtype, root);
        }

        @Override
        public Request iScatter(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype, int root)
                throws MPIException {
            return comm.iScatter((Buffer) sendbuf, sendcount, sendtype, (Buffer) recvbuf,
                    recvcount, recvtype, root);
        }

        @Override
        public Request iScatter(Object buf, int count, Datatype type, int root)
                throws MPIException {
            return comm.iScatter((Buffer) buf, count, type, root);
        }

        @Override
        public Request iScatterv(Object sendbuf, int[] sendcount, int[] displs,
                Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root)
                throws MPIException {
            return comm.iScatterv((Buffer) sendbuf, sendcount, displs, sendtype,
                    (Buffer) recvbuf, recvcount, recvtype, root);
        }

        @Override
        public Request iScatterv(Object sendbuf, int[] sendcount, int[] displs,
                Datatype sendtype, int root) throws MPIException {
            return comm.iScatterv((Buffer) sendbuf, sendcount, displs, sendtype, root);
        }

        @Override
        public Request iScatterv(Object recvbuf, int recvcount, Datatype recvtype, int root)
                throws MPIException {
            return comm.iScatterv((Buffer) recvbuf, recvcount, recvtype, root);
        }

        @Override
        public Request iAllGather(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
            return comm.iAllGather((Buffer) sendbuf, sendcount, sendtype, (Buffer) recvbuf,
                    recvcount, recvtype);
        }

        @Override
        public Request iAllGather(Object buf, int count, Datatype type) throws MPIException {
            return comm.iAllGather((Buffer) buf, count, type);
        }

        @Override
        public Request iAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
                throws MPIException {
            return comm.iAllGatherv((Buffer) sendbuf, sendcount, sendtype, (Buffer) recvbuf,
                    recvcount, displs, recvtype);
        }

        @Override
        public Request iAllGatherv(Object recvbuf, int[] recvcount, int[] displs,
                Datatype recvtype) throws MPIException {
            return comm.iAllGatherv((Buffer) recvbuf, recvcount, displs, recvtype);
        }

        @Override
        public Request iAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
            return comm.iAllToAll((Buffer) sendbuf, sendcount, sendtype, (Buffer) recvbuf,
                    recvcount, recvtype);
        }

        @Override
        public Request iAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
                Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
                Datatype recvtype) throws MPIException {
            return comm.iAllToAllv((Buffer) sendbuf, sendcount, sdispls, sendtype,
                    (Buffer) recvbuf, recvcount, rdispls, recvtype);
        }

        @Override
        public Request iReduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts,
                Datatype type, Op op) throws MPIException {
            return comm.iReduceScatter((Buffer) sendbuf, (Buffer) recvbuf, recvcounts, type, op);
        }

        @Override
        public Request iReduceScatter(Object buf, int[] counts, Datatype type, Op op)
                throws MPIException {
            return comm.iReduceScatter((Buffer) buf, counts, type, op);
        }

        @Override
        public Request iReduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount,
                Datatype type, Op op) throws MPIException {
            return comm.iReduceScatterBlock((Buffer) sendbuf, (Buffer) recvbuf, recvcount, type,
                    op);
        }

        @Override
        public Request iReduceScatterBlock(Object buf, int recvcount, Datatype type, Op op)
                throws MPIException {
            return comm.iReduceScatterBlock((Buffer) buf, recvcount, type, op);
        }

        @Override
        public Request iAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
                Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
                Datatype[] recvTypes) throws MPIException {
            return comm.iAllToAllw((Buffer) sendBuf, sendCount, sDispls, sendTypes,
                    (Buffer) recvBuf, recvCount, rDispls, recvTypes);
        }
    }

    /** Java arrays: the {@code Object} overloads of {@link Extension#NON_BLOCKING_ARRAYS}. */
    private static final class OnArrays extends NonBlockingCalls {
        OnArrays(Comm comm) {
            super(comm);
        }

        @Override
        public Request iNeighborAllGather(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
            return comm.iNeighborAllGather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                    recvtype);
        }

        @Override
        public Request iNeighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
                throws MPIException {
            return comm.iNeighborAllGatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                    displs, recvtype);
        }

        @Override
        public Request iNeighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
            return comm.iNeighborAllToAll(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                    recvtype);
        }

        @Override
        public Request iNeighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
                Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
                Datatype recvtype) throws MPIException {
            return comm.iNeighborAllToAllv(sendbuf, sendcount, sdispls, sendtype, recvbuf,
                    recvcount, rdispls, recvtype);
        }

        @Override
        public Request iNeighborAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
                Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
                Datatype[] recvTypes) throws MPIException {
            return comm.iNeighborAllToAllw(sendBuf, sendCount, sDispls, sendTypes, recvBuf,
                    recvCount, rDispls, recvTypes);
        }

        @Override
        public Request iSend(Object buf, int count, Datatype type, int dest, int tag)
                throws MPIException {
            return comm.iSend(buf, count, type, dest, tag);
        }

        @Override
        public Request iRecv(Object buf, int count, Datatype type, int source, int tag)
                throws MPIException {
            return comm.iRecv(buf, count, type, source, tag);
        }

        @Override
        public Request iSend(Object buf, int count, Datatype type, int dest, int tag,
                Request reuse) throws MPIException {
            return REUSE ? comm.iSend(buf, count, type, dest, tag, reuse)
                    : comm.iSend(buf, count, type, dest, tag);
        }

        @Override
        public Request iRecv(Object buf, int count, Datatype type, int source, int tag,
                Request reuse) throws MPIException {
            return REUSE ? comm.iRecv(buf, count, type, source, tag, reuse)
                    : comm.iRecv(buf, count, type, source, tag);
        }

        @Override
        public Request iBcast(Object buf, int count, Datatype type, int root)
                throws MPIException {
            return comm.iBcast(buf, count, type, root);
        }

        @Override
        public Request iReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op,
                int root) throws MPIException {
            return comm.iReduce(sendbuf, recvbuf, count, type, op, root);
        }

        @Override
        public Request iReduce(Object buf, int count, Datatype type, Op op, int root)
                throws MPIException {
            return comm.iReduce(buf, count, type, op, root);
        }

        @Override
        public Request iAllReduce(Object sendbuf, Object recvbuf, int count, Datatype type,
                Op op) throws MPIException {
            return comm.iAllReduce(sendbuf, recvbuf, count, type, op);
        }

        @Override
        public Request iAllReduce(Object buf, int count, Datatype type, Op op)
                throws MPIException {
            return comm.iAllReduce(buf, count, type, op);
        }

        @Override
        public Request iGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
                int recvcount, Datatype recvtype, int root) throws MPIException {
            return comm.iGather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
        }

        @Override
        public Request iGather(Object buf, int count, Datatype type, int root)
                throws MPIException {
            return comm.iGather(buf, count, type, root);
        }

        @Override
        public Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
                throws MPIException {
            return comm.iGatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs,
                    recvtype, root);
        }

        @Override
        public Request iGatherv(Object recvbuf, int[] recvcount, int[] displs,
                Datatype recvtype, int root) throws MPIException {
            return comm.iGatherv(recvbuf, recvcount, displs, recvtype, root);
        }

        @Override
        public Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype, int root)
                throws MPIException {
            return comm.iGatherv(sendbuf, sendcount, sendtype, root);
        }

        @Override
        public Request iScatter(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype, int root)
                throws MPIException {
            return comm.iScatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                    root);
        }

        @Override
        public Request iScatter(Object buf, int count, Datatype type, int root)
                throws MPIException {
            return comm.iScatter(buf, count, type, root);
        }

        @Override
        public Request iScatterv(Object sendbuf, int[] sendcount, int[] displs,
                Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root)
                throws MPIException {
            return comm.iScatterv(sendbuf, sendcount, displs, sendtype, recvbuf, recvcount,
                    recvtype, root);
        }

        @Override
        public Request iScatterv(Object sendbuf, int[] sendcount, int[] displs,
                Datatype sendtype, int root) throws MPIException {
            return comm.iScatterv(sendbuf, sendcount, displs, sendtype, root);
        }

        @Override
        public Request iScatterv(Object recvbuf, int recvcount, Datatype recvtype, int root)
                throws MPIException {
            return comm.iScatterv(recvbuf, recvcount, recvtype, root);
        }

        @Override
        public Request iAllGather(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
            return comm.iAllGather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
        }

        @Override
        public Request iAllGather(Object buf, int count, Datatype type) throws MPIException {
            return comm.iAllGather(buf, count, type);
        }

        @Override
        public Request iAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
                throws MPIException {
            return comm.iAllGatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs,
                    recvtype);
        }

        @Override
        public Request iAllGatherv(Object recvbuf, int[] recvcount, int[] displs,
                Datatype recvtype) throws MPIException {
            return comm.iAllGatherv(recvbuf, recvcount, displs, recvtype);
        }

        @Override
        public Request iAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
                Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
            return comm.iAllToAll(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
        }

        @Override
        public Request iAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
                Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
                Datatype recvtype) throws MPIException {
            return comm.iAllToAllv(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount,
                    rdispls, recvtype);
        }

        @Override
        public Request iReduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts,
                Datatype type, Op op) throws MPIException {
            return comm.iReduceScatter(sendbuf, recvbuf, recvcounts, type, op);
        }

        @Override
        public Request iReduceScatter(Object buf, int[] counts, Datatype type, Op op)
                throws MPIException {
            return comm.iReduceScatter(buf, counts, type, op);
        }

        @Override
        public Request iReduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount,
                Datatype type, Op op) throws MPIException {
            return comm.iReduceScatterBlock(sendbuf, recvbuf, recvcount, type, op);
        }

        @Override
        public Request iReduceScatterBlock(Object buf, int recvcount, Datatype type, Op op)
                throws MPIException {
            return comm.iReduceScatterBlock(buf, recvcount, type, op);
        }

        @Override
        public Request iAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
                Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
                Datatype[] recvTypes) throws MPIException {
            return comm.iAllToAllw(sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount,
                    rDispls, recvTypes);
        }
    }
}
