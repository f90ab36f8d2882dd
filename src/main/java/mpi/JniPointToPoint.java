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
    public void commProbe(long comm, int source, int tag, Status status) throws MPIException {
        JniOutArgs out = JniOutArgs.get();
        probe(comm, source, tag, out.address);
        out.read(status);
    }

    @Override
    public boolean commIprobe(long comm, int source, int tag, Status status)
            throws MPIException {
        JniOutArgs out = JniOutArgs.get();
        if (!iProbe(comm, source, tag, out.address)) {
            return false;
        }
        out.read(status);
        return true;
    }

    /** {@code MPI_Probe}, the status written at {@code out} ({@link JniOutArgs}). */
    private native void probe(long comm, int source, int tag, long out) throws MPIException;

    /** {@code MPI_Iprobe}, the status written at {@code out} if its flag is true. */
    private native boolean iProbe(long comm, int source, int tag, long out) throws MPIException;

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
    public int requestComplete(int call, long[] handles, int n, int[] indices,
            Status[] statuses) throws MPIException {
        if (call != Request.WAIT_ANY && call != Request.TEST_ANY || n > JniOutArgs.MAX_HANDLES) {
            return requestCompleteArrays(call, handles, n, indices, statuses);
        }
        // waitAny and testAny, which a benchmark may time: through native memory.
        JniOutArgs out = JniOutArgs.get();
        out.putHandles(handles, n);
        int result;
        try {
            result = requestAny(call, out.address, n, statuses != null);
        } finally {
            out.getHandles(handles, n); // as MPI left them, even when it failed
        }
        if (statuses != null && result >= 0 && result != MPI.UNDEFINED) {
            out.read(statuses[0]);
        }
        return result;
    }

    /**
     * {@code MPI_Waitany} or {@code MPI_Testany} on the {@code n} handles at {@code out}
     * ({@link JniOutArgs}), written back there; the status too if asked.
     */
    private native int requestAny(int call, long out, int n, boolean status)
            throws MPIException;

    /** {@link #requestComplete} on Java arrays: any count, indices, statuses. */
    private native int requestCompleteArrays(int call, long[] handles, int n, int[] indices,
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
