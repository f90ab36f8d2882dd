package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The one seam between the binding's Java side and an MPI library: every call into MPI goes
 * through it, declared here once, by concern. Above it, package {@code mpi} checks arguments,
 * stages arrays and keeps its bookkeeping once; below it, a backend implements each concern:
 * the JNI backend ({@code Jni<Concern>}, JDK 17 and later, any MPI {@code libombj.so} was built
 * against) declares each call as a native method of {@code libombj.so} itself
 * ({@code Java_mpi_Jni<Concern>_<call>} in src/main/native), and the FFM backend
 * ({@code Ffm<Concern>} in src/main/java22, JDK 22 and later) makes each call straight into the
 * MPI library through {@code java.lang.foreign}.
 *
 * <p>{@link Backends} holds each concern of the run's backend in a static final field, so the
 * JIT sees a constant receiver of one class at every call site and binds each call directly
 * (no virtual dispatch per message, whichever backend runs).
 *
 * <p>A call's comment says what Java has already checked and what the call must do. Handles
 * travel as {@code long}: whatever the MPI library makes them (pointers or ints). How to add a
 * call: docs/design.md.
 */
final class Seam {

    private Seam() {
    }

    /**
     * The calls of {@link MPI} (start, end, clocks, constants, versions), and the backend's own
     * properties.
     */
    interface Environment {
        /**
         * Before MPI may call back into Java (a user-defined {@link Op}): JNI needs nothing;
         * the FFM backend refuses unless the run makes no critical downcall, during which an
         * upcall is not allowed ({@code -Dombj.upcalls=true}).
         *
         * @throws UnsupportedOperationException in one line saying what to add
         */
        void allowUpcalls();

        /**
         * @return the backend's name for the binding line ({@link MPI#getBackend}): {@code JNI},
         *         or a name with the ABI of the library in parentheses when the backend chose
         *         it at run time, e.g. {@code FFM (MPI-5 standard ABI)}
         */
        String name();

        /**
         * @return whether a blocking call on a small {@code byte[]} is copied in Java through the
         *         thread's staging memory before the backend sees it
         *         ({@link ThreadStaging#stagesSmall}): the JNI backend would otherwise pin it, two
         *         more thread-state transitions; the FFM backend copies arrays through native
         *         memory of its own with none, so it takes them as they are
         */
        boolean stagesSmallArraysInJava();

        /**
         * @return a direct buffer of {@code bytes} zeroed bytes, page aligned, in native byte
         *         order, its memory freed once it is unreachable ({@link MPI#newByteBuffer},
         *         and the binding's staging memory)
         */
        ByteBuffer newByteBuffer(int bytes);

        /** Fills {@code version} with MPI_Get_version's version and subversion. */
        void mpiVersion(int[] version) throws MPIException;

        long mpiGetAddress(Buffer buf) throws MPIException;

        /**
         * @return the value in this MPI library of the constant with id {@code id}: the row
         *         of that index in {@link MpiConstants}' table
         */
        long mpiConstant(int id);

        int mpiInit(int required) throws MPIException;

        void mpiFinalize() throws MPIException;

        double mpiWtime();

        double mpiWtick();

        String mpiProcessorName() throws MPIException;

        String mpiLibVersion() throws MPIException;

        /** @return {@code MPI_Query_thread}'s level of thread support */
        int mpiQueryThread() throws MPIException;

        /** @return {@code MPI_Is_thread_main}'s flag */
        boolean mpiIsThreadMain() throws MPIException;

        /** {@code MPI_Pcontrol(level)}, with no further arguments (a profiler's switch). */
        void mpiPcontrol(int level) throws MPIException;

        /** {@code MPI_T_init_thread(required)} ({@link Tool}); @return the level provided */
        int mpiTInit(int required) throws MPIException;

        /** {@code MPI_T_finalize}, once per {@link #mpiTInit}. */
        void mpiTFinalize() throws MPIException;

        /** @return {@code MPI_T_cvar_get_num}'s count of control variables */
        int mpiTCvarCount() throws MPIException;

        /**
         * {@code MPI_T_cvar_get_index}; Java has checked that {@code name} is there.
         *
         * @return the index, or -1 when the library has no such variable
         *         ({@code MPI_T_ERR_INVALID_NAME})
         */
        int mpiTCvarIndex(String name) throws MPIException;

        /**
         * {@code MPI_T_cvar_get_info} of an index Java has checked is below the count.
         *
         * @param info   gets verbosity, bind and scope
         * @param handles gets the datatype and the enumeration ({@code MPI_T_ENUM_NULL} if none)
         * @return the name and the description
         */
        String[] mpiTCvarInfo(int index, int[] info, long[] handles) throws MPIException;

        /** {@code MPI_T_enum_get_info}: @return its name; {@code count[0]} gets its items */
        String mpiTEnumInfo(long enumeration, int[] count) throws MPIException;

        /** {@code MPI_T_enum_get_item}: @return the item's name; {@code value[0]} its value */
        String mpiTEnumItem(long enumeration, int item, int[] value) throws MPIException;

        /**
         * One access to a control variable through a handle of its own: {@code
         * MPI_T_cvar_handle_alloc} (bound to {@code comm} if {@code bound}, else to no object),
         * then, when the variable's count times {@code elementBytes} fits {@code value} (a read)
         * or equals its length (a write), {@code MPI_T_cvar_read} or {@code _write} of
         * {@code value}'s bytes, then {@code MPI_T_cvar_handle_free}. Java has checked the index
         * and, if bound, that {@code comm} is live.
         *
         * @return the variable's count of elements (nothing was read or written when it does
         *         not fit)
         */
        int mpiTCvarAccess(int index, boolean bound, long comm, byte[] value, int elementBytes,
                boolean write) throws MPIException;

        /** @return {@code MPI_T_pvar_get_num}'s count of performance variables */
        int mpiTPvarCount() throws MPIException;

        /**
         * {@code MPI_T_pvar_get_info} of an index Java has checked is below the count.
         *
         * @param info    gets verbosity, class, bind, readonly, continuous, atomic
         * @param handles gets the datatype and the enumeration ({@code MPI_T_ENUM_NULL} if none)
         * @return the name and the description
         */
        String[] mpiTPvarInfo(int index, int[] info, long[] handles) throws MPIException;

        /** @return a new session ({@code MPI_T_pvar_session_create}) */
        long mpiTPvarSessionCreate() throws MPIException;

        /** {@code MPI_T_pvar_session_free} of a live session (its handles are freed with it). */
        void mpiTPvarSessionFree(long session) throws MPIException;

        /**
         * {@code MPI_T_pvar_handle_alloc} in a live session, bound to {@code comm} if
         * {@code bound} (Java checked it is live), else to no object.
         *
         * @param count gets the variable's count of elements
         */
        long mpiTPvarHandleAlloc(long session, int index, boolean bound, long comm, int[] count)
                throws MPIException;

        /** {@code MPI_T_pvar_handle_free} of a live handle of a live session. */
        void mpiTPvarHandleFree(long session, long handle) throws MPIException;

        /** {@code MPI_T_pvar_start} (Java checked the variable is not continuous). */
        void mpiTPvarStart(long session, long handle) throws MPIException;

        /** {@code MPI_T_pvar_stop} (Java checked the variable is not continuous). */
        void mpiTPvarStop(long session, long handle) throws MPIException;

        /** {@code MPI_T_pvar_read} into {@code value}: Java sized it to count elements. */
        void mpiTPvarRead(long session, long handle, byte[] value) throws MPIException;
    }

    /**
     * The calls of communicators ({@link Comm}, {@link Intracomm}, {@link CartComm}, {@link
     * GraphComm}) and groups ({@link Group}).
     */
    interface Communicators {
        long commGetGroup(long comm) throws MPIException;

        int commRank(long comm) throws MPIException;

        int commSize(long comm) throws MPIException;

        boolean commTestInter(long comm) throws MPIException;

        /**
         * {@code MPI_Comm_spawn}, collective over {@code comm}. Java has checked that
         * {@code command} and every element of {@code argv} are there, and that
         * {@code errcodes} (null for {@code MPI_ERRCODES_IGNORE}) has {@code maxprocs}
         * entries at least; {@code argv} null is {@code MPI_ARGV_NULL}. The intercommunicator
         * returns errors ({@code MPI_ERRORS_RETURN}); {@code errcodes} is filled even when the
         * call fails.
         *
         * @return the intercommunicator to the children
         */
        long commSpawn(long comm, String command, String[] argv, int maxprocs, long info,
                int root, int[] errcodes) throws MPIException;

        /**
         * {@code MPI_Comm_spawn_multiple}, collective over {@code comm}. Java has checked
         * ({@link SpawnMultipleArgs}) that the arrays are there and of one length, their
         * elements too but {@code argv} and its entries, which may be null
         * ({@code MPI_ARGVS_NULL}, no arguments), and that {@code errcodes} (null for
         * {@code MPI_ERRCODES_IGNORE}) has an entry per process. As {@link #commSpawn}.
         *
         * @return the intercommunicator to the children
         */
        long commSpawnMultiple(long comm, String[] commands, String[][] argv, int[] maxprocs,
                long[] infos, int root, int[] errcodes) throws MPIException;

        /** @return {@code MPI_Open_port}'s port name */
        String openPort(long info) throws MPIException;

        /** Java has checked that every string here and below is not null. */
        void closePort(String port) throws MPIException;

        void publishName(String service, long info, String port) throws MPIException;

        void unpublishName(String service, long info, String port) throws MPIException;

        /** @return {@code MPI_Lookup_name}'s port name */
        String lookupName(String service, long info) throws MPIException;

        /**
         * {@code MPI_Comm_accept}, collective over {@code comm}; Java has checked that
         * {@code root} is a rank of it and that the port is there at the root.
         *
         * @return the intercommunicator to the connecting group, returning errors
         */
        long commAccept(String port, long info, int root, long comm) throws MPIException;

        /** As {@link #commAccept}, for {@code MPI_Comm_connect}. */
        long commConnect(String port, long info, int root, long comm) throws MPIException;

        /**
         * @return {@code MPI_Comm_get_parent}'s intercommunicator, made to return errors, or
         *         the null communicator in a process nobody spawned
         */
        long commGetParent() throws MPIException;

        int commRemoteSize(long comm) throws MPIException;

        long commRemoteGroup(long comm) throws MPIException;

        /** @return the intracommunicator of {@code MPI_Intercomm_merge} */
        long intercommMerge(long comm, boolean high) throws MPIException;

        /**
         * @return the intercommunicator of {@code MPI_Intercomm_create} with {@code comm} the
         *         local communicator, returning errors
         */
        long intercommCreate(long comm, int localLeader, long peer, int remoteLeader, int tag)
                throws MPIException;

        /** @return the handle after {@code MPI_Comm_disconnect} (null) */
        long commDisconnect(long comm) throws MPIException;

        void commSetErrhandler(long comm, long errhandler) throws MPIException;

        /**
         * @return the handle of the communicator's error handler, whose reference
         *         ({@code MPI_Comm_get_errhandler} makes one) is released again: the
         *         communicator keeps the handler alive
         */
        long commGetErrhandler(long comm) throws MPIException;

        void commCallErrhandler(long comm, int errorCode) throws MPIException;

        long commDup(long comm) throws MPIException;

        /** @return the communicator of {@code MPI_Comm_dup_with_info} */
        long commDupWithInfo(long comm, long info) throws MPIException;

        /**
         * {@code MPI_Comm_idup}, which both MPI libraries give the new handle at once (only its
         * use must wait for the request).
         *
         * @return the new communicator; its request goes to {@code request[0]}
         */
        long commIdup(long comm, long[] request) throws MPIException;

        void commSetInfo(long comm, long info) throws MPIException;

        /** @return the new info of {@code MPI_Comm_get_info}, the caller's to free */
        long commGetInfo(long comm) throws MPIException;

        /** @return {@code MPI_Topo_test}'s status: MPI_CART, ..., or MPI_UNDEFINED */
        int topoTest(long comm) throws MPIException;

        /**
         * @return the communicator of {@code MPI_Comm_create} (collective over {@code comm})
         *         or, with {@code tag} not negative, {@code MPI_Comm_create_group} (over the
         *         group); the null one on a process outside the group
         */
        long intracommCreate(long comm, long group, int tag) throws MPIException;

        void commFree(long comm) throws MPIException;

        void commAbort(long comm, int errorCode) throws MPIException;

        long intracommSplit(long comm, int colour, int key) throws MPIException;

        long intracommCreateCart(long comm, int[] dims, boolean[] periods,
                boolean reorder) throws MPIException;

        /** Null weight arrays: unweighted. */
        long intracommCreateDistGraphAdjacent(long comm, int[] sources, int[] sourceWeights,
                int[] destinations, int[] destWeights, long info,
                boolean reorder) throws MPIException;

        /** A null weight array: unweighted. Java has checked that the degrees' sum fits. */
        long intracommCreateDistGraph(long comm, int[] sources, int[] degrees, int[] destinations,
                int[] weights, long info, boolean reorder) throws MPIException;

        void cartCreateDims(int nnodes, int[] dims) throws MPIException;

        int cartDims(long comm) throws MPIException;

        void cartGet(long comm, int[] dims, boolean[] periods, int[] coords) throws MPIException;

        void cartCoords(long comm, int rank, int[] coords) throws MPIException;

        int cartRank(long comm, int[] coords) throws MPIException;

        /** @return the source rank in the high 32 bits and the destination rank in the low 32 */
        long cartShift(long comm, int direction, int disp) throws MPIException;

        /**
         * @return the in-degree in bits 33..63, the out-degree in bits 1..32 and whether the
         *         graph is weighted in bit 0
         */
        long graphNeighborsCount(long comm) throws MPIException;

        /** Null weight arrays: the graph is unweighted ({@code MPI_UNWEIGHTED}). */
        void graphNeighbors(long comm, int[] sources, int[] sourceWeights, int[] destinations,
                int[] destWeights) throws MPIException;

        /**
         * {@code MPI_Graph_create} of the graph Java checked ({@code index.length} nodes).
         *
         * @return the new communicator, or MPI_COMM_NULL's handle on a process outside it
         */
        long intracommCreateGraph(long comm, int[] index, int[] edges, boolean reorder)
                throws MPIException;

        /** @return {@code MPI_Graph_map}'s rank for this process, or MPI_UNDEFINED */
        int graphMap(long comm, int[] index, int[] edges) throws MPIException;

        /**
         * @return {@code MPI_Graphdims_get} then {@code MPI_Graph_get}: the node and edge
         *         counts, then the index, then the edges
         */
        int[] graphGet(long comm) throws MPIException;

        /** @return {@code MPI_Graph_neighbors} of {@code rank} */
        int[] graphNeighborsOf(long comm, int rank) throws MPIException;

        /** @return {@code MPI_Cart_map}'s rank; {@code periods} are 0 or 1, one per dimension */
        int cartMap(long comm, int[] dims, int[] periods) throws MPIException;

        /** @return {@code MPI_Cart_sub}'s communicator; {@code remain}: 0 or 1 per dimension */
        long cartSub(long comm, int[] remain) throws MPIException;

        int groupSize(long group) throws MPIException;

        int groupRank(long group) throws MPIException;

        long groupInclExcl(long group, int[] ranks, boolean incl) throws MPIException;

        /**
         * {@code MPI_Group_range_incl} or {@code MPI_Group_range_excl} of the ranges in
         * {@code triplets}: first, last and stride of each, one after the other.
         */
        long groupRangeInclExcl(long group, int[] triplets, boolean incl) throws MPIException;

        /** @return what {@code MPI_Comm_compare} says: MPI_IDENT, MPI_CONGRUENT, ... */
        int commCompare(long comm1, long comm2) throws MPIException;

        void commSetName(long comm, String name) throws MPIException;

        String commGetName(long comm) throws MPIException;

        /** @return {@code MPI_Comm_split_type}'s communicator, or the null one */
        long intracommSplitType(long comm, int splitType, int key, long info)
                throws MPIException;

        int[] groupTranslateRanks(long group1, int[] ranks1, long group2) throws MPIException;

        int groupCompare(long group1, long group2) throws MPIException;

        long groupCombine(int operation, long group1, long group2) throws MPIException;

        void groupFree(long group) throws MPIException;
    }

    /** The calls of collective communication and neighbourhood queries. */
    interface Collectives {
        /**
         * @return whether the library has persistent collectives: MPI-4's
         *         {@code MPI_Bcast_init} and kin, or Open MPI 4's {@code MPIX_} forms
         */
        boolean hasPersistentCollectives();

        /** {@code MPI_Reduce_local} on direct buffers (Java has staged arrays). */
        void reduceLocal(Buffer in, Buffer inout, int count, long type, long op)
                throws MPIException;

        /**
         * {@code MPI_Op_create} with a function that calls {@code op}'s callback; the backend
         * hands {@link UserOp#releaseWith} what frees that function once the {@link Op} is
         * unreachable.
         *
         * @return the handle
         */
        long opCreate(UserOp op, boolean commute) throws MPIException;

        /** {@code MPI_Op_free} of a user-defined operation Java has checked is live. */
        void opFree(long op) throws MPIException;

        /**
         * @return the in-degree, the out-degree, the in-neighbours' ranks and the out-neighbours',
         *         in MPI's order (a Cartesian communicator's as MPI_Cart_shift gives them, source
         *         then destination per dimension); an MPIException ({@code MPI_ERR_TOPOLOGY}) if
         *         the communicator has no topology
         */
        int[] commNeighbors(long comm) throws MPIException;

        /**
         * {@code MPI_Neighbor_alltoallw}, or {@code MPI_Ineighbor_alltoallw} when {@code args} is
         * a direct buffer: the native memory, owned by the request, that the counts, widened
         * displacements and datatype handles are copied into. Buffers are direct, or arrays
         * (blocking only) when the flags say so.
         *
         * @return the request handle of the non-blocking form, 0 otherwise
         */
        long commNeighborAllToAllw(long comm, Object sendbuf, boolean sendArray, int[] sendcounts,
                int[] sdispls, Datatype[] sendtypes, int outdegree, Object recvbuf,
                boolean recvArray, int[] recvcounts, int[] rdispls, Datatype[] recvtypes,
                int indegree, ByteBuffer args) throws MPIException;

        /**
         * MPI_Alltoallw or, by {@code mode} ({@code Comm.F_NONBLOCKING}, {@code F_PERSISTENT};
         * 0 blocking), MPI_Ialltoallw or MPI_Alltoallw_init. Blocking: buffers are direct or
         * pinned arrays, counts and displacements int[]; otherwise all of them direct buffers
         * (the staged copies). Types are MPI handles: long[] when blocking, a direct buffer of
         * longs when not.
         *
         * @return the request handle of a non-blocking or persistent call, 0 otherwise
         */
        long commAllToAllw(long comm, int mode, Object sendbuf, boolean sendArray,
                Object sendcounts, Object sdispls, Object sendtypes, Object recvbuf,
                boolean recvArray, Object recvcounts, Object rdispls,
                Object recvtypes) throws MPIException;

        /**
         * The one call of every collective. Buffers: direct buffers, or arrays when the
         * flag says so (blocking only); count and displacement arrays: int[] when blocking, direct
         * buffers when non-blocking or persistent ({@code Comm.F_PERSISTENT}: MPI-4's
         * {@code MPI_<Op>_init}, or Open MPI 4's {@code MPIX_<Op>_init}, with MPI_INFO_NULL).
         *
         * @return the request handle of a non-blocking or persistent call, 0 otherwise
         */
        long commCollective(int kind, long comm, Object sendbuf, boolean sendArray, int sendcount,
                long sendtype, Object recvbuf, boolean recvArray, int recvcount, long recvtype,
                Object counts, Object displs, Object counts2, Object displs2, long op,
                int root) throws MPIException;
    }

    /**
     * The calls of point-to-point communication, requests ({@link Request}, {@link Prequest}) and
     * array copies ({@link ArrayCopy}).
     */
    interface PointToPoint {
        void commSend(long comm, Object buf, boolean isArray, int count, long type, int dest,
                int tag) throws MPIException;

        /** @return the source rank in the high 32 bits and the bytes received in the low 32 */
        long commRecv(long comm, Object buf, boolean isArray, int count, long type, int source,
                int tag) throws MPIException;

        void commRecvStatus(long comm, Object buf, boolean isArray, int count, long type,
                int source, int tag, Status status) throws MPIException;

        void commSendRecv(long comm, Object sendbuf, boolean sendArray, int sendcount,
                long sendtype, int dest, int sendtag, Object recvbuf, boolean recvArray,
                int recvcount, long recvtype, int source, int recvtag,
                Status status) throws MPIException;

        /**
         * With {@code staging} non-null, {@code buf} is an array of element kind {@code kind}
         * ({@link ArrayCopy#kindOf}) copied there first; otherwise {@code kind} is unused.
         */
        long commIsend(long comm, Object buf, int kind, ByteBuffer staging, int bytes, int count,
                long type, int dest, int tag) throws MPIException;

        /**
         * {@code MPI_Ssend}, {@code MPI_Bsend} or {@code MPI_Rsend} (by {@code mode}:
         * {@link Comm#SEND_SYNCHRONOUS}, ...) of a direct buffer: Java has staged an array.
         */
        void commSendMode(int mode, long comm, Buffer buf, int count, long type, int dest,
                int tag) throws MPIException;

        /** @return the request of {@code MPI_Issend}, {@code MPI_Ibsend} or {@code MPI_Irsend} */
        long commIsendMode(int mode, long comm, Buffer buf, int count, long type, int dest,
                int tag) throws MPIException;

        /** {@code MPI_Sendrecv_replace} on a direct buffer (Java has staged an array). */
        void commSendRecvReplace(long comm, Buffer buf, int count, long type, int dest,
                int sendtag, int source, int recvtag, Status status) throws MPIException;

        void commProbe(long comm, int source, int tag, Status status) throws MPIException;

        /** @return the flag of {@code MPI_Iprobe}; {@code status} is filled when it is true */
        boolean commIprobe(long comm, int source, int tag, Status status) throws MPIException;

        /** @return the message of {@code MPI_Mprobe}, {@code status} filled */
        long commMprobe(long comm, int source, int tag, Status status) throws MPIException;

        /**
         * @return the message of {@code MPI_Improbe}, {@code status} filled, or the null
         *         message (never a matched one's handle) when none matched
         */
        long commImprobe(long comm, int source, int tag, Status status) throws MPIException;

        /** @return the message after {@code MPI_Mrecv} into a direct buffer (null) */
        long messageMrecv(long message, Buffer buf, int count, long type, Status status)
                throws MPIException;

        /** @return the request of {@code MPI_Imrecv} (the message is consumed) */
        long messageImrecv(long message, Buffer buf, int count, long type) throws MPIException;

        /** {@code MPI_Buffer_attach} of the first {@code bytes} of a direct buffer. */
        void bufferAttach(Buffer buf, int bytes) throws MPIException;

        /** {@code MPI_Buffer_detach}: returns once every buffered message has left. */
        void bufferDetach() throws MPIException;

        /** {@code buf} is a direct buffer: the caller's, or the staging memory of an array. */
        long commIrecv(long comm, Object buf, int count, long type, int source,
                int tag) throws MPIException;

        /** Copies {@code bytes} of {@code array} into {@code staging}, then MPI_Send from it. */
        void commSendStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes,
                int count, long type, int dest, int tag) throws MPIException;

        /**
         * MPI_Recv into {@code staging}, then copies what arrived (at most {@code bytes}) into
         * {@code array}; fills {@code status} unless it is null.
         *
         * @return the source in the high 32 bits, the bytes received in the low ones
         */
        long commRecvStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes,
                int count, long type, int source, int tag, Status status) throws MPIException;

        /**
         * @param self the request, whose {@code handle} is set to what MPI left when MPI_Wait
         *             fails (MPI may have freed the request then)
         * @return the handle after MPI_Wait (null)
         */
        long requestWait(Request self, long handle, Status s) throws MPIException;

        /**
         * @param self the request, whose {@code handle} is set to what MPI left when MPI_Test
         *             fails
         * @return the handle after MPI_Test: null if it completed, unchanged if not
         */
        long requestTest(Request self, long handle) throws MPIException;

        /** @return the handle after MPI_Request_free (null) */
        long requestFree(long handle) throws MPIException;

        /** Waits for {@code handles[0..n)}, writing each one back as MPI leaves it. */
        void requestWaitAll(long[] handles, int n) throws MPIException;

        /** As {@link #requestWaitAll}, for all of {@code handles}, filling one status each. */
        void requestWaitAllStatus(long[] handles, Status[] statuses) throws MPIException;

        /**
         * {@code MPI_Waitany}, {@code MPI_Testany}, {@code MPI_Waitsome}, {@code MPI_Testsome}
         * or {@code MPI_Testall} (by {@code call}: {@link Request#WAIT_ANY}, ...) on
         * {@code handles[0..n)}, each written back as MPI leaves it (a completed request
         * null, a persistent one as it was), even when the call fails.
         *
         * @param indices  for the some-forms, at least {@code n} entries: the indices of the
         *                 requests that completed
         * @param statuses null, or filled: of the any-forms, the completed request's in
         *                 {@code [0]}; of the some-forms, in the order of {@code indices}; of
         *                 testall, all {@code n} when the flag is true
         * @return of the any-forms, the completed request's index, {@code MPI_UNDEFINED} when
         *         none was active, or (testany) -1 when none has completed yet; of the some-forms, how many did ({@code MPI_UNDEFINED}: none
         *         was active); of testall, its flag, 1 or 0
         */
        int requestComplete(int call, long[] handles, int n, int[] indices, Status[] statuses)
                throws MPIException;

        /** {@code MPI_Cancel}: the request is still to be completed. */
        void requestCancel(long handle) throws MPIException;

        /** @return the flag of {@code MPI_Request_get_status}; {@code status} filled if true */
        boolean requestGetStatus(long handle, Status status) throws MPIException;

        /** @return the request of {@code MPI_Send_init} (and its modes) or {@code MPI_Recv_init} */
        long prequestInit(int kind, long comm, Object buf, int count, long type, int peer,
                int tag) throws MPIException;

        /**
         * {@code MPI_Start}; with {@code array} non-null (of element kind {@code kind}), copies its
         * first {@code bytes} bytes into {@code staging} first, in the same JNI call.
         */
        void prequestStart(long handle, Object array, int kind, ByteBuffer staging,
                int bytes) throws MPIException;

        /** {@code MPI_Startall} of {@code handles[0..n)}. */
        void prequestStartAll(long[] handles, int n) throws MPIException;

        /**
         * @param self the request, whose {@code handle} is set to what MPI left when MPI_Test
         *             fails (Open MPI then frees even a persistent request)
         * @return the flag of {@code MPI_Test} (a persistent request's handle does not change)
         */
        boolean prequestTest(Prequest self, long handle) throws MPIException;

        /**
         * Copies bytes {@code [offset, offset + bytes)} of an array of element kind {@code kind}
         * into the same bytes of {@code staging}, or back ({@code toArray}), with one
         * Get/Set&lt;Type&gt;ArrayRegion. Out of the array's bounds:
         * ArrayIndexOutOfBoundsException.
         */
        void arrayCopy(Object array, int kind, ByteBuffer staging, int offset, int bytes,
                boolean toArray);

        /**
         * {@link ArrayCopy#blocksToArray} with the kind found: Set&lt;Type&gt;ArrayRegion per
         * block.
         */
        void arrayCopyBlocks(Object array, int kind, ByteBuffer staging, int[] blocks);
    }

    /** The calls of one-sided communication ({@link Win}). */
    interface OneSided {
        void winSetName(long win, String name) throws MPIException;

        String winGetName(long win) throws MPIException;

        void winSetErrhandler(long win, long errhandler) throws MPIException;

        /** @return as {@link Communicators#commGetErrhandler}, for a window */
        long winGetErrhandler(long win) throws MPIException;

        void winCallErrhandler(long win, int errorCode) throws MPIException;

        long winCreate(Buffer base, long bytes, int dispUnit, long info,
                long comm) throws MPIException;

        /** MPI_Win_allocate(_shared); writes the memory's address to {@code address[0]}. */
        long winAllocate(long bytes, int dispUnit, long info, long comm, boolean shared,
                Buffer base, long[] address) throws MPIException;

        ByteBuffer winWrap(long address, long bytes);

        long winCreateDynamic(long info, long comm) throws MPIException;

        void winAttach(long win, Buffer base, long bytes) throws MPIException;

        void winDetach(long win, Buffer base) throws MPIException;

        long winGetGroup(long win) throws MPIException;

        /** @return the handle after MPI_Win_free (null) */
        long winFree(long win) throws MPIException;

        /**
         * Starts one operation on direct buffers (arrays are staged by then).
         *
         * @return the request of the request-based kinds, else 0
         */
        long winAccess(int kind, long win, Object in, int inCount, long inType, Object compare,
                Object out, int outCount, long outType, int targetRank, long targetDisp,
                int targetCount, long targetType, long op) throws MPIException;

        /** @return MPI_Win_test's flag for TEST, else 0 */
        int winSync(int call, long win, int rank, int lockType, int assertion) throws MPIException;

        void winGroupSync(int call, long win, long group, int assertion) throws MPIException;

        void winSetInfo(long win, long info) throws MPIException;

        /** @return the new info of {@code MPI_Win_get_info}, the caller's to free */
        long winGetInfo(long win) throws MPIException;
    }

    /** The calls of derived datatypes ({@link Datatype}) and info objects ({@link Info}). */
    interface Types {
        long typeContiguous(int count, long oldType) throws MPIException;

        long typeVector(int count, int blockLength, int stride, long oldType) throws MPIException;

        long typeIndexed(int[] blockLengths, int[] displacements, long oldType) throws MPIException;

        /** {@code MPI_Type_create_struct}; displacements in bytes, arrays of one length. */
        long typeStruct(int[] blockLengths, int[] displacements, long[] types) throws MPIException;

        /** {@code MPI_Type_create_hvector}: the stride in bytes. */
        long typeHVector(int count, int blockLength, int stride, long oldType) throws MPIException;

        /** {@code MPI_Type_create_hindexed}: displacements in bytes, arrays of one length. */
        long typeHIndexed(int[] blockLengths, int[] displacements, long oldType)
                throws MPIException;

        /** {@code MPI_Type_create_resized}: lower bound and extent in bytes. */
        long typeResized(long oldType, int lb, int extent) throws MPIException;

        /** Fills size, lb, extent, true lb and true extent (bytes) of a type. */
        void typeLayout(long type, long[] layout) throws MPIException;

        void typeCommit(long type) throws MPIException;

        void typeFree(long type) throws MPIException;

        long infoCreate() throws MPIException;

        void infoSet(long info, String key, String value) throws MPIException;

        String infoGet(long info, String key) throws MPIException;

        void infoFree(long info) throws MPIException;

        /** @return {@code MPI_Info_get_nkeys} */
        int infoSize(long info) throws MPIException;

        /** @return {@code MPI_Info_get_nthkey}: Java has checked {@code n} against the size */
        String infoKey(long info, int n) throws MPIException;

        /** {@code MPI_Info_delete}: an absent key is MPI's error ({@code MPI_ERR_INFO_NOKEY}). */
        void infoDelete(long info, String key) throws MPIException;

        /** @return the new info of {@code MPI_Info_dup} */
        long infoDup(long info) throws MPIException;

        /** @return the new type of {@code MPI_Type_dup} */
        long typeDup(long type) throws MPIException;

        /** Java has checked the name ({@link Comm#objectName}). */
        void typeSetName(long type, String name) throws MPIException;

        /**
         * {@code MPI_Pack} of {@code count} of {@code type} from {@code in} into {@code out}
         * of {@code outBytes} bytes, from {@code position}: Java has checked both buffers (direct
         * ones by then) and the position.
         *
         * @return the position after the packed data
         */
        int pack(Buffer in, int count, long type, Buffer out, int outBytes, int position,
                long comm) throws MPIException;

        /**
         * {@code MPI_Unpack} from {@code in} of {@code inBytes} bytes, at {@code position}, of
         * {@code count} of {@code type} into {@code out}; checked as {@link #pack}.
         *
         * @return the position after the unpacked data
         */
        int unpack(Buffer in, int inBytes, int position, Buffer out, int count, long type,
                long comm) throws MPIException;

        /** @return {@code MPI_Pack_size}'s upper bound, in bytes */
        int packSize(int count, long type, long comm) throws MPIException;
    }
}
