package mpi.transport;

import mpi.common.transport.Transport;

/**
 * osu_latency's measurement over Netty between the two ranks mpirun started ({@link TransportLatency}).
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUNettyLatency extends TransportLatency {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUNettyLatency().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUNettyLatency() {
        super(Transport.NETTY);
    }
}
