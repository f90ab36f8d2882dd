package mpi;

import java.lang.annotation.Native;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The JNI backend's {@link Seam.Collectives}: each call is a native method of {@code libombj.so}
 * ({@code mpi_Comm.c}), declared here once.
 */
final class JniCollectives implements Seam.Collectives {
    /**
     * How many user-defined operations may exist at once: MPI's callback carries no user
     * data, so each is one of this many C trampolines ({@code mpi_Op.c}).
     */
    @Native
    static final int USER_OPS = 64;

    /** The callback of each trampoline; a slot is free again once its {@link Op} is gone. */
    private static final UserOp[] SLOTS = new UserOp[USER_OPS];

    @Override
    public long opCreate(UserOp op, boolean commute) throws MPIException {
        synchronized (SLOTS) { // also serialises mpi_Op.c's first resolution of userOp
            int slot = 0;
            while (slot < USER_OPS && SLOTS[slot] != null) {
                slot++;
            }
            if (slot == USER_OPS) {
                throw new MPIException("more than " + USER_OPS + " user-defined operations at"
                        + " once: free some and drop them", MPI.ERR_OP, MPI.ERR_OP);
            }
            long handle = createOp(slot, commute);
            SLOTS[slot] = op;
            int mine = slot;
            op.releaseWith(() -> {
                synchronized (SLOTS) {
                    SLOTS[mine] = null;
                }
            });
            return handle;
        }
    }

    private native long createOp(int slot, boolean commute) throws MPIException;

    /**
     * MPI's callback, from {@code mpi_Op.c}: {@code in} and {@code inout} are MPI's memory, or
     * null if they could not be wrapped. Never throws.
     */
    static void userOp(int slot, ByteBuffer in, ByteBuffer inout, int count, long type) {
        UserOp op;
        synchronized (SLOTS) {
            op = SLOTS[slot];
        }
        if (op != null) {
            op.call(in, inout, count, type);
        }
    }

    @Override
    public native void opFree(long op) throws MPIException;

    @Override
    public native void reduceLocal(Buffer in, Buffer inout, int count, long type, long op)
            throws MPIException;

    @Override
    public native int[] commNeighbors(long comm) throws MPIException;

    @Override
    public native long commNeighborAllToAllw(long comm, Object sendbuf, boolean sendArray,
            int[] sendcounts, int[] sdispls, Datatype[] sendtypes, int outdegree, Object recvbuf,
            boolean recvArray, int[] recvcounts, int[] rdispls, Datatype[] recvtypes, int indegree,
            ByteBuffer args) throws MPIException;

    @Override
    public native long commAllToAllw(long comm, int mode, Object sendbuf,
            boolean sendArray, Object sendcounts, Object sdispls, Object sendtypes, Object recvbuf,
            boolean recvArray, Object recvcounts, Object rdispls,
            Object recvtypes) throws MPIException;

    @Override
    public native boolean hasPersistentCollectives();

    @Override
    public native long commCollective(int kind, long comm, Object sendbuf, boolean sendArray,
            int sendcount, long sendtype, Object recvbuf, boolean recvArray, int recvcount,
            long recvtype, Object counts, Object displs, Object counts2, Object displs2, long op,
            int root) throws MPIException;
}
