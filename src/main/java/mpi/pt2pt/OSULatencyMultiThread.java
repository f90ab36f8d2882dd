package mpi.pt2pt;

import mpi.MPIException;
import mpi.common.threads.MultiThreadBenchmark;
import mpi.common.threads.MultiThreadSpec;

/**
 * osu_latency_mt: the one-way latency of ping-pongs between S sender threads on rank 0 and
 * R receiver threads on rank 1 ({@code -t R} or {@code -t S:R}; default 1:2), all calling
 * MPI at once under {@code MPI_THREAD_MULTIPLE}. A sender thread sends a message and waits
 * for it to come back; a receiver thread receives one and sends it back.
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSULatencyMultiThread extends MultiThreadBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSULatencyMultiThread().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSULatencyMultiThread() {
        super(MultiThreadSpec.LATENCY);
    }

    @Override
    protected void senderIteration(Object send, Object recv, int count, int pingTag,
            int pongTag) throws MPIException {
        comm.send(send, count, type, peer, pingTag);
        comm.recv(recv, count, type, peer, pongTag);
    }

    @Override
    protected void receiverIteration(Object send, Object recv, int count, int pingTag,
            int pongTag) throws MPIException {
        comm.recv(recv, count, type, peer, pingTag);
        comm.send(send, count, type, peer, pongTag);
    }
}
