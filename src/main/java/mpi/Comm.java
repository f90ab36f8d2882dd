package mpi;

import static mpi.Backends.COLLECTIVES;
import static mpi.Backends.COMMUNICATORS;
import static mpi.Backends.POINT_TO_POINT;

import java.lang.annotation.Native;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A communicator: point-to-point and collective operations among its processes.
 *
 * <p>Buffers are direct {@link Buffer}s (used in place, from their base address) or Java
 * primitive arrays whose element type matches the {@link Datatype}. A blocking call pins an
 * array for the duration of the call, with no copy. A non-blocking call on an array copies
 * through native memory owned by the returned {@link Request}.
 */
public class Comm implements Freeable {
    /** The MPI_Comm; MPI_COMM_NULL once {@link #free} has run. */
    long handle;
    private int rank = -1; // a communicator's rank and size never change: asked once
    private int size = -1;
    /** The request of the {@link #iDup} that made this communicator, or null. */
    private Request request;

    Comm(long handle) {
        this.handle = handle;
    }

    /** @return the rank of this process in the communicator */
    public final int getRank() throws MPIException {
        MPI.check();
        if (rank < 0) {
            rank = COMMUNICATORS.commRank(handle);
        }
        return rank;
    }

    /** @return whether this is an intercommunicator ({@code MPI_Comm_test_inter}) */
    public final boolean isInter() throws MPIException {
        return COMMUNICATORS.commTestInter(live());
    }

    /** @return the number of processes in the communicator */
    public final int getSize() throws MPIException {
        MPI.check();
        if (size < 0) {
            size = COMMUNICATORS.commSize(handle);
        }
        return size;
    }

    /** @return a duplicate of this communicator ({@code MPI_Comm_dup}) */
    public Comm dup() throws MPIException {
        return new Comm(COMMUNICATORS.commDup(live()));
    }

    /** @return a duplicate with these hints ({@code MPI_Comm_dup_with_info}) */
    public Comm dupWithInfo(Info info) throws MPIException {
        return new Comm(COMMUNICATORS.commDupWithInfo(live(), infoHandle(info)));
    }

    /** @return {@link #dup()}, as Open MPI's bindings name it too */
    @Override
    public Comm clone() {
        return dup();
    }

    /**
     * Starts duplicating this communicator ({@code MPI_Comm_idup}). The new communicator may be
     * used only once the operation completes: wait on its {@link #getRequest()} first.
     *
     * @return the duplicate, not yet usable
     */
    public Comm iDup() throws MPIException {
        long[] started = new long[1];
        return pending(new Comm(COMMUNICATORS.commIdup(live(), started)), started[0]);
    }

    /** @return {@code comm}, made by {@link #iDup}, with its duplication's request */
    static <C extends Comm> C pending(C comm, long request) {
        ((Comm) comm).request = new Request(request, (Object) null);
        return comm;
    }

    /**
     * @return the request of the {@link #iDup} that made this communicator, to complete before
     *         using it; null for a communicator made otherwise
     */
    public final Request getRequest() {
        return request;
    }

    /**
     * Frees the communicator ({@code MPI_Comm_free}). Like C's variable, the object then holds
     * {@code MPI_COMM_NULL}: every later call fails with an {@link MPIException}
     * ({@code MPI_ERR_COMM}) instead of handing MPI a dangling handle.
     */
    public final void free() throws MPIException {
        MPI.check();
        COMMUNICATORS.commFree(handle);
        handle = MPI.COMM_NULL_HANDLE;
        rank = -1;
        size = -1;
        neighbors = null;
        ownNeighborSlots = null;
    }

    /**
     * @return the handle of a communicator that may be used; for the null communicator (a
     *         freed one), an MPIException of class {@code MPI.ERR_COMM}, raised here: some MPI
     *         libraries treat an error on {@code MPI_COMM_NULL} as fatal whatever the handlers
     *         (Open MPI's {@code MPI_Iprobe})
     */
    final long live() {
        MPI.check();
        if (handle == MPI.COMM_NULL_HANDLE) {
            throw new MPIException("the communicator is null (freed or disconnected):"
                    + " MPI_ERR_COMM", MPI.ERR_COMM, MPI.ERR_COMM);
        }
        return handle;
    }

    /** @return whether this is the null communicator, as a freed one or a missing parent is */
    public final boolean isNull() {
        return handle == MPI.COMM_NULL_HANDLE;
    }

    /**
     * Waits for the communication pending on this communicator, then frees it
     * ({@code MPI_Comm_disconnect}): how a spawned or connected group of processes leaves the
     * other. The object then holds {@code MPI_COMM_NULL}, as after {@link #free}.
     */
    public final void disconnect() throws MPIException {
        handle = COMMUNICATORS.commDisconnect(live());
        rank = -1;
        size = -1;
        neighbors = null;
        ownNeighborSlots = null;
    }

    /**
     * Makes an intercommunicator between this communicator's group and another group
     * ({@code MPI_Intercomm_create}), collective over both.
     *
     * @param peerComm     a communicator holding both leaders (significant at the local leader)
     * @param localLeader  the rank, in this communicator, of this group's leader
     * @param remoteLeader the rank, in {@code peerComm}, of the other group's leader
     * @param tag          a tag for the leaders' messages on {@code peerComm}
     */
    public final Intercomm createIntercomm(Comm peerComm, int localLeader, int remoteLeader,
            int tag) throws MPIException {
        long local = live();
        if (peerComm == null) {
            throw new NullPointerException("peerComm is null");
        }
        return new Intercomm(COMMUNICATORS.intercommCreate(local, localLeader,
                peerComm.live(), remoteLeader, tag));
    }

    /**
     * Sets what MPI does when a call on this communicator fails
     * ({@code MPI_Comm_set_errhandler}): {@link MPI#ERRORS_RETURN} (the binding's default), or
     * {@link MPI#ERRORS_ARE_FATAL}.
     */
    public final void setErrhandler(Errhandler errhandler) throws MPIException {
        long comm = live();
        if (errhandler == null) {
            throw new NullPointerException("errhandler is null");
        }
        COMMUNICATORS.commSetErrhandler(comm, errhandler.handle);
    }

    /** @return this communicator's error handler ({@code MPI_Comm_get_errhandler}) */
    public final Errhandler getErrhandler() throws MPIException {
        return Errhandler.of(COMMUNICATORS.commGetErrhandler(live()));
    }

    /**
     * Invokes this communicator's error handler with an error code
     * ({@code MPI_Comm_call_errhandler}): under {@link MPI#ERRORS_ARE_FATAL} the job aborts;
     * under {@link MPI#ERRORS_RETURN} the call returns.
     */
    public final void callErrhandler(int errorCode) throws MPIException {
        COMMUNICATORS.commCallErrhandler(live(), errorCode);
    }

    /** The split type of {@link Intracomm#splitType}: processes that can share memory. */
    public static final int TYPE_SHARED = (int) MpiConstants.value("TYPE_SHARED");

    /**
     * @return how two communicators compare ({@code MPI_Comm_compare}): {@link MPI#IDENT}
     *         (the same), {@link MPI#CONGRUENT} (the same processes in the same order),
     *         {@link MPI#SIMILAR} (in another order) or {@link MPI#UNEQUAL}
     */
    public static int compare(Comm comm1, Comm comm2) throws MPIException {
        if (comm1 == null || comm2 == null) {
            throw new NullPointerException(comm1 == null ? "comm1 is null" : "comm2 is null");
        }
        return COMMUNICATORS.commCompare(comm1.live(), comm2.live());
    }

    /** Names the communicator ({@code MPI_Comm_set_name}), as debuggers and tools show it. */
    public final void setName(String name) throws MPIException {
        long comm = live();
        COMMUNICATORS.commSetName(comm, objectName(name));
    }

    /** @return the communicator's name ({@code MPI_Comm_get_name}; "" if it has none) */
    public final String getName() throws MPIException {
        return COMMUNICATORS.commGetName(live());
    }

    /**
     * @return {@code name}, checked: not null, at most {@code MPI.MAX_OBJECT_NAME - 1} bytes of
     *         UTF-8 (MPI would cut it) and no NUL (C would end it there)
     */
    static String objectName(String name) {
        if (name == null) {
            throw new NullPointerException("name is null");
        }
        if (name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a name cannot hold a NUL character");
        }
        int bytes = name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        if (bytes >= MPI.MAX_OBJECT_NAME) {
            throw new IllegalArgumentException("name of " + bytes + " bytes: at most "
                    + (MPI.MAX_OBJECT_NAME - 1) + " (MPI.MAX_OBJECT_NAME - 1)");
        }
        return name;
    }

    /**
     * Sets hints on this communicator ({@code MPI_Comm_set_info}), collective over it. MPI
     * keeps the hints it knows and may ignore the others.
     */
    public final void setInfo(Info info) throws MPIException {
        long comm = live();
        COMMUNICATORS.commSetInfo(comm, infoHandle(info));
    }

    /**
     * @return the hints MPI uses on this communicator ({@code MPI_Comm_get_info}): a new
     *         {@link Info} to free
     */
    public final Info getInfo() throws MPIException {
        return new Info(COMMUNICATORS.commGetInfo(live()));
    }

    /**
     * @return the communicator's topology ({@code MPI_Topo_test}): {@link MPI#CART},
     *         {@link MPI#GRAPH}, {@link MPI#DIST_GRAPH}, or {@link MPI#UNDEFINED} for none
     */
    public final int getTopology() throws MPIException {
        return COMMUNICATORS.topoTest(live());
    }

    /** @return the handle of hints to pass, which must not be null */
    static long infoHandle(Info info) {
        if (info == null) {
            throw new NullPointerException("info is null; pass MPI.INFO_NULL for no hints");
        }
        return info.handle();
    }

    /** Terminates every process of the communicator ({@code MPI_Abort}). */
    public final void abort(int errorCode) throws MPIException {
        MPI.check();
        COMMUNICATORS.commAbort(handle, errorCode);
    }

    // ---- groups (mpi.Group; native side in mpi_Group.c) ----

    /** @return the group of this communicator's processes ({@code MPI_Comm_group}); free it */
    public Group getGroup() throws MPIException {
        MPI.check();
        return new Group(COMMUNICATORS.commGetGroup(handle));
    }

    // ---- point-to-point ----

    /** Blocking send ({@code MPI_Send}). */
    public final void send(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        MPI.check();
        boolean isArray = BufferArgs.isArray(buf, count, type);
        if (isArray && ThreadStaging.stages(buf, count, type)) {
            ThreadStaging.send(handle, buf, count, type, dest, tag);
            return;
        }
        POINT_TO_POINT.commSend(handle, buf, isArray, count, type.handle, dest, tag);
    }

    /** Blocking receive ({@code MPI_Recv}). */
    public final Status recv(Object buf, int count, Datatype type, int source, int tag)
            throws MPIException {
        MPI.check();
        boolean isArray = BufferArgs.isArray(buf, count, type);
        if (isArray && MPI.neverPin && type.isDerived()) {
            // Staged through iRecv, which copies the whole span both ways (the gaps too).
            return iRecv(buf, count, type, source, tag).waitStatus();
        } else if (isArray && ThreadStaging.stages(buf, count, type)) {
            // The status made here, as below.
            return tag == MPI.ANY_TAG ? ThreadStaging.recvAnyTag(handle, buf, count, type, source)
                    : Status.received(ThreadStaging.recv(handle, buf, count, type, source, tag), tag);
        } else if (tag == MPI.ANY_TAG) {
            Status status = new Status();
            POINT_TO_POINT.commRecvStatus(handle, buf, isArray, count, type.handle, source, tag, status);
            return status;
        }
        // The Status of this, the common path, is made here from the return value and not
        // handed to native code: a caller that only reads it (or drops it) lets the JIT
        // leave it unallocated.
        return Status.received(POINT_TO_POINT.commRecv(handle, buf, isArray, count, type.handle, source, tag),
                tag);
    }

    // ---- send modes, probes ----

    /** Send modes of {@link #sSend}, {@link #bSend}, {@link #rSend} and their i-forms. */
    @Native
    static final int SEND_SYNCHRONOUS = 0, SEND_BUFFERED = 1, SEND_READY = 2;

    /**
     * Synchronous send ({@code MPI_Ssend}): returns once the matching receive has started. A
     * Java array is copied to native memory first (no pin is held while the peer is awaited).
     */
    public final void sSend(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        sendInMode(SEND_SYNCHRONOUS, buf, count, type, dest, tag);
    }

    /**
     * Buffered send ({@code MPI_Bsend}): the message is copied into the buffer attached with
     * {@link MPI#attachBuffer}, and the call returns.
     */
    public final void bSend(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        sendInMode(SEND_BUFFERED, buf, count, type, dest, tag);
    }

    /** Ready send ({@code MPI_Rsend}): the matching receive must already be posted. */
    public final void rSend(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        sendInMode(SEND_READY, buf, count, type, dest, tag);
    }

    private void sendInMode(int mode, Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        long comm = live();
        if (!BufferArgs.isArray(buf, count, type)) {
            POINT_TO_POINT.commSendMode(mode, comm, (Buffer) buf, count, type.handle, dest, tag);
            return;
        }
        int bytes = type.spanBytes(count);
        ByteBuffer staging = StagingPool.acquire(bytes);
        try {
            ArrayCopy.toStaging(buf, staging, bytes);
            POINT_TO_POINT.commSendMode(mode, comm, staging, count, type.handle, dest, tag);
        } finally {
            StagingPool.release(staging);
        }
    }

    /** Non-blocking synchronous send of a direct buffer ({@code MPI_Issend}). */
    public final Request isSend(Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return iSendInMode(SEND_SYNCHRONOUS, buf, count, type, dest, tag);
    }

    /** Non-blocking buffered send of a direct buffer ({@code MPI_Ibsend}). */
    public final Request ibSend(Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return iSendInMode(SEND_BUFFERED, buf, count, type, dest, tag);
    }

    /** Non-blocking ready send of a direct buffer ({@code MPI_Irsend}). */
    public final Request irSend(Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return iSendInMode(SEND_READY, buf, count, type, dest, tag);
    }

    private Request iSendInMode(int mode, Buffer buf, int count, Datatype type, int dest,
            int tag) throws MPIException {
        long comm = live();
        BufferArgs.isArray(buf, count, type); // a direct buffer of room enough, or an exception
        return Request.start(null, POINT_TO_POINT.commIsendMode(mode, comm, buf, count,
                type.handle, dest, tag), buf);
    }

    /**
     * Sends a buffer and receives into the same buffer ({@code MPI_Sendrecv_replace}); a Java
     * array is copied to native memory and back.
     */
    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest,
            int sendtag, int source, int recvtag) throws MPIException {
        long comm = live();
        Status status = new Status();
        if (!BufferArgs.isArray(buf, count, type)) {
            POINT_TO_POINT.commSendRecvReplace(comm, (Buffer) buf, count, type.handle, dest,
                    sendtag, source, recvtag, status);
            return status;
        }
        int bytes = type.spanBytes(count);
        ByteBuffer staging = StagingPool.acquire(bytes);
        try {
            ArrayCopy.toStaging(buf, staging, bytes);
            POINT_TO_POINT.commSendRecvReplace(comm, staging, count, type.handle, dest,
                    sendtag, source, recvtag, status);
            ArrayCopy.toArray(staging, buf, bytes);
        } finally {
            StagingPool.release(staging);
        }
        return status;
    }

    /**
     * Waits for a message that matches and returns its status without receiving it
     * ({@code MPI_Probe}): its source, tag and {@link Status#getCount} for sizing the receive.
     */
    public final Status probe(int source, int tag) throws MPIException {
        long comm = live();
        Status status = new Status();
        POINT_TO_POINT.commProbe(comm, source, tag, status);
        return status;
    }

    /** @return the status of a message that matches if one has arrived, else null ({@code MPI_Iprobe}) */
    public final Status iProbe(int source, int tag) throws MPIException {
        long comm = live();
        Status status = new Status();
        return POINT_TO_POINT.commIprobe(comm, source, tag, status) ? status : null;
    }

    /** Blocking send and receive in one call ({@code MPI_Sendrecv}). */
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest,
            int sendtag, Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        MPI.check();
        boolean sendArray = BufferArgs.isArray(sendbuf, sendcount, sendtype);
        boolean recvArray = BufferArgs.isArray(recvbuf, recvcount, recvtype);
        if ((sendArray || recvArray) && MPI.neverPin) {
            // Never pinned while waiting (ThreadStaging): the receive is staged by iRecv.
            Request received = iRecv(recvbuf, recvcount, recvtype, source, recvtag);
            send(sendbuf, sendcount, sendtype, dest, sendtag);
            return received.waitStatus();
        }
        Status status = new Status();
        POINT_TO_POINT.commSendRecv(handle, sendbuf, sendArray, sendcount, sendtype.handle, dest, sendtag,
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
     * native staging memory before the call returns; sends of the same array pending at the
     * same time share one copy. As in MPI, the array must not be changed until the send
     * completes.
     */
    public final Request iSend(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return iSend(buf, count, type, dest, tag, null);
    }

    // ---- extension: non-blocking point-to-point into a completed Request (no allocation) ----

    /**
     * As {@link #iSend(Buffer, int, Datatype, int, int)}, started in {@code reuse} if it is
     * not null. <b>Extension</b>: Open MPI's Java bindings allocate a {@link Request} per
     * call; this is C's {@code MPI_Isend(..., &request)}, which writes into a request the
     * caller owns. The caller passes a request it has completed ({@link Request#waitFor},
     * {@link Request#waitAll}, a true {@link Request#test}) or freed, and gets the same object
     * back, now standing for this send: a window of calls allocates nothing in the steady
     * state. Any other reference the caller kept to {@code reuse} sees the new operation.
     *
     * @param reuse a completed or freed request to start this send in, or null for a new one
     * @return {@code reuse}, or a new request if it was null (or an MPI error interrupted
     *         its completion, leaving it holding staging memory)
     * @throws IllegalArgumentException if {@code reuse} is still active, or persistent
     */
    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag,
            Request reuse) throws MPIException {
        return iSend((Object) buf, count, type, dest, tag, reuse);
    }

    /**
     * As {@link #iSend(Object, int, Datatype, int, int)}, started in {@code reuse} if it is
     * not null. <b>Extension</b>, as {@link #iSend(Buffer, int, Datatype, int, int, Request)}.
     * A request handed back keeps the staging memory of a Java array of at most 4 KiB when
     * it completes, and its next call stages through it, with no pool
     * ({@link Request#free} returns it).
     *
     * @param reuse a completed or freed request to start this send in, or null for a new one
     * @return {@code reuse}, or a new request if it was null (or an MPI error interrupted
     *         its completion, leaving it holding staging memory)
     * @throws IllegalArgumentException if {@code reuse} is still active, or persistent
     */
    public final Request iSend(Object buf, int count, Datatype type, int dest, int tag,
            Request reuse) throws MPIException {
        MPI.check();
        Request.checkReusable(reuse);
        if (!BufferArgs.isArray(buf, count, type)) {
            return Request.start(reuse, POINT_TO_POINT.commIsend(handle, buf, 0, null, 0, count, type.handle,
                    dest, tag), buf);
        }
        int bytes = type.spanBytes(count);
        ByteBuffer shared = SharedStaging.SENDS.join(buf, bytes);
        if (shared != null) {
            try {
                return Request.start(reuse, POINT_TO_POINT.commIsend(handle, shared, 0, null, 0, count,
                        type.handle, dest, tag), buf, shared, Request.SEND);
            } catch (RuntimeException e) {
                SharedStaging.SENDS.release(buf, shared);
                throw e;
            }
        }
        ByteBuffer staging = Request.stagingFor(reuse, bytes);
        long request;
        try {
            if (ArrayCopy.copiedInJava(buf, staging, bytes)) {
                request = POINT_TO_POINT.commIsend(handle, staging, 0, null, 0, count, type.handle, dest, tag);
            } else {
                // One JNI call copies the array into the staging memory and starts the send.
                request = POINT_TO_POINT.commIsend(handle, buf, ArrayCopy.kindOf(buf), staging, bytes, count,
                        type.handle, dest, tag);
            }
        } catch (RuntimeException e) {
            StagingPool.release(staging);
            throw e;
        }
        SharedStaging.SENDS.offer(buf, staging, bytes);
        return Request.start(reuse, request, buf, staging, Request.SEND);
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
        return iRecv(buf, count, type, source, tag, null);
    }

    /**
     * As {@link #iRecv(Buffer, int, Datatype, int, int)}, started in {@code reuse} if it is
     * not null. <b>Extension</b>, as {@link #iSend(Buffer, int, Datatype, int, int, Request)}.
     *
     * @param reuse a completed or freed request to start this receive in, or null for a new one
     * @return {@code reuse}, or a new request if it was null (or an MPI error interrupted
     *         its completion, leaving it holding staging memory)
     * @throws IllegalArgumentException if {@code reuse} is still active, or persistent
     */
    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag,
            Request reuse) throws MPIException {
        return iRecv((Object) buf, count, type, source, tag, reuse);
    }

    /**
     * As {@link #iRecv(Object, int, Datatype, int, int)}, started in {@code reuse} if it is
     * not null. <b>Extension</b>, as {@link #iSend(Buffer, int, Datatype, int, int, Request)}.
     *
     * @param reuse a completed or freed request to start this receive in, or null for a new one
     * @return {@code reuse}, or a new request if it was null (or an MPI error interrupted
     *         its completion, leaving it holding staging memory)
     * @throws IllegalArgumentException if {@code reuse} is still active, or persistent
     */
    public final Request iRecv(Object buf, int count, Datatype type, int source, int tag,
            Request reuse) throws MPIException {
        MPI.check();
        Request.checkReusable(reuse);
        if (!BufferArgs.isArray(buf, count, type)) {
            return Request.start(reuse, POINT_TO_POINT.commIrecv(handle, buf, count, type.handle, source, tag),
                    buf);
        }
        int bytes = type.spanBytes(count);
        ByteBuffer staging = SharedStaging.RECEIVES.join(buf, bytes);
        if (staging == null) {
            staging = Request.stagingFor(reuse, bytes);
            if (type.isDerived()) {
                // The whole span is copied back on completion: the gaps a derived type
                // leaves must hold the array's own bytes, not stale staging memory.
                ArrayCopy.toStaging(buf, staging, bytes);
            }
            SharedStaging.RECEIVES.offer(buf, staging, bytes);
        }
        try {
            return Request.start(reuse, POINT_TO_POINT.commIrecv(handle, staging, count, type.handle, source, tag),
                    buf, staging, bytes);
        } catch (RuntimeException e) {
            SharedStaging.RECEIVES.release(buf, staging);
            throw e;
        }
    }

    // ---- persistent point-to-point ----

    /** Persistent send of a direct buffer ({@code MPI_Send_init}); {@link Prequest#start} sends. */
    public final Prequest sendInit(Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return Prequest.create(Prequest.K_SEND, handle, buf, count, type, dest, tag);
    }

    /**
     * Persistent send of a direct buffer or a Java array. <b>Extension</b>: Open MPI's Java
     * bindings take only a {@link Buffer}. An array is staged through native memory the
     * request takes now and keeps until {@link Prequest#free}; each start copies the array's
     * current contents in, with no allocation.
     */
    public final Prequest sendInit(Object buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return Prequest.create(Prequest.K_SEND, handle, buf, count, type, dest, tag);
    }

    /** Persistent synchronous-mode send of a direct buffer ({@code MPI_Ssend_init}). */
    public final Prequest sSendInit(Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return Prequest.create(Prequest.K_SSEND, handle, buf, count, type, dest, tag);
    }

    /**
     * Persistent ready-mode send of a direct buffer ({@code MPI_Rsend_init}): each start
     * requires the matching receive to be posted already.
     */
    public final Prequest rSendInit(Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return Prequest.create(Prequest.K_RSEND, handle, buf, count, type, dest, tag);
    }

    /**
     * Persistent buffered-mode send of a direct buffer ({@code MPI_Bsend_init}): each start
     * copies the message into the buffer of {@link MPI#attachBuffer}.
     */
    public final Prequest bSendInit(Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return Prequest.create(Prequest.K_BSEND, live(), buf, count, type, dest, tag);
    }

    /** Persistent receive into a direct buffer ({@code MPI_Recv_init}). */
    public final Prequest recvInit(Buffer buf, int count, Datatype type, int source, int tag)
            throws MPIException {
        return Prequest.create(Prequest.K_RECV, handle, buf, count, type, source, tag);
    }

    /**
     * Persistent receive into a direct buffer or a Java array. <b>Extension</b>: Open MPI's
     * Java bindings take only a {@link Buffer}. An array is filled from the request's staging
     * memory (taken now, kept until {@link Prequest#free}) each time a start completes; until
     * then it must not be read.
     */
    public final Prequest recvInit(Object buf, int count, Datatype type, int source, int tag)
            throws MPIException {
        return Prequest.create(Prequest.K_RECV, handle, buf, count, type, source, tag);
    }

    // ---- collectives ----
    //
    // Every collective maps its arguments once, in CollectiveArgs, onto collective(): argument
    // checks, then either one native call (blocking: arrays pinned for the call) or staging and
    // a Request (non-blocking, persistent). The public methods pass only their mode.
    // Kinds and flags are shared with the C side (javac -h copies them into mpi_Comm.h).

    @Native
    static final int C_BARRIER = 0, C_BCAST = 1, C_REDUCE = 2, C_ALLREDUCE = 3, C_GATHER = 4,
            C_GATHERV = 5, C_SCATTER = 6, C_SCATTERV = 7, C_ALLGATHER = 8, C_ALLGATHERV = 9,
            C_ALLTOALL = 10, C_ALLTOALLV = 11, C_REDUCE_SCATTER = 12,
            C_REDUCE_SCATTER_BLOCK = 13, C_SCAN = 14, C_EXSCAN = 15;
    /** The send buffer is MPI_IN_PLACE. */
    @Native
    static final int F_SEND_IN_PLACE = 0x100;
    /** The receive buffer is MPI_IN_PLACE (scatter and scatterv at the root). */
    @Native
    static final int F_RECV_IN_PLACE = 0x200;
    /** The non-blocking form: returns a request handle. */
    @Native
    static final int F_NONBLOCKING = 0x400;
    /** The persistent form (MPI-4's {@code MPI_<Op>_init}): returns an inactive request. */
    @Native
    static final int F_PERSISTENT = 0x800;
    /** The blocking form: no flag; the mode of {@link CollectiveArgs} beside the two above. */
    static final int BLOCKING = 0;

    /** Blocks until every process has called it ({@code MPI_Barrier}). */
    public final void barrier() throws MPIException {
        CollectiveArgs.barrier(this, BLOCKING);
    }

    /** Non-blocking barrier ({@code MPI_Ibarrier}). */
    public final Request iBarrier() throws MPIException {
        return CollectiveArgs.barrier(this, F_NONBLOCKING);
    }

    /** Broadcasts {@code count} elements from {@code root} ({@code MPI_Bcast}). */
    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        CollectiveArgs.bcast(this, BLOCKING, buf, count, type, root);
    }

    /** Non-blocking broadcast ({@code MPI_Ibcast}). */
    public final Request iBcast(Object buf, int count, Datatype type, int root)
            throws MPIException {
        return CollectiveArgs.bcast(this, F_NONBLOCKING, buf, count, type, root);
    }

    /** Reduces to {@code root} ({@code MPI_Reduce}); {@code recvbuf} may be null off the root. */
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op,
            int root) throws MPIException {
        CollectiveArgs.reduce(this, BLOCKING, sendbuf, recvbuf, count, type, op, root);
    }

    /** In-place reduce: {@code buf} is the send buffer, and at the root also the result. */
    public final void reduce(Object buf, int count, Datatype type, Op op, int root)
            throws MPIException {
        CollectiveArgs.reduce(this, BLOCKING, buf, count, type, op, root);
    }

    /** Non-blocking reduce ({@code MPI_Ireduce}). */
    public final Request iReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op,
            int root) throws MPIException {
        return CollectiveArgs.reduce(this, F_NONBLOCKING, sendbuf, recvbuf, count, type, op, root);
    }

    /** Non-blocking in-place reduce. */
    public final Request iReduce(Object buf, int count, Datatype type, Op op, int root)
            throws MPIException {
        return CollectiveArgs.reduce(this, F_NONBLOCKING, buf, count, type, op, root);
    }

    /** Reduces and gives the result to every process ({@code MPI_Allreduce}). */
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        CollectiveArgs.reduction(this, C_ALLREDUCE | BLOCKING, sendbuf, recvbuf, count, type, op);
    }

    /** In-place allreduce: {@code buf} holds the input and receives the result. */
    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        CollectiveArgs.reduction(this, C_ALLREDUCE | BLOCKING, buf, count, type, op);
    }

    /**
     * Applies an operation locally: {@code inoutbuf[i] = inbuf[i] op inoutbuf[i]}
     * ({@code MPI_Reduce_local}). Java arrays are copied through native memory.
     */
    public static void reduceLocal(Object inbuf, Object inoutbuf, int count, Datatype type,
            Op op) throws MPIException {
        MPI.check();
        if (op == null) {
            throw new NullPointerException("op is null");
        }
        boolean inArray = BufferArgs.isArray(inbuf, count, type);
        boolean inoutArray = BufferArgs.isArray(inoutbuf, count, type);
        op.use(type);
        int bytes = type.spanBytes(count);
        ByteBuffer in = inArray ? StagingPool.acquire(bytes) : null;
        ByteBuffer inout = inoutArray ? StagingPool.acquire(bytes) : null;
        try {
            if (inArray) {
                ArrayCopy.toStaging(inbuf, in, bytes);
            }
            if (inoutArray) {
                ArrayCopy.toStaging(inoutbuf, inout, bytes);
            }
            COLLECTIVES.reduceLocal(inArray ? in : (Buffer) inbuf,
                    inoutArray ? inout : (Buffer) inoutbuf, count, type.handle, op.handle);
            op.rethrow();
            if (inoutArray) {
                ArrayCopy.toArray(inout, inoutbuf, bytes);
            }
        } finally {
            if (in != null) {
                StagingPool.release(in);
            }
            if (inout != null) {
                StagingPool.release(inout);
            }
        }
    }

    /**
     * Packs {@code incount} elements of {@code type} from {@code inbuf} (an array or a direct
     * buffer) into {@code outbuf} from byte {@code position} on ({@code MPI_Pack}), for a
     * message of {@link MPI#PACKED}.
     *
     * @return the position after the packed data, where the next pack starts
     * @throws IndexOutOfBoundsException if {@code position} is outside {@code outbuf} or the
     *                                   data cannot fit after it
     */
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position)
            throws MPIException {
        return Packing.pack(live(), inbuf, incount, type, outbuf, position);
    }

    /**
     * Unpacks {@code outcount} elements of {@code type} from {@code inbuf} at byte
     * {@code position} into {@code outbuf}, an array or a direct buffer ({@code MPI_Unpack}).
     *
     * @return the position after the unpacked data, where the next unpack starts
     * @throws IndexOutOfBoundsException if {@code position} is outside {@code inbuf} or the
     *                                   data cannot be there after it
     */
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount,
            Datatype type) throws MPIException {
        return Packing.unpack(live(), inbuf, position, outbuf, outcount, type);
    }

    /**
     * @return an upper bound of the bytes {@link #pack} takes for {@code incount} elements of
     *         {@code type} ({@code MPI_Pack_size})
     */
    public final int packSize(int incount, Datatype type) throws MPIException {
        return Packing.packSize(live(), incount, type);
    }

    /** Non-blocking allreduce ({@code MPI_Iallreduce}). */
    public final Request iAllReduce(Object sendbuf, Object recvbuf, int count, Datatype type,
            Op op) throws MPIException {
        return CollectiveArgs.reduction(this, C_ALLREDUCE | F_NONBLOCKING, sendbuf, recvbuf, count,
                type, op);
    }

    /** Non-blocking in-place allreduce. */
    public final Request iAllReduce(Object buf, int count, Datatype type, Op op)
            throws MPIException {
        return CollectiveArgs.reduction(this, C_ALLREDUCE | F_NONBLOCKING, buf, count, type, op);
    }

    /** Gathers {@code sendcount} elements from each process at {@code root} ({@code MPI_Gather}). */
    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        CollectiveArgs.gather(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                recvtype, root);
    }

    /**
     * In-place gather: at the root {@code buf} is the whole receive buffer, with the root's own
     * block already in place; elsewhere it is the send buffer of {@code count} elements.
     */
    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        CollectiveArgs.gather(this, BLOCKING, buf, count, type, root);
    }

    /** Non-blocking gather ({@code MPI_Igather}). */
    public final Request iGather(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        return CollectiveArgs.gather(this, F_NONBLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, recvtype, root);
    }

    /** Non-blocking in-place gather. */
    public final Request iGather(Object buf, int count, Datatype type, int root)
            throws MPIException {
        return CollectiveArgs.gather(this, F_NONBLOCKING, buf, count, type, root);
    }

    /** Gathers varying counts at {@code root} ({@code MPI_Gatherv}). */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        CollectiveArgs.gatherv(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                displs, recvtype, root);
    }

    /** In-place gatherv at the root: the root's own block is already in {@code recvbuf}. */
    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype,
            int root) throws MPIException {
        CollectiveArgs.gatherv(this, BLOCKING, recvbuf, recvcount, displs, recvtype, root);
    }

    /** The non-root side of an in-place gatherv. */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root)
            throws MPIException {
        CollectiveArgs.gatherv(this, BLOCKING, sendbuf, sendcount, sendtype, root);
    }

    /** Non-blocking gatherv ({@code MPI_Igatherv}). */
    public final Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        return CollectiveArgs.gatherv(this, F_NONBLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, displs, recvtype, root);
    }

    /** Non-blocking in-place gatherv at the root. */
    public final Request iGatherv(Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype, int root) throws MPIException {
        return CollectiveArgs.gatherv(this, F_NONBLOCKING, recvbuf, recvcount, displs, recvtype,
                root);
    }

    /** Non-blocking non-root side of an in-place gatherv. */
    public final Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype, int root)
            throws MPIException {
        return CollectiveArgs.gatherv(this, F_NONBLOCKING, sendbuf, sendcount, sendtype, root);
    }

    /** Scatters {@code sendcount} elements to each process from {@code root} ({@code MPI_Scatter}). */
    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        CollectiveArgs.scatter(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                recvtype, root);
    }

    /**
     * In-place scatter: at the root {@code buf} is the whole send buffer (its own block stays);
     * elsewhere it is the receive buffer of {@code count} elements.
     */
    public final void scatter(Object buf, int count, Datatype type, int root)
            throws MPIException {
        CollectiveArgs.scatter(this, BLOCKING, buf, count, type, root);
    }

    /** Non-blocking scatter ({@code MPI_Iscatter}). */
    public final Request iScatter(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        return CollectiveArgs.scatter(this, F_NONBLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, recvtype, root);
    }

    /** Non-blocking in-place scatter. */
    public final Request iScatter(Object buf, int count, Datatype type, int root)
            throws MPIException {
        return CollectiveArgs.scatter(this, F_NONBLOCKING, buf, count, type, root);
    }

    /** Scatters varying counts from {@code root} ({@code MPI_Scatterv}). */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        CollectiveArgs.scatterv(this, BLOCKING, sendbuf, sendcount, displs, sendtype, recvbuf,
                recvcount, recvtype, root);
    }

    /** In-place scatterv at the root: the root's own block stays in {@code sendbuf}. */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
            int root) throws MPIException {
        CollectiveArgs.scatterv(this, BLOCKING, sendbuf, sendcount, displs, sendtype, root);
    }

    /** The non-root side of an in-place scatterv. */
    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        CollectiveArgs.scatterv(this, BLOCKING, recvbuf, recvcount, recvtype, root);
    }

    /** Non-blocking scatterv ({@code MPI_Iscatterv}). */
    public final Request iScatterv(Object sendbuf, int[] sendcount, int[] displs,
            Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        return CollectiveArgs.scatterv(this, F_NONBLOCKING, sendbuf, sendcount, displs, sendtype,
                recvbuf, recvcount, recvtype, root);
    }

    /** Non-blocking in-place scatterv at the root. */
    public final Request iScatterv(Object sendbuf, int[] sendcount, int[] displs,
            Datatype sendtype, int root) throws MPIException {
        return CollectiveArgs.scatterv(this, F_NONBLOCKING, sendbuf, sendcount, displs, sendtype,
                root);
    }

    /** Non-blocking non-root side of an in-place scatterv. */
    public final Request iScatterv(Object recvbuf, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        return CollectiveArgs.scatterv(this, F_NONBLOCKING, recvbuf, recvcount, recvtype, root);
    }

    /** Gathers {@code sendcount} elements from each process at every process ({@code MPI_Allgather}). */
    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        CollectiveArgs.allGather(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                recvtype);
    }

    /** In-place allgather: each process's block is already in place in {@code buf}. */
    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        CollectiveArgs.allGather(this, BLOCKING, buf, count, type);
    }

    /** Non-blocking allgather ({@code MPI_Iallgather}). */
    public final Request iAllGather(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return CollectiveArgs.allGather(this, F_NONBLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, recvtype);
    }

    /** Non-blocking in-place allgather. */
    public final Request iAllGather(Object buf, int count, Datatype type) throws MPIException {
        return CollectiveArgs.allGather(this, F_NONBLOCKING, buf, count, type);
    }

    /** Allgather with varying counts ({@code MPI_Allgatherv}). */
    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        CollectiveArgs.allGatherv(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                displs, recvtype);
    }

    /** In-place allgatherv. */
    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype) throws MPIException {
        CollectiveArgs.allGatherv(this, BLOCKING, recvbuf, recvcount, displs, recvtype);
    }

    /** Non-blocking allgatherv ({@code MPI_Iallgatherv}). */
    public final Request iAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        return CollectiveArgs.allGatherv(this, F_NONBLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, displs, recvtype);
    }

    /** Non-blocking in-place allgatherv. */
    public final Request iAllGatherv(Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype) throws MPIException {
        return CollectiveArgs.allGatherv(this, F_NONBLOCKING, recvbuf, recvcount, displs, recvtype);
    }

    /** Sends block i to process i and receives block i from it ({@code MPI_Alltoall}). */
    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        CollectiveArgs.allToAll(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                recvtype);
    }

    /** In-place alltoall: {@code buf} holds the blocks to send and receives the blocks. */
    public final void allToAll(Object buf, int count, Datatype type) throws MPIException {
        CollectiveArgs.allToAll(this, BLOCKING, buf, count, type);
    }

    /** Non-blocking alltoall ({@code MPI_Ialltoall}). */
    public final Request iAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return CollectiveArgs.allToAll(this, F_NONBLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, recvtype);
    }

    /** Non-blocking in-place alltoall. */
    public final Request iAllToAll(Object buf, int count, Datatype type) throws MPIException {
        return CollectiveArgs.allToAll(this, F_NONBLOCKING, buf, count, type);
    }

    /** Alltoall with varying counts ({@code MPI_Alltoallv}). */
    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        CollectiveArgs.allToAllv(this, BLOCKING, sendbuf, sendcount, sdispls, sendtype, recvbuf,
                recvcount, rdispls, recvtype);
    }

    /** In-place alltoallv. */
    public final void allToAllv(Object buf, int[] count, int[] displs, Datatype type)
            throws MPIException {
        CollectiveArgs.allToAllv(this, BLOCKING, buf, count, displs, type);
    }

    /** Non-blocking alltoallv ({@code MPI_Ialltoallv}). */
    public final Request iAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        return CollectiveArgs.allToAllv(this, F_NONBLOCKING, sendbuf, sendcount, sdispls, sendtype,
                recvbuf, recvcount, rdispls, recvtype);
    }

    /** Non-blocking in-place alltoallv. */
    public final Request iAllToAllv(Object buf, int[] count, int[] displs, Datatype type)
            throws MPIException {
        return CollectiveArgs.allToAllv(this, F_NONBLOCKING, buf, count, displs, type);
    }

    /** Reduces, then scatters {@code recvcounts[i]} elements to process i ({@code MPI_Reduce_scatter}). */
    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts,
            Datatype type, Op op) throws MPIException {
        CollectiveArgs.reduceScatter(this, BLOCKING, sendbuf, recvbuf, recvcounts, type, op);
    }

    /** In-place reduce-scatter: {@code buf} holds all the input; this process's block comes first. */
    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op)
            throws MPIException {
        CollectiveArgs.reduceScatter(this, BLOCKING, buf, counts, type, op);
    }

    /** Non-blocking reduce-scatter ({@code MPI_Ireduce_scatter}). */
    public final Request iReduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts,
            Datatype type, Op op) throws MPIException {
        return CollectiveArgs.reduceScatter(this, F_NONBLOCKING, sendbuf, recvbuf, recvcounts, type,
                op);
    }

    /** Non-blocking in-place reduce-scatter. */
    public final Request iReduceScatter(Object buf, int[] counts, Datatype type, Op op)
            throws MPIException {
        return CollectiveArgs.reduceScatter(this, F_NONBLOCKING, buf, counts, type, op);
    }

    /** Reduce-scatter with {@code recvcount} elements for every process ({@code MPI_Reduce_scatter_block}). */
    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount,
            Datatype type, Op op) throws MPIException {
        CollectiveArgs.reduceScatterBlock(this, BLOCKING, sendbuf, recvbuf, recvcount, type, op);
    }

    /** In-place reduce-scatter-block: {@code buf} holds all the input; the result comes first. */
    public final void reduceScatterBlock(Object buf, int recvcount, Datatype type, Op op)
            throws MPIException {
        CollectiveArgs.reduceScatterBlock(this, BLOCKING, buf, recvcount, type, op);
    }

    /** Non-blocking reduce-scatter-block ({@code MPI_Ireduce_scatter_block}). */
    public final Request iReduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount,
            Datatype type, Op op) throws MPIException {
        return CollectiveArgs.reduceScatterBlock(this, F_NONBLOCKING, sendbuf, recvbuf, recvcount,
                type, op);
    }

    /** Non-blocking in-place reduce-scatter-block. */
    public final Request iReduceScatterBlock(Object buf, int recvcount, Datatype type, Op op)
            throws MPIException {
        return CollectiveArgs.reduceScatterBlock(this, F_NONBLOCKING, buf, recvcount, type, op);
    }

    // ---- neighborhood collectives ----
    //
    // MPI_Neighbor_* on a communicator with a topology (CartComm, GraphComm): each process
    // receives a block from each of its in-neighbours (sources) and sends to each of its
    // out-neighbours (destinations), in the order the topology lists them. Count and
    // displacement arrays have one entry per neighbour; only the first in- or out-degree
    // entries are read, and Java checks they exist. Both forms map their arguments once in
    // CollectiveArgs, like the other collectives; alltoallw, which has datatype arrays and
    // byte displacements, has a native call of its own.

    @Native
    static final int C_NEIGHBOR_ALLGATHER = 40, C_NEIGHBOR_ALLGATHERV = 41,
            C_NEIGHBOR_ALLTOALL = 42, C_NEIGHBOR_ALLTOALLV = 43;
    /**
     * Native bytes per neighbour of an alltoallw's converted arguments (an MPI_Aint
     * displacement, a count (an MPI_Count from MPI 4.0 on, see mpi_Comm.c) and an
     * MPI_Datatype, each at most 8 bytes), plus slack to align them.
     */
    @Native
    static final int W_NEIGHBOR_BYTES = 24, W_ALIGN_BYTES = 8;
    /** {in-degree, out-degree, sources..., destinations...}; a topology never changes: asked once. */
    private int[] neighbors;
    /** Where this process is its own neighbour, see {@link #ownNeighborSlots}; asked once. */
    private int[][] ownNeighborSlots;

    /**
     * Sends the same block to every out-neighbour and receives one from each in-neighbour
     * ({@code MPI_Neighbor_allgather}); {@code recvbuf} holds the blocks in the order of the
     * sources.
     */
    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        CollectiveArgs.neighborAllGather(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, recvtype);
    }

    /**
     * Neighbour allgather with a count and a displacement (in elements) per in-neighbour
     * ({@code MPI_Neighbor_allgatherv}).
     */
    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        CollectiveArgs.neighborAllGatherv(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, displs, recvtype);
    }

    /**
     * Sends block i to out-neighbour i and receives block j from in-neighbour j
     * ({@code MPI_Neighbor_alltoall}).
     */
    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        CollectiveArgs.neighborAllToAll(this, BLOCKING, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, recvtype);
    }

    /**
     * Neighbour alltoall with a count and a displacement (in elements) per neighbour
     * ({@code MPI_Neighbor_alltoallv}).
     */
    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        CollectiveArgs.neighborAllToAllv(this, BLOCKING, sendbuf, sendcount, sdispls, sendtype,
                recvbuf, recvcount, rdispls, recvtype);
    }

    /**
     * Non-blocking neighbour allgather ({@code MPI_Ineighbor_allgather}) on a direct buffer
     * or a Java array (staged, as in {@link #iAllGather(Object, int, Datatype, Object, int,
     * Datatype)}). The {@code Object} form is an extension: Open MPI's takes only
     * {@link Buffer}s.
     */
    public final Request iNeighborAllGather(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return CollectiveArgs.neighborAllGather(this, F_NONBLOCKING, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, recvtype);
    }

    /**
     * Non-blocking neighbour allgatherv ({@code MPI_Ineighbor_allgatherv}); the
     * {@code Object} form (arrays) is an extension.
     */
    public final Request iNeighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        return CollectiveArgs.neighborAllGatherv(this, F_NONBLOCKING, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, displs, recvtype);
    }

    /**
     * Non-blocking neighbour alltoall ({@code MPI_Ineighbor_alltoall}); the {@code Object}
     * form (arrays) is an extension.
     */
    public final Request iNeighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return CollectiveArgs.neighborAllToAll(this, F_NONBLOCKING, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, recvtype);
    }

    /**
     * Non-blocking neighbour alltoallv ({@code MPI_Ineighbor_alltoallv}); the {@code Object}
     * form (arrays) is an extension.
     */
    public final Request iNeighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        return CollectiveArgs.neighborAllToAllv(this, F_NONBLOCKING, sendbuf, sendcount, sdispls,
                sendtype, recvbuf, recvcount, rdispls, recvtype);
    }

    /**
     * Open MPI's signature of
     * {@link #iNeighborAllGather(Object, int, Datatype, Object, int, Datatype)}, for direct
     * buffers.
     */
    public final Request iNeighborAllGather(Buffer sendbuf, int sendcount, Datatype sendtype,
            Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return iNeighborAllGather((Object) sendbuf, sendcount, sendtype, (Object) recvbuf,
                recvcount, recvtype);
    }

    /**
     * Open MPI's signature of
     * {@link #iNeighborAllGatherv(Object, int, Datatype, Object, int[], int[], Datatype)},
     * for direct buffers.
     */
    public final Request iNeighborAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype,
            Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        return iNeighborAllGatherv((Object) sendbuf, sendcount, sendtype, (Object) recvbuf,
                recvcount, displs, recvtype);
    }

    /**
     * Open MPI's signature of
     * {@link #iNeighborAllToAll(Object, int, Datatype, Object, int, Datatype)}, for direct
     * buffers.
     */
    public final Request iNeighborAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype,
            Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return iNeighborAllToAll((Object) sendbuf, sendcount, sendtype, (Object) recvbuf,
                recvcount, recvtype);
    }

    /**
     * Open MPI's signature of
     * {@link #iNeighborAllToAllv(Object, int[], int[], Datatype, Object, int[], int[], Datatype)},
     * for direct buffers.
     */
    public final Request iNeighborAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        return iNeighborAllToAllv((Object) sendbuf, sendcount, sdispls, sendtype,
                (Object) recvbuf, recvcount, rdispls, recvtype);
    }

    /**
     * Neighbour alltoall with a count, a displacement in <em>bytes</em> and a datatype per
     * neighbour ({@code MPI_Neighbor_alltoallw}). An extension: Open MPI's Java bindings lack
     * it. As in MPI, the displacements are bytes from the start of the buffer, whatever its
     * element type (the native side widens them to {@code MPI_Aint}); a Java array's element
     * type must match every datatype used on it.
     *
     * @param sendBuf   the blocks for the out-neighbours: a direct buffer or an array
     * @param sendCount elements of {@code sendTypes[i]} for out-neighbour i
     * @param sDispls   where block i starts in {@code sendBuf}, in bytes
     * @param sendTypes the datatype of block i
     * @param recvBuf   the blocks from the in-neighbours: a direct buffer or an array
     * @param recvCount elements of {@code recvTypes[j]} from in-neighbour j
     * @param rDispls   where block j lands in {@code recvBuf}, in bytes
     * @param recvTypes the datatype of block j
     * @throws IllegalArgumentException if an array has fewer entries than the neighbours,
     *                                  or a count or displacement is negative
     */
    public final void neighborAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        MPI.check();
        int out = outDegree();
        int in = inDegree();
        long sendBytes = wExtent(sendCount, sDispls, sendTypes, out, false);
        long recvBytes = wExtent(recvCount, rDispls, recvTypes, in, true);
        checkOwnNeighborBlocksW(sendCount, sendTypes, recvCount, recvTypes);
        boolean sendArray = wIsArray(sendBuf, sendBytes, sendTypes, out);
        boolean recvArray = wIsArray(recvBuf, recvBytes, recvTypes, in);
        if ((sendArray || recvArray) && MPI.neverPin) { // staged as the non-blocking form
            iNeighborAllToAllw(sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount,
                    rDispls, recvTypes).waitFor();
            return;
        }
        COLLECTIVES.commNeighborAllToAllw(handle, out == 0 ? null : sendBuf, sendArray,
                sendCount, sDispls, sendTypes, out, in == 0 ? null : recvBuf, recvArray,
                recvCount, rDispls, recvTypes, in, null);
    }

    /**
     * Non-blocking {@link #neighborAllToAllw} ({@code MPI_Ineighbor_alltoallw}) on direct
     * buffers or Java arrays (staged). An extension: Open MPI's Java bindings lack it. The
     * count, displacement and datatype arrays are copied before the call returns.
     */
    public final Request iNeighborAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        MPI.check();
        int out = outDegree();
        int in = inDegree();
        long sendBytes = wExtent(sendCount, sDispls, sendTypes, out, false);
        long recvBytes = wExtent(recvCount, rDispls, recvTypes, in, true);
        checkOwnNeighborBlocksW(sendCount, sendTypes, recvCount, recvTypes);
        boolean sendArray = wIsArray(sendBuf, sendBytes, sendTypes, out);
        boolean recvArray = wIsArray(recvBuf, recvBytes, recvTypes, in);
        // Only the received blocks go back into an array; blocks at byte displacements that
        // split its elements cannot be copied alone: the array is copied in then, so that
        // copying back the whole leaves its gaps as they were.
        boolean byBlocks = recvArray
                && ReceiveBlocks.aligned(rDispls, in, recvTypes[0].getSize());
        int[] blocks = byBlocks
                ? ReceiveBlocks.of(recvCount, rDispls, in, 1, recvTypes, null, recvBytes)
                : null;
        Staged staged = new Staged();
        try {
            Object send = staged.add(out == 0 ? null : sendBuf, sendArray,
                    Math.toIntExact(sendBytes), true, false);
            Object recv = staged.addReceive(in == 0 ? null : recvBuf, recvArray,
                    Math.toIntExact(recvBytes), recvArray && !byBlocks, blocks);
            // MPI reads the converted counts, displacements and datatypes until completion.
            ByteBuffer args = staged.addScratch(
                    Math.addExact(Math.multiplyExact(in + out, W_NEIGHBOR_BYTES), W_ALIGN_BYTES));
            long h = COLLECTIVES.commNeighborAllToAllw(handle, send, false, sendCount, sDispls, sendTypes, out,
                    recv, false, recvCount, rDispls, recvTypes, in, args);
            return new Request(h, staged);
        } catch (RuntimeException e) {
            staged.abandon();
            throw e;
        }
    }

    /**
     * {@link #iNeighborAllToAllw(Object, int[], int[], Datatype[], Object, int[], int[],
     * Datatype[])} for direct buffers, in the style of Open MPI's {@code iAllToAllw}. An
     * extension: Open MPI's Java bindings lack it.
     */
    public final Request iNeighborAllToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        return iNeighborAllToAllw((Object) sendBuf, sendCount, sDispls, sendTypes,
                (Object) recvBuf, recvCount, rDispls, recvTypes);
    }

    /** @return the elements of one block from each in-neighbour, checked against overflow */
    final int fromSources(int count) throws MPIException {
        return Math.multiplyExact(count, inDegree());
    }

    /** @return the elements of one block to each out-neighbour, checked against overflow */
    final int toDestinations(int count) throws MPIException {
        return Math.multiplyExact(count, outDegree());
    }

    final int inDegree() throws MPIException {
        return neighbors()[0];
    }

    final int outDegree() throws MPIException {
        return neighbors()[1];
    }

    private int[] neighbors() throws MPIException {
        if (neighbors == null) {
            neighbors = COLLECTIVES.commNeighbors(handle);
        }
        return neighbors;
    }

    /**
     * @param sources whether the arrays are the receive side's (one entry per in-neighbour)
     *                or the send side's (per out-neighbour), for messages
     * @return the elements a buffer with these counts and displacements must hold
     */
    static int neighborExtent(int[] counts, int[] displs, int degree, boolean sources) {
        checkPerNeighbor(counts, degree, sources, "counts");
        checkPerNeighbor(displs, degree, sources, "displacements");
        long extent = 0;
        for (int i = 0; i < degree; i++) {
            if (counts[i] < 0 || displs[i] < 0) {
                throw new IllegalArgumentException("negative count or displacement for "
                        + neighbor(sources) + " " + i);
            }
            extent = Math.max(extent, (long) displs[i] + counts[i]);
        }
        return Math.toIntExact(extent);
    }

    /** @return the bytes a buffer with these counts, byte displacements and types must hold */
    private static long wExtent(int[] counts, int[] displs, Datatype[] types, int degree,
            boolean sources) {
        checkPerNeighbor(counts, degree, sources, "counts");
        checkPerNeighbor(displs, degree, sources, "displacements");
        if (types == null) {
            throw new NullPointerException("datatypes is null");
        }
        if (types.length < degree) {
            throw new IllegalArgumentException("datatypes has " + types.length + " entries for "
                    + degree + " " + neighbor(sources) + "s");
        }
        long extent = 0;
        for (int i = 0; i < degree; i++) {
            if (counts[i] < 0 || displs[i] < 0) {
                throw new IllegalArgumentException("negative count or displacement for "
                        + neighbor(sources) + " " + i);
            }
            if (types[i] == null) {
                throw new NullPointerException("the datatype for " + neighbor(sources) + " "
                        + i + " is null");
            }
            extent = Math.max(extent, displs[i] + types[i].span(counts[i]));
        }
        return extent;
    }

    /**
     * Checks that an alltoallw buffer holds {@code bytes}: a direct buffer, or an array whose
     * element type is that of every datatype used on it. A null buffer is allowed where
     * nothing is sent or received.
     *
     * @return whether {@code buf} is a Java array
     */
    private static boolean wIsArray(Object buf, long bytes, Datatype[] types, int degree) {
        if (buf == null && bytes == 0 || degree == 0) {
            return false; // with no neighbours on this side, the buffer is not passed on
        }
        Datatype first = types[0];
        if (buf instanceof Buffer) {
            // Only the capacity matters for a direct buffer: count the bytes as MPI.BYTEs.
            return BufferArgs.isArray(buf, Math.toIntExact(bytes), MPI.BYTE);
        }
        for (int i = 1; i < degree; i++) {
            if (buf != null && types[i].arrayLength(buf) < 0) {
                BufferArgs.isArray(buf, 0, types[i]); // throws: names the mismatch
            }
        }
        int size = first.baseSize();
        boolean isArray = BufferArgs.isArray(buf, 0, first);
        if (isArray) {
            refuseDerivedInArray(types, degree);
            BufferArgs.isArray(buf, Math.toIntExact((bytes + size - 1) / size), first);
        }
        return isArray;
    }

    private static void checkPerNeighbor(int[] values, int degree, boolean sources,
            String what) {
        if (values == null) {
            throw new NullPointerException(what + " is null");
        }
        if (values.length < degree) {
            throw new IllegalArgumentException(what + " has " + values.length + " entries for "
                    + degree + " " + neighbor(sources) + "s");
        }
    }

    private static String neighbor(boolean sources) {
        return sources ? "in-neighbour" : "out-neighbour";
    }

    // ---- Open MPI's direct-buffer signatures of the non-blocking collectives ----
    //
    // Open MPI's Java bindings declare these with java.nio.Buffer parameters; the Object
    // overloads above also take Java arrays. Code compiled against Open MPI's mpi.jar links
    // to these, so they exist with its exact signatures.

    /** Open MPI's signature of {@link #iAllGather(Object, int, Datatype)}, for direct buffers. */
    public final Request iAllGather(Buffer buf, int count, Datatype type) throws MPIException {
        return iAllGather((Object) buf, count, type);
    }

    /**
     * Open MPI's signature of
     * {@link #iAllGather(Object, int, Datatype, Object, int, Datatype)},
     * for direct buffers.
     */
    public final Request iAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        return iAllGather((Object) sendbuf, sendcount, sendtype, (Object) recvbuf, recvcount,
                recvtype);
    }

    /**
     * Open MPI's signature of
     * {@link #iAllGatherv(Object, int, Datatype, Object, int[], int[], Datatype)},
     * for direct buffers.
     */
    public final Request iAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype,
            Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        return iAllGatherv((Object) sendbuf, sendcount, sendtype, (Object) recvbuf, recvcount,
                displs, recvtype);
    }

    /**
     * Open MPI's signature of
     * {@link #iAllGatherv(Object, int[], int[], Datatype)},
     * for direct buffers.
     */
    public final Request iAllGatherv(Buffer recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype) throws MPIException {
        return iAllGatherv((Object) recvbuf, recvcount, displs, recvtype);
    }

    /**
     * Open MPI's signature of
     * {@link #iAllReduce(Object, int, Datatype, Op)},
     * for direct buffers.
     */
    public final Request iAllReduce(Buffer buf, int count, Datatype type,
            Op op) throws MPIException {
        return iAllReduce((Object) buf, count, type, op);
    }

    /**
     * Open MPI's signature of
     * {@link #iAllReduce(Object, Object, int, Datatype, Op)},
     * for direct buffers.
     */
    public final Request iAllReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type,
            Op op) throws MPIException {
        return iAllReduce((Object) sendbuf, (Object) recvbuf, count, type, op);
    }

    /**
     * Open MPI's signature of
     * {@link #iAllToAll(Object, int, Datatype, Object, int, Datatype)},
     * for direct buffers.
     */
    public final Request iAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        return iAllToAll((Object) sendbuf, sendcount, sendtype, (Object) recvbuf, recvcount,
                recvtype);
    }

    /**
     * Open MPI's signature of
     * {@link #iAllToAllv(Object, int[], int[], Datatype, Object, int[], int[], Datatype)},
     * for direct buffers.
     */
    public final Request iAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        return iAllToAllv((Object) sendbuf, sendcount, sdispls, sendtype, (Object) recvbuf,
                recvcount, rdispls, recvtype);
    }

    /** Open MPI's signature of {@link #iBcast(Object, int, Datatype, int)}, for direct buffers. */
    public final Request iBcast(Buffer buf, int count, Datatype type,
            int root) throws MPIException {
        return iBcast((Object) buf, count, type, root);
    }

    /** Open MPI's signature of {@link #iGather(Object, int, Datatype, int)}, for direct buffers. */
    public final Request iGather(Buffer buf, int count, Datatype type,
            int root) throws MPIException {
        return iGather((Object) buf, count, type, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iGather(Object, int, Datatype, Object, int, Datatype, int)},
     * for direct buffers.
     */
    public final Request iGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        return iGather((Object) sendbuf, sendcount, sendtype, (Object) recvbuf, recvcount, recvtype,
                root);
    }

    /**
     * Open MPI's signature of
     * {@link #iGatherv(Object, int, Datatype, int)},
     * for direct buffers.
     */
    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype,
            int root) throws MPIException {
        return iGatherv((Object) sendbuf, sendcount, sendtype, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iGatherv(Object, int, Datatype, Object, int[], int[], Datatype, int)},
     * for direct buffers.
     */
    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        return iGatherv((Object) sendbuf, sendcount, sendtype, (Object) recvbuf, recvcount, displs,
                recvtype, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iGatherv(Object, int[], int[], Datatype, int)},
     * for direct buffers.
     */
    public final Request iGatherv(Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype,
            int root) throws MPIException {
        return iGatherv((Object) recvbuf, recvcount, displs, recvtype, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iReduce(Object, int, Datatype, Op, int)},
     * for direct buffers.
     */
    public final Request iReduce(Buffer buf, int count, Datatype type, Op op,
            int root) throws MPIException {
        return iReduce((Object) buf, count, type, op, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iReduce(Object, Object, int, Datatype, Op, int)},
     * for direct buffers.
     */
    public final Request iReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op,
            int root) throws MPIException {
        return iReduce((Object) sendbuf, (Object) recvbuf, count, type, op, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iReduceScatter(Object, int[], Datatype, Op)},
     * for direct buffers.
     */
    public final Request iReduceScatter(Buffer buf, int[] counts, Datatype type,
            Op op) throws MPIException {
        return iReduceScatter((Object) buf, counts, type, op);
    }

    /**
     * Open MPI's signature of
     * {@link #iReduceScatter(Object, Object, int[], Datatype, Op)},
     * for direct buffers.
     */
    public final Request iReduceScatter(Buffer sendbuf, Buffer recvbuf, int[] recvcounts,
            Datatype type, Op op) throws MPIException {
        return iReduceScatter((Object) sendbuf, (Object) recvbuf, recvcounts, type, op);
    }

    /**
     * Open MPI's signature of
     * {@link #iReduceScatterBlock(Object, int, Datatype, Op)},
     * for direct buffers.
     */
    public final Request iReduceScatterBlock(Buffer buf, int recvcount, Datatype type,
            Op op) throws MPIException {
        return iReduceScatterBlock((Object) buf, recvcount, type, op);
    }

    /**
     * Open MPI's signature of
     * {@link #iReduceScatterBlock(Object, Object, int, Datatype, Op)},
     * for direct buffers.
     */
    public final Request iReduceScatterBlock(Buffer sendbuf, Buffer recvbuf, int recvcount,
            Datatype type, Op op) throws MPIException {
        return iReduceScatterBlock((Object) sendbuf, (Object) recvbuf, recvcount, type, op);
    }

    /**
     * Open MPI's signature of
     * {@link #iScatter(Object, int, Datatype, int)},
     * for direct buffers.
     */
    public final Request iScatter(Buffer buf, int count, Datatype type,
            int root) throws MPIException {
        return iScatter((Object) buf, count, type, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iScatter(Object, int, Datatype, Object, int, Datatype, int)},
     * for direct buffers.
     */
    public final Request iScatter(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        return iScatter((Object) sendbuf, sendcount, sendtype, (Object) recvbuf, recvcount, recvtype,
                root);
    }

    /**
     * Open MPI's signature of
     * {@link #iScatterv(Object, int, Datatype, int)},
     * for direct buffers.
     */
    public final Request iScatterv(Buffer recvbuf, int recvcount, Datatype recvtype,
            int root) throws MPIException {
        return iScatterv((Object) recvbuf, recvcount, recvtype, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iScatterv(Object, int[], int[], Datatype, int)},
     * for direct buffers.
     */
    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
            int root) throws MPIException {
        return iScatterv((Object) sendbuf, sendcount, displs, sendtype, root);
    }

    /**
     * Open MPI's signature of
     * {@link #iScatterv(Object, int[], int[], Datatype, Object, int, Datatype, int)},
     * for direct buffers.
     */
    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
            Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        return iScatterv((Object) sendbuf, sendcount, displs, sendtype, (Object) recvbuf, recvcount,
                recvtype, root);
    }

    // ---- all-to-allw: a datatype per block, displacements in bytes ----

    /**
     * Sends block i to process i and receives block i from it, each block with its own
     * count, byte displacement and datatype ({@code MPI_Alltoallw}): Open MPI's signature,
     * for direct buffers.
     *
     * @param sendBuf   the blocks to send
     * @param sendCount the count of the block for each process, in elements of its type
     * @param sDispls   where each block to send starts, in bytes from the buffer's start
     * @param sendTypes the datatype of each block to send
     * @param recvBuf   receives the blocks
     * @param recvCount the count of the block from each process
     * @param rDispls   where each received block starts, in bytes
     * @param recvTypes the datatype of each block received
     */
    public final void allToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        allToAllw((Object) sendBuf, sendCount, sDispls, sendTypes, (Object) recvBuf, recvCount,
                rDispls, recvTypes);
    }

    /**
     * {@link #allToAllw(Buffer, int[], int[], Datatype[], Buffer, int[], int[], Datatype[])}
     * on direct buffers or Java arrays, pinned for the call with no copy. Extension: Open
     * MPI's blocking allToAllw takes only direct buffers. An array must be of every block's
     * element type, and each displacement a whole number of elements.
     */
    public final void allToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        MPI.check();
        intraOnly(C_ALLTOALLV); // the w-form: the same blocks per process
        boolean sendArray = allToAllwBuffer(sendBuf, sendCount, sDispls, sendTypes);
        boolean recvArray = allToAllwBuffer(recvBuf, recvCount, rDispls, recvTypes);
        int me = getRank();
        OwnBlocks.check("alltoallw", sendCount[me], sendTypes[me], recvCount[me],
                recvTypes[me]);
        if ((sendArray || recvArray) && MPI.neverPin) { // staged as the non-blocking form
            iAllToAllw(sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount, rDispls,
                    recvTypes).waitFor();
            return;
        }
        COLLECTIVES.commAllToAllw(handle, 0, sendBuf, sendArray, sendCount, sDispls,
                typeHandles(sendTypes, 0), recvBuf, recvArray, recvCount, rDispls,
                typeHandles(recvTypes, 1));
    }

    /**
     * Non-blocking all-to-allw ({@code MPI_Ialltoallw}): Open MPI's signature, for direct
     * buffers. The count, displacement and type arrays are copied: they may change once this
     * returns.
     *
     * @see #allToAllw(Buffer, int[], int[], Datatype[], Buffer, int[], int[], Datatype[])
     */
    public final Request iAllToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        return iAllToAllw((Object) sendBuf, sendCount, sDispls, sendTypes, (Object) recvBuf,
                recvCount, rDispls, recvTypes);
    }

    /**
     * Non-blocking all-to-allw on direct buffers or Java arrays; arrays are staged in native
     * memory as in the other non-blocking collectives. Extension: Open MPI's iAllToAllw takes
     * only direct buffers.
     */
    public final Request iAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        return allToAllwRequest(F_NONBLOCKING, sendBuf, sendCount, sDispls, sendTypes, recvBuf,
                recvCount, rDispls, recvTypes);
    }

    /**
     * The non-blocking ({@link #F_NONBLOCKING}) or persistent ({@link #F_PERSISTENT})
     * all-to-allw: arrays, counts, displacements and types staged in native memory the request
     * keeps.
     */
    final Request allToAllwRequest(int mode, Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        MPI.check();
        intraOnly(C_ALLTOALLV); // the w-form: the same blocks per process
        if (mode == F_PERSISTENT) {
            Prequest.checkPersistentCollectives();
        }
        boolean sendArray = allToAllwBuffer(sendBuf, sendCount, sDispls, sendTypes);
        boolean recvArray = allToAllwBuffer(recvBuf, recvCount, rDispls, recvTypes);
        int me = getRank();
        OwnBlocks.check("alltoallw", sendCount[me], sendTypes[me], recvCount[me],
                recvTypes[me]);
        Staged staged = new Staged();
        try {
            Object send = staged.add(sendBuf, sendArray, allToAllwBytes(sendCount, sDispls,
                    sendTypes), true, false);
            // Copied in too: the copy back covers the gaps between blocks, which must keep
            // the array's data.
            Object recv = staged.add(recvBuf, recvArray, allToAllwBytes(recvCount, rDispls,
                    recvTypes), true, true);
            long h = COLLECTIVES.commAllToAllw(handle, mode, send, false, staged.addInts(sendCount),
                    staged.addInts(sDispls), staged.addLongs(typeHandles(sendTypes, 0)), recv,
                    false, staged.addInts(recvCount), staged.addInts(rDispls),
                    staged.addLongs(typeHandles(recvTypes, 1)));
            return mode == F_PERSISTENT ? Prequest.collective(h, staged) : new Request(h, staged);
        } catch (RuntimeException e) {
            staged.abandon();
            throw e;
        }
    }

    /**
     * How many type handles the non-blocking all-to-allw's arrays hold: {@code size}, or on a
     * communicator with a topology its larger neighbour degree. Open MPI 4.1 keeps the types
     * of MPI_Ialltoallw until completion (ompi_coll_base_retain_datatypes_w) and counts them
     * by the topology's degrees when there is one, even for this non-neighbour collective: on
     * a periodic 1-d grid of one process it read a second type past the array, and MisuseIT
     * crashed in it. The entries past {@code size} are null handles, which it skips; MPI
     * itself reads {@code size}.
     */
    private int typeSlots(int size) throws MPIException {
        if (!(this instanceof CartComm || this instanceof GraphComm)) {
            return size;
        }
        int[] degrees = neighbors();
        return Math.max(size, Math.max(degrees[0], degrees[1]));
    }

    /** The last type arrays of all-to-allw calls (send, receive) and their handles. */
    private final Datatype[][] typesSeen = new Datatype[2][];
    private final long[][] typeHandlesSeen = new long[2][];

    /**
     * @param slot 0 for send types, 1 for receive types
     * @return the MPI handles of the first {@code getSize()} types, in an array reused from
     *         call to call (no allocation when the types are those of the last call)
     */
    private long[] typeHandles(Datatype[] types, int slot) throws MPIException {
        int n = getSize();
        if (typesSeen[slot] == null) {
            typesSeen[slot] = new Datatype[n];
            // Null handles past the n types, up to the neighbour degrees: see typeSlots.
            typeHandlesSeen[slot] = new long[typeSlots(n)];
        }
        Datatype[] seen = typesSeen[slot];
        long[] handles = typeHandlesSeen[slot];
        for (int i = 0; i < n; i++) {
            if (seen[i] != types[i]) {
                seen[i] = types[i];
                handles[i] = types[i].handle;
            }
        }
        return handles;
    }

    /**
     * Checks an all-to-allw buffer and its per-process counts, byte displacements and types.
     *
     * @return whether the buffer is a Java array
     */
    private boolean allToAllwBuffer(Object buf, int[] counts, int[] displs, Datatype[] types)
            throws MPIException {
        int bytes = allToAllwBytes(counts, displs, types);
        Datatype first = types[0];
        boolean isArray = BufferArgs.isArray(buf, 0, first);
        if (isArray) {
            refuseDerivedInArray(types, getSize());
        }
        isArray = BufferArgs.isArray(buf, bytes / first.baseSize()
                + (bytes % first.baseSize() == 0 ? 0 : 1), first);
        if (isArray) {
            for (int i = 0; i < getSize(); i++) {
                BufferArgs.isArray(buf, 0, types[i]); // the array is of this type too
                if (displs[i] % types[i].baseSize() != 0) {
                    throw new IllegalArgumentException("displacement " + displs[i]
                            + " of process " + i + " is not a whole number of "
                            + types[i] + " elements");
                }
            }
        }
        return isArray;
    }

    /**
     * Array staging of the w-collectives copies back only the blocks, by their element
     * counts; a derived type's blocks have gaps, so with arrays they are refused.
     */
    private static void refuseDerivedInArray(Datatype[] types, int n) {
        for (int i = 0; i < n && i < types.length; i++) {
            if (types[i] != null && types[i].isDerived()) {
                throw new IllegalArgumentException("derived datatype " + types[i] + " in a"
                        + " w-collective on a Java array: pass a direct buffer");
            }
        }
    }

    /** @return the bytes an all-to-allw buffer must hold: its blocks' furthest end */
    private int allToAllwBytes(int[] counts, int[] displs, Datatype[] types) throws MPIException {
        checkPerProcess(counts, "counts");
        checkPerProcess(displs, "displacements");
        if (types == null) {
            throw new NullPointerException("types is null");
        }
        if (types.length < getSize()) {
            throw new IllegalArgumentException("types has " + types.length + " entries for "
                    + getSize() + " processes");
        }
        long extent = 0;
        for (int i = 0; i < getSize(); i++) {
            if (types[i] == null) {
                throw new NullPointerException("type of process " + i + " is null");
            }
            if (counts[i] < 0 || displs[i] < 0) {
                throw new IllegalArgumentException("negative count or displacement for process " + i);
            }
            if (counts[i] > 0) {
                extent = Math.max(extent, displs[i] + types[i].span(counts[i]));
            }
        }
        return Math.toIntExact(extent);
    }

    final boolean isRoot(int root) throws MPIException {
        return getRank() == root;
    }

    /** @return the elements of one block per process, checked against int overflow */
    final int blocks(int count) throws MPIException {
        return Math.multiplyExact(count, getSize());
    }

    /** @return the elements a buffer with these counts and displacements must hold */
    final int extent(int[] counts, int[] displs) throws MPIException {
        checkPerProcess(counts, "counts");
        checkPerProcess(displs, "displacements");
        long extent = 0;
        for (int i = 0; i < getSize(); i++) {
            if (counts[i] < 0 || displs[i] < 0) {
                throw new IllegalArgumentException("negative count or displacement for process " + i);
            }
            extent = Math.max(extent, (long) displs[i] + counts[i]);
        }
        return Math.toIntExact(extent);
    }

    final int sum(int[] counts) throws MPIException {
        checkPerProcess(counts, "counts");
        long total = 0;
        for (int i = 0; i < getSize(); i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException("negative count for process " + i);
            }
            total += counts[i];
        }
        return Math.toIntExact(total);
    }

    private void checkPerProcess(int[] values, String what) throws MPIException {
        if (values == null) {
            throw new NullPointerException(what + " is null");
        }
        if (values.length < getSize()) {
            throw new IllegalArgumentException(what + " has " + values.length
                    + " entries for " + getSize() + " processes");
        }
    }

    /**
     * Refuses a collective with buffers on an intercommunicator: the checks here size the
     * buffers by this group, where MPI reads and writes the other group's blocks (and a root
     * is {@code MPI_ROOT} or {@code MPI_PROC_NULL}); not supported yet. A barrier has none.
     */
    private void intraOnly(int kind) {
        if (this instanceof Intercomm && (kind & 0xff) != C_BARRIER) {
            throw new UnsupportedOperationException("collectives with buffers on an"
                    + " intercommunicator are not supported yet: merge() it into an"
                    + " intracommunicator first");
        }
    }

    /**
     * A collective in the form {@code kind}'s mode says: blocking ({@link #BLOCKING}, no flag)
     * returns null once done; {@link #F_NONBLOCKING} or {@link #F_PERSISTENT} returns the
     * request. {@code sendElems} and {@code recvElems} are how many elements of their datatype
     * the buffers must hold; {@code sendcount} and {@code recvcount} are passed to MPI. A null
     * buffer is MPI_IN_PLACE when the kind's flag says so, and unused otherwise. The blocking
     * form is the body here rather than a method of its own: one call level less for the JIT
     * to inline into a timed loop (see {@link CollectiveArgs}).
     */
    final Request collective(int kind, Object sendbuf, int sendElems, int sendcount,
            Datatype sendtype, Object recvbuf, int recvElems, int recvcount, Datatype recvtype,
            int[] counts, int[] displs, int[] counts2, int[] displs2, Op op, int root)
            throws MPIException {
        if ((kind & (F_NONBLOCKING | F_PERSISTENT)) != 0) {
            return request(kind, sendbuf, sendElems, sendcount, sendtype, recvbuf, recvElems,
                    recvcount, recvtype, counts, displs, counts2, displs2, op, root);
        }
        MPI.check();
        intraOnly(kind);
        checkUsed(sendbuf, sendElems, kind, true, root);
        checkUsed(recvbuf, recvElems, kind, false, root);
        checkOp(kind, op, sendtype, recvtype);
        boolean sendArray = sendbuf != null && BufferArgs.isArray(sendbuf, sendElems, sendtype);
        boolean recvArray = recvbuf != null && BufferArgs.isArray(recvbuf, recvElems, recvtype);
        checkOwnBlocks(kind, sendcount, sendtype, recvcount, recvtype, counts, counts2, root);
        if ((sendArray || recvArray) && MPI.neverPin) {
            // Never pinned while waiting (ThreadStaging): staged as the non-blocking form.
            request(kind | F_NONBLOCKING, sendbuf, sendElems, sendcount, sendtype, recvbuf,
                    recvElems, recvcount, recvtype, counts, displs, counts2, displs2, op, root)
                    .waitFor();
            return null;
        }
        COLLECTIVES.commCollective(kind, handle, sendbuf, sendArray, sendcount,
                handleOf(sendtype), recvbuf, recvArray, recvcount, handleOf(recvtype), counts,
                displs, counts2, displs2, op == null ? 0 : op.handle, root);
        if (op != null) {
            op.rethrow();
        }
        return null;
    }

    /**
     * A non-blocking or persistent collective: arrays, and the count and displacement arrays
     * MPI reads until completion, are staged into native memory the returned request owns.
     */
    private Request request(int kind, Object sendbuf, int sendElems, int sendcount,
            Datatype sendtype, Object recvbuf, int recvElems, int recvcount, Datatype recvtype,
            int[] counts, int[] displs, int[] counts2, int[] displs2, Op op, int root)
            throws MPIException {
        MPI.check();
        intraOnly(kind);
        if ((kind & F_PERSISTENT) != 0) {
            Prequest.checkPersistentCollectives();
        }
        checkUsed(sendbuf, sendElems, kind, true, root);
        checkUsed(recvbuf, recvElems, kind, false, root);
        checkOp(kind, op, sendtype, recvtype);
        boolean sendArray = sendbuf != null && BufferArgs.isArray(sendbuf, sendElems, sendtype);
        boolean recvArray = recvbuf != null && BufferArgs.isArray(recvbuf, recvElems, recvtype);
        checkOwnBlocks(kind, sendcount, sendtype, recvcount, recvtype, counts, counts2, root);
        // A derived receive type leaves gaps: its array is copied in and its whole span back.
        boolean derivedRecv = recvtype != null && recvtype.isDerived();
        int[] blocks = recvArray && !derivedRecv
                ? receiveBlocks(kind, counts, displs, recvtype, recvElems) : null;
        Staged staged = new Staged();
        if (op != null && op.isUserDefined()) {
            staged.keep(op); // reachable, its callback too, until the reduction completes
        }
        try {
            // An in-place buffer is read and written: copied in, and back on completion. A
            // broadcast buffer is read at the root and written everywhere else.
            boolean inPlace = (kind & (F_SEND_IN_PLACE | F_RECV_IN_PLACE)) != 0;
            boolean bcast = (kind & 0xff) == C_BCAST;
            // exScan: rank 0's receive buffer is not written, so it must come back as it was.
            boolean readsRecv = inPlace || bcast && isRoot(root) || derivedRecv
                    || (kind & 0xff) == C_EXSCAN;
            boolean writesRecv = !(bcast && isRoot(root));
            Object send = staged.add(sendbuf, sendArray, bytes(sendElems, sendtype), true,
                    inPlace);
            // A v-collective writes only its blocks: only they go back into an array.
            Object recv = blocks != null
                    ? staged.addReceive(recvbuf, recvArray, bytes(recvElems, recvtype),
                            readsRecv, blocks)
                    : staged.add(recvbuf, recvArray, bytes(recvElems, recvtype), readsRecv,
                            writesRecv);
            long h = COLLECTIVES.commCollective(kind, handle, send, false, sendcount, handleOf(sendtype), recv,
                    false, recvcount, handleOf(recvtype), staged.addInts(counts),
                    staged.addInts(displs), staged.addInts(counts2), staged.addInts(displs2),
                    op == null ? 0 : op.handle, root);
            return (kind & F_PERSISTENT) != 0 ? Prequest.collective(h, staged)
                    : new Request(h, staged);
        } catch (RuntimeException e) {
            staged.abandon();
            throw e;
        }
    }

    /**
     * @return the blocks a v-collective writes in its receive array, (byte offset, bytes)
     *         pairs from {@link ReceiveBlocks}, or null when the call writes the whole
     *         {@code recvElems} (every other kind, and v-blocks that tile the buffer)
     */
    private int[] receiveBlocks(int kind, int[] counts, int[] displs, Datatype type,
            int recvElems) throws MPIException {
        int n;
        switch (kind & 0xff) {
            case C_GATHERV, C_ALLGATHERV, C_ALLTOALLV -> n = getSize();
            case C_NEIGHBOR_ALLGATHERV, C_NEIGHBOR_ALLTOALLV -> n = inDegree();
            default -> {
                return null;
            }
        }
        // counts and displs are the receive side's in these kinds (alltoallv's send side is
        // counts2 and displs2).
        return ReceiveBlocks.of(counts, displs, n, type.getSize(), null, type,
                (long) recvElems * type.getSize());
    }

    /**
     * Refuses the call if the block this process sends itself and the one it receives from
     * itself differ in size (see {@link OwnBlocks}). {@code counts} are the receive side's
     * per-process (or per-neighbour) counts of a v-collective, {@code counts2} alltoallv's
     * send side's; scatterv's are the root's send counts. In-place calls have one block.
     */
    private void checkOwnBlocks(int kind, int sendcount, Datatype sendtype, int recvcount,
            Datatype recvtype, int[] counts, int[] counts2, int root) throws MPIException {
        if ((kind & (F_SEND_IN_PLACE | F_RECV_IN_PLACE)) != 0 || sendtype == null
                || recvtype == null) {
            return;
        }
        switch (kind & 0xff) {
            case C_ALLGATHER -> OwnBlocks.check("allgather", sendcount, sendtype, recvcount,
                    recvtype);
            case C_ALLTOALL -> OwnBlocks.check("alltoall", sendcount, sendtype, recvcount,
                    recvtype);
            case C_ALLGATHERV -> OwnBlocks.check("allgatherv", sendcount, sendtype,
                    counts[getRank()], recvtype);
            case C_ALLTOALLV -> OwnBlocks.check("alltoallv", counts2[getRank()], sendtype,
                    counts[getRank()], recvtype);
            case C_GATHER -> {
                if (isRoot(root)) {
                    OwnBlocks.check("gather", sendcount, sendtype, recvcount, recvtype);
                }
            }
            case C_SCATTER -> {
                if (isRoot(root)) {
                    OwnBlocks.check("scatter", sendcount, sendtype, recvcount, recvtype);
                }
            }
            case C_GATHERV -> {
                if (isRoot(root)) {
                    OwnBlocks.check("gatherv", sendcount, sendtype, counts[root], recvtype);
                }
            }
            case C_SCATTERV -> {
                if (isRoot(root)) {
                    OwnBlocks.check("scatterv", counts[root], sendtype, recvcount, recvtype);
                }
            }
            case C_NEIGHBOR_ALLGATHER, C_NEIGHBOR_ALLGATHERV, C_NEIGHBOR_ALLTOALL,
                    C_NEIGHBOR_ALLTOALLV -> checkOwnNeighborBlocks(kind & 0xff, sendcount,
                            sendtype, recvcount, recvtype, counts, counts2);
            default -> {
            }
        }
    }

    /**
     * Where this process is its own neighbour, every block it sends itself and every block it
     * receives from itself must be of one size. MPI pairs them by the order of the neighbour
     * lists, which for a periodic Cartesian dimension of one process sends the block for one
     * direction into the slot of the other; requiring one size for all of them is simpler and
     * refuses only programs that give a process different sizes for itself.
     */
    private void checkOwnNeighborBlocks(int kind, int sendcount, Datatype sendtype,
            int recvcount, Datatype recvtype, int[] counts, int[] counts2) throws MPIException {
        int[][] own = ownNeighborSlots();
        if (own[0] == null || own[1] == null) {
            return;
        }
        for (int in : own[0]) {
            for (int out : own[1]) {
                int sent = kind == C_NEIGHBOR_ALLTOALLV ? counts2[out] : sendcount;
                int received = kind == C_NEIGHBOR_ALLGATHERV || kind == C_NEIGHBOR_ALLTOALLV
                        ? counts[in] : recvcount;
                OwnBlocks.check("neighbour collective", sent, sendtype, received, recvtype);
            }
        }
    }

    /** As {@link #checkOwnNeighborBlocks}, for alltoallw's per-neighbour types. */
    private void checkOwnNeighborBlocksW(int[] sendCount, Datatype[] sendTypes,
            int[] recvCount, Datatype[] recvTypes) throws MPIException {
        int[][] own = ownNeighborSlots();
        if (own[0] == null || own[1] == null) {
            return;
        }
        for (int in : own[0]) {
            for (int out : own[1]) {
                OwnBlocks.check("neighbour alltoallw", sendCount[out], sendTypes[out],
                        recvCount[in], recvTypes[in]);
            }
        }
    }

    /**
     * @return where this process is among its own in-neighbours and out-neighbours: two
     *         arrays of slots, each null if it is not there; asked of MPI once per
     *         communicator
     */
    private int[][] ownNeighborSlots() throws MPIException {
        if (ownNeighborSlots == null) {
            int[] n = neighbors();
            int[] sources = Arrays.copyOfRange(n, 2, 2 + n[0]);
            int[] destinations = Arrays.copyOfRange(n, 2 + n[0], n.length);
            ownNeighborSlots = new int[][] {OwnBlocks.slotsOf(sources, getRank()),
                OwnBlocks.slotsOf(destinations, getRank())};
        }
        return ownNeighborSlots;
    }

    /**
     * Refuses a null buffer where the collective uses one: it would reach MPI as a null
     * pointer with a count. Null is the binding's own marker for a side the call does not
     * use: MPI_IN_PLACE, a broadcast's or barrier's missing side, the root-only buffer on a
     * process that is not the root, or a buffer of no elements.
     */
    private void checkUsed(Object buf, int elements, int kind, boolean send, int root)
            throws MPIException {
        if (buf != null || elements == 0
                || (kind & (send ? F_SEND_IN_PLACE : F_RECV_IN_PLACE)) != 0) {
            return;
        }
        switch (kind & 0xff) {
            case C_GATHER, C_GATHERV, C_REDUCE -> {
                if (!send && !isRoot(root)) {
                    return;
                }
            }
            case C_SCATTER, C_SCATTERV -> {
                if (send && !isRoot(root)) {
                    return;
                }
            }
            default -> {
            }
        }
        throw new NullPointerException((send ? "send" : "receive") + " buffer is null");
    }

    /**
     * A reduction's null operation, or a call with no datatype at all (a null one on each
     * side; the native call gives an unused side the other's), would reach MPI as a null
     * handle: refused here.
     */
    private static void checkOp(int kind, Op op, Datatype sendtype, Datatype recvtype) {
        int k = kind & 0xff;
        if (sendtype == null && recvtype == null && k != C_BARRIER) {
            throw new NullPointerException("datatype is null");
        }
        if (op == null && (k == C_REDUCE || k == C_ALLREDUCE || k == C_SCAN || k == C_EXSCAN
                || k == C_REDUCE_SCATTER
                || k == C_REDUCE_SCATTER_BLOCK)) {
            throw new NullPointerException("op is null");
        }
        if (op != null) {
            op.use(recvtype != null ? recvtype : sendtype);
        }
    }

    private static int bytes(int elements, Datatype type) {
        return type == null ? 0 : type.spanBytes(elements);
    }

    private static long handleOf(Datatype type) {
        return type == null ? 0 : type.handle;
    }

    // ---- blocking point-to-point on arrays under MPI_THREAD_MULTIPLE (ThreadStaging) ----

}
