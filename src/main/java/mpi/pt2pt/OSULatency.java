package mpi.pt2pt;

import mpi.MPIException;
import mpi.common.pt2pt.PointToPointBenchmark;
import mpi.common.pt2pt.PointToPointKind;

/**
 * osu_latency: the one-way latency between two processes, from a ping-pong. Rank 0 sends a
 * message and waits for it to come back; rank 1 receives it and sends it back.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public class OSULatency extends PointToPointBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSULatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSULatency() {
        this(PointToPointKind.LATENCY);
    }

    /** @param kind a benchmark made of this ping-pong, such as {@link OSUMultiLatency}'s */
    protected OSULatency(PointToPointKind kind) {
        super(kind);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (initiator) {
            comm.send(sendBuf, count, type, peer, TAG);
            comm.recv(recvBuf, count, type, peer, TAG);
        } else {
            comm.recv(recvBuf, count, type, peer, TAG);
            comm.send(sendBuf, count, type, peer, TAG);
        }
    }

    @Override
    protected void objectIteration(int count) throws MPIException {
        if (initiator) {
            serialize(0);
            comm.send(sendBuf, count, type, peer, TAG);
            comm.recv(recvBuf, count, type, peer, TAG);
            deserialize(0);
        } else {
            comm.recv(recvBuf, count, type, peer, TAG);
            deserialize(0);
            serialize(0);
            comm.send(sendBuf, count, type, peer, TAG);
        }
    }
}
