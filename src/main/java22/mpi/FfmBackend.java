package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The FFM backend (JDK 22 and later): each call goes through {@code java.lang.foreign} straight
 * into the MPI library that {@link FfmLibrary} opened, with no C of ours in between. The work
 * is in one class per concern ({@link FfmEnvironment}, {@link FfmPointToPoint},
 * {@link FfmCollectives}, {@link FfmOneSided}, {@link FfmCommunicators}, {@link FfmTypes}),
 * whose methods throw what a downcall throws; here, in one place, anything but an
 * unchecked exception ({@link MPIException} is one) becomes an error (a downcall handle throws
 * nothing of its own).
 */
final class FfmBackend implements Backend {

    FfmBackend() {
        FfmLibrary.ABI.name(); // opens the library now: a failure belongs to the backend's start
    }

    @Override
    public String name() {
        return "FFM (" + FfmLibrary.ABI.name() + ")";
    }

    @Override
    public boolean stagesSmallArraysInJava() {
        return false;
    }

    /**
     * Memory of an automatic arena, seen as a buffer: the buffer keeps its segment, so that
     * {@code MemorySegment.ofBuffer} on it, at every call that passes it to MPI, takes that
     * segment's scope rather than making a new one (which the JIT did not always remove).
     */
    @Override
    public ByteBuffer newByteBuffer(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative buffer size " + bytes);
        }
        return java.lang.foreign.Arena.ofAuto().allocate(bytes, PageAligned.PAGE).asByteBuffer()
                .order(java.nio.ByteOrder.nativeOrder());
    }

    @Override
    public void mpiVersion(int[] version) throws MPIException {
        try {
            FfmEnvironment.mpiVersion(version);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long mpiOneSidedConstant(int id) {
        try {
            return FfmEnvironment.mpiOneSidedConstant(id);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long mpiGetAddress(Buffer buf) throws MPIException {
        try {
            return FfmEnvironment.mpiGetAddress(buf);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long mpiConstant(int id) {
        try {
            return FfmEnvironment.mpiConstant(id);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int mpiInit(int required) throws MPIException {
        try {
            return FfmEnvironment.mpiInit(required);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void mpiFinalize() throws MPIException {
        try {
            FfmEnvironment.mpiFinalize();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public double mpiWtime() {
        try {
            return FfmEnvironment.mpiWtime();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public double mpiWtick() {
        try {
            return FfmEnvironment.mpiWtick();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public String mpiProcessorName() throws MPIException {
        try {
            return FfmEnvironment.mpiProcessorName();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public String mpiLibVersion() throws MPIException {
        try {
            return FfmEnvironment.mpiLibVersion();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commGetGroup(long comm) throws MPIException {
        try {
            return FfmCommunicators.commGetGroup(comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int[] commNeighbors(long comm) throws MPIException {
        try {
            return FfmCollectives.commNeighbors(comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commNeighborAllToAllw(long comm, Object sendbuf, boolean sendArray, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, int outdegree, Object recvbuf, boolean recvArray, int[] recvcounts, int[] rdispls, Datatype[] recvtypes, int indegree, ByteBuffer args) throws MPIException {
        try {
            return FfmCollectives.commNeighborAllToAllw(comm, sendbuf, sendArray, sendcounts, sdispls, sendtypes, outdegree, recvbuf, recvArray, recvcounts, rdispls, recvtypes, indegree, args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commAllToAllw(long comm, boolean nonBlocking, Object sendbuf, boolean sendArray, Object sendcounts, Object sdispls, Object sendtypes, Object recvbuf, boolean recvArray, Object recvcounts, Object rdispls, Object recvtypes) throws MPIException {
        try {
            return FfmCollectives.commAllToAllw(comm, nonBlocking, sendbuf, sendArray, sendcounts, sdispls, sendtypes, recvbuf, recvArray, recvcounts, rdispls, recvtypes);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commCollective(int kind, long comm, Object sendbuf, boolean sendArray, int sendcount, long sendtype, Object recvbuf, boolean recvArray, int recvcount, long recvtype, Object counts, Object displs, Object counts2, Object displs2, long op, int root) throws MPIException {
        try {
            return FfmCollectives.commCollective(kind, comm, sendbuf, sendArray, sendcount, sendtype, recvbuf, recvArray, recvcount, recvtype, counts, displs, counts2, displs2, op, root);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int commRank(long comm) throws MPIException {
        try {
            return FfmCommunicators.commRank(comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int commSize(long comm) throws MPIException {
        try {
            return FfmCommunicators.commSize(comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commDup(long comm) throws MPIException {
        try {
            return FfmCommunicators.commDup(comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void commFree(long comm) throws MPIException {
        try {
            FfmCommunicators.commFree(comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void commAbort(long comm, int errorCode) throws MPIException {
        try {
            FfmCommunicators.commAbort(comm, errorCode);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void commSend(long comm, Object buf, boolean isArray, int count, long type, int dest, int tag) throws MPIException {
        try {
            FfmPointToPoint.commSend(comm, buf, isArray, count, type, dest, tag);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commRecv(long comm, Object buf, boolean isArray, int count, long type, int source, int tag) throws MPIException {
        try {
            return FfmPointToPoint.commRecv(comm, buf, isArray, count, type, source, tag);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void commRecvStatus(long comm, Object buf, boolean isArray, int count, long type, int source, int tag, Status status) throws MPIException {
        try {
            FfmPointToPoint.commRecvStatus(comm, buf, isArray, count, type, source, tag, status);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void commSendRecv(long comm, Object sendbuf, boolean sendArray, int sendcount, long sendtype, int dest, int sendtag, Object recvbuf, boolean recvArray, int recvcount, long recvtype, int source, int recvtag, Status status) throws MPIException {
        try {
            FfmPointToPoint.commSendRecv(comm, sendbuf, sendArray, sendcount, sendtype, dest, sendtag, recvbuf, recvArray, recvcount, recvtype, source, recvtag, status);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commIsend(long comm, Object buf, int kind, ByteBuffer staging, int bytes, int count, long type, int dest, int tag) throws MPIException {
        try {
            return FfmPointToPoint.commIsend(comm, buf, kind, staging, bytes, count, type, dest, tag);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commIrecv(long comm, Object buf, int count, long type, int source, int tag) throws MPIException {
        try {
            return FfmPointToPoint.commIrecv(comm, buf, count, type, source, tag);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void commSendStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes, int count, long type, int dest, int tag) throws MPIException {
        try {
            FfmPointToPoint.commSendStaged(comm, array, kind, staging, bytes, count, type, dest, tag);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long commRecvStaged(long comm, Object array, int kind, ByteBuffer staging, int bytes, int count, long type, int source, int tag, Status status) throws MPIException {
        try {
            return FfmPointToPoint.commRecvStaged(comm, array, kind, staging, bytes, count, type, source, tag, status);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long intracommSplit(long comm, int colour, int key) throws MPIException {
        try {
            return FfmCommunicators.intracommSplit(comm, colour, key);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long intracommCreateCart(long comm, int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        try {
            return FfmCommunicators.intracommCreateCart(comm, dims, periods, reorder);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long intracommCreateDistGraphAdjacent(long comm, int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, long info, boolean reorder) throws MPIException {
        try {
            return FfmCommunicators.intracommCreateDistGraphAdjacent(comm, sources, sourceWeights, destinations, destWeights, info, reorder);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long intracommCreateDistGraph(long comm, int[] sources, int[] degrees, int[] destinations, int[] weights, long info, boolean reorder) throws MPIException {
        try {
            return FfmCommunicators.intracommCreateDistGraph(comm, sources, degrees, destinations, weights, info, reorder);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void cartCreateDims(int nnodes, int[] dims) throws MPIException {
        try {
            FfmCommunicators.cartCreateDims(nnodes, dims);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int cartDims(long comm) throws MPIException {
        try {
            return FfmCommunicators.cartDims(comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void cartGet(long comm, int[] dims, boolean[] periods, int[] coords) throws MPIException {
        try {
            FfmCommunicators.cartGet(comm, dims, periods, coords);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void cartCoords(long comm, int rank, int[] coords) throws MPIException {
        try {
            FfmCommunicators.cartCoords(comm, rank, coords);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int cartRank(long comm, int[] coords) throws MPIException {
        try {
            return FfmCommunicators.cartRank(comm, coords);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long cartShift(long comm, int direction, int disp) throws MPIException {
        try {
            return FfmCommunicators.cartShift(comm, direction, disp);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long graphNeighborsCount(long comm) throws MPIException {
        try {
            return FfmCommunicators.graphNeighborsCount(comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void graphNeighbors(long comm, int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights) throws MPIException {
        try {
            FfmCommunicators.graphNeighbors(comm, sources, sourceWeights, destinations, destWeights);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int groupSize(long group) throws MPIException {
        try {
            return FfmCommunicators.groupSize(group);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int groupRank(long group) throws MPIException {
        try {
            return FfmCommunicators.groupRank(group);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long groupInclExcl(long group, int[] ranks, boolean incl) throws MPIException {
        try {
            return FfmCommunicators.groupInclExcl(group, ranks, incl);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int[] groupTranslateRanks(long group1, int[] ranks1, long group2) throws MPIException {
        try {
            return FfmCommunicators.groupTranslateRanks(group1, ranks1, group2);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int groupCompare(long group1, long group2) throws MPIException {
        try {
            return FfmCommunicators.groupCompare(group1, group2);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long groupCombine(int operation, long group1, long group2) throws MPIException {
        try {
            return FfmCommunicators.groupCombine(operation, group1, group2);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void groupFree(long group) throws MPIException {
        try {
            FfmCommunicators.groupFree(group);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long typeContiguous(int count, long oldType) throws MPIException {
        try {
            return FfmTypes.typeContiguous(count, oldType);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long typeVector(int count, int blockLength, int stride, long oldType) throws MPIException {
        try {
            return FfmTypes.typeVector(count, blockLength, stride, oldType);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long typeIndexed(int[] blockLengths, int[] displacements, long oldType) throws MPIException {
        try {
            return FfmTypes.typeIndexed(blockLengths, displacements, oldType);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void typeLayout(long type, long[] layout) throws MPIException {
        try {
            FfmTypes.typeLayout(type, layout);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void typeCommit(long type) throws MPIException {
        try {
            FfmTypes.typeCommit(type);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void typeFree(long type) throws MPIException {
        try {
            FfmTypes.typeFree(type);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long infoCreate() throws MPIException {
        try {
            return FfmTypes.infoCreate();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void infoSet(long info, String key, String value) throws MPIException {
        try {
            FfmTypes.infoSet(info, key, value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public String infoGet(long info, String key) throws MPIException {
        try {
            return FfmTypes.infoGet(info, key);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void infoFree(long info) throws MPIException {
        try {
            FfmTypes.infoFree(info);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long requestWait(Request self, long handle, Status s) throws MPIException {
        try {
            return FfmPointToPoint.requestWait(self, handle, s);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long requestTest(Request self, long handle) throws MPIException {
        try {
            return FfmPointToPoint.requestTest(self, handle);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long requestFree(long handle) throws MPIException {
        try {
            return FfmPointToPoint.requestFree(handle);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void requestWaitAll(long[] handles, int n) throws MPIException {
        try {
            FfmPointToPoint.requestWaitAll(handles, n);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void requestWaitAllStatus(long[] handles, Status[] statuses) throws MPIException {
        try {
            FfmPointToPoint.requestWaitAllStatus(handles, statuses);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long prequestInit(int kind, long comm, Object buf, int count, long type, int peer, int tag) throws MPIException {
        try {
            return FfmPointToPoint.prequestInit(kind, comm, buf, count, type, peer, tag);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void prequestStart(long handle, Object array, int kind, ByteBuffer staging, int bytes) throws MPIException {
        try {
            FfmPointToPoint.prequestStart(handle, array, kind, staging, bytes);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void prequestStartAll(long[] handles, int n) throws MPIException {
        try {
            FfmPointToPoint.prequestStartAll(handles, n);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public boolean prequestTest(Prequest self, long handle) throws MPIException {
        try {
            return FfmPointToPoint.prequestTest(self, handle);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long winCreate(Buffer base, long bytes, int dispUnit, long info, long comm) throws MPIException {
        try {
            return FfmOneSided.winCreate(base, bytes, dispUnit, info, comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long winAllocate(long bytes, int dispUnit, long info, long comm, boolean shared, Buffer base, long[] address) throws MPIException {
        try {
            return FfmOneSided.winAllocate(bytes, dispUnit, info, comm, shared, base, address);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public ByteBuffer winWrap(long address, long bytes) {
        try {
            return FfmOneSided.winWrap(address, bytes);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long winCreateDynamic(long info, long comm) throws MPIException {
        try {
            return FfmOneSided.winCreateDynamic(info, comm);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void winAttach(long win, Buffer base, long bytes) throws MPIException {
        try {
            FfmOneSided.winAttach(win, base, bytes);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void winDetach(long win, Buffer base) throws MPIException {
        try {
            FfmOneSided.winDetach(win, base);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long winGetGroup(long win) throws MPIException {
        try {
            return FfmOneSided.winGetGroup(win);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long winFree(long win) throws MPIException {
        try {
            return FfmOneSided.winFree(win);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long winAccess(int kind, long win, Object in, int inCount, long inType, Object compare, Object out, int outCount, long outType, int targetRank, long targetDisp, int targetCount, long targetType, long op) throws MPIException {
        try {
            return FfmOneSided.winAccess(kind, win, in, inCount, inType, compare, out, outCount, outType, targetRank, targetDisp, targetCount, targetType, op);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int winSync(int call, long win, int rank, int lockType, int assertion) throws MPIException {
        try {
            return FfmOneSided.winSync(call, win, rank, lockType, assertion);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void winGroupSync(int call, long win, long group, int assertion) throws MPIException {
        try {
            FfmOneSided.winGroupSync(call, win, group, assertion);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void arrayCopy(Object array, int kind, ByteBuffer staging, int offset, int bytes, boolean toArray) {
        try {
            FfmPointToPoint.arrayCopy(array, kind, staging, offset, bytes, toArray);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public void arrayCopyBlocks(Object array, int kind, ByteBuffer staging, int[] blocks) {
        try {
            FfmPointToPoint.arrayCopyBlocks(array, kind, staging, blocks);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
