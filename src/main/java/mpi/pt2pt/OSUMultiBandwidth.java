package mpi.pt2pt;

import mpi.common.pt2pt.PointToPointKind;

/**
 * osu_mbw_mr: the aggregate bandwidth and message rate of P pairs sending at once
 * ({@code -p}, by default half the processes). Rank i &lt; P plays rank 0's part of
 * {@link OSUBandwidth} with rank i + P: each iteration a window of non-blocking sends, a wait
 * for them all, then an acknowledgement from its partner, which posts as many non-blocking
 * receives. The communication pattern is {@link OSUBandwidth}'s; the harness adds what
 * differs: the pairing, an untimed barrier of all ranks before every iteration, idle ranks
 * from 2P on (their peer is {@code MPI.PROC_NULL}, so they only join the barriers), and the
 * senders' aggregate MB/s and Messages/s. Run with {@code mpirun -np N}, N at least 2;
 * {@code -h} lists the options.
 */
public final class OSUMultiBandwidth extends OSUBandwidth {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUMultiBandwidth().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUMultiBandwidth() {
        super(PointToPointKind.MULTI_BANDWIDTH);
    }
}
