package mpi;

/**
 * The JNI backend's {@link Seam.Communicators}: each call is a native method of {@code libombj.so}
 * ({@code mpi_Comm.c, mpi_Intracomm.c, mpi_CartComm.c, mpi_GraphComm.c, mpi_Group.c}), declared
 * here once.
 */
final class JniCommunicators implements Seam.Communicators {

    @Override
    public native long commGetGroup(long comm) throws MPIException;

    @Override
    public native int commRank(long comm) throws MPIException;

    @Override
    public native int commSize(long comm) throws MPIException;

    @Override
    public native boolean commTestInter(long comm) throws MPIException;

    @Override
    public native long groupRangeInclExcl(long group, int[] triplets, boolean incl)
            throws MPIException;

    @Override
    public native int commCompare(long comm1, long comm2) throws MPIException;

    @Override
    public native void commSetName(long comm, String name) throws MPIException;

    @Override
    public native String commGetName(long comm) throws MPIException;

    @Override
    public native long intracommSplitType(long comm, int splitType, int key, long info)
            throws MPIException;

    @Override
    public native long commSpawn(long comm, String command, String[] argv, int maxprocs,
            long info, int root, int[] errcodes) throws MPIException;

    @Override
    public native long commSpawnMultiple(long comm, String[] commands, String[][] argv,
            int[] maxprocs, long[] infos, int root, int[] errcodes) throws MPIException;

    @Override
    public native String openPort(long info) throws MPIException;

    @Override
    public native void closePort(String port) throws MPIException;

    @Override
    public native void publishName(String service, long info, String port)
            throws MPIException;

    @Override
    public native void unpublishName(String service, long info, String port)
            throws MPIException;

    @Override
    public native String lookupName(String service, long info) throws MPIException;

    @Override
    public native long commAccept(String port, long info, int root, long comm)
            throws MPIException;

    @Override
    public native long commConnect(String port, long info, int root, long comm)
            throws MPIException;

    @Override
    public native long commGetParent() throws MPIException;

    @Override
    public native int commRemoteSize(long comm) throws MPIException;

    @Override
    public native long commRemoteGroup(long comm) throws MPIException;

    @Override
    public native long intercommMerge(long comm, boolean high) throws MPIException;

    @Override
    public native long intercommCreate(long comm, int localLeader, long peer, int remoteLeader,
            int tag) throws MPIException;

    @Override
    public native long commDisconnect(long comm) throws MPIException;

    @Override
    public native void commSetErrhandler(long comm, long errhandler) throws MPIException;

    @Override
    public native long commGetErrhandler(long comm) throws MPIException;

    @Override
    public native void commCallErrhandler(long comm, int errorCode) throws MPIException;

    @Override
    public native long commDup(long comm) throws MPIException;

    @Override
    public native long commDupWithInfo(long comm, long info) throws MPIException;

    @Override
    public native long intracommCreate(long comm, long group, int tag) throws MPIException;

    @Override
    public native void commFree(long comm) throws MPIException;

    @Override
    public native void commAbort(long comm, int errorCode) throws MPIException;

    @Override
    public native long intracommSplit(long comm, int colour, int key) throws MPIException;

    @Override
    public native long intracommCreateCart(long comm, int[] dims, boolean[] periods,
            boolean reorder) throws MPIException;

    @Override
    public native long intracommCreateDistGraphAdjacent(long comm, int[] sources,
            int[] sourceWeights, int[] destinations, int[] destWeights, long info,
            boolean reorder) throws MPIException;

    @Override
    public native long intracommCreateDistGraph(long comm, int[] sources, int[] degrees,
            int[] destinations, int[] weights, long info, boolean reorder) throws MPIException;

    @Override
    public native void cartCreateDims(int nnodes, int[] dims) throws MPIException;

    @Override
    public native int cartDims(long comm) throws MPIException;

    @Override
    public native void cartGet(long comm, int[] dims, boolean[] periods,
            int[] coords) throws MPIException;

    @Override
    public native void cartCoords(long comm, int rank, int[] coords) throws MPIException;

    @Override
    public native int cartRank(long comm, int[] coords) throws MPIException;

    @Override
    public native long cartShift(long comm, int direction, int disp) throws MPIException;

    @Override
    public native long graphNeighborsCount(long comm) throws MPIException;

    @Override
    public native void graphNeighbors(long comm, int[] sources, int[] sourceWeights,
            int[] destinations, int[] destWeights) throws MPIException;

    @Override
    public native long intracommCreateGraph(long comm, int[] index, int[] edges,
            boolean reorder) throws MPIException;

    @Override
    public native int graphMap(long comm, int[] index, int[] edges) throws MPIException;

    @Override
    public native int[] graphGet(long comm) throws MPIException;

    @Override
    public native int[] graphNeighborsOf(long comm, int rank) throws MPIException;

    @Override
    public native int cartMap(long comm, int[] dims, int[] periods) throws MPIException;

    @Override
    public native long cartSub(long comm, int[] remain) throws MPIException;

    @Override
    public native int groupSize(long group) throws MPIException;

    @Override
    public native int groupRank(long group) throws MPIException;

    @Override
    public native long groupInclExcl(long group, int[] ranks, boolean incl) throws MPIException;

    @Override
    public native int[] groupTranslateRanks(long group1, int[] ranks1,
            long group2) throws MPIException;

    @Override
    public native int groupCompare(long group1, long group2) throws MPIException;

    @Override
    public native long groupCombine(int operation, long group1, long group2) throws MPIException;

    @Override
    public native void groupFree(long group) throws MPIException;

    @Override
    public native long commIdup(long comm, long[] request) throws MPIException;

    @Override
    public native void commSetInfo(long comm, long info) throws MPIException;

    @Override
    public native long commGetInfo(long comm) throws MPIException;

    @Override
    public native int topoTest(long comm) throws MPIException;
}
