package mpi;

import static mpi.Backends.POINT_TO_POINT;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * A matched message ({@code MPI_Message}): probed with {@link #mProbe} or {@link #imProbe},
 * then received with {@link #mRecv} or {@link #imRecv}, by this thread alone: no other
 * receive can take it in between, as one can after {@link Comm#probe}.
 */
public final class Message {
    private long handle = MPI.MESSAGE_NULL_HANDLE;

    /** A null message, for {@link #mProbe} or {@link #imProbe} to fill. */
    public Message() {
    }

    /** @return whether no message is held (a new one, or one received) */
    public boolean isNull() {
        return handle == MPI.MESSAGE_NULL_HANDLE;
    }

    /** @return whether this is the message of a probe of {@code MPI.PROC_NULL} */
    public boolean isNoProc() {
        return handle == MPI.MESSAGE_NO_PROC_HANDLE;
    }

    /**
     * Waits for a message that matches and takes it for this object ({@code MPI_Mprobe}).
     *
     * @return its status
     */
    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        MPI.check();
        Status status = new Status();
        handle = POINT_TO_POINT.commMprobe(comm(comm), source, tag, status);
        return status;
    }

    /**
     * Takes a message that matches for this object if one has arrived ({@code MPI_Improbe}).
     *
     * @return its status, or null (and this message unchanged) if none has
     */
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        MPI.check();
        Status status = new Status();
        long message = POINT_TO_POINT.commImprobe(comm(comm), source, tag, status);
        if (message == MPI.MESSAGE_NULL_HANDLE) {
            return null;
        }
        handle = message;
        return status;
    }

    /**
     * Receives the message ({@code MPI_Mrecv}) into a direct buffer or a Java array (copied
     * from native memory); this object is null afterwards.
     */
    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        held();
        Status status = new Status();
        if (!BufferArgs.isArray(buf, count, type)) {
            handle = POINT_TO_POINT.messageMrecv(handle, (Buffer) buf, count, type.handle, status);
            return status;
        }
        int bytes = type.spanBytes(count);
        ByteBuffer staging = StagingPool.acquire(bytes);
        try {
            if (type.isDerived()) { // the type's gaps keep the array's data
                ArrayCopy.toStaging(buf, staging, bytes);
            }
            handle = POINT_TO_POINT.messageMrecv(handle, staging, count, type.handle, status);
            ArrayCopy.toArray(staging, buf, type.isDerived() ? bytes
                    : (int) Math.min(bytes, status.bytes));
        } finally {
            StagingPool.release(staging);
        }
        return status;
    }

    /** Starts receiving the message into a direct buffer ({@code MPI_Imrecv}). */
    public Request imRecv(Buffer buf, int count, Datatype type) throws MPIException {
        held();
        BufferArgs.isArray(buf, count, type); // a direct buffer of room enough, or an exception
        long request = POINT_TO_POINT.messageImrecv(handle, buf, count, type.handle);
        handle = MPI.MESSAGE_NULL_HANDLE;
        return Request.start(null, request, buf);
    }

    /** Refuses a receive without a probed message: MPI has no communicator to report it on. */
    private void held() {
        MPI.check();
        if (isNull()) {
            throw new IllegalStateException("no message is held: mProbe or imProbe first");
        }
    }

    private static long comm(Comm comm) {
        if (comm == null) {
            throw new NullPointerException("comm is null");
        }
        return comm.live();
    }
}
