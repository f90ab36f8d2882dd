package mpi.pt2pt;

import mpi.common.pt2pt.PointToPointKind;

/**
 * osu_multi_lat: the one-way latency of many ping-pongs at once. Of n processes (n even),
 * rank r &lt; n/2 pairs with rank r + n/2 and plays rank 0's part of {@link OSULatency}, its
 * partner rank 1's; the latency reported is the average over all ranks. The communication
 * pattern is {@link OSULatency}'s: only the pairing and the averaging differ.
 * Run with {@code mpirun -np N}, N even; {@code -h} lists the options.
 */
public final class OSUMultiLatency extends OSULatency {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUMultiLatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUMultiLatency() {
        super(PointToPointKind.MULTI_LATENCY);
    }
}
