package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.HANDLE;
import static mpi.FfmSupport.POINTER;
import static mpi.FfmSupport.check;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The FFM backend's calls of communicators, groups and topologies ({@link Comm},
 * {@link Intracomm}, {@link CartComm}, {@link GraphComm}, {@link Group}).
 */
final class FfmCommunicators {
    private static final FunctionDescriptor HANDLE_TO_INT = FunctionDescriptor.of(JAVA_INT,
            HANDLE, POINTER);
    private static final MethodHandle COMM_RANK = FfmLibrary.critical("MPI_Comm_rank", HANDLE_TO_INT);
    private static final MethodHandle COMM_SIZE = FfmLibrary.critical("MPI_Comm_size", HANDLE_TO_INT);
    private static final MethodHandle COMM_DUP = FfmLibrary.downcall("MPI_Comm_dup", HANDLE_TO_INT);
    private static final MethodHandle COMM_FREE = FfmLibrary.downcall("MPI_Comm_free",
            FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final MethodHandle ABORT = FfmLibrary.downcall("MPI_Abort",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT));

    private FfmCommunicators() {
    }

    /** A call that writes one int through its last argument. */
    private static int intOut(MethodHandle call, long handle) throws Throwable {
        MemorySegment out = FfmSupport.scratch();
        check((int) call.invokeExact(handle, out.address()));
        return out.get(JAVA_INT, 0);
    }

    /** A call that writes one handle through its last argument. */
    private static long handleOut(MethodHandle call, long handle) throws Throwable {
        MemorySegment out = FfmSupport.scratch();
        check((int) call.invokeExact(handle, out.address()));
        return out.get(JAVA_LONG, 0);
    }

    static long commGetGroup(long comm) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commGetGroup");
    }

    static int commRank(long comm) throws Throwable {
        return intOut(COMM_RANK, comm);
    }

    static int commSize(long comm) throws Throwable {
        return intOut(COMM_SIZE, comm);
    }

    static long commDup(long comm) throws Throwable {
        return handleOut(COMM_DUP, comm);
    }

    static void commFree(long comm) throws Throwable {
        MemorySegment c = FfmSupport.scratch();
        c.set(JAVA_LONG, 0, comm);
        check((int) COMM_FREE.invokeExact(c.address()));
    }

    static void commAbort(long comm, int errorCode) throws Throwable {
        check((int) ABORT.invokeExact(comm, errorCode));
    }

    static long intracommSplit(long comm, int colour, int key) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: intracommSplit");
    }

    static long intracommCreateCart(long comm, int[] dims, boolean[] periods, boolean reorder) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: intracommCreateCart");
    }

    static long intracommCreateDistGraphAdjacent(long comm, int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, long info, boolean reorder) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: intracommCreateDistGraphAdjacent");
    }

    static long intracommCreateDistGraph(long comm, int[] sources, int[] degrees, int[] destinations, int[] weights, long info, boolean reorder) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: intracommCreateDistGraph");
    }

    static void cartCreateDims(int nnodes, int[] dims) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: cartCreateDims");
    }

    static int cartDims(long comm) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: cartDims");
    }

    static void cartGet(long comm, int[] dims, boolean[] periods, int[] coords) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: cartGet");
    }

    static void cartCoords(long comm, int rank, int[] coords) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: cartCoords");
    }

    static int cartRank(long comm, int[] coords) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: cartRank");
    }

    static long cartShift(long comm, int direction, int disp) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: cartShift");
    }

    static long graphNeighborsCount(long comm) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: graphNeighborsCount");
    }

    static void graphNeighbors(long comm, int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: graphNeighbors");
    }

    static int groupSize(long group) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: groupSize");
    }

    static int groupRank(long group) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: groupRank");
    }

    static long groupInclExcl(long group, int[] ranks, boolean incl) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: groupInclExcl");
    }

    static int[] groupTranslateRanks(long group1, int[] ranks1, long group2) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: groupTranslateRanks");
    }

    static int groupCompare(long group1, long group2) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: groupCompare");
    }

    static long groupCombine(int operation, long group1, long group2) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: groupCombine");
    }

    static void groupFree(long group) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: groupFree");
    }
}
