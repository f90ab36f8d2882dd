package mpi.transport;

import mpi.common.transport.Transport;

/**
 * osu_bibw's measurement over Java NIO SocketChannel between the two ranks mpirun started ({@link TransportBiBandwidth}).
 * Run with {@code mpirun -np 2}; {@code -h} lists the options.
 */
public final class OSUNioBiBandwidth extends TransportBiBandwidth {
    /** @param args the benchmark's options */
    public static void main(String[] args) {
        new OSUNioBiBandwidth().run(args);
    }

    /** Creates the benchmark; {@link #run} runs it. */
    public OSUNioBiBandwidth() {
        super(Transport.NIO);
    }
}
