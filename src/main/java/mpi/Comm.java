package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * A communicator: point-to-point and collective operations among its processes.
 *
 * <p>Buffers are direct {@link Buffer}s (used in place, from their base address) or Java
 * primitive arrays whose element type matches the {@link Datatype}. A blocking call pins an
 * array for the duration of the call, with no copy. A non-blocking call on an array copies
 * through native memory owned by the returned {@link Request}.
 */
public class Comm {
    final long handle;
    private int rank = -1; // a process's rank in a communicator never changes: asked once

    Comm(long handle) {
        this.handle = handle;
    }

    /** @return the rank of this process in the communicator */
    public final int getRank() throws MPIException {
        MPI.check();
        if (rank < 0) {
            rank = nRank(handle);
        }
        return rank;
    }

    /** @return the number of processes in the communicator */
    public final int getSize() throws MPIException {
        MPI.check();
        return nSize(handle);
    }

    /** @return a duplicate of this communicator ({@code MPI_Comm_dup}) */
    public Comm dup() throws MPIException {
        MPI.check();
        return new Comm(nDup(handle));
    }

    /** Frees the communicator ({@code MPI_Comm_free}). */
    public final void free() throws MPIException {
        MPI.check();
        nFree(handle);
    }

    /** Terminates every process of the communicator ({@code MPI_Abort}). */
    public final void abort(int errorCode) throws MPIException {
        MPI.check();
        nAbort(handle, errorCode);
    }

    // ---- point-to-point ----

    /** Blocking send ({@code MPI_Send}). */
    public final void send(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        MPI.check();
        nSend(handle, buf, BufferArgs.isArray(buf, count, type), count, type.handle, dest, tag);
    }

    /** Blocking receive ({@code MPI_Recv}). */
    public final Status recv(Object buf, int count, Datatype type, int source, int tag)
            throws MPIException {
        MPI.check();
        boolean isArray = BufferArgs.isArray(buf, count, type);
        Status status = new Status();
        if (tag == MPI.ANY_TAG) {
            nRecvStatus(handle, buf, isArray, count, type.handle, source, tag, status);
        } else {
            // The tag is known: the source and byte count come back in the return value,
            // sparing the hot path four JNI field writes.
            long sourceAndBytes = nRecv(handle, buf, isArray, count, type.handle, source, tag);
            status.source = (int) (sourceAndBytes >> 32);
            status.tag = tag;
            status.bytes = sourceAndBytes & 0xFFFF_FFFFL;
        }
        return status;
    }

    /** Blocking send and receive in one call ({@code MPI_Sendrecv}). */
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest,
            int sendtag, Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        MPI.check();
        boolean sendArray = BufferArgs.isArray(sendbuf, sendcount, sendtype);
        boolean recvArray = BufferArgs.isArray(recvbuf, recvcount, recvtype);
        Status status = new Status();
        nSendRecv(handle, sendbuf, sendArray, sendcount, sendtype.handle, dest, sendtag,
                recvbuf, recvArray, recvcount, recvtype.handle, source, recvtag, status);
        return status;
    }

    /** Non-blocking send of a direct buffer ({@code MPI_Isend}), with no copy. */
    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return iSend((Object) buf, count, type, dest, tag);
    }

    /**
     * Non-blocking send of a direct buffer or a Java array. An array's data is copied to
     * staging memory before the call returns, so the array may be reused at once.
     */
    public final Request iSend(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        MPI.check();
        if (!BufferArgs.isArray(buf, count, type)) {
            return new Request(nIsend(handle, buf, null, count, type.handle, dest, tag), buf);
        }
        int bytes = count * type.getSize();
        if (bytes < SendStaging.SHARE_FROM_BYTES) {
            ByteBuffer staging = StagingPool.acquire(bytes);
            try {
                return new Request(nIsend(handle, buf, staging, count, type.handle, dest, tag),
                        buf, staging, 0);
            } catch (MPIException | RuntimeException e) {
                StagingPool.release(staging);
                throw e;
            }
        }
        ByteBuffer staging = SendStaging.stage(buf, bytes);
        try {
            return new Request(nIsend(handle, staging, null, count, type.handle, dest, tag),
                    buf, staging, 0);
        } catch (MPIException | RuntimeException e) {
            SendStaging.release(buf, staging);
            throw e;
        }
    }

    /** Non-blocking receive into a direct buffer ({@code MPI_Irecv}), with no copy. */
    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag)
            throws MPIException {
        return iRecv((Object) buf, count, type, source, tag);
    }

    /**
     * Non-blocking receive into a direct buffer or a Java array. An array is filled when
     * the request completes; until then it must not be read.
     */
    public final Request iRecv(Object buf, int count, Datatype type, int source, int tag)
            throws MPIException {
        MPI.check();
        if (!BufferArgs.isArray(buf, count, type)) {
            return new Request(nIrecv(handle, buf, count, type.handle, source, tag), buf);
        }
        int bytes = count * type.getSize();
        ByteBuffer staging = ReceiveStaging.acquire(buf, bytes);
        try {
            return new Request(nIrecv(handle, staging, count, type.handle, source, tag),
                    buf, staging, bytes);
        } catch (MPIException | RuntimeException e) {
            ReceiveStaging.release(buf, staging);
            throw e;
        }
    }

    // ---- collectives ----

    /** Blocks until every process has called it ({@code MPI_Barrier}). */
    public final void barrier() throws MPIException {
        MPI.check();
        nBarrier(handle);
    }

    /** Broadcasts {@code count} elements from {@code root} ({@code MPI_Bcast}). */
    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        MPI.check();
        nBcast(handle, buf, BufferArgs.isArray(buf, count, type), count, type.handle, root);
    }

    /**
     * Reduces to {@code root} ({@code MPI_Reduce}); {@code recvbuf} is only used, and may be
     * null elsewhere, at the root.
     */
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op,
            int root) throws MPIException {
        MPI.check();
        boolean sendArray = BufferArgs.isArray(sendbuf, count, type);
        boolean recvArray = BufferArgs.isArrayOrUnused(recvbuf, count, type, getRank() == root);
        nReduce(handle, sendbuf, sendArray, recvbuf, recvArray, count, type.handle, op.handle,
                root);
    }

    /** Reduces and gives the result to every process ({@code MPI_Allreduce}). */
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        MPI.check();
        boolean sendArray = BufferArgs.isArray(sendbuf, count, type);
        boolean recvArray = BufferArgs.isArray(recvbuf, count, type);
        nAllReduce(handle, sendbuf, sendArray, recvbuf, recvArray, count, type.handle, op.handle);
    }

    private static native int nRank(long comm) throws MPIException;

    private static native int nSize(long comm) throws MPIException;

    static native long nDup(long comm) throws MPIException;

    private static native void nFree(long comm) throws MPIException;

    private static native void nAbort(long comm, int errorCode) throws MPIException;

    private static native void nSend(long comm, Object buf, boolean isArray, int count, long type,
            int dest, int tag) throws MPIException;

    /** @return the source rank in the high 32 bits and the bytes received in the low 32 */
    private static native long nRecv(long comm, Object buf, boolean isArray, int count, long type,
            int source, int tag) throws MPIException;

    private static native void nRecvStatus(long comm, Object buf, boolean isArray, int count,
            long type, int source, int tag, Status status) throws MPIException;

    private static native void nSendRecv(long comm, Object sendbuf, boolean sendArray,
            int sendcount, long sendtype, int dest, int sendtag, Object recvbuf,
            boolean recvArray, int recvcount, long recvtype, int source, int recvtag,
            Status status) throws MPIException;

    /** With {@code staging} non-null, {@code buf} is an array copied there first. */
    private static native long nIsend(long comm, Object buf, ByteBuffer staging, int count,
            long type, int dest, int tag) throws MPIException;

    /** {@code buf} is a direct buffer: the caller's, or the staging memory of an array. */
    private static native long nIrecv(long comm, Object buf, int count, long type, int source,
            int tag) throws MPIException;

    private static native void nBarrier(long comm) throws MPIException;

    private static native void nBcast(long comm, Object buf, boolean isArray, int count,
            long type, int root) throws MPIException;

    private static native void nReduce(long comm, Object sendbuf, boolean sendArray,
            Object recvbuf, boolean recvArray, int count, long type, long op, int root)
            throws MPIException;

    private static native void nAllReduce(long comm, Object sendbuf, boolean sendArray,
            Object recvbuf, boolean recvArray, int count, long type, long op)
            throws MPIException;
}
