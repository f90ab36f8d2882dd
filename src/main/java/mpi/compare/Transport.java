package mpi.compare;

import java.util.Locale;

/**
 * What carries the Java runs' messages: MPI (the binding's benchmarks) or a transport of the
 * JVM (the transport benchmarks of mpi.transport, which use MPI only to connect and
 * synchronise). Given to {@code -t} as {@code mpi}, {@code nio} or {@code netty}.
 */
public enum Transport {
    /** The MPI benchmarks, e.g. mpi.pt2pt.OSULatency. */
    MPI(null, "MPI"),
    /** mpi.transport.OSUNio*: Java NIO SocketChannel. */
    NIO("Nio", "NIO SocketChannel"),
    /** mpi.transport.OSUNetty*: Netty. */
    NETTY("Netty", "Netty");

    private final String classWord;
    private final String title;

    Transport(String classWord, String title) {
        this.classWord = classWord;
        this.title = title;
    }

    /** @return the name on the command line and in column names, e.g. {@code nio} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return what the legend calls it, e.g. {@code NIO SocketChannel} */
    public String title() {
        return title;
    }

    /**
     * @param mpiClass the MPI benchmark's class, e.g. {@code mpi.pt2pt.OSUBandwidth}
     * @return the class that measures the same over this transport, e.g.
     *         {@code mpi.transport.OSUNioBandwidth}; the class itself for MPI
     */
    public String javaClass(String mpiClass) {
        if (this == MPI) {
            return mpiClass;
        }
        String simple = mpiClass.substring(mpiClass.lastIndexOf('.') + 1);
        return "mpi.transport.OSU" + classWord + simple.substring("OSU".length());
    }

    /** @return the transport named {@code label} */
    public static Transport parse(String label) throws BadArgumentException {
        for (Transport t : values()) {
            if (t.label().equals(label)) {
                return t;
            }
        }
        throw new BadArgumentException("unknown transport '" + label + "' (mpi, nio, netty)");
    }
}
