package mpi;

import static mpi.Comm.C_ALLGATHER;
import static mpi.Comm.C_ALLGATHERV;
import static mpi.Comm.C_ALLTOALL;
import static mpi.Comm.C_ALLTOALLV;
import static mpi.Comm.C_BARRIER;
import static mpi.Comm.C_BCAST;
import static mpi.Comm.C_GATHER;
import static mpi.Comm.C_GATHERV;
import static mpi.Comm.C_NEIGHBOR_ALLGATHER;
import static mpi.Comm.C_NEIGHBOR_ALLGATHERV;
import static mpi.Comm.C_NEIGHBOR_ALLTOALL;
import static mpi.Comm.C_NEIGHBOR_ALLTOALLV;
import static mpi.Comm.C_REDUCE;
import static mpi.Comm.C_REDUCE_SCATTER;
import static mpi.Comm.C_REDUCE_SCATTER_BLOCK;
import static mpi.Comm.C_SCATTER;
import static mpi.Comm.C_SCATTERV;
import static mpi.Comm.F_NONBLOCKING;
import static mpi.Comm.F_PERSISTENT;
import static mpi.Comm.F_RECV_IN_PLACE;
import static mpi.Comm.F_SEND_IN_PLACE;

/**
 * Each collective's arguments mapped once onto {@link Comm#collective}'s: which buffer goes
 * where, how many elements each must hold, the in-place flags and who is the root. A method
 * per form of a collective (in place or not, root or not), named and shaped as its public
 * blocking method, with the {@code mode} first: {@link Comm#BLOCKING} (returns null once the
 * call is done), {@link Comm#F_NONBLOCKING} or {@link Comm#F_PERSISTENT} (returns the
 * request); {@link #reduction}, the one mapping of allreduce, scan and exscan, takes the kind
 * with the mode. {@code bcast}, {@code iBcast} and {@code bcastInit} each delegate to
 * {@link #bcast} in one line.
 *
 * <p>The blocking forms run inside the benchmarks' timed loops, and this adds no allocation,
 * boxing or virtual call to them: every method here is static and a few bytecodes long, so
 * the JIT inlines it into the public method, which passes its mode as a constant. What is
 * left of the mode is {@code Comm.collective}'s test of two bits of the kind: folded where the
 * JIT inlines {@code collective} too; otherwise (the usual case in a timed loop: compiled on
 * its own, shared by every collective, it is called as it was before) one predicted branch
 * beside the tests of the kind its checks already make.
 *
 * <p>The w-collectives are not here: their blocking forms pin the arrays their non-blocking
 * ones stage, and each has a call of its own.
 */
final class CollectiveArgs {
    private CollectiveArgs() {
    }

    static Request barrier(Comm c, int mode) throws MPIException {
        return c.collective(C_BARRIER | mode, null, 0, 0, null, null, 0, 0, null, null, null,
                null, null, null, 0);
    }

    static Request bcast(Comm c, int mode, Object buf, int count, Datatype type, int root)
            throws MPIException {
        return c.collective(C_BCAST | mode, null, 0, 0, null, buf, count, count, type, null,
                null, null, null, null, root);
    }

    /** {@code recvbuf} only at the root: elsewhere it may be null. */
    static Request reduce(Comm c, int mode, Object sendbuf, Object recvbuf, int count,
            Datatype type, Op op, int root) throws MPIException {
        return c.collective(C_REDUCE | mode, sendbuf, count, count, type,
                c.isRoot(root) ? recvbuf : null, count, count, type, null, null, null, null, op,
                root);
    }

    /** In place at the root ({@code buf} its result), {@code buf} the input elsewhere. */
    static Request reduce(Comm c, int mode, Object buf, int count, Datatype type, Op op,
            int root) throws MPIException {
        boolean atRoot = c.isRoot(root);
        return c.collective((atRoot ? C_REDUCE | F_SEND_IN_PLACE : C_REDUCE) | mode,
                atRoot ? null : buf, count, count, type, atRoot ? buf : null, count, count, type,
                null, null, null, null, op, root);
    }

    /**
     * allreduce, scan and exscan, which map alike: {@code count} elements in and out on every
     * process. {@code kind} is {@code C_ALLREDUCE}, {@code C_SCAN} or {@code C_EXSCAN} with the
     * mode.
     */
    static Request reduction(Comm c, int kind, Object sendbuf, Object recvbuf, int count,
            Datatype type, Op op) throws MPIException {
        return c.collective(kind, sendbuf, count, count, type, recvbuf, count, count, type, null,
                null, null, null, op, 0);
    }

    /** In-place {@link #reduction(Comm, int, Object, Object, int, Datatype, Op)}. */
    static Request reduction(Comm c, int kind, Object buf, int count, Datatype type, Op op)
            throws MPIException {
        return c.collective(kind | F_SEND_IN_PLACE, null, 0, 0, null, buf, count, count, type,
                null, null, null, null, op, 0);
    }

    static Request gather(Comm c, int mode, Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        return c.collective(C_GATHER | mode, sendbuf, sendcount, sendcount, sendtype,
                c.isRoot(root) ? recvbuf : null, c.blocks(recvcount), recvcount, recvtype, null,
                null, null, null, null, root);
    }

    /** At the root {@code buf} is the whole receive buffer; elsewhere the send buffer. */
    static Request gather(Comm c, int mode, Object buf, int count, Datatype type, int root)
            throws MPIException {
        boolean atRoot = c.isRoot(root);
        return c.collective((atRoot ? C_GATHER | F_SEND_IN_PLACE : C_GATHER) | mode,
                atRoot ? null : buf, count, count, type, atRoot ? buf : null, c.blocks(count),
                count, type, null, null, null, null, null, root);
    }

    /** Counts and displacements are read at the root only. */
    static Request gatherv(Comm c, int mode, Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        boolean atRoot = c.isRoot(root);
        return c.collective(C_GATHERV | mode, sendbuf, sendcount, sendcount, sendtype,
                atRoot ? recvbuf : null, atRoot ? c.extent(recvcount, displs) : 0, 0, recvtype,
                atRoot ? recvcount : null, atRoot ? displs : null, null, null, null, root);
    }

    /** The root of an in-place gatherv. */
    static Request gatherv(Comm c, int mode, Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype, int root) throws MPIException {
        return c.collective(C_GATHERV | F_SEND_IN_PLACE | mode, null, 0, 0, null, recvbuf,
                c.extent(recvcount, displs), 0, recvtype, recvcount, displs, null, null, null,
                root);
    }

    /** The other ranks of an in-place gatherv. */
    static Request gatherv(Comm c, int mode, Object sendbuf, int sendcount, Datatype sendtype,
            int root) throws MPIException {
        notAtRoot(c, mode, "gatherv", root);
        return c.collective(C_GATHERV | mode, sendbuf, sendcount, sendcount, sendtype, null, 0,
                0, null, null, null, null, null, null, root);
    }

    /** {@code sendbuf} only at the root: elsewhere it may be null. */
    static Request scatter(Comm c, int mode, Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        return c.collective(C_SCATTER | mode, c.isRoot(root) ? sendbuf : null,
                c.blocks(sendcount), sendcount, sendtype, recvbuf, recvcount, recvcount,
                recvtype, null, null, null, null, null, root);
    }

    /** At the root {@code buf} is the whole send buffer; elsewhere the receive buffer. */
    static Request scatter(Comm c, int mode, Object buf, int count, Datatype type, int root)
            throws MPIException {
        boolean atRoot = c.isRoot(root);
        return c.collective((atRoot ? C_SCATTER | F_RECV_IN_PLACE : C_SCATTER) | mode,
                atRoot ? buf : null, c.blocks(count), count, type, atRoot ? null : buf, count,
                count, type, null, null, null, null, null, root);
    }

    /** Counts and displacements are read at the root only. */
    static Request scatterv(Comm c, int mode, Object sendbuf, int[] sendcount, int[] displs,
            Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        boolean atRoot = c.isRoot(root);
        return c.collective(C_SCATTERV | mode, atRoot ? sendbuf : null,
                atRoot ? c.extent(sendcount, displs) : 0, 0, sendtype, recvbuf, recvcount,
                recvcount, recvtype, atRoot ? sendcount : null, atRoot ? displs : null, null,
                null, null, root);
    }

    /** The root of an in-place scatterv. */
    static Request scatterv(Comm c, int mode, Object sendbuf, int[] sendcount, int[] displs,
            Datatype sendtype, int root) throws MPIException {
        return c.collective(C_SCATTERV | F_RECV_IN_PLACE | mode, sendbuf,
                c.extent(sendcount, displs), 0, sendtype, null, 0, 0, null, sendcount, displs,
                null, null, null, root);
    }

    /** The other ranks of an in-place scatterv. */
    static Request scatterv(Comm c, int mode, Object recvbuf, int recvcount, Datatype recvtype,
            int root) throws MPIException {
        notAtRoot(c, mode, "scatterv", root);
        return c.collective(C_SCATTERV | mode, null, 0, 0, null, recvbuf, recvcount, recvcount,
                recvtype, null, null, null, null, null, root);
    }

    static Request allGather(Comm c, int mode, Object sendbuf, int sendcount,
            Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype)
            throws MPIException {
        return c.collective(C_ALLGATHER | mode, sendbuf, sendcount, sendcount, sendtype, recvbuf,
                c.blocks(recvcount), recvcount, recvtype, null, null, null, null, null, 0);
    }

    static Request allGather(Comm c, int mode, Object buf, int count, Datatype type)
            throws MPIException {
        return c.collective(C_ALLGATHER | F_SEND_IN_PLACE | mode, null, 0, 0, null, buf,
                c.blocks(count), count, type, null, null, null, null, null, 0);
    }

    static Request allGatherv(Comm c, int mode, Object sendbuf, int sendcount,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        return c.collective(C_ALLGATHERV | mode, sendbuf, sendcount, sendcount, sendtype,
                recvbuf, c.extent(recvcount, displs), 0, recvtype, recvcount, displs, null,
                null, null, 0);
    }

    static Request allGatherv(Comm c, int mode, Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype) throws MPIException {
        return c.collective(C_ALLGATHERV | F_SEND_IN_PLACE | mode, null, 0, 0, null, recvbuf,
                c.extent(recvcount, displs), 0, recvtype, recvcount, displs, null, null, null,
                0);
    }

    static Request allToAll(Comm c, int mode, Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return c.collective(C_ALLTOALL | mode, sendbuf, c.blocks(sendcount), sendcount,
                sendtype, recvbuf, c.blocks(recvcount), recvcount, recvtype, null, null, null,
                null, null, 0);
    }

    static Request allToAll(Comm c, int mode, Object buf, int count, Datatype type)
            throws MPIException {
        return c.collective(C_ALLTOALL | F_SEND_IN_PLACE | mode, null, 0, 0, null, buf,
                c.blocks(count), count, type, null, null, null, null, null, 0);
    }

    /** The receive side's counts and displacements first, then the send side's. */
    static Request allToAllv(Comm c, int mode, Object sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        return c.collective(C_ALLTOALLV | mode, sendbuf, c.extent(sendcount, sdispls), 0,
                sendtype, recvbuf, c.extent(recvcount, rdispls), 0, recvtype, recvcount,
                rdispls, sendcount, sdispls, null, 0);
    }

    static Request allToAllv(Comm c, int mode, Object buf, int[] count, int[] displs,
            Datatype type) throws MPIException {
        return c.collective(C_ALLTOALLV | F_SEND_IN_PLACE | mode, null, 0, 0, null, buf,
                c.extent(count, displs), 0, type, count, displs, null, null, null, 0);
    }

    static Request reduceScatter(Comm c, int mode, Object sendbuf, Object recvbuf,
            int[] recvcounts, Datatype type, Op op) throws MPIException {
        return c.collective(C_REDUCE_SCATTER | mode, sendbuf, c.sum(recvcounts), 0, type,
                recvbuf, recvcounts[c.getRank()], 0, type, recvcounts, null, null, null, op, 0);
    }

    static Request reduceScatter(Comm c, int mode, Object buf, int[] counts, Datatype type,
            Op op) throws MPIException {
        return c.collective(C_REDUCE_SCATTER | F_SEND_IN_PLACE | mode, null, 0, 0, null, buf,
                c.sum(counts), 0, type, counts, null, null, null, op, 0);
    }

    static Request reduceScatterBlock(Comm c, int mode, Object sendbuf, Object recvbuf,
            int recvcount, Datatype type, Op op) throws MPIException {
        return c.collective(C_REDUCE_SCATTER_BLOCK | mode, sendbuf, c.blocks(recvcount), 0,
                type, recvbuf, recvcount, recvcount, type, null, null, null, null, op, 0);
    }

    static Request reduceScatterBlock(Comm c, int mode, Object buf, int recvcount,
            Datatype type, Op op) throws MPIException {
        return c.collective(C_REDUCE_SCATTER_BLOCK | F_SEND_IN_PLACE | mode, null, 0, 0, null,
                buf, c.blocks(recvcount), recvcount, type, null, null, null, null, op, 0);
    }

    // Neighbourhood collectives: blocks per in-neighbour (received) and per out-neighbour
    // (sent) rather than per process; no persistent form yet.

    static Request neighborAllGather(Comm c, int mode, Object sendbuf, int sendcount,
            Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype)
            throws MPIException {
        return c.collective(C_NEIGHBOR_ALLGATHER | mode, sendbuf, sendcount, sendcount,
                sendtype, recvbuf, c.fromSources(recvcount), recvcount, recvtype, null, null,
                null, null, null, 0);
    }

    static Request neighborAllGatherv(Comm c, int mode, Object sendbuf, int sendcount,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        return c.collective(C_NEIGHBOR_ALLGATHERV | mode, sendbuf, sendcount, sendcount,
                sendtype, recvbuf, Comm.neighborExtent(recvcount, displs, c.inDegree(), true), 0,
                recvtype, recvcount, displs, null, null, null, 0);
    }

    static Request neighborAllToAll(Comm c, int mode, Object sendbuf, int sendcount,
            Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype)
            throws MPIException {
        return c.collective(C_NEIGHBOR_ALLTOALL | mode, sendbuf, c.toDestinations(sendcount),
                sendcount, sendtype, recvbuf, c.fromSources(recvcount), recvcount, recvtype,
                null, null, null, null, null, 0);
    }

    static Request neighborAllToAllv(Comm c, int mode, Object sendbuf, int[] sendcount,
            int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        return c.collective(C_NEIGHBOR_ALLTOALLV | mode, sendbuf,
                Comm.neighborExtent(sendcount, sdispls, c.outDegree(), false), 0, sendtype,
                recvbuf, Comm.neighborExtent(recvcount, rdispls, c.inDegree(), true), 0,
                recvtype, recvcount, rdispls, sendcount, sdispls, null, 0);
    }

    /**
     * Refuses the non-root form of an in-place v-collective at its root, which has no counts
     * to give MPI: MPI reads the root's counts (MPICH 5 dies of the NULL array in C too).
     * The message names the public method as called ({@code gatherv}, {@code iGatherv},
     * {@code gathervInit}), built only when it is thrown.
     */
    private static void notAtRoot(Comm c, int mode, String call, int root)
            throws MPIException {
        if (c.isRoot(root)) {
            throw new IllegalArgumentException(publicName(mode, call) + ": this is the non-root"
                    + " form, and rank " + root + " is the root; the root gives its counts and"
                    + " displacements");
        }
    }

    /** @return the public name of {@code blocking}'s form in {@code mode} */
    static String publicName(int mode, String blocking) {
        switch (mode) {
            case F_NONBLOCKING:
                return "i" + Character.toUpperCase(blocking.charAt(0)) + blocking.substring(1);
            case F_PERSISTENT:
                return blocking + "Init";
            default:
                return blocking;
        }
    }
}
