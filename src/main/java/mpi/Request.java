package mpi;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A non-blocking operation in progress. The request keeps the buffers of its call reachable
 * until it completes: a direct buffer that MPI reads or writes, or, for a Java array, the
 * staging memory the data travels through. A receive into an array is copied into the array
 * when the request completes ({@link #waitFor}, {@link #test}, {@link #waitAll}).
 */
public class Request {
    /** The MPI_Request, or MPI.REQUEST_NULL_HANDLE; read and written by the native code. */
    long handle;
    private Object buffer;        // the caller's buffer, reachable until completion
    private ByteBuffer staging;   // native copy of an array's data, or null
    private int copyBackBytes;    // > 0: a receive whose staged data goes into the array

    /** Freed requests whose staged send may still be reading its staging memory. */
    private static final List<ByteBuffer> ORPHANED = new ArrayList<>();

    Request(long handle, Object buffer) {
        this.handle = handle;
        this.buffer = buffer;
    }

    Request(long handle, Object array, ByteBuffer staging, int copyBackBytes) {
        this.handle = handle;
        this.buffer = array;
        this.staging = staging;
        this.copyBackBytes = copyBackBytes;
    }

    /** Waits for the operation to complete ({@code MPI_Wait}). */
    public void waitFor() throws MPIException {
        MPI.check();
        nWait(this, null);
        complete();
    }

    /** Waits for the operation to complete and returns its status. */
    public Status waitStatus() throws MPIException {
        MPI.check();
        Status s = new Status();
        nWait(this, s);
        complete();
        return s;
    }

    /** @return whether the operation has completed ({@code MPI_Test}); if so it is finished */
    public boolean test() throws MPIException {
        MPI.check();
        if (nTest(this)) {
            complete();
            return true;
        }
        return false;
    }

    /** @return whether this request is null: completed, freed or never started */
    public boolean isNull() {
        return handle == MPI.REQUEST_NULL_HANDLE;
    }

    /**
     * Frees the request ({@code MPI_Request_free}). The operation goes on; a staged receive
     * can no longer reach its array, and a staged send keeps its staging memory for good.
     */
    public void free() throws MPIException {
        MPI.check();
        if (isNull()) {
            return;
        }
        nFree(this);
        if (staging != null) {
            synchronized (ORPHANED) {
                ORPHANED.add(staging);
            }
        }
        staging = null;
        buffer = null;
    }

    /** Waits for all requests to complete ({@code MPI_Waitall}); null entries are skipped. */
    public static void waitAll(Request[] requests) throws MPIException {
        MPI.check();
        nWaitAll(requests, null);
        completeAll(requests);
    }

    /** Waits for all requests and returns their statuses. */
    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        MPI.check();
        Status[] statuses = new Status[requests.length];
        for (int i = 0; i < statuses.length; i++) {
            statuses[i] = new Status();
        }
        nWaitAll(requests, statuses);
        completeAll(requests);
        return statuses;
    }

    private static void completeAll(Request[] requests) {
        for (Request r : requests) {
            if (r != null) {
                r.complete();
            }
        }
    }

    /** After completion: the staged data goes to its array, the staging memory to the pool. */
    private void complete() {
        if (staging != null) {
            if (copyBackBytes > 0) {
                nCopyToArray(staging, buffer, copyBackBytes);
                copyBackBytes = 0;
            }
            StagingPool.release(staging);
            staging = null;
        }
        buffer = null;
    }

    private static native void nWait(Request r, Status s) throws MPIException;

    private static native boolean nTest(Request r) throws MPIException;

    private static native void nFree(Request r) throws MPIException;

    private static native void nWaitAll(Request[] rs, Status[] ss) throws MPIException;

    private static native void nCopyToArray(ByteBuffer staging, Object array, int bytes);
}
