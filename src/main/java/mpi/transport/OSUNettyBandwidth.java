package mpi.transport;

import mpi.common.transport.Transport;

/**
 * osu_bw's measurement over Netty between the two ranks mpirun started ({@link TransportBandwidth}).
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUNettyBandwidth extends TransportBandwidth {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUNettyBandwidth().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUNettyBandwidth() {
        super(Transport.NETTY);
    }
}
