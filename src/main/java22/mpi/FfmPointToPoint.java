package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/** The FFM backend's calls of ... (to be written). */
final class FfmPointToPoint {
    private FfmPointToPoint() {
    }

    static void commSend(long comm, Object buf, boolean isArray, int count, long type, int dest, int tag) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commSend");
    }

    static long commRecv(long comm, Object buf, boolean isArray, int count, long type, int source, int tag) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commRecv");
    }

    static void commRecvStatus(long comm, Object buf, boolean isArray, int count, long type, int source, int tag, Status status) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commRecvStatus");
    }

    static void commSendRecv(long comm, Object sendbuf, boolean sendArray, int sendcount, long sendtype, int dest, int sendtag, Object recvbuf, boolean recvArray, int recvcount, long recvtype, int source, int recvtag, Status status) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commSendRecv");
    }

    static long commIsend(long comm, Object buf, int kind, ByteBuffer staging, int bytes, int count, long type, int dest, int tag) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commIsend");
    }

    static long commIrecv(long comm, Object buf, int count, long type, int source, int tag) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commIrecv");
    }

    static void commSendStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes, int count, long type, int dest, int tag) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commSendStaged");
    }

    static long commRecvStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes, int count, long type, int source, int tag, Status status) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commRecvStaged");
    }

    static long requestWait(Request self, long handle, Status s) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: requestWait");
    }

    static long requestTest(Request self, long handle) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: requestTest");
    }

    static long requestFree(long handle) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: requestFree");
    }

    static void requestWaitAll(long[] handles, int n) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: requestWaitAll");
    }

    static void requestWaitAllStatus(long[] handles, Status[] statuses) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: requestWaitAllStatus");
    }

    static long prequestInit(int kind, long comm, Object buf, int count, long type, int peer, int tag) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: prequestInit");
    }

    static void prequestStart(long handle, Object array, int kind, ByteBuffer staging, int bytes) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: prequestStart");
    }

    static void prequestStartAll(long[] handles, int n) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: prequestStartAll");
    }

    static boolean prequestTest(Prequest self, long handle) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: prequestTest");
    }

    static void arrayCopy(Object array, int kind, ByteBuffer staging, int offset, int bytes, boolean toArray) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: arrayCopy");
    }

    static void arrayCopyBlocks(Object array, int kind, ByteBuffer staging, int[] blocks) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: arrayCopyBlocks");
    }
}
