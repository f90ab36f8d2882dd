package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The JNI backend's {@link Seam.PointToPoint}: each call is a native method of {@code libombj.so}
 * ({@code mpi_Comm.c, mpi_Request.c, mpi_Prequest.c, mpi_ArrayCopy.c}), declared here once.
 */
final class JniPointToPoint implements Seam.PointToPoint {

    @Override
    public native void commSendMode(int mode, long comm, Buffer buf, int count, long type,
            int dest, int tag) throws MPIException;

    @Override
    public native long commIsendMode(int mode, long comm, Buffer buf, int count, long type,
            int dest, int tag) throws MPIException;

    @Override
    public native void commSendRecvReplace(long comm, Buffer buf, int count, long type, int dest,
            int sendtag, int source, int recvtag, Status status) throws MPIException;

    @Override
    public native void commProbe(long comm, int source, int tag, Status status)
            throws MPIException;

    @Override
    public native boolean commIprobe(long comm, int source, int tag, Status status)
            throws MPIException;

    @Override
    public native long commMprobe(long comm, int source, int tag, Status status)
            throws MPIException;

    @Override
    public native long commImprobe(long comm, int source, int tag, Status status)
            throws MPIException;

    @Override
    public native long messageMrecv(long message, Buffer buf, int count, long type,
            Status status) throws MPIException;

    @Override
    public native long messageImrecv(long message, Buffer buf, int count, long type)
            throws MPIException;

    @Override
    public native void bufferAttach(Buffer buf, int bytes) throws MPIException;

    @Override
    public native void bufferDetach() throws MPIException;

    @Override
    public native void commSend(long comm, Object buf, boolean isArray, int count, long type,
            int dest, int tag) throws MPIException;

    @Override
    public native long commRecv(long comm, Object buf, boolean isArray, int count, long type,
            int source, int tag) throws MPIException;

    @Override
    public native void commRecvStatus(long comm, Object buf, boolean isArray, int count, long type,
            int source, int tag, Status status) throws MPIException;

    @Override
    public native void commSendRecv(long comm, Object sendbuf, boolean sendArray, int sendcount,
            long sendtype, int dest, int sendtag, Object recvbuf, boolean recvArray, int recvcount,
            long recvtype, int source, int recvtag, Status status) throws MPIException;

    @Override
    public native long commIsend(long comm, Object buf, int kind, ByteBuffer staging, int bytes,
            int count, long type, int dest, int tag) throws MPIException;

    @Override
    public native long commIrecv(long comm, Object buf, int count, long type, int source,
            int tag) throws MPIException;

    @Override
    public native void commSendStaged(long comm, Object array, int kind, ByteBuffer staging,
            int bytes, int count, long type, int dest, int tag) throws MPIException;

    @Override
    public native long commRecvStaged(long comm, Object array, int kind, ByteBuffer staging,
            int bytes, int count, long type, int source, int tag,
            Status status) throws MPIException;

    @Override
    public native long requestWait(Request self, long handle, Status s) throws MPIException;

    @Override
    public native long requestTest(Request self, long handle) throws MPIException;

    @Override
    public native long requestFree(long handle) throws MPIException;

    @Override
    public native void requestWaitAll(long[] handles, int n) throws MPIException;

    @Override
    public native void requestWaitAllStatus(long[] handles, Status[] statuses) throws MPIException;

    @Override
    public native int requestComplete(int call, long[] handles, int n, int[] indices,
            Status[] statuses) throws MPIException;

    @Override
    public native void requestCancel(long handle) throws MPIException;

    @Override
    public native boolean requestGetStatus(long handle, Status status) throws MPIException;

    @Override
    public native long prequestInit(int kind, long comm, Object buf, int count, long type,
            int peer, int tag) throws MPIException;

    @Override
    public native void prequestStart(long handle, Object array, int kind, ByteBuffer staging,
            int bytes) throws MPIException;

    @Override
    public native void prequestStartAll(long[] handles, int n) throws MPIException;

    @Override
    public native boolean prequestTest(Prequest self, long handle) throws MPIException;

    @Override
    public native void arrayCopy(Object array, int kind, ByteBuffer staging, int offset, int bytes,
            boolean toArray);

    @Override
    public native void arrayCopyBlocks(Object array, int kind, ByteBuffer staging, int[] blocks);
}
