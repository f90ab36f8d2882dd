package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The JNI backend's {@link Seam.Collectives}: each call is a native method of {@code libombj.so}
 * ({@code mpi_Comm.c}), declared here once.
 */
final class JniCollectives implements Seam.Collectives {

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
    public native long commAllToAllw(long comm, boolean nonBlocking, Object sendbuf,
            boolean sendArray, Object sendcounts, Object sdispls, Object sendtypes, Object recvbuf,
            boolean recvArray, Object recvcounts, Object rdispls,
            Object recvtypes) throws MPIException;

    @Override
    public native long commCollective(int kind, long comm, Object sendbuf, boolean sendArray,
            int sendcount, long sendtype, Object recvbuf, boolean recvArray, int recvcount,
            long recvtype, Object counts, Object displs, Object counts2, Object displs2, long op,
            int root) throws MPIException;
}
