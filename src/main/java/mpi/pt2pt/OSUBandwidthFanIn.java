package mpi.pt2pt;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.common.pt2pt.FanBenchmark;
import mpi.common.pt2pt.FanKind;

/**
 * osu_bw_fan_in: congestion at the receiving host. Local process j of every child host
 * sends to local process j of the parent host at once (the hosts in the order of their
 * names): each iteration a child posts a window of non-blocking sends, waits for them and
 * receives an acknowledgement; its parent posts a window of non-blocking receives for every
 * child, waits for them all and acknowledges each child. Needs 2 or more hosts with the same
 * number of processes each; the testing aid {@code OMB_J_HOSTS} simulates hosts on one
 * machine. {@code -h} lists the options.
 */
public final class OSUBandwidthFanIn extends FanBenchmark {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUBandwidthFanIn().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUBandwidthFanIn() {
        super(FanKind.FAN_IN);
    }

    @Override
    protected void iteration(int count) throws MPIException {
        if (parent) {
            int r = 0;
            for (int w = 0; w < window; w++) {
                for (int c = 0; c < peers.length; c++) {
                    requests[r++] = nonBlocking.iRecv(recvBufs[c][w], count, type, peers[c], TAG);
                }
            }
            Request.waitAll(requests);
            for (int child : peers) {
                comm.send(ack, ACK_BYTES, MPI.BYTE, child, ACK_TAG);
            }
        } else {
            for (int w = 0; w < window; w++) {
                requests[w] = nonBlocking.iSend(sendBufs[w], count, type, peers[0], TAG);
            }
            Request.waitAll(requests);
            comm.recv(ack, ACK_BYTES, MPI.BYTE, peers[0], ACK_TAG);
        }
    }
}
