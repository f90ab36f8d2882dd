package mpi.pt2pt;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.pt2pt.FanBenchmark;
import mpi.common.pt2pt.FanKind;

/**
 * osu_bw_fan_out: congestion at the sending host. Local process j of the parent host (the
 * first host by name) sends to local process j of every other host at once: each iteration
 * a parent posts a window of non-blocking sends to every child, waits for them all and
 * receives an acknowledgement from each child; a child posts a window of non-blocking
 * receives, waits for them and acknowledges. Needs 2 or more hosts with the same number of
 * processes each; the testing aid {@code OMB_J_HOSTS} simulates hosts on one machine.
 * {@code -h} lists the options.
 */
public final class OSUBandwidthFanOut extends FanBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBandwidthFanOut().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBandwidthFanOut() {
        super(FanKind.FAN_OUT);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (parent) {
            int r = 0;
            for (int w = 0; w < window; w++) {
                for (int child : peers) {
                    requests[r++] = nonBlocking.iSend(sendBufs[w], count, type, child, TAG);
                }
            }
            Request.waitAll(requests);
            for (int c = 0; c < peers.length; c++) {
                comm.recv(ack, ACK_BYTES, MPI.BYTE, peers[c], ACK_TAG);
            }
        } else {
            for (int w = 0; w < window; w++) {
                requests[w] = nonBlocking.iRecv(recvBufs[0][w], count, type, peers[0], TAG);
            }
            Request.waitAll(requests);
            comm.send(ack, ACK_BYTES, MPI.BYTE, peers[0], ACK_TAG);
        }
    }
}
