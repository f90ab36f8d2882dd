package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The one seam between the binding's Java side and an MPI library: every call into MPI goes
 * through it. Above it, package {@code mpi} checks arguments, stages arrays and keeps its
 * bookkeeping once; below it, a backend makes the calls: {@link JniBackend} through the JNI
 * library {@code libombj.so} (JDK 17 and later, any MPI it was built against), and
 * {@code FfmBackend} through {@code java.lang.foreign} (JDK 22 and later, straight into the MPI
 * library: see {@code src/main/java22}).
 *
 * <p>{@link Backends#BACKEND} holds the one backend of a run in a static final field, so the
 * JIT sees a constant receiver of one class at every call site and binds each call directly
 * (no virtual dispatch per message, whichever backend runs).
 *
 * <p>Each method is one native entry, named after the class whose calls it serves
 * ({@code commSend} for {@link Comm}, {@code winAccess} for {@link Win}, ...). Its contract is
 * the contract of that class's native declaration, whose comment says what Java has already
 * checked and what the call must do; a new MPI call is one method here and one in each backend.
 * Handles travel as {@code long}: whatever the MPI library makes them (pointers or ints).
 */
interface Backend {

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
     * @return a direct buffer of {@code bytes} zeroed bytes, page aligned, in native byte order,
     *         its memory freed once it is unreachable ({@link MPI#newByteBuffer}, and the
     *         binding's staging memory)
     */
    ByteBuffer newByteBuffer(int bytes);

    // ---- MPI ----
    void mpiVersion(int[] version) throws MPIException;
    long mpiOneSidedConstant(int id);
    long mpiGetAddress(Buffer buf) throws MPIException;
    long mpiConstant(int id);
    int mpiInit(int required) throws MPIException;
    void mpiFinalize() throws MPIException;
    double mpiWtime();
    double mpiWtick();
    String mpiProcessorName() throws MPIException;
    String mpiLibVersion() throws MPIException;

    // ---- Comm ----
    long commGetGroup(long comm) throws MPIException;
    int[] commNeighbors(long comm) throws MPIException;
    long commNeighborAllToAllw(long comm, Object sendbuf, boolean sendArray, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, int outdegree, Object recvbuf, boolean recvArray, int[] recvcounts, int[] rdispls, Datatype[] recvtypes, int indegree, ByteBuffer args) throws MPIException;
    long commAllToAllw(long comm, boolean nonBlocking, Object sendbuf, boolean sendArray, Object sendcounts, Object sdispls, Object sendtypes, Object recvbuf, boolean recvArray, Object recvcounts, Object rdispls, Object recvtypes) throws MPIException;
    long commCollective(int kind, long comm, Object sendbuf, boolean sendArray, int sendcount, long sendtype, Object recvbuf, boolean recvArray, int recvcount, long recvtype, Object counts, Object displs, Object counts2, Object displs2, long op, int root) throws MPIException;
    int commRank(long comm) throws MPIException;
    int commSize(long comm) throws MPIException;
    long commDup(long comm) throws MPIException;
    void commFree(long comm) throws MPIException;
    void commAbort(long comm, int errorCode) throws MPIException;
    void commSend(long comm, Object buf, boolean isArray, int count, long type, int dest, int tag) throws MPIException;
    long commRecv(long comm, Object buf, boolean isArray, int count, long type, int source, int tag) throws MPIException;
    void commRecvStatus(long comm, Object buf, boolean isArray, int count, long type, int source, int tag, Status status) throws MPIException;
    void commSendRecv(long comm, Object sendbuf, boolean sendArray, int sendcount, long sendtype, int dest, int sendtag, Object recvbuf, boolean recvArray, int recvcount, long recvtype, int source, int recvtag, Status status) throws MPIException;
    long commIsend(long comm, Object buf, int kind, ByteBuffer staging, int bytes, int count, long type, int dest, int tag) throws MPIException;
    long commIrecv(long comm, Object buf, int count, long type, int source, int tag) throws MPIException;
    void commSendStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes, int count, long type, int dest, int tag) throws MPIException;
    long commRecvStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes, int count, long type, int source, int tag, Status status) throws MPIException;

    // ---- Intracomm ----
    long intracommSplit(long comm, int colour, int key) throws MPIException;
    long intracommCreateCart(long comm, int[] dims, boolean[] periods, boolean reorder) throws MPIException;
    long intracommCreateDistGraphAdjacent(long comm, int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, long info, boolean reorder) throws MPIException;
    long intracommCreateDistGraph(long comm, int[] sources, int[] degrees, int[] destinations, int[] weights, long info, boolean reorder) throws MPIException;

    // ---- CartComm ----
    void cartCreateDims(int nnodes, int[] dims) throws MPIException;
    int cartDims(long comm) throws MPIException;
    void cartGet(long comm, int[] dims, boolean[] periods, int[] coords) throws MPIException;
    void cartCoords(long comm, int rank, int[] coords) throws MPIException;
    int cartRank(long comm, int[] coords) throws MPIException;
    long cartShift(long comm, int direction, int disp) throws MPIException;

    // ---- GraphComm ----
    long graphNeighborsCount(long comm) throws MPIException;
    void graphNeighbors(long comm, int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights) throws MPIException;

    // ---- Group ----
    int groupSize(long group) throws MPIException;
    int groupRank(long group) throws MPIException;
    long groupInclExcl(long group, int[] ranks, boolean incl) throws MPIException;
    int[] groupTranslateRanks(long group1, int[] ranks1, long group2) throws MPIException;
    int groupCompare(long group1, long group2) throws MPIException;
    long groupCombine(int operation, long group1, long group2) throws MPIException;
    void groupFree(long group) throws MPIException;

    // ---- Datatype ----
    long typeContiguous(int count, long oldType) throws MPIException;
    long typeVector(int count, int blockLength, int stride, long oldType) throws MPIException;
    long typeIndexed(int[] blockLengths, int[] displacements, long oldType) throws MPIException;
    void typeLayout(long type, long[] layout) throws MPIException;
    void typeCommit(long type) throws MPIException;
    void typeFree(long type) throws MPIException;

    // ---- Info ----
    long infoCreate() throws MPIException;
    void infoSet(long info, String key, String value) throws MPIException;
    String infoGet(long info, String key) throws MPIException;
    void infoFree(long info) throws MPIException;

    // ---- Request ----
    long requestWait(Request self, long handle, Status s) throws MPIException;
    long requestTest(Request self, long handle) throws MPIException;
    long requestFree(long handle) throws MPIException;
    void requestWaitAll(long[] handles, int n) throws MPIException;
    void requestWaitAllStatus(long[] handles, Status[] statuses) throws MPIException;

    // ---- Prequest ----
    long prequestInit(int kind, long comm, Object buf, int count, long type, int peer, int tag) throws MPIException;
    void prequestStart(long handle, Object array, int kind, ByteBuffer staging, int bytes) throws MPIException;
    void prequestStartAll(long[] handles, int n) throws MPIException;
    boolean prequestTest(Prequest self, long handle) throws MPIException;

    // ---- Win ----
    long winCreate(Buffer base, long bytes, int dispUnit, long info, long comm) throws MPIException;
    long winAllocate(long bytes, int dispUnit, long info, long comm, boolean shared, Buffer base, long[] address) throws MPIException;
    ByteBuffer winWrap(long address, long bytes);
    long winCreateDynamic(long info, long comm) throws MPIException;
    void winAttach(long win, Buffer base, long bytes) throws MPIException;
    void winDetach(long win, Buffer base) throws MPIException;
    long winGetGroup(long win) throws MPIException;
    long winFree(long win) throws MPIException;
    long winAccess(int kind, long win, Object in, int inCount, long inType, Object compare, Object out, int outCount, long outType, int targetRank, long targetDisp, int targetCount, long targetType, long op) throws MPIException;
    int winSync(int call, long win, int rank, int lockType, int assertion) throws MPIException;
    void winGroupSync(int call, long win, long group, int assertion) throws MPIException;

    // ---- ArrayCopy ----
    void arrayCopy(Object array, int kind, ByteBuffer staging, int offset, int bytes, boolean toArray);
    void arrayCopyBlocks(Object array, int kind, ByteBuffer staging, int[] blocks);
}
