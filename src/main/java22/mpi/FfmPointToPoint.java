package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.HANDLE;
import static mpi.FfmSupport.POINTER;
import static mpi.FfmSupport.address;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.copy;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The FFM backend's point-to-point calls ({@link Comm}'s send and receive, {@link Request},
 * {@link Prequest}) and its array copies ({@link ArrayCopy}), as the JNI library's
 * {@code mpi_Comm.c}, {@code mpi_Request.c}, {@code mpi_Prequest.c} and {@code mpi_ArrayCopy.c}.
 *
 * <p>Calls that start an operation or test one ({@code MPI_Isend}, {@code MPI_Irecv},
 * {@code MPI_Start}, {@code MPI_Test}) never wait, so they run in critical state: no
 * thread-state transition. Calls that may wait ({@code MPI_Send}, which may wait for a
 * rendezvous, {@code MPI_Recv}, {@code MPI_Wait}) are plain downcalls.
 *
 * <p>A blocking call on a Java array cannot pin it as JNI's {@code GetPrimitiveArrayCritical}
 * does: a heap segment may only be passed to a critical call, and a call in critical state
 * that waits would stop the garbage collector and every other thread. So the array is copied
 * through native staging memory of the calling thread ({@link Staging}): the bytes the count
 * and datatype reach before a send, and after a receive those MPI wrote. Under G1, a larger
 * array is pinned for the call instead, zero-copy, by a JNI helper that leaves the thread
 * safepoint-safe ({@link FfmPinning}).
 */
final class FfmPointToPoint implements Seam.PointToPoint {
    // Where each call keeps its out-arguments in FfmSupport.scratch().
    /** An MPI_Status. */
    private static final long STATUS_AT = 0;
    /** An MPI_Request handle. */
    private static final long REQUEST_AT = 64;
    /** An int: a flag, a count. */
    private static final long INT_AT = 72;
    /** An MPI_Message handle. */
    private static final long MESSAGE_AT = 80;
    /** MPI_Aint lb, extent, true lb, true extent of a derived datatype. */
    private static final long EXTENTS_AT = 128;

    private static final MethodHandle SEND = FfmLibrary.downcall("MPI_Send",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, HANDLE));
    private static final MethodHandle RECV = FfmLibrary.downcall("MPI_Recv",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, HANDLE,
                    POINTER));
    private static final MethodHandle SENDRECV = FfmLibrary.downcall("MPI_Sendrecv",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, HANDLE, JAVA_INT, JAVA_INT,
                    POINTER, JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, HANDLE, POINTER));
    private static final FunctionDescriptor START_CALL = FunctionDescriptor.of(JAVA_INT, POINTER,
            JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, HANDLE, POINTER);
    private static final MethodHandle ISEND = FfmLibrary.critical("MPI_Isend", START_CALL);
    private static final MethodHandle IRECV = FfmLibrary.critical("MPI_Irecv", START_CALL);
    private static final MethodHandle SEND_INIT = FfmLibrary.downcall("MPI_Send_init", START_CALL);
    private static final MethodHandle SSEND_INIT = FfmLibrary.downcall("MPI_Ssend_init", START_CALL);
    private static final MethodHandle RSEND_INIT = FfmLibrary.downcall("MPI_Rsend_init", START_CALL);
    private static final MethodHandle BSEND_INIT = FfmLibrary.downcall("MPI_Bsend_init", START_CALL);
    private static final MethodHandle RECV_INIT = FfmLibrary.downcall("MPI_Recv_init", START_CALL);
    /** What a mode's send waits for: the receive ({@code MPI_Ssend}), nothing, or nothing. */
    private static final FunctionDescriptor SEND_CALL = FunctionDescriptor.of(JAVA_INT, POINTER,
            JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, HANDLE);
    private static final MethodHandle SSEND = FfmLibrary.downcall("MPI_Ssend", SEND_CALL);
    private static final MethodHandle BSEND = FfmLibrary.downcall("MPI_Bsend", SEND_CALL);
    private static final MethodHandle RSEND = FfmLibrary.downcall("MPI_Rsend", SEND_CALL);
    private static final MethodHandle ISSEND = FfmLibrary.critical("MPI_Issend", START_CALL);
    private static final MethodHandle IBSEND = FfmLibrary.critical("MPI_Ibsend", START_CALL);
    private static final MethodHandle IRSEND = FfmLibrary.critical("MPI_Irsend", START_CALL);
    private static final MethodHandle SENDRECV_REPLACE = FfmLibrary.downcall(
            "MPI_Sendrecv_replace", FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, HANDLE,
                    JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, HANDLE, POINTER));
    private static final MethodHandle PROBE = FfmLibrary.downcall("MPI_Probe",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, HANDLE, POINTER));
    private static final MethodHandle IPROBE = FfmLibrary.critical("MPI_Iprobe",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, HANDLE, POINTER, POINTER));
    private static final MethodHandle MPROBE = FfmLibrary.downcall("MPI_Mprobe",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, HANDLE, POINTER, POINTER));
    private static final MethodHandle IMPROBE = FfmLibrary.critical("MPI_Improbe",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, HANDLE, POINTER, POINTER,
                    POINTER));
    private static final MethodHandle MRECV = FfmLibrary.downcall("MPI_Mrecv",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, HANDLE, POINTER, POINTER));
    private static final MethodHandle IMRECV = FfmLibrary.critical("MPI_Imrecv",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, HANDLE, POINTER, POINTER));
    private static final MethodHandle BUFFER_ATTACH = FfmLibrary.critical("MPI_Buffer_attach",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT));
    /** Waits until every buffered message has left. */
    private static final MethodHandle BUFFER_DETACH = FfmLibrary.downcall("MPI_Buffer_detach",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER));
    private static final long MESSAGE_NULL = FfmLibrary.ABI.constant("MESSAGE_NULL");
    private static final MethodHandle WAIT = FfmLibrary.downcall("MPI_Wait",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER));
    private static final MethodHandle TEST = FfmLibrary.critical("MPI_Test",
            FunctionDescriptor.of(JAVA_INT, POINTER, POINTER, POINTER));
    /** Marks the request for freeing: it never waits for the operation. */
    private static final MethodHandle REQUEST_FREE = FfmLibrary.critical("MPI_Request_free",
            FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final MethodHandle WAITANY = FfmLibrary.downcall("MPI_Waitany",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, POINTER, POINTER, POINTER));
    private static final MethodHandle TESTANY = FfmLibrary.critical("MPI_Testany",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, POINTER, POINTER, POINTER, POINTER));
    private static final FunctionDescriptor SOME_CALL = FunctionDescriptor.of(JAVA_INT, JAVA_INT,
            POINTER, POINTER, POINTER, POINTER);
    private static final MethodHandle WAITSOME = FfmLibrary.downcall("MPI_Waitsome", SOME_CALL);
    private static final MethodHandle TESTSOME = FfmLibrary.critical("MPI_Testsome", SOME_CALL);
    private static final MethodHandle TESTALL = FfmLibrary.critical("MPI_Testall",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, POINTER, POINTER, POINTER));
    private static final MethodHandle CANCEL = FfmLibrary.critical("MPI_Cancel",
            FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final MethodHandle REQUEST_GET_STATUS = FfmLibrary.critical(
            "MPI_Request_get_status", FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER, POINTER));
    private static final MethodHandle WAITALL = FfmLibrary.downcall("MPI_Waitall",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, POINTER, POINTER));
    private static final MethodHandle START = FfmLibrary.critical("MPI_Start",
            FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final MethodHandle STARTALL = FfmLibrary.critical("MPI_Startall",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, POINTER));
    private static final FunctionDescriptor EXTENT_CALL = FunctionDescriptor.of(JAVA_INT, HANDLE,
            POINTER, POINTER);
    private static final MethodHandle TYPE_GET_EXTENT = FfmLibrary.critical("MPI_Type_get_extent",
            EXTENT_CALL);
    private static final MethodHandle TYPE_GET_TRUE_EXTENT = FfmLibrary.critical(
            "MPI_Type_get_true_extent", EXTENT_CALL);

    /** The predefined datatypes, one per Java array kind ({@code ArrayCopy.K_*}). */
    private static final long BYTE = type("BYTE"), CHAR = type("CHAR"),
            SHORT = type("SHORT"), BOOLEAN = type("BOOLEAN"), INT = type("INT"),
            LONG = type("LONG"), FLOAT = type("FLOAT"), DOUBLE = type("DOUBLE");

    private static final long STATUS_BYTES = FfmSupport.STATUS_BYTES;

    FfmPointToPoint() {
    }

    private static long type(String name) {
        return FfmLibrary.ABI.constant(name);
    }

    // ---- staging memory of blocking calls on arrays ----

    /**
     * Native memory of one thread (of the one thread that may call MPI at a time below
     * {@code MPI_THREAD_MULTIPLE}, as {@link FfmSupport#scratch}), page aligned as the
     * binding's other staging memory ({@link PageAligned}), grown by powers of two to the
     * largest message: no allocation in steady state. Freed by the garbage collector once
     * outgrown ({@link Arena#ofAuto}).
     */
    private static final class Staging {
        private static final long MIN_BYTES = 64 * 1024;
        private MemorySegment memory = MemorySegment.NULL;

        /** @return the address of at least {@code bytes} bytes, valid until the next call */
        long of(long bytes) {
            if (memory.byteSize() < bytes) {
                long size = Math.max(MIN_BYTES, Long.highestOneBit(bytes - 1) << 1);
                memory = Arena.ofAuto().allocate(size, PageAligned.PAGE);
            }
            return memory.address();
        }
    }

    /** What a blocking call sends, and what it receives (a send-receive needs both). */
    private static final Staging SHARED_SEND = new Staging(), SHARED_RECEIVE = new Staging(),
            SHARED_TABLE = new Staging();
    private static final ThreadLocal<Staging> SEND_STAGING = ThreadLocal.withInitial(Staging::new);
    private static final ThreadLocal<Staging> RECEIVE_STAGING = ThreadLocal.withInitial(Staging::new);
    private static final ThreadLocal<Staging> TABLE_STAGING = ThreadLocal.withInitial(Staging::new);

    private static long sendStaging(long bytes) {
        return (MPI.threadMultiple ? SEND_STAGING.get() : SHARED_SEND).of(bytes);
    }

    private static long receiveStaging(long bytes) {
        return (MPI.threadMultiple ? RECEIVE_STAGING.get() : SHARED_RECEIVE).of(bytes);
    }

    /**
     * @return native memory of at least {@code bytes} for the request handles (and statuses)
     *         of one call: the scratch memory when they fit
     */
    private static MemorySegment table(long bytes) {
        MemorySegment scratch = FfmSupport.scratch();
        if (bytes <= FfmSupport.SCRATCH_BYTES) {
            return scratch;
        }
        long at = (MPI.threadMultiple ? TABLE_STAGING.get() : SHARED_TABLE).of(bytes);
        return FfmSupport.at(at, bytes);
    }

    /** @return the predefined datatype of arrays of kind {@code kind} */
    private static long predefined(int kind) {
        switch (kind) {
            case ArrayCopy.K_BYTE: return BYTE;
            case ArrayCopy.K_CHAR: return CHAR;
            case ArrayCopy.K_SHORT: return SHORT;
            case ArrayCopy.K_BOOLEAN: return BOOLEAN;
            case ArrayCopy.K_INT: return INT;
            case ArrayCopy.K_LONG: return LONG;
            case ArrayCopy.K_FLOAT: return FLOAT;
            default: return DOUBLE;
        }
    }

    private static int elementBytes(int kind) {
        switch (kind) {
            case ArrayCopy.K_BYTE:
            case ArrayCopy.K_BOOLEAN: return 1;
            case ArrayCopy.K_CHAR:
            case ArrayCopy.K_SHORT: return 2;
            case ArrayCopy.K_INT:
            case ArrayCopy.K_FLOAT: return 4;
            case ArrayCopy.K_LONG:
            case ArrayCopy.K_DOUBLE: return 8;
            default: throw new IllegalArgumentException("unknown array kind");
        }
    }

    /**
     * The bytes from an array's start that {@code count} instances of {@code type} reach (as
     * {@link Datatype#span}, which Java checked against the array's length): {@code count}
     * elements for the array's predefined type, else read from MPI.
     */
    private static int span(int kind, int count, long type) throws Throwable {
        if (type == predefined(kind)) {
            return count * elementBytes(kind);
        }
        if (count <= 0) {
            return 0;
        }
        MemorySegment out = FfmSupport.scratch();
        long at = out.address() + EXTENTS_AT;
        check((int) TYPE_GET_EXTENT.invokeExact(type, at, at + 8));
        check((int) TYPE_GET_TRUE_EXTENT.invokeExact(type, at + 16, at + 24));
        long extent = out.get(JAVA_LONG, EXTENTS_AT + 8);
        long trueLb = out.get(JAVA_LONG, EXTENTS_AT + 16);
        long trueExtent = out.get(JAVA_LONG, EXTENTS_AT + 24);
        return trueExtent == 0 ? 0
                : Math.toIntExact(trueLb + trueExtent + Math.max(0, (count - 1) * extent));
    }

    /** The source and byte count of a receive, as one long (as {@link Status#received}). */
    private static long received(int source, int bytes) {
        return ((long) source << 32) | (bytes & 0xFFFF_FFFFL);
    }

    /** Fills {@code s} from the status at {@link #STATUS_AT} of {@code scratch}. */
    private static void setStatus(Status s, MemorySegment scratch) {
        FfmSupport.setStatus(s, scratch.address() + STATUS_AT, scratch.address() + INT_AT);
    }

    /** @return the byte count of the status at {@link #STATUS_AT} of {@code scratch} */
    private static int statusCount(MemorySegment scratch) {
        return FfmSupport.statusCount(scratch.address() + STATUS_AT, scratch.address() + INT_AT);
    }

    // ---- blocking ----

    @Override
    public void commSend(long comm, Object buf, boolean isArray, int count, long type, int dest,
            int tag) throws MPIException {
        try {
            long at;
            if (isArray) {
                int kind = ArrayCopy.kindOf(buf);
                int bytes = span(kind, count, type);
                if (FfmPinning.pins(bytes)) {
                    check(PinnedCall.call(FfmPinning.SEND, buf, 0, null, 0,
                            0, count, type, dest, tag, comm, 0, 0, 0, 0, 0, 0));
                    return;
                }
                at = sendStaging(bytes);
                copy(buf, kind, at, 0, bytes, false);
            } else {
                at = address((Buffer) buf);
            }
            check((int) SEND.invokeExact(at, count, type, dest, tag, comm));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * {@code MPI_Recv}, its status left at {@link #STATUS_AT} of the scratch memory; an array
     * gets the bytes MPI wrote.
     *
     * @return the bytes received
     */
    private static int receive(long comm, Object buf, boolean isArray, int count, long type, int source, int tag) throws Throwable {
        MemorySegment scratch = FfmSupport.scratch();
        long status = scratch.address() + STATUS_AT;
        if (!isArray) {
            check((int) RECV.invokeExact(address((Buffer) buf), count, type, source, tag, comm, status));
            return statusCount(scratch);
        }
        int kind = ArrayCopy.kindOf(buf);
        int span = span(kind, count, type);
        if (FfmPinning.pins(span)) {
            check(PinnedCall.call(FfmPinning.RECV, buf, 0, null, 0,
                    0, count, type, source, tag, comm, status, 0, 0, 0, 0, 0));
            return statusCount(scratch);
        }
        long at = receiveStaging(span);
        boolean derived = type != predefined(kind);
        if (derived) {
            copy(buf, kind, at, 0, span, false); // the gaps of the type go back as they were
        }
        check((int) RECV.invokeExact(at, count, type, source, tag, comm, status));
        int bytes = statusCount(scratch);
        // A predefined type: MPI wrote what arrived from the start, at most the posted count.
        copy(buf, kind, at, 0, derived ? span : Math.min(bytes, span), true);
        return bytes;
    }

    @Override
    public long commRecv(long comm, Object buf, boolean isArray, int count, long type, int source,
            int tag) throws MPIException {
        try {
            int bytes = receive(comm, buf, isArray, count, type, source, tag);
            return received(FfmSupport.scratch().get(JAVA_INT, STATUS_AT + FfmAbi.STATUS_SOURCE),
                    bytes);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commRecvStatus(long comm, Object buf, boolean isArray, int count, long type,
            int source, int tag, Status status) throws MPIException {
        try {
            receive(comm, buf, isArray, count, type, source, tag);
            setStatus(status, FfmSupport.scratch());
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commSendRecv(long comm, Object sendbuf, boolean sendArray, int sendcount,
            long sendtype, int dest, int sendtag, Object recvbuf, boolean recvArray, int recvcount,
            long recvtype, int source, int recvtag, Status status) throws MPIException {
        try {
            long send;
            if (sendArray) {
                int kind = ArrayCopy.kindOf(sendbuf);
                int bytes = span(kind, sendcount, sendtype);
                send = sendStaging(bytes);
                copy(sendbuf, kind, send, 0, bytes, false);
            } else {
                send = address((Buffer) sendbuf);
            }
            int kind = 0, span = 0;
            boolean derived = false;
            long recv;
            if (recvArray) {
                kind = ArrayCopy.kindOf(recvbuf);
                span = span(kind, recvcount, recvtype);
                recv = receiveStaging(span);
                derived = recvtype != predefined(kind);
                if (derived) {
                    copy(recvbuf, kind, recv, 0, span, false);
                }
            } else {
                recv = address((Buffer) recvbuf);
            }
            MemorySegment scratch = FfmSupport.scratch();
            check((int) SENDRECV.invokeExact(send, sendcount, sendtype, dest, sendtag,
                    recv, recvcount, recvtype, source, recvtag, comm,
                            scratch.address() + STATUS_AT));
            setStatus(status, scratch);
            if (recvArray) {
                copy(recvbuf, kind, recv, 0, derived ? span : Math.min((int) status.bytes, span),
                        true);
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    // ---- blocking on arrays through the binding's own staging (mpi.ThreadStaging) ----

    @Override
    public void commSendStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes,
            int count, long type, int dest, int tag) throws MPIException {
        try {
            long at = address(staging);
            if (bytes > 0) {
                copy(array, kind, at, 0, bytes, false);
            }
            check((int) SEND.invokeExact(at, count, type, dest, tag, comm));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commRecvStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes,
            int count, long type, int source, int tag, Status status) throws MPIException {
        try {
            long at = address(staging);
            MemorySegment scratch = FfmSupport.scratch();
            check((int) RECV.invokeExact(at, count, type, source, tag, comm,
                    scratch.address() + STATUS_AT));
            // MPI writes at most the posted count: whole elements of the array, within bytes.
            int received = Math.min(statusCount(scratch), bytes);
            if (received > 0) {
                copy(array, kind, at, 0, received, true);
            }
            if (status != null) {
                setStatus(status, scratch);
            }
            return received(scratch.get(JAVA_INT, STATUS_AT + FfmAbi.STATUS_SOURCE), received);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    // ---- non-blocking ----

    /**
     * A staged send ({@code staging} not null) copies the array into the request's staging
     * memory before MPI_Isend: {@code bytes}, the span the count reaches (Datatype.span).
     */
    @Override
    public long commIsend(long comm, Object buf, int kind, ByteBuffer staging, int bytes,
            int count, long type, int dest, int tag) throws MPIException {
        try {
            long at;
            if (staging != null) {
                at = address(staging);
                copy(buf, kind, at, 0, bytes, false);
            } else {
                at = address((Buffer) buf);
            }
            MemorySegment scratch = FfmSupport.scratch();
            long request = scratch.address() + REQUEST_AT;
            check((int) ISEND.invokeExact(at, count, type, dest, tag, comm, request));
            return scratch.get(JAVA_LONG, REQUEST_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** {@code buf}: a direct buffer, or the binding's own staging memory of an array. */
    @Override
    public long commIrecv(long comm, Object buf, int count, long type, int source,
            int tag) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            long request = scratch.address() + REQUEST_AT;
            check((int) IRECV.invokeExact(address((Buffer) buf), count, type, source, tag, comm,
                    request));
            return scratch.get(JAVA_LONG, REQUEST_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    // ---- send modes, probes, matched probes (direct buffers: Java stages arrays) ----

    @Override
    public void commSendMode(int mode, long comm, Buffer buf, int count, long type, int dest,
            int tag) throws MPIException {
        try {
            MethodHandle call = mode == Comm.SEND_SYNCHRONOUS ? SSEND
                    : mode == Comm.SEND_BUFFERED ? BSEND : RSEND;
            check((int) call.invokeExact(address(buf), count, type, dest, tag, comm));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commIsendMode(int mode, long comm, Buffer buf, int count, long type, int dest,
            int tag) throws MPIException {
        try {
            MethodHandle call = mode == Comm.SEND_SYNCHRONOUS ? ISSEND
                    : mode == Comm.SEND_BUFFERED ? IBSEND : IRSEND;
            MemorySegment scratch = FfmSupport.scratch();
            check((int) call.invokeExact(address(buf), count, type, dest, tag, comm,
                    scratch.address() + REQUEST_AT));
            return scratch.get(JAVA_LONG, REQUEST_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commSendRecvReplace(long comm, Buffer buf, int count, long type, int dest,
            int sendtag, int source, int recvtag, Status status) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            check((int) SENDRECV_REPLACE.invokeExact(address(buf), count, type, dest, sendtag,
                    source, recvtag, comm, scratch.address() + STATUS_AT));
            setStatus(status, scratch);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commProbe(long comm, int source, int tag, Status status) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            check((int) PROBE.invokeExact(source, tag, comm, scratch.address() + STATUS_AT));
            setStatus(status, scratch);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public boolean commIprobe(long comm, int source, int tag, Status status)
            throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            check((int) IPROBE.invokeExact(source, tag, comm, scratch.address() + INT_AT,
                    scratch.address() + STATUS_AT));
            boolean flag = scratch.get(JAVA_INT, INT_AT) != 0;
            if (flag) {
                setStatus(status, scratch);
            }
            return flag;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commMprobe(long comm, int source, int tag, Status status) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            check((int) MPROBE.invokeExact(source, tag, comm, scratch.address() + MESSAGE_AT,
                    scratch.address() + STATUS_AT));
            setStatus(status, scratch);
            return scratch.get(JAVA_LONG, MESSAGE_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commImprobe(long comm, int source, int tag, Status status)
            throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            check((int) IMPROBE.invokeExact(source, tag, comm, scratch.address() + INT_AT,
                    scratch.address() + MESSAGE_AT, scratch.address() + STATUS_AT));
            if (scratch.get(JAVA_INT, INT_AT) == 0) {
                return MESSAGE_NULL;
            }
            setStatus(status, scratch);
            return scratch.get(JAVA_LONG, MESSAGE_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long messageMrecv(long message, Buffer buf, int count, long type, Status status)
            throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            scratch.set(JAVA_LONG, MESSAGE_AT, message);
            check((int) MRECV.invokeExact(address(buf), count, type,
                    scratch.address() + MESSAGE_AT, scratch.address() + STATUS_AT));
            setStatus(status, scratch);
            return scratch.get(JAVA_LONG, MESSAGE_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long messageImrecv(long message, Buffer buf, int count, long type)
            throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            scratch.set(JAVA_LONG, MESSAGE_AT, message);
            check((int) IMRECV.invokeExact(address(buf), count, type,
                    scratch.address() + MESSAGE_AT, scratch.address() + REQUEST_AT));
            return scratch.get(JAVA_LONG, REQUEST_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void bufferAttach(Buffer buf, int bytes) throws MPIException {
        try {
            check((int) BUFFER_ATTACH.invokeExact(address(buf), bytes));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void bufferDetach() throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            check((int) BUFFER_DETACH.invokeExact(scratch.address() + MESSAGE_AT,
                    scratch.address() + INT_AT));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    // ---- completion ----

    /**
     * After a failed MPI_Wait or MPI_Test: MPI may have freed the request (Open MPI does), so
     * {@code self} gets the handle MPI left, as the JNI library's ombj_request_failed.
     */
    private static MPIException failed(Request self, MemorySegment scratch, int rc) {
        self.handle = scratch.get(JAVA_LONG, REQUEST_AT);
        return FfmSupport.exception(rc);
    }

    @Override
    public long requestWait(Request self, long handle, Status s) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            scratch.set(JAVA_LONG, REQUEST_AT, handle);
            long at = scratch.address();
            int rc = (int) WAIT.invokeExact(at + REQUEST_AT,
                    s != null ? at + STATUS_AT : FfmAbi.STATUS_IGNORE);
            if (rc != 0) {
                throw failed(self, scratch, rc);
            }
            if (s != null) {
                setStatus(s, scratch);
            }
            return scratch.get(JAVA_LONG, REQUEST_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long requestTest(Request self, long handle) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            scratch.set(JAVA_LONG, REQUEST_AT, handle);
            long at = scratch.address();
            int rc = (int) TEST.invokeExact(at + REQUEST_AT, at + INT_AT, FfmAbi.STATUS_IGNORE);
            if (rc != 0) {
                throw failed(self, scratch, rc);
            }
            return scratch.get(JAVA_LONG, REQUEST_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long requestFree(long handle) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            scratch.set(JAVA_LONG, REQUEST_AT, handle);
            check((int) REQUEST_FREE.invokeExact(scratch.address() + REQUEST_AT));
            return scratch.get(JAVA_LONG, REQUEST_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void requestWaitAll(long[] handles, int n) throws MPIException {
        try {
            waitAll(handles, n, null);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void requestWaitAllStatus(long[] handles, Status[] statuses) throws MPIException {
        try {
            waitAll(handles, handles.length, statuses);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * MPI_Waitall on the first {@code n} handles, copied to native memory and back (MPI nulls
     * those it completes, even when one fails); the statuses, if given, filled after.
     */
    private static void waitAll(long[] handles, int n, Status[] statuses) throws Throwable {
        long handleBytes = (long) n * 8;
        long statusAt = (handleBytes + 63) & ~63L;
        MemorySegment table = table(statuses == null ? handleBytes : statusAt + n * STATUS_BYTES + 64);
        MemorySegment.copy(handles, 0, table, JAVA_LONG, 0, n);
        long at = table.address();
        int rc = (int) WAITALL.invokeExact(n, at, statuses == null ? FfmAbi.STATUS_IGNORE : at + statusAt);
        MemorySegment.copy(table, JAVA_LONG, 0, handles, 0, n);
        check(rc);
        if (statuses != null) {
            long countAt = statusAt + n * STATUS_BYTES;
            for (int i = 0; i < n; i++) {
                FfmSupport.setStatus(statuses[i], at + statusAt + i * STATUS_BYTES, at + countAt);
            }
        }
    }

    // ---- completion of any, some, all (tested) ----

    @Override
    public int requestComplete(int call, long[] handles, int n, int[] indices,
            Status[] statuses) throws MPIException {
        try {
            // The table: n handles, then n indices, two ints (index or count, flag), then n
            // statuses and a count's scratch, each part 64-byte aligned.
            long indicesAt = align((long) n * 8);
            long outAt = align(indicesAt + (long) n * 4);
            long statusAt = outAt + 64;
            MemorySegment table = table(statusAt + (long) Math.max(n, 1) * STATUS_BYTES + 64);
            long at = table.address();
            copyHandles(handles, table, n, true);
            long statuses0 = statuses == null ? FfmAbi.STATUS_IGNORE : at + statusAt;
            int rc;
            int result;
            switch (call) {
                case Request.WAIT_ANY:
                    rc = (int) WAITANY.invokeExact(n, at, at + outAt, statuses0);
                    result = table.get(JAVA_INT, outAt);
                    break;
                case Request.TEST_ANY:
                    rc = (int) TESTANY.invokeExact(n, at, at + outAt, at + outAt + 4, statuses0);
                    result = table.get(JAVA_INT, outAt + 4) != 0 ? table.get(JAVA_INT, outAt)
                            : -1; // none has completed yet
                    break;
                case Request.WAIT_SOME:
                case Request.TEST_SOME:
                    MethodHandle some = call == Request.WAIT_SOME ? WAITSOME : TESTSOME;
                    rc = (int) some.invokeExact(n, at, at + outAt, at + indicesAt, statuses0);
                    result = table.get(JAVA_INT, outAt);
                    break;
                default: // TEST_ALL
                    rc = (int) TESTALL.invokeExact(n, at, at + outAt + 4, statuses0);
                    result = table.get(JAVA_INT, outAt + 4) != 0 ? 1 : 0;
                    break;
            }
            copyHandles(handles, table, n, false);
            check(rc);
            boolean someForm = call == Request.WAIT_SOME || call == Request.TEST_SOME;
            if (someForm && result != MPI.UNDEFINED && result > 0) {
                MemorySegment.copy(table, JAVA_INT, indicesAt, indices, 0, result);
            }
            if (statuses != null) {
                int filled = someForm ? (result == MPI.UNDEFINED ? 0 : result)
                        : call == Request.TEST_ALL ? (result != 0 ? n : 0)
                        : (result == MPI.UNDEFINED || result < 0 ? 0 : 1);
                long countAt = statusAt + (long) Math.max(n, 1) * STATUS_BYTES;
                for (int k = 0; k < filled; k++) {
                    FfmSupport.setStatus(statuses[k], at + statusAt + k * STATUS_BYTES,
                            at + countAt);
                }
            }
            return result;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * Copies {@code n} handles into the table or back: element by element for the few that
     * waitAny and testAny usually get (a bulk copy's checks cost more than the copy then).
     */
    private static void copyHandles(long[] handles, MemorySegment table, int n, boolean in) {
        if (n > 8) {
            if (in) {
                MemorySegment.copy(handles, 0, table, JAVA_LONG, 0, n);
            } else {
                MemorySegment.copy(table, JAVA_LONG, 0, handles, 0, n);
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            if (in) {
                table.set(JAVA_LONG, 8L * i, handles[i]);
            } else {
                handles[i] = table.get(JAVA_LONG, 8L * i);
            }
        }
    }

    private static long align(long bytes) {
        return (bytes + 63) & ~63L;
    }

    @Override
    public void requestCancel(long handle) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            scratch.set(JAVA_LONG, REQUEST_AT, handle);
            check((int) CANCEL.invokeExact(scratch.address() + REQUEST_AT));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public boolean requestGetStatus(long handle, Status status) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            check((int) REQUEST_GET_STATUS.invokeExact(handle, scratch.address() + INT_AT,
                    scratch.address() + STATUS_AT));
            boolean flag = scratch.get(JAVA_INT, INT_AT) != 0;
            if (flag) {
                setStatus(status, scratch);
            }
            return flag;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    // ---- persistent ----

    @Override
    public long prequestInit(int kind, long comm, Object buf, int count, long type, int peer,
            int tag) throws MPIException {
        try {
            MethodHandle init;
            switch (kind) {
                case Prequest.K_SEND: init = SEND_INIT; break;
                case Prequest.K_SSEND: init = SSEND_INIT; break;
                case Prequest.K_RSEND: init = RSEND_INIT; break;
                case Prequest.K_RECV: init = RECV_INIT; break;
                case Prequest.K_BSEND: init = BSEND_INIT; break;
                default: throw new IllegalArgumentException("unknown kind of persistent request");
            }
            if (buf == null) {
                return 0; // as the JNI library: Java passes none
            }
            MemorySegment scratch = FfmSupport.scratch();
            long request = scratch.address() + REQUEST_AT;
            check((int) init.invokeExact(address((Buffer) buf), count, type, peer, tag, comm,
                    request));
            return scratch.get(JAVA_LONG, REQUEST_AT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * {@code staging} is the request's own direct memory (PersistentStaging), into which an
     * array to send ({@code array} not null) is copied first; its bounds were checked when
     * the request was made.
     */
    @Override
    public void prequestStart(long handle, Object array, int kind, ByteBuffer staging,
            int bytes) throws MPIException {
        try {
            if (array != null) {
                copy(array, kind, address(staging), 0, bytes, false);
            }
            MemorySegment scratch = FfmSupport.scratch();
            scratch.set(JAVA_LONG, REQUEST_AT, handle);
            check((int) START.invokeExact(scratch.address() + REQUEST_AT));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void prequestStartAll(long[] handles, int n) throws MPIException {
        try {
            MemorySegment table = table((long) n * 8);
            MemorySegment.copy(handles, 0, table, JAVA_LONG, 0, n);
            check((int) STARTALL.invokeExact(n, table.address()));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public boolean prequestTest(Prequest self, long handle) throws MPIException {
        try {
            MemorySegment scratch = FfmSupport.scratch();
            scratch.set(JAVA_LONG, REQUEST_AT, handle);
            long at = scratch.address();
            int rc = (int) TEST.invokeExact(at + REQUEST_AT, at + INT_AT, FfmAbi.STATUS_IGNORE);
            if (rc != 0) {
                throw failed(self, scratch, rc);
            }
            return scratch.get(JAVA_INT, INT_AT) != 0;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    // ---- array copies (mpi.ArrayCopy, which has checked the staging memory's bounds) ----

    @Override
    public void arrayCopy(Object array, int kind, ByteBuffer staging, int offset, int bytes,
            boolean toArray) {
        try {
            checkArray(array, kind, offset, bytes);
            copy(array, kind, address(staging) + offset, offset, bytes, toArray);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void arrayCopyBlocks(Object array, int kind, ByteBuffer staging, int[] blocks) {
        try {
            int size = elementBytes(kind);
            long base = address(staging);
            for (int k = 0; k + 1 < blocks.length; k += 2) {
                int at = blocks[k];
                int bytes = blocks[k + 1];
                if (at < 0 || bytes < 0 || at % size != 0 || bytes % size != 0) {
                    throw new IllegalArgumentException("a block is not whole elements of the array");
                }
                checkArray(array, kind, at, bytes);
                copy(array, kind, base + at, at, bytes, true);
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * @throws ArrayIndexOutOfBoundsException if bytes {@code [offset, offset + bytes)} are not
     *         within the array, as JNI's Get/Set&lt;Type&gt;ArrayRegion
     */
    private static void checkArray(Object array, int kind, int offset, int bytes) {
        long length = (long) java.lang.reflect.Array.getLength(array) * elementBytes(kind);
        if (offset < 0 || bytes < 0 || offset + (long) bytes > length) {
            throw new ArrayIndexOutOfBoundsException("bytes [" + offset + ", " + offset + " + "
                    + bytes + ") outside an array of " + length + " bytes");
        }
    }
}
