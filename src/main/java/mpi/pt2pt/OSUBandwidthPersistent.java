package mpi.pt2pt;

import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * osu_bw_persistent: {@link OSUBandwidth} with persistent requests. At each size, rank 0
 * binds a window of sends and rank 1 a window of receives, once; each iteration starts the
 * window with one call, waits for it, and ends with rank 1's acknowledgement.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUBandwidthPersistent extends PointToPointBenchmark {
    private Prequest[] messages;

    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBandwidthPersistent().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBandwidthPersistent() {
        super(PointToPointKind.BANDWIDTH_PERSISTENT);
    }

    @Override
    protected void bindRequests(int count) throws MPIException {
        messages = persistentWindow(initiator, count);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        Prequest.startAll(messages);
        Request.waitAll(messages);
        if (initiator) {
            comm.recv(ack, ACK_BYTES, MPI.BYTE, peer, ACK_TAG);
        } else {
            comm.send(ack, ACK_BYTES, MPI.BYTE, peer, ACK_TAG);
        }
    }
}
