package mpi.common.binding;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPIException;

/**
 * The blocking neighborhood call the benchmarks make that Open MPI's Java bindings lack,
 * {@code neighborAllToAllw} ({@link Extension#NEIGHBOR_ALL_TO_ALL_W}, checked before the
 * run). The other blocking neighborhood calls are Open MPI's and are called on the
 * communicator directly; the non-blocking ones are in {@link NonBlockingCalls}.
 */
public final class NeighborCalls {
    private NeighborCalls() {
    }

    /**
     * @param comm the communicator, with a topology
     * @see Comm#neighborAllToAllw(Object, int[], int[], Datatype[], Object, int[], int[],
     *      Datatype[])
     */
    public static void neighborAllToAllw(Comm comm, Object sendBuf, int[] sendCount,
            int[] sDispls, Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        comm.neighborAllToAllw(sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount,
                rDispls, recvTypes);
    }
}
