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

    /** As {@link #blocking}, with a full fence after every MPI call (a JNI return's fence). */
    static native int blockingFenced(ByteBuffer sendbuf, ByteBuffer recvbuf, int bytes, int n);

    /** n x the C twin of a {@link CallFloors} call sequence, by the call's ordinal. */
    static native int calls(int call, ByteBuffer sendbuf, ByteBuffer recvbuf, int bytes, int n);

    /** n x (MPI_Irecv; MPI_Isend; MPI_Wait; MPI_Wait) to self; returns 0. */
    static native int nonBlocking(ByteBuffer sendbuf, ByteBuffer recvbuf, int bytes, int n);

    /** n x MPI_Sendrecv to self; returns the last status's source. */
    static native int sendRecv(ByteBuffer sendbuf, ByteBuffer recvbuf, int bytes, int n);

    /**
     * @return a window of {@code bytes} on MPI_COMM_SELF ({@code MPI_Win_allocate}), locked
     *         shared at rank 0, as an MPI_Win in a long; {@link #winFree} ends it
     */
    static native long winAllocate(int bytes);

    /** Unlocks and frees a window of {@link #winAllocate}. */
    static native void winFree(long win);

    /**
     * n x (MPI_Put, or MPI_Get if {@code get}, of {@code bytes} from or into {@code origin}
     * at displacement 0 of rank 0; MPI_Win_flush(0)) on a window of {@link #winAllocate}.
     */
    static native int epochs(long win, ByteBuffer origin, int bytes, boolean get, int n);

    /**
     * Between ranks 0 and 1 of MPI_COMM_WORLD: a barrier, {@code warmup} untimed and
     * {@code iters} timed iterations of osu_bw's (a window of MPI_Isend on rank 0, of
     * MPI_Irecv on rank 1, MPI_Waitall, an ack back); returns the timed ones' ns on this rank.
     * With {@code fenced}, a full fence after every MPI call, as a JNI call's return makes.
     */
    static native long window(ByteBuffer sendbuf, ByteBuffer recvbuf, int bytes, int window,
            int warmup, int iters, boolean fenced);

    // The JNI floor (WindowRate's "floor"): primitive arguments only, on MPI_COMM_WORLD, the
    // request written at a native address. Each returns 0, or throws on an MPI error.

    /** @return the address of a direct buffer (looked up once, not per call) */
    static native long address(ByteBuffer buf);

    /** @return sizeof(MPI_Request) */
    static native int requestSize();

    /** MPI_Isend of {@code bytes} at {@code buf} to {@code dest}, the request at {@code request}. */
    static native int isend(long buf, int bytes, int dest, long request);

    /** MPI_Irecv of {@code bytes} into {@code buf} from {@code source}. */
    static native int irecv(long buf, int bytes, int source, long request);

    /** MPI_Waitall of the {@code n} requests at {@code requests}. */
    static native int waitAll(long requests, int n);

    /** The ack of osu_bw: MPI_Send (send) or MPI_Recv of 4 bytes with tag 2. */
    static native int ack(long buf, int peer, boolean send);

    /** As {@link #isend}, the address read from a direct buffer's field in C (the binding's way). */
    static native int isendBuffer(ByteBuffer buf, int bytes, int dest, long request);

    /** As {@link #irecv}, the address read from a direct buffer's field in C. */
    static native int irecvBuffer(ByteBuffer buf, int bytes, int source, long request);

    // The binding's request flow on the object floor (WindowRate's "handles").

    /** As {@link #isendBuffer}, the MPI_Request returned as a long, as the binding's natives do. */
    static native long isendHandle(ByteBuffer buf, int bytes, int dest);

    /** As {@link #irecvBuffer}, the MPI_Request returned as a long. */
    static native long irecvHandle(ByteBuffer buf, int bytes, int source);

    /** MPI_Waitall of {@code n} requests held in a long[], copied in and back out. */
    static native int waitAllHandles(long[] handles, int n);

    /**
     * @return what {@link FfmFloor} downcalls, from this library's link to MPI, at the
     *         indexes {@code EP_*}: the addresses of MPI_Isend, MPI_Irecv, MPI_Waitall,
     *         MPI_Send and MPI_Recv; the handles MPI_COMM_WORLD, MPI_COMM_SELF and
     *         MPI_INT8_T; MPI_STATUSES_IGNORE; sizeof(MPI_Comm) and sizeof(MPI_Status); the
     *         addresses of MPI_Put, MPI_Get and MPI_Win_flush ({@link #EP_COUNT} values)
     */
    static native long[] mpiEntryPoints();

    /** Indexes into {@link #mpiEntryPoints}, in the order of the C function's array. */
    static final int EP_ISEND = 0, EP_IRECV = 1, EP_WAITALL = 2, EP_SEND = 3, EP_RECV = 4,
            EP_COMM_WORLD = 5, EP_COMM_SELF = 6, EP_INT8_T = 7, EP_STATUSES_IGNORE = 8,
            EP_COMM_BYTES = 9, EP_STATUS_BYTES = 10, EP_PUT = 11, EP_GET = 12,
            EP_WIN_FLUSH = 13, EP_COUNT = 14;

    // The blocking pair's floor (BlockingSteps): one call each to self on MPI_COMM_SELF.

    /** MPI_Send of {@code bytes} at {@code buf} to self; returns 0. */
    static native int sendSelf(long buf, int bytes);

    /** MPI_Recv of {@code bytes} into {@code buf} from self, with a status; returns 0. */
    static native int recvSelf(long buf, int bytes);

    /** As {@link #sendSelf}, the address read from a direct buffer's field in C. */
    static native int sendSelfBuffer(ByteBuffer buf, int bytes);

    /** As {@link #recvSelf}, the address read from a direct buffer's field in C. */
    static native int recvSelfBuffer(ByteBuffer buf, int bytes);

    /**
     * As {@link #recvSelfBuffer}, returning what the binding's recv returns: the source in
     * the high 32 bits, the bytes received ({@code MPI_Get_count}) in the low 32.
     */
    static native long recvSelfCount(ByteBuffer buf, int bytes);

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
