package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The JNI backend: each call is the native method of the class it serves, in
 * {@code libombj.so} (src/main/native, one C file per class), built with the MPI library's
 * compiler wrapper. Creating it loads the signal guard and the JNI library.
 */
final class JniBackend implements Backend {

    JniBackend() {
        NativeLibrary.load();
    }

    @Override
    public String name() {
        return "JNI";
    }

    @Override
    public boolean stagesSmallArraysInJava() {
        return true;
    }

    @Override
    public ByteBuffer newByteBuffer(int bytes) {
        return PageAligned.allocate(bytes);
    }

    // ---- MPI ----
    @Override
    public void mpiVersion(int[] version) throws MPIException {
        MPI.nVersion(version);
    }

    @Override
    public long mpiOneSidedConstant(int id) {
        return MPI.nOneSidedConstant(id);
    }

    @Override
    public long mpiGetAddress(Buffer buf) throws MPIException {
        return MPI.nGetAddress(buf);
    }

    @Override
    public long mpiConstant(int id) {
        return MPI.nConstant(id);
    }

    @Override
    public int mpiInit(int required) throws MPIException {
        return MPI.nInit(required);
    }

    @Override
    public void mpiFinalize() throws MPIException {
        MPI.nFinalize();
    }

    @Override
    public double mpiWtime() {
        return MPI.nWtime();
    }

    @Override
    public double mpiWtick() {
        return MPI.nWtick();
    }

    @Override
    public String mpiProcessorName() throws MPIException {
        return MPI.nProcessorName();
    }

    @Override
    public String mpiLibVersion() throws MPIException {
        return MPI.nLibVersion();
    }


    // ---- Comm ----
    @Override
    public long commGetGroup(long comm) throws MPIException {
        return Comm.nGetGroup(comm);
    }

    @Override
    public int[] commNeighbors(long comm) throws MPIException {
        return Comm.nNeighbors(comm);
    }

    @Override
    public long commNeighborAllToAllw(long comm, Object sendbuf, boolean sendArray, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, int outdegree, Object recvbuf, boolean recvArray, int[] recvcounts, int[] rdispls, Datatype[] recvtypes, int indegree, ByteBuffer args) throws MPIException {
        return Comm.nNeighborAllToAllw(comm, sendbuf, sendArray, sendcounts, sdispls, sendtypes, outdegree, recvbuf, recvArray, recvcounts, rdispls, recvtypes, indegree, args);
    }

    @Override
    public long commAllToAllw(long comm, boolean nonBlocking, Object sendbuf, boolean sendArray, Object sendcounts, Object sdispls, Object sendtypes, Object recvbuf, boolean recvArray, Object recvcounts, Object rdispls, Object recvtypes) throws MPIException {
        return Comm.nAllToAllw(comm, nonBlocking, sendbuf, sendArray, sendcounts, sdispls, sendtypes, recvbuf, recvArray, recvcounts, rdispls, recvtypes);
    }

    @Override
    public long commCollective(int kind, long comm, Object sendbuf, boolean sendArray, int sendcount, long sendtype, Object recvbuf, boolean recvArray, int recvcount, long recvtype, Object counts, Object displs, Object counts2, Object displs2, long op, int root) throws MPIException {
        return Comm.nCollective(kind, comm, sendbuf, sendArray, sendcount, sendtype, recvbuf, recvArray, recvcount, recvtype, counts, displs, counts2, displs2, op, root);
    }

    @Override
    public int commRank(long comm) throws MPIException {
        return Comm.nRank(comm);
    }

    @Override
    public int commSize(long comm) throws MPIException {
        return Comm.nSize(comm);
    }

    @Override
    public long commDup(long comm) throws MPIException {
        return Comm.nDup(comm);
    }

    @Override
    public void commFree(long comm) throws MPIException {
        Comm.nFree(comm);
    }

    @Override
    public void commAbort(long comm, int errorCode) throws MPIException {
        Comm.nAbort(comm, errorCode);
    }

    @Override
    public void commSend(long comm, Object buf, boolean isArray, int count, long type, int dest, int tag) throws MPIException {
        Comm.nSend(comm, buf, isArray, count, type, dest, tag);
    }

    @Override
    public long commRecv(long comm, Object buf, boolean isArray, int count, long type, int source, int tag) throws MPIException {
        return Comm.nRecv(comm, buf, isArray, count, type, source, tag);
    }

    @Override
    public void commRecvStatus(long comm, Object buf, boolean isArray, int count, long type, int source, int tag, Status status) throws MPIException {
        Comm.nRecvStatus(comm, buf, isArray, count, type, source, tag, status);
    }

    @Override
    public void commSendRecv(long comm, Object sendbuf, boolean sendArray, int sendcount, long sendtype, int dest, int sendtag, Object recvbuf, boolean recvArray, int recvcount, long recvtype, int source, int recvtag, Status status) throws MPIException {
        Comm.nSendRecv(comm, sendbuf, sendArray, sendcount, sendtype, dest, sendtag, recvbuf, recvArray, recvcount, recvtype, source, recvtag, status);
    }

    @Override
    public long commIsend(long comm, Object buf, int kind, ByteBuffer staging, int bytes, int count, long type, int dest, int tag) throws MPIException {
        return Comm.nIsend(comm, buf, kind, staging, bytes, count, type, dest, tag);
    }

    @Override
    public long commIrecv(long comm, Object buf, int count, long type, int source, int tag) throws MPIException {
        return Comm.nIrecv(comm, buf, count, type, source, tag);
    }

    @Override
    public void commSendStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes, int count, long type, int dest, int tag) throws MPIException {
        Comm.nSendStaged(comm, array, kind, staging, bytes, count, type, dest, tag);
    }

    @Override
    public long commRecvStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes, int count, long type, int source, int tag, Status status) throws MPIException {
        return Comm.nRecvStaged(comm, array, kind, staging, bytes, count, type, source, tag, status);
    }


    // ---- Intracomm ----
    @Override
    public long intracommSplit(long comm, int colour, int key) throws MPIException {
        return Intracomm.nSplit(comm, colour, key);
    }

    @Override
    public long intracommCreateCart(long comm, int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        return Intracomm.nCreateCart(comm, dims, periods, reorder);
    }

    @Override
    public long intracommCreateDistGraphAdjacent(long comm, int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, long info, boolean reorder) throws MPIException {
        return Intracomm.nCreateDistGraphAdjacent(comm, sources, sourceWeights, destinations, destWeights, info, reorder);
    }

    @Override
    public long intracommCreateDistGraph(long comm, int[] sources, int[] degrees, int[] destinations, int[] weights, long info, boolean reorder) throws MPIException {
        return Intracomm.nCreateDistGraph(comm, sources, degrees, destinations, weights, info, reorder);
    }


    // ---- CartComm ----
    @Override
    public void cartCreateDims(int nnodes, int[] dims) throws MPIException {
        CartComm.nCreateDims(nnodes, dims);
    }

    @Override
    public int cartDims(long comm) throws MPIException {
        return CartComm.nDims(comm);
    }

    @Override
    public void cartGet(long comm, int[] dims, boolean[] periods, int[] coords) throws MPIException {
        CartComm.nGet(comm, dims, periods, coords);
    }

    @Override
    public void cartCoords(long comm, int rank, int[] coords) throws MPIException {
        CartComm.nCoords(comm, rank, coords);
    }

    @Override
    public int cartRank(long comm, int[] coords) throws MPIException {
        return CartComm.nRank(comm, coords);
    }

    @Override
    public long cartShift(long comm, int direction, int disp) throws MPIException {
        return CartComm.nShift(comm, direction, disp);
    }


    // ---- GraphComm ----
    @Override
    public long graphNeighborsCount(long comm) throws MPIException {
        return GraphComm.nNeighborsCount(comm);
    }

    @Override
    public void graphNeighbors(long comm, int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights) throws MPIException {
        GraphComm.nNeighbors(comm, sources, sourceWeights, destinations, destWeights);
    }


    // ---- Group ----
    @Override
    public int groupSize(long group) throws MPIException {
        return Group.nSize(group);
    }

    @Override
    public int groupRank(long group) throws MPIException {
        return Group.nRank(group);
    }

    @Override
    public long groupInclExcl(long group, int[] ranks, boolean incl) throws MPIException {
        return Group.nInclExcl(group, ranks, incl);
    }

    @Override
    public int[] groupTranslateRanks(long group1, int[] ranks1, long group2) throws MPIException {
        return Group.nTranslateRanks(group1, ranks1, group2);
    }

    @Override
    public int groupCompare(long group1, long group2) throws MPIException {
        return Group.nCompare(group1, group2);
    }

    @Override
    public long groupCombine(int operation, long group1, long group2) throws MPIException {
        return Group.nCombine(operation, group1, group2);
    }

    @Override
    public void groupFree(long group) throws MPIException {
        Group.nFree(group);
    }


    // ---- Datatype ----
    @Override
    public long typeContiguous(int count, long oldType) throws MPIException {
        return Datatype.nContiguous(count, oldType);
    }

    @Override
    public long typeVector(int count, int blockLength, int stride, long oldType) throws MPIException {
        return Datatype.nVector(count, blockLength, stride, oldType);
    }

    @Override
    public long typeIndexed(int[] blockLengths, int[] displacements, long oldType) throws MPIException {
        return Datatype.nIndexed(blockLengths, displacements, oldType);
    }

    @Override
    public void typeLayout(long type, long[] layout) throws MPIException {
        Datatype.nLayout(type, layout);
    }

    @Override
    public void typeCommit(long type) throws MPIException {
        Datatype.nCommit(type);
    }

    @Override
    public void typeFree(long type) throws MPIException {
        Datatype.nFree(type);
    }


    // ---- Info ----
    @Override
    public long infoCreate() throws MPIException {
        return Info.nCreate();
    }

    @Override
    public void infoSet(long info, String key, String value) throws MPIException {
        Info.nSet(info, key, value);
    }

    @Override
    public String infoGet(long info, String key) throws MPIException {
        return Info.nGet(info, key);
    }

    @Override
    public void infoFree(long info) throws MPIException {
        Info.nFree(info);
    }


    // ---- Request ----
    @Override
    public long requestWait(Request self, long handle, Status s) throws MPIException {
        return Request.nWait(self, handle, s);
    }

    @Override
    public long requestTest(Request self, long handle) throws MPIException {
        return Request.nTest(self, handle);
    }

    @Override
    public long requestFree(long handle) throws MPIException {
        return Request.nFree(handle);
    }

    @Override
    public void requestWaitAll(long[] handles, int n) throws MPIException {
        Request.nWaitAll(handles, n);
    }

    @Override
    public void requestWaitAllStatus(long[] handles, Status[] statuses) throws MPIException {
        Request.nWaitAllStatus(handles, statuses);
    }


    // ---- Prequest ----
    @Override
    public long prequestInit(int kind, long comm, Object buf, int count, long type, int peer, int tag) throws MPIException {
        return Prequest.nInit(kind, comm, buf, count, type, peer, tag);
    }

    @Override
    public void prequestStart(long handle, Object array, int kind, ByteBuffer staging, int bytes) throws MPIException {
        Prequest.nStart(handle, array, kind, staging, bytes);
    }

    @Override
    public void prequestStartAll(long[] handles, int n) throws MPIException {
        Prequest.nStartAll(handles, n);
    }

    @Override
    public boolean prequestTest(Prequest self, long handle) throws MPIException {
        return Prequest.nTest(self, handle);
    }


    // ---- Win ----
    @Override
    public long winCreate(Buffer base, long bytes, int dispUnit, long info, long comm) throws MPIException {
        return Win.nCreate(base, bytes, dispUnit, info, comm);
    }

    @Override
    public long winAllocate(long bytes, int dispUnit, long info, long comm, boolean shared, Buffer base, long[] address) throws MPIException {
        return Win.nAllocate(bytes, dispUnit, info, comm, shared, base, address);
    }

    @Override
    public ByteBuffer winWrap(long address, long bytes) {
        return Win.nWrap(address, bytes);
    }

    @Override
    public long winCreateDynamic(long info, long comm) throws MPIException {
        return Win.nCreateDynamic(info, comm);
    }

    @Override
    public void winAttach(long win, Buffer base, long bytes) throws MPIException {
        Win.nAttach(win, base, bytes);
    }

    @Override
    public void winDetach(long win, Buffer base) throws MPIException {
        Win.nDetach(win, base);
    }

    @Override
    public long winGetGroup(long win) throws MPIException {
        return Win.nGetGroup(win);
    }

    @Override
    public long winFree(long win) throws MPIException {
        return Win.nFree(win);
    }

    @Override
    public long winAccess(int kind, long win, Object in, int inCount, long inType, Object compare, Object out, int outCount, long outType, int targetRank, long targetDisp, int targetCount, long targetType, long op) throws MPIException {
        return Win.nAccess(kind, win, in, inCount, inType, compare, out, outCount, outType, targetRank, targetDisp, targetCount, targetType, op);
    }

    @Override
    public int winSync(int call, long win, int rank, int lockType, int assertion) throws MPIException {
        return Win.nSync(call, win, rank, lockType, assertion);
    }

    @Override
    public void winGroupSync(int call, long win, long group, int assertion) throws MPIException {
        Win.nGroupSync(call, win, group, assertion);
    }


    // ---- ArrayCopy ----
    @Override
    public void arrayCopy(Object array, int kind, ByteBuffer staging, int offset, int bytes, boolean toArray) {
        ArrayCopy.nCopy(array, kind, staging, offset, bytes, toArray);
    }

    @Override
    public void arrayCopyBlocks(Object array, int kind, ByteBuffer staging, int[] blocks) {
        ArrayCopy.nCopyBlocks(array, kind, staging, blocks);
    }
}
