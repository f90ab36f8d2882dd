package mpi.jmh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The C baseline: the same MPI call sequences as the Java benchmarks, run {@code n} times in a
 * C loop (src/main/c/ombj_jmh_baseline.c) on the memory of direct buffers, so that the one JNI
 * transition per call of these methods is amortised over {@code n} operations. Each method
 * returns a value for the benchmark to consume; an MPI error throws IllegalStateException.
 */
final class CBaseline {
    /** C loop length for small messages: the JNI transition is spread over this many operations. */
    static final int SMALL_N = 1000;
    /** C loop length for large messages, whose operations take microseconds. */
    static final int LARGE_N = 50;

    private static final String RESOURCE = "/native/linux-amd64/libombj_jmh_baseline.so";

    static {
        load();
    }

    private CBaseline() {
    }

    /** n x (MPI_Send; MPI_Recv) to self; returns the last status's source. */
    static native int blocking(ByteBuffer sendbuf, ByteBuffer recvbuf, int bytes, int n);

    /** n x (MPI_Irecv; MPI_Isend; MPI_Wait; MPI_Wait) to self; returns 0. */
    static native int nonBlocking(ByteBuffer sendbuf, ByteBuffer recvbuf, int bytes, int n);

    /** n x MPI_Sendrecv to self; returns the last status's source. */
    static native int sendRecv(ByteBuffer sendbuf, ByteBuffer recvbuf, int bytes, int n);

    /** Loads the library from the jar through a private temporary file, deleted once mapped. */
    private static void load() {
        try (InputStream in = CBaseline.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new UnsatisfiedLinkError(RESOURCE + " is not on the class path;"
                        + " build it with 'mvn -f jmh/pom.xml package'");
            }
            Path dir = Files.createTempDirectory("ombj-jmh");
            Path lib = dir.resolve("libombj_jmh_baseline.so");
            try {
                Files.copy(in, lib);
                System.load(lib.toString());
            } finally {
                Files.deleteIfExists(lib);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new UnsatisfiedLinkError("cannot extract " + RESOURCE + ": " + e);
        }
    }
}
