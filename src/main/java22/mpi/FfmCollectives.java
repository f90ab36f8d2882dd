package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/** The FFM backend's calls of ... (to be written). */
final class FfmCollectives {
    private FfmCollectives() {
    }

    static int[] commNeighbors(long comm) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commNeighbors");
    }

    static long commNeighborAllToAllw(long comm, Object sendbuf, boolean sendArray, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, int outdegree, Object recvbuf, boolean recvArray, int[] recvcounts, int[] rdispls, Datatype[] recvtypes, int indegree, ByteBuffer args) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commNeighborAllToAllw");
    }

    static long commAllToAllw(long comm, boolean nonBlocking, Object sendbuf, boolean sendArray, Object sendcounts, Object sdispls, Object sendtypes, Object recvbuf, boolean recvArray, Object recvcounts, Object rdispls, Object recvtypes) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commAllToAllw");
    }

    static long commCollective(int kind, long comm, Object sendbuf, boolean sendArray, int sendcount, long sendtype, Object recvbuf, boolean recvArray, int recvcount, long recvtype, Object counts, Object displs, Object counts2, Object displs2, long op, int root) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: commCollective");
    }
}
