package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.HANDLE;
import static mpi.FfmSupport.POINTER;
import static mpi.FfmSupport.check;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The FFM backend's collective calls ({@link Comm}'s {@code collective} and {@code request},
 * all-to-allw, the neighbourhood collectives and the neighbours they need), after the JNI
 * library's {@code mpi_Comm.c}.
 *
 * <p>A blocking collective can wait: it is a plain downcall, never a critical one. The JNI
 * library pins its Java arrays for the call; here they are copied through native staging
 * memory instead (what MPI reads in before the call, what it writes back after it), exactly
 * the bytes the call reaches, so an 8-byte broadcast from a 1 MiB array copies 8 bytes. Its
 * count and displacement arrays are copied there too. A non-blocking initiation never waits:
 * a critical downcall, whose arrays Java has staged into direct buffers the request keeps.
 *
 * <p>Handles and addresses are 64-bit integers ({@link FfmSupport#HANDLE}): an
 * {@code MPI_Datatype} array of Java's {@code long} handles is one of C's handles as it is.
 */
final class FfmCollectives implements Seam.Collectives {
    private static final MemoryLayout P = POINTER, H = HANDLE, I = JAVA_INT;

    // Blocking collectives (downcalls: they wait) and their non-blocking initiations
    // (critical: they never wait), each taking what the blocking call takes, then &request.
    private static final MethodHandle BARRIER = blocking("MPI_Barrier", H);
    private static final MethodHandle IBARRIER = starting("MPI_Ibarrier", H);
    private static final MethodHandle BCAST = blocking("MPI_Bcast", P, I, H, I, H);
    private static final MethodHandle IBCAST = starting("MPI_Ibcast", P, I, H, I, H);
    private static final MethodHandle REDUCE = blocking("MPI_Reduce", P, P, I, H, H, I, H);
    private static final MethodHandle IREDUCE = starting("MPI_Ireduce", P, P, I, H, H, I, H);
    private static final MethodHandle ALLREDUCE = blocking("MPI_Allreduce", P, P, I, H, H, H);
    private static final MethodHandle IALLREDUCE = starting("MPI_Iallreduce", P, P, I, H, H, H);
    private static final MethodHandle SCAN = blocking("MPI_Scan", P, P, I, H, H, H);
    private static final MethodHandle ISCAN = starting("MPI_Iscan", P, P, I, H, H, H);
    private static final MethodHandle EXSCAN = blocking("MPI_Exscan", P, P, I, H, H, H);
    private static final MethodHandle IEXSCAN = starting("MPI_Iexscan", P, P, I, H, H, H);
    private static final MethodHandle REDUCE_LOCAL = FfmLibrary.critical("MPI_Reduce_local",
            FunctionDescriptor.of(JAVA_INT, P, P, I, H, H));
    private static final MethodHandle GATHER = blocking("MPI_Gather", P, I, H, P, I, H, I, H);
    private static final MethodHandle IGATHER = starting("MPI_Igather", P, I, H, P, I, H, I, H);
    private static final MethodHandle GATHERV = blocking("MPI_Gatherv", P, I, H, P, P, P, H, I, H);
    private static final MethodHandle IGATHERV = starting("MPI_Igatherv", P, I, H, P, P, P, H, I, H);
    private static final MethodHandle SCATTER = blocking("MPI_Scatter", P, I, H, P, I, H, I, H);
    private static final MethodHandle ISCATTER = starting("MPI_Iscatter", P, I, H, P, I, H, I, H);
    private static final MethodHandle SCATTERV = blocking("MPI_Scatterv", P, P, P, H, P, I, H, I, H);
    private static final MethodHandle ISCATTERV = starting("MPI_Iscatterv", P, P, P, H, P, I, H, I, H);
    private static final MethodHandle ALLGATHER = blocking("MPI_Allgather", P, I, H, P, I, H, H);
    private static final MethodHandle IALLGATHER = starting("MPI_Iallgather", P, I, H, P, I, H, H);
    private static final MethodHandle ALLGATHERV = blocking("MPI_Allgatherv", P, I, H, P, P, P, H, H);
    private static final MethodHandle IALLGATHERV = starting("MPI_Iallgatherv", P, I, H, P, P, P, H, H);
    private static final MethodHandle ALLTOALL = blocking("MPI_Alltoall", P, I, H, P, I, H, H);
    private static final MethodHandle IALLTOALL = starting("MPI_Ialltoall", P, I, H, P, I, H, H);
    private static final MethodHandle ALLTOALLV = blocking("MPI_Alltoallv", P, P, P, H, P, P, P, H, H);
    private static final MethodHandle IALLTOALLV = starting("MPI_Ialltoallv", P, P, P, H, P, P, P, H, H);
    private static final MethodHandle REDUCE_SCATTER = blocking("MPI_Reduce_scatter", P, P, P, H, H, H);
    private static final MethodHandle IREDUCE_SCATTER = starting("MPI_Ireduce_scatter", P, P, P, H, H, H);
    private static final MethodHandle REDUCE_SCATTER_BLOCK = blocking("MPI_Reduce_scatter_block",
            P, P, I, H, H, H);
    private static final MethodHandle IREDUCE_SCATTER_BLOCK = starting("MPI_Ireduce_scatter_block",
            P, P, I, H, H, H);
    private static final MethodHandle NEIGHBOR_ALLGATHER = blocking("MPI_Neighbor_allgather",
            P, I, H, P, I, H, H);
    private static final MethodHandle INEIGHBOR_ALLGATHER = starting("MPI_Ineighbor_allgather",
            P, I, H, P, I, H, H);
    private static final MethodHandle NEIGHBOR_ALLGATHERV = blocking("MPI_Neighbor_allgatherv",
            P, I, H, P, P, P, H, H);
    private static final MethodHandle INEIGHBOR_ALLGATHERV = starting("MPI_Ineighbor_allgatherv",
            P, I, H, P, P, P, H, H);
    private static final MethodHandle NEIGHBOR_ALLTOALL = blocking("MPI_Neighbor_alltoall",
            P, I, H, P, I, H, H);
    private static final MethodHandle INEIGHBOR_ALLTOALL = starting("MPI_Ineighbor_alltoall",
            P, I, H, P, I, H, H);
    private static final MethodHandle NEIGHBOR_ALLTOALLV = blocking("MPI_Neighbor_alltoallv",
            P, P, P, H, P, P, P, H, H);
    private static final MethodHandle INEIGHBOR_ALLTOALLV = starting("MPI_Ineighbor_alltoallv",
            P, P, P, H, P, P, P, H, H);
    // all-to-allw: int counts, int byte displacements (MPI_Aint in the neighbour form), types.
    private static final MethodHandle ALLTOALLW = blocking("MPI_Alltoallw", P, P, P, P, P, P, P, P, H);
    private static final MethodHandle IALLTOALLW = starting("MPI_Ialltoallw", P, P, P, P, P, P, P, P, H);
    /*
     * The int-count form in both ABIs: Open MPI 4.1 (MPI 3.1) has no MPI_Neighbor_alltoallw_c,
     * and MPICH's int form misread the counts only in 4.0.0-4.0.2 (pmodels/mpich#6233, see
     * mpi_Comm.c), before any MPI-5 standard ABI library.
     */
    private static final MethodHandle NEIGHBOR_ALLTOALLW = blocking("MPI_Neighbor_alltoallw",
            P, P, P, P, P, P, P, P, H);
    private static final MethodHandle INEIGHBOR_ALLTOALLW = starting("MPI_Ineighbor_alltoallw",
            P, P, P, P, P, P, P, P, H);

    // User-defined operations: MPI_Op_create(function, commute, &op), MPI_Op_free(&op), and
    // the upcall MPI makes, void (*)(void *in, void *inout, int *len, MPI_Datatype *type).
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle OP_CREATE = FfmLibrary.downcall("MPI_Op_create",
            FunctionDescriptor.of(JAVA_INT, POINTER, JAVA_INT, POINTER));
    private static final MethodHandle OP_FREE = FfmLibrary.downcall("MPI_Op_free",
            FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final FunctionDescriptor USER_FUNCTION = FunctionDescriptor.ofVoid(POINTER,
            POINTER, POINTER, POINTER);
    private static final MethodHandle USER_OP;

    static {
        try {
            USER_OP = MethodHandles.lookup().findStatic(FfmCollectives.class, "userOp",
                    MethodType.methodType(void.class, UserOp.class, long.class, long.class,
                            long.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    // Local queries (they never wait): datatype bounds, the topology and its neighbours.
    private static final MethodHandle TYPE_GET_EXTENT = FfmLibrary.critical("MPI_Type_get_extent",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER, POINTER));
    private static final MethodHandle TYPE_GET_TRUE_EXTENT = FfmLibrary.critical(
            "MPI_Type_get_true_extent", FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER, POINTER));
    private static final MethodHandle TOPO_TEST = FfmLibrary.critical("MPI_Topo_test",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER));
    private static final MethodHandle CARTDIM_GET = FfmLibrary.critical("MPI_Cartdim_get",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER));
    private static final MethodHandle CART_SHIFT = FfmLibrary.critical("MPI_Cart_shift",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, POINTER, POINTER));
    private static final MethodHandle GRAPH_NEIGHBORS_COUNT = FfmLibrary.critical(
            "MPI_Graph_neighbors_count", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, POINTER));
    private static final MethodHandle GRAPH_NEIGHBORS = FfmLibrary.critical("MPI_Graph_neighbors",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, POINTER));
    private static final MethodHandle DIST_GRAPH_NEIGHBORS_COUNT = FfmLibrary.critical(
            "MPI_Dist_graph_neighbors_count",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER, POINTER, POINTER));
    private static final MethodHandle DIST_GRAPH_NEIGHBORS = FfmLibrary.critical(
            "MPI_Dist_graph_neighbors", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT,
                    POINTER, POINTER, JAVA_INT, POINTER, POINTER));

    /** The predefined datatypes, whose extent is their size (the Java primitive's). */
    private static final long T_BYTE = type("BYTE"), T_CHAR = type("CHAR"),
            T_SHORT = type("SHORT"), T_BOOLEAN = type("BOOLEAN"), T_INT = type("INT"),
            T_LONG = type("LONG"), T_FLOAT = type("FLOAT"), T_DOUBLE = type("DOUBLE");
    private static final int CART = (int) FfmLibrary.ABI.constant("CART"),
            GRAPH = (int) FfmLibrary.ABI.constant("GRAPH"),
            DIST_GRAPH = (int) FfmLibrary.ABI.constant("DIST_GRAPH");
    /** Where in scratch memory a datatype's bounds are written (past a request handle). */
    private static final long BOUNDS_AT = 64;
    /** Alignment of each part of staging memory: a cache line. */
    private static final long ALIGN = 64;

    /** Staging memory of the one thread that calls MPI, unless MPI_THREAD_MULTIPLE. */
    private static MemorySegment shared = MemorySegment.NULL;
    private static final ThreadLocal<MemorySegment[]> PER_THREAD = ThreadLocal.withInitial(
            () -> new MemorySegment[] {MemorySegment.NULL});

    FfmCollectives() {
    }

    private static long type(String name) {
        return FfmLibrary.ABI.constant(name);
    }

    private static MethodHandle blocking(String name, MemoryLayout... args) {
        return FfmLibrary.downcall(name, FunctionDescriptor.of(JAVA_INT, args));
    }

    /**
     * The persistent collectives, MPI-4's {@code MPI_<Op>_init} or Open MPI 4's
     * {@code MPIX_<Op>_init} (its pcollreq extension): looked up at the first one, which Java
     * makes only where {@link #hasPersistentCollectives} said the library has them. Each takes
     * what the blocking call takes, then the info and &request. They never wait: critical.
     */
    private static final class Inits {
        static final String PREFIX = FfmLibrary.find("MPI_Bcast_init").isPresent() ? "MPI_"
                : "MPIX_";
        static final MethodHandle BARRIER = init("Barrier", H);
        static final MethodHandle BCAST = init("Bcast", P, I, H, I, H);
        static final MethodHandle REDUCE = init("Reduce", P, P, I, H, H, I, H);
        static final MethodHandle ALLREDUCE = init("Allreduce", P, P, I, H, H, H);
        static final MethodHandle SCAN = init("Scan", P, P, I, H, H, H);
        static final MethodHandle EXSCAN = init("Exscan", P, P, I, H, H, H);
        static final MethodHandle GATHER = init("Gather", P, I, H, P, I, H, I, H);
        static final MethodHandle GATHERV = init("Gatherv", P, I, H, P, P, P, H, I, H);
        static final MethodHandle SCATTER = init("Scatter", P, I, H, P, I, H, I, H);
        static final MethodHandle SCATTERV = init("Scatterv", P, P, P, H, P, I, H, I, H);
        static final MethodHandle ALLGATHER = init("Allgather", P, I, H, P, I, H, H);
        static final MethodHandle ALLGATHERV = init("Allgatherv", P, I, H, P, P, P, H, H);
        static final MethodHandle ALLTOALL = init("Alltoall", P, I, H, P, I, H, H);
        static final MethodHandle ALLTOALLV = init("Alltoallv", P, P, P, H, P, P, P, H, H);
        static final MethodHandle ALLTOALLW = init("Alltoallw", P, P, P, P, P, P, P, P, H);
        static final MethodHandle REDUCE_SCATTER = init("Reduce_scatter", P, P, P, H, H, H);
        static final MethodHandle REDUCE_SCATTER_BLOCK = init("Reduce_scatter_block",
                P, P, I, H, H, H);

        private static MethodHandle init(String name, MemoryLayout... args) {
            MemoryLayout[] withInfo = Arrays.copyOf(args, args.length + 1);
            withInfo[args.length] = H;
            return starting(PREFIX + name + "_init", withInfo);
        }
    }

    @Override
    public boolean hasPersistentCollectives() {
        return FfmLibrary.find("MPI_Bcast_init").isPresent()
                || FfmLibrary.find("MPIX_Bcast_init").isPresent();
    }

    private static MethodHandle starting(String name, MemoryLayout... args) {
        MemoryLayout[] withRequest = Arrays.copyOf(args, args.length + 1);
        withRequest[args.length] = POINTER;
        return FfmLibrary.critical(name, FunctionDescriptor.of(JAVA_INT, withRequest));
    }

    /**
     * @return native staging memory of at least {@code bytes} for the current blocking call,
     *         grown (to a power of two) when too small: one segment while only one thread may
     *         call MPI at a time, one per thread under MPI_THREAD_MULTIPLE; never held across
     *         calls. Freed by the garbage collector once replaced.
     */
    private static MemorySegment staging(long bytes) {
        if (!MPI.threadMultiple) {
            if (shared.byteSize() < bytes) {
                shared = grown(bytes);
            }
            return shared;
        }
        MemorySegment[] mine = PER_THREAD.get();
        if (mine[0].byteSize() < bytes) {
            mine[0] = grown(bytes);
        }
        return mine[0];
    }

    private static MemorySegment grown(long bytes) {
        long size = Math.max(4096, Long.highestOneBit(Math.max(1, bytes - 1)) << 1);
        return Arena.ofAuto().allocate(size, ALIGN);
    }

    private static long aligned(long bytes) {
        return (bytes + ALIGN - 1) & -ALIGN;
    }

    // ---- the collectives ----

    @Override
    public long commCollective(int kind, long comm, Object sendbuf, boolean sendArray,
            int sendcount, long sendtype, Object recvbuf, boolean recvArray, int recvcount,
            long recvtype, Object counts, Object displs, Object counts2, Object displs2, long op,
            int root) throws MPIException {
        try {
            // Where MPI ignores one side's type (in place, or off the root), the other's: some
            // libraries check it anyway.
            long st = sendtype != 0 ? sendtype : recvtype;
            long rt = recvtype != 0 ? recvtype : sendtype;
            if ((kind & (Comm.F_NONBLOCKING | Comm.F_PERSISTENT)) != 0) {
                // Java staged every array into a direct buffer the request keeps.
                MemorySegment request = FfmSupport.scratch();
                long s = sendAddress(kind, sendbuf), r = recvAddress(kind, recvbuf);
                long c = FfmSupport.address((Buffer) counts), d = FfmSupport.address((Buffer) displs);
                long c2 = FfmSupport.address((Buffer) counts2);
                long d2 = FfmSupport.address((Buffer) displs2);
                check((kind & Comm.F_PERSISTENT) != 0
                        ? init(kind, comm, s, sendcount, st, r, recvcount, rt, c, d, c2, d2, op,
                                root, request.address())
                        : start(kind, comm, s, sendcount, st, r, recvcount, rt, c, d, c2, d2, op,
                                root, request.address()));
                return request.get(JAVA_LONG, 0);
            }
            int[] c = (int[]) counts, d = (int[]) displs, c2 = (int[]) counts2,
                    d2 = (int[]) displs2;
            if (!sendArray && !recvArray && c == null && c2 == null) {
                // The hot path of the benchmarks on direct buffers: nothing to copy.
                check(call(kind, comm, sendAddress(kind, sendbuf), sendcount, st,
                        recvAddress(kind, recvbuf), recvcount, rt, 0, 0, 0, 0, op, root));
                return 0;
            }
            staged(kind, comm, sendbuf, sendArray, sendcount, st, recvbuf, recvArray, recvcount, rt,
                    c, d, c2, d2, op, root);
            return 0;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    private static long countBytes(int[] c, int[] d, int[] c2, int[] d2) {
        return aligned(ints(c)) + aligned(ints(d)) + aligned(ints(c2)) + aligned(ints(d2));
    }

    /**
     * A blocking collective with count arrays or on Java arrays, copied through staging
     * memory: the counts and displacements; the bytes of the send array MPI reads; of the
     * receive array, the bytes it reaches, copied in if it reads
     * them (in place, a broadcast's root, a derived type's gaps) and back if it writes them
     * (all but a broadcast's root), a v-collective's blocks alone (the gaps between keep the
     * array's data). The elements are found as Comm's collective() finds those it checks.
     */
    private static void staged(int kind, long comm, Object sendbuf, boolean sendArray,
            int sendcount, long st, Object recvbuf, boolean recvArray, int recvcount, long rt,
            int[] c, int[] d, int[] c2, int[] d2, long op, int root) throws Throwable {
        int k = kind & 0xff;
        boolean inPlace = (kind & Comm.F_SEND_IN_PLACE) != 0;
        boolean neighbor = k >= Comm.C_NEIGHBOR_ALLGATHER;
        int np = 0, in = 0, out = 0;
        boolean arrays = sendArray || recvArray; // else only the counts are copied
        if (arrays && neighbor) {
            long degrees = degrees(comm);
            in = (int) (degrees >>> 32);
            out = (int) degrees;
        } else if (arrays && k != Comm.C_BCAST && k != Comm.C_REDUCE && k != Comm.C_ALLREDUCE
                && k != Comm.C_SCAN && k != Comm.C_EXSCAN) {
            np = Backends.COMMUNICATORS.commSize(comm);
        }
        long sendBytes = sendArray
                ? span(st, sendElems(k, np, out, sendcount, recvcount, c, d, c2, d2)) : 0;
        long recvBytes = 0;
        boolean recvIn = false, recvOut = false;
        int blocks = 0; // a v-collective's receive blocks, copied back one by one
        long blockSize = 0;
        if (recvArray) {
            boolean bcastRoot = k == Comm.C_BCAST && Backends.COMMUNICATORS.commRank(comm) == root;
            int rank = k == Comm.C_REDUCE_SCATTER && !inPlace ? Backends.COMMUNICATORS.commRank(comm) : 0;
            recvBytes = span(rt, recvElems(k, inPlace, np, in, rank, recvcount, c, d));
            blockSize = elementSize(rt);
            // exScan: rank 0's receive buffer is not written, so it must come back as it was.
            recvIn = inPlace || bcastRoot || blockSize < 0 || k == Comm.C_EXSCAN;
            recvOut = !bcastRoot;
            boolean v = k == Comm.C_GATHERV || k == Comm.C_ALLGATHERV || k == Comm.C_ALLTOALLV
                    || k == Comm.C_NEIGHBOR_ALLGATHERV || k == Comm.C_NEIGHBOR_ALLTOALLV;
            blocks = v && !recvIn ? (neighbor ? in : np) : 0;
        }
        long countBytes = countBytes(c, d, c2, d2);
        MemorySegment mem = staging(countBytes + aligned(sendBytes) + recvBytes);
        long ca = put(c, mem, 0), da = put(d, mem, aligned(ints(c)));
        long c2a = put(c2, mem, aligned(ints(c)) + aligned(ints(d)));
        long d2a = put(d2, mem, aligned(ints(c)) + aligned(ints(d)) + aligned(ints(c2)));
        long sendAt = mem.address() + countBytes;
        long recvAt = sendAt + aligned(sendBytes);
        int recvKind = recvArray ? ArrayCopy.kindOf(recvbuf) : -1;
        if (sendArray) {
            FfmSupport.copy(sendbuf, ArrayCopy.kindOf(sendbuf), sendAt, 0, bytes(sendBytes), false);
        }
        if (recvIn) {
            FfmSupport.copy(recvbuf, recvKind, recvAt, 0, bytes(recvBytes), false);
        }
        long s = sendArray ? sendAt : sendAddress(kind, sendbuf);
        long r = recvArray ? recvAt : recvAddress(kind, recvbuf);
        check(call(kind, comm, s, sendcount, st, r, recvcount, rt, ca, da, c2a, d2a, op, root));
        if (blocks > 0) {
            copyBlocks(recvbuf, recvKind, recvAt, c, d, blocks, blockSize);
        } else if (recvOut) {
            FfmSupport.copy(recvbuf, recvKind, recvAt, 0, bytes(recvBytes), true);
        }
    }

    private static long sendAddress(int kind, Object sendbuf) {
        return (kind & Comm.F_SEND_IN_PLACE) != 0 ? FfmAbi.IN_PLACE
                : FfmSupport.address((Buffer) sendbuf);
    }

    private static long recvAddress(int kind, Object recvbuf) {
        return (kind & Comm.F_RECV_IN_PLACE) != 0 ? FfmAbi.IN_PLACE
                : FfmSupport.address((Buffer) recvbuf);
    }

    /** @return the bytes of an int array's native copy (0 for none) */
    private static long ints(int[] values) {
        return values == null ? 0 : (long) values.length * Integer.BYTES;
    }

    /** Copies an int array to {@code mem} at {@code offset}; @return its address, 0 for none. */
    private static long put(int[] values, MemorySegment mem, long offset) {
        if (values == null) {
            return 0;
        }
        MemorySegment.copy(values, 0, mem, JAVA_INT, offset, values.length);
        return mem.address() + offset;
    }

    /** @return a copy's byte count as the int {@link FfmSupport#copy} takes */
    private static int bytes(long bytes) {
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a collective on a Java array of " + bytes
                    + " bytes: beyond 2^31-1 bytes, pass a direct buffer");
        }
        return (int) bytes;
    }

    /** Copies back the blocks of a v-collective: block i, {@code counts[i]} elements at {@code displs[i]}. */
    private static void copyBlocks(Object array, int kind, long at, int[] counts, int[] displs,
            int n, long size) {
        for (int i = 0; i < n; i++) {
            if (counts[i] > 0) {
                long offset = displs[i] * size;
                FfmSupport.copy(array, kind, at + offset, bytes(offset), bytes(counts[i] * size),
                        true);
            }
        }
    }

    /** @return the elements of its type a blocking collective reads from its send buffer */
    private static long sendElems(int k, int np, int out, int sendcount, int recvcount, int[] c,
            int[] d, int[] c2, int[] d2) {
        switch (k) {
            case Comm.C_REDUCE, Comm.C_ALLREDUCE, Comm.C_SCAN, Comm.C_EXSCAN:
                return recvcount; // one count: the receive side's
            case Comm.C_GATHER, Comm.C_GATHERV, Comm.C_ALLGATHER, Comm.C_ALLGATHERV,
                    Comm.C_NEIGHBOR_ALLGATHER, Comm.C_NEIGHBOR_ALLGATHERV: return sendcount;
            case Comm.C_SCATTER, Comm.C_ALLTOALL: return (long) np * sendcount;
            case Comm.C_NEIGHBOR_ALLTOALL: return (long) out * sendcount;
            case Comm.C_SCATTERV: return extent(c, d, np);
            case Comm.C_ALLTOALLV: return extent(c2, d2, np);
            case Comm.C_NEIGHBOR_ALLTOALLV: return extent(c2, d2, out);
            case Comm.C_REDUCE_SCATTER: return sum(c, np);
            case Comm.C_REDUCE_SCATTER_BLOCK: return (long) np * recvcount;
            default: return 0;
        }
    }

    /** @return the elements of its type a blocking collective reaches in its receive buffer */
    private static long recvElems(int k, boolean inPlace, int np, int in, int rank,
            int recvcount, int[] c, int[] d) {
        switch (k) {
            case Comm.C_BCAST, Comm.C_REDUCE, Comm.C_ALLREDUCE, Comm.C_SCAN, Comm.C_EXSCAN,
                    Comm.C_SCATTER, Comm.C_SCATTERV:
                return recvcount;
            case Comm.C_REDUCE_SCATTER_BLOCK: return inPlace ? (long) np * recvcount : recvcount;
            case Comm.C_REDUCE_SCATTER: return inPlace ? sum(c, np) : c[rank];
            case Comm.C_GATHER, Comm.C_ALLGATHER, Comm.C_ALLTOALL: return (long) np * recvcount;
            case Comm.C_NEIGHBOR_ALLGATHER, Comm.C_NEIGHBOR_ALLTOALL: return (long) in * recvcount;
            case Comm.C_GATHERV, Comm.C_ALLGATHERV, Comm.C_ALLTOALLV: return extent(c, d, np);
            case Comm.C_NEIGHBOR_ALLGATHERV, Comm.C_NEIGHBOR_ALLTOALLV: return extent(c, d, in);
            default: return 0;
        }
    }

    /** @return the elements n blocks at these displacements reach (Comm's extent) */
    private static long extent(int[] counts, int[] displs, int n) {
        long extent = 0;
        for (int i = 0; i < n; i++) {
            extent = Math.max(extent, (long) displs[i] + counts[i]);
        }
        return extent;
    }

    private static long sum(int[] counts, int n) {
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += counts[i];
        }
        return total;
    }

    /** @return the bytes of a predefined type's element, or -1 for a derived type */
    private static long elementSize(long type) {
        if (type == T_INT || type == T_FLOAT) {
            return 4;
        }
        if (type == T_DOUBLE || type == T_LONG) {
            return 8;
        }
        if (type == T_BYTE || type == T_BOOLEAN) {
            return 1;
        }
        return type == T_CHAR || type == T_SHORT ? 2 : -1;
    }

    /**
     * @return the bytes from a buffer's start that {@code count} instances of a type reach,
     *         as {@link Datatype#span}: for a derived type from its bounds, asked of MPI
     */
    private static long span(long type, long count) throws Throwable {
        if (count <= 0) {
            return 0;
        }
        long size = elementSize(type);
        if (size > 0) {
            return count * size;
        }
        long at = FfmSupport.scratch().address() + BOUNDS_AT;
        check((int) TYPE_GET_EXTENT.invokeExact(type, at, at + 8));
        check((int) TYPE_GET_TRUE_EXTENT.invokeExact(type, at + 16, at + 24));
        MemorySegment bounds = FfmSupport.at(at, 32);
        long extent = bounds.get(JAVA_LONG, 8);
        long trueLb = bounds.get(JAVA_LONG, 16), trueExtent = bounds.get(JAVA_LONG, 24);
        return trueExtent == 0 ? 0 : trueLb + trueExtent + Math.max(0, (count - 1) * extent);
    }

    @Override
    public long opCreate(UserOp op, boolean commute) throws MPIException {
        // A shared arena: the stub is freed by the Op's cleaner thread, once unreachable.
        Arena arena = Arena.ofShared();
        try {
            MemorySegment stub = LINKER.upcallStub(USER_OP.bindTo(op), USER_FUNCTION, arena);
            MemorySegment out = arena.allocate(HANDLE);
            check((int) OP_CREATE.invokeExact(stub.address(), commute ? 1 : 0, out.address()));
            op.releaseWith(arena::close);
            return out.get(HANDLE, 0);
        } catch (Throwable t) {
            arena.close();
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * The upcall MPI makes for a user-defined operation ({@code MPI_User_function}: invec,
     * inoutvec, *len, *datatype). It must never throw (an exception out of an upcall ends the
     * JVM): {@link UserOp#call} keeps what the user's function throws, and a failure here is
     * handed to it as null buffers.
     */
    private static void userOp(UserOp op, long in, long inout, long len, long type) {
        ByteBuffer a = null, b = null;
        int count = 0;
        long handle = 0;
        try (Arena arena = Arena.ofConfined()) {
            count = FfmSupport.at(len, Integer.BYTES).get(JAVA_INT, 0);
            handle = FfmSupport.at(type, HANDLE.byteSize()).get(HANDLE, 0);
            MemorySegment bounds = arena.allocate(16);
            check((int) TYPE_GET_EXTENT.invokeExact(handle, bounds.address(),
                    bounds.address() + 8));
            long bytes = Math.max(0, bounds.get(JAVA_LONG, 8) * count);
            a = FfmSupport.at(in, bytes).asByteBuffer();
            b = FfmSupport.at(inout, bytes).asByteBuffer();
        } catch (Throwable t) {
            a = b = null;
        }
        op.call(a, b, count, handle);
    }

    @Override
    public void opFree(long op) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handle = arena.allocate(HANDLE);
            handle.set(HANDLE, 0, op);
            check((int) OP_FREE.invokeExact(handle.address()));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void reduceLocal(Buffer in, Buffer inout, int count, long type, long op)
            throws MPIException {
        try {
            check((int) REDUCE_LOCAL.invokeExact(FfmSupport.address(in), FfmSupport.address(inout),
                    count, type, op));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** A blocking collective. @return MPI's return code */
    private static int call(int kind, long comm, long s, int sc, long st, long r, int rc, long rt,
            long c, long d, long c2, long d2, long op, int root) throws Throwable {
        switch (kind & 0xff) {
            case Comm.C_BARRIER: return (int) BARRIER.invokeExact(comm);
            case Comm.C_BCAST: return (int) BCAST.invokeExact(r, rc, rt, root, comm);
            case Comm.C_REDUCE: return (int) REDUCE.invokeExact(s, r, rc, rt, op, root, comm);
            case Comm.C_ALLREDUCE: return (int) ALLREDUCE.invokeExact(s, r, rc, rt, op, comm);
            case Comm.C_SCAN: return (int) SCAN.invokeExact(s, r, rc, rt, op, comm);
            case Comm.C_EXSCAN: return (int) EXSCAN.invokeExact(s, r, rc, rt, op, comm);
            case Comm.C_GATHER: return (int) GATHER.invokeExact(s, sc, st, r, rc, rt, root, comm);
            case Comm.C_GATHERV: return (int) GATHERV.invokeExact(s, sc, st, r, c, d, rt, root, comm);
            case Comm.C_SCATTER: return (int) SCATTER.invokeExact(s, sc, st, r, rc, rt, root, comm);
            case Comm.C_SCATTERV: return (int) SCATTERV.invokeExact(s, c, d, st, r, rc, rt, root, comm);
            case Comm.C_ALLGATHER: return (int) ALLGATHER.invokeExact(s, sc, st, r, rc, rt, comm);
            case Comm.C_ALLGATHERV: return (int) ALLGATHERV.invokeExact(s, sc, st, r, c, d, rt, comm);
            case Comm.C_ALLTOALL: return (int) ALLTOALL.invokeExact(s, sc, st, r, rc, rt, comm);
            case Comm.C_ALLTOALLV:
                return (int) ALLTOALLV.invokeExact(s, c2, d2, st, r, c, d, rt, comm);
            case Comm.C_REDUCE_SCATTER: return (int) REDUCE_SCATTER.invokeExact(s, r, c, rt, op, comm);
            case Comm.C_REDUCE_SCATTER_BLOCK:
                return (int) REDUCE_SCATTER_BLOCK.invokeExact(s, r, rc, rt, op, comm);
            case Comm.C_NEIGHBOR_ALLGATHER:
                return (int) NEIGHBOR_ALLGATHER.invokeExact(s, sc, st, r, rc, rt, comm);
            case Comm.C_NEIGHBOR_ALLGATHERV:
                return (int) NEIGHBOR_ALLGATHERV.invokeExact(s, sc, st, r, c, d, rt, comm);
            case Comm.C_NEIGHBOR_ALLTOALL:
                return (int) NEIGHBOR_ALLTOALL.invokeExact(s, sc, st, r, rc, rt, comm);
            case Comm.C_NEIGHBOR_ALLTOALLV:
                return (int) NEIGHBOR_ALLTOALLV.invokeExact(s, c2, d2, st, r, c, d, rt, comm);
            default: throw new IllegalArgumentException("unknown collective " + kind);
        }
    }

    /** A non-blocking collective's initiation, writing its request at {@code q}. @return MPI's return code */
    private static int start(int kind, long comm, long s, int sc, long st, long r, int rc, long rt,
            long c, long d, long c2, long d2, long op, int root, long q) throws Throwable {
        switch (kind & 0xff) {
            case Comm.C_BARRIER: return (int) IBARRIER.invokeExact(comm, q);
            case Comm.C_BCAST: return (int) IBCAST.invokeExact(r, rc, rt, root, comm, q);
            case Comm.C_REDUCE: return (int) IREDUCE.invokeExact(s, r, rc, rt, op, root, comm, q);
            case Comm.C_ALLREDUCE: return (int) IALLREDUCE.invokeExact(s, r, rc, rt, op, comm, q);
            case Comm.C_SCAN: return (int) ISCAN.invokeExact(s, r, rc, rt, op, comm, q);
            case Comm.C_EXSCAN: return (int) IEXSCAN.invokeExact(s, r, rc, rt, op, comm, q);
            case Comm.C_GATHER:
                return (int) IGATHER.invokeExact(s, sc, st, r, rc, rt, root, comm, q);
            case Comm.C_GATHERV:
                return (int) IGATHERV.invokeExact(s, sc, st, r, c, d, rt, root, comm, q);
            case Comm.C_SCATTER:
                return (int) ISCATTER.invokeExact(s, sc, st, r, rc, rt, root, comm, q);
            case Comm.C_SCATTERV:
                return (int) ISCATTERV.invokeExact(s, c, d, st, r, rc, rt, root, comm, q);
            case Comm.C_ALLGATHER: return (int) IALLGATHER.invokeExact(s, sc, st, r, rc, rt, comm, q);
            case Comm.C_ALLGATHERV:
                return (int) IALLGATHERV.invokeExact(s, sc, st, r, c, d, rt, comm, q);
            case Comm.C_ALLTOALL: return (int) IALLTOALL.invokeExact(s, sc, st, r, rc, rt, comm, q);
            case Comm.C_ALLTOALLV:
                return (int) IALLTOALLV.invokeExact(s, c2, d2, st, r, c, d, rt, comm, q);
            case Comm.C_REDUCE_SCATTER:
                return (int) IREDUCE_SCATTER.invokeExact(s, r, c, rt, op, comm, q);
            case Comm.C_REDUCE_SCATTER_BLOCK:
                return (int) IREDUCE_SCATTER_BLOCK.invokeExact(s, r, rc, rt, op, comm, q);
            case Comm.C_NEIGHBOR_ALLGATHER:
                return (int) INEIGHBOR_ALLGATHER.invokeExact(s, sc, st, r, rc, rt, comm, q);
            case Comm.C_NEIGHBOR_ALLGATHERV:
                return (int) INEIGHBOR_ALLGATHERV.invokeExact(s, sc, st, r, c, d, rt, comm, q);
            case Comm.C_NEIGHBOR_ALLTOALL:
                return (int) INEIGHBOR_ALLTOALL.invokeExact(s, sc, st, r, rc, rt, comm, q);
            case Comm.C_NEIGHBOR_ALLTOALLV:
                return (int) INEIGHBOR_ALLTOALLV.invokeExact(s, c2, d2, st, r, c, d, rt, comm, q);
            default: throw new IllegalArgumentException("unknown collective " + kind);
        }
    }

    /** A persistent collective's creation, writing its request at {@code q}. @return MPI's return code */
    private static int init(int kind, long comm, long s, int sc, long st, long r, int rc, long rt,
            long c, long d, long c2, long d2, long op, int root, long q) throws Throwable {
        long i = MPI.INFO_NULL_HANDLE;
        switch (kind & 0xff) {
            case Comm.C_BARRIER: return (int) Inits.BARRIER.invokeExact(comm, i, q);
            case Comm.C_BCAST: return (int) Inits.BCAST.invokeExact(r, rc, rt, root, comm, i, q);
            case Comm.C_REDUCE:
                return (int) Inits.REDUCE.invokeExact(s, r, rc, rt, op, root, comm, i, q);
            case Comm.C_ALLREDUCE:
                return (int) Inits.ALLREDUCE.invokeExact(s, r, rc, rt, op, comm, i, q);
            case Comm.C_SCAN: return (int) Inits.SCAN.invokeExact(s, r, rc, rt, op, comm, i, q);
            case Comm.C_EXSCAN: return (int) Inits.EXSCAN.invokeExact(s, r, rc, rt, op, comm, i, q);
            case Comm.C_GATHER:
                return (int) Inits.GATHER.invokeExact(s, sc, st, r, rc, rt, root, comm, i, q);
            case Comm.C_GATHERV:
                return (int) Inits.GATHERV.invokeExact(s, sc, st, r, c, d, rt, root, comm, i, q);
            case Comm.C_SCATTER:
                return (int) Inits.SCATTER.invokeExact(s, sc, st, r, rc, rt, root, comm, i, q);
            case Comm.C_SCATTERV:
                return (int) Inits.SCATTERV.invokeExact(s, c, d, st, r, rc, rt, root, comm, i, q);
            case Comm.C_ALLGATHER:
                return (int) Inits.ALLGATHER.invokeExact(s, sc, st, r, rc, rt, comm, i, q);
            case Comm.C_ALLGATHERV:
                return (int) Inits.ALLGATHERV.invokeExact(s, sc, st, r, c, d, rt, comm, i, q);
            case Comm.C_ALLTOALL:
                return (int) Inits.ALLTOALL.invokeExact(s, sc, st, r, rc, rt, comm, i, q);
            case Comm.C_ALLTOALLV:
                return (int) Inits.ALLTOALLV.invokeExact(s, c2, d2, st, r, c, d, rt, comm, i, q);
            case Comm.C_REDUCE_SCATTER:
                return (int) Inits.REDUCE_SCATTER.invokeExact(s, r, c, rt, op, comm, i, q);
            case Comm.C_REDUCE_SCATTER_BLOCK:
                return (int) Inits.REDUCE_SCATTER_BLOCK.invokeExact(s, r, rc, rt, op, comm, i, q);
            default: throw new IllegalArgumentException("no persistent form of collective " + kind);
        }
    }

    // ---- all-to-allw ----

    /**
     * MPI_Alltoallw, or MPI_Ialltoallw. Blocking: counts and displacements int[], types long[]
     * (np entries each, Java checked), data direct or arrays copied through staging (the
     * receive side in too: the gaps between its blocks keep the array's data). Non-blocking:
     * all direct buffers the request keeps, the types already 64-bit handles.
     */
    @Override
    public long commAllToAllw(long comm, int mode, Object sendbuf, boolean sendArray,
            Object sendcounts, Object sdispls, Object sendtypes, Object recvbuf, boolean recvArray,
            Object recvcounts, Object rdispls, Object recvtypes) throws MPIException {
        try {
            if (mode != 0) {
                if (sendtypes == null || recvtypes == null) {
                    throw new IllegalArgumentException("all-to-allw types are null");
                }
                MemorySegment request = FfmSupport.scratch();
                long s = FfmSupport.address((Buffer) sendbuf);
                long sc = FfmSupport.address((Buffer) sendcounts);
                long sd = FfmSupport.address((Buffer) sdispls);
                long st = FfmSupport.address((Buffer) sendtypes);
                long r = FfmSupport.address((Buffer) recvbuf);
                long rc = FfmSupport.address((Buffer) recvcounts);
                long rd = FfmSupport.address((Buffer) rdispls);
                long rt = FfmSupport.address((Buffer) recvtypes);
                check(mode == Comm.F_PERSISTENT
                        ? (int) Inits.ALLTOALLW.invokeExact(s, sc, sd, st, r, rc, rd, rt, comm,
                                MPI.INFO_NULL_HANDLE, request.address())
                        : (int) IALLTOALLW.invokeExact(s, sc, sd, st, r, rc, rd, rt, comm,
                                request.address()));
                return request.get(JAVA_LONG, 0);
            }
            int np = Backends.COMMUNICATORS.commSize(comm);
            int[] sc = (int[]) sendcounts, sd = (int[]) sdispls, rc = (int[]) recvcounts,
                    rd = (int[]) rdispls;
            long[] st = (long[]) sendtypes, rt = (long[]) recvtypes;
            long sendBytes = sendArray ? wBytes(sc, sd, st, np) : 0;
            long recvBytes = recvArray ? wBytes(rc, rd, rt, np) : 0;
            long ints = aligned((long) np * Integer.BYTES), longs = aligned((long) np * Long.BYTES);
            MemorySegment mem = staging(4 * ints + 2 * longs + aligned(sendBytes) + recvBytes);
            for (int side = 0; side < 2; side++) {
                long at = side * (2 * ints + longs);
                MemorySegment.copy(side == 0 ? sc : rc, 0, mem, JAVA_INT, at, np);
                MemorySegment.copy(side == 0 ? sd : rd, 0, mem, JAVA_INT, at + ints, np);
                MemorySegment.copy(side == 0 ? st : rt, 0, mem, JAVA_LONG, at + 2 * ints, np);
            }
            long base = mem.address(), data = base + 4 * ints + 2 * longs;
            long recvAt = data + aligned(sendBytes);
            int recvKind = recvArray ? ArrayCopy.kindOf(recvbuf) : -1;
            if (sendArray) {
                FfmSupport.copy(sendbuf, ArrayCopy.kindOf(sendbuf), data, 0, bytes(sendBytes),
                        false);
            }
            if (recvArray) {
                FfmSupport.copy(recvbuf, recvKind, recvAt, 0, bytes(recvBytes), false);
            }
            long r = base + 2 * ints + longs;
            check((int) ALLTOALLW.invokeExact(sendArray ? data : FfmSupport.address((Buffer) sendbuf),
                    base, base + ints, base + 2 * ints,
                    recvArray ? recvAt : FfmSupport.address((Buffer) recvbuf),
                    r, r + ints, r + 2 * ints, comm));
            if (recvArray) {
                FfmSupport.copy(recvbuf, recvKind, recvAt, 0, bytes(recvBytes), true);
            }
            return 0;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** @return the bytes an all-to-allw side's blocks reach (byte displacements) */
    private static long wBytes(int[] counts, int[] displs, long[] types, int n) throws Throwable {
        long extent = 0;
        for (int i = 0; i < n; i++) {
            if (counts[i] > 0) {
                extent = Math.max(extent, displs[i] + span(types[i], counts[i]));
            }
        }
        return extent;
    }

    /**
     * MPI_Neighbor_alltoallw, or MPI_Ineighbor_alltoallw when {@code args} (a direct buffer
     * the request keeps, of {@link Comm#W_NEIGHBOR_BYTES} per neighbour and
     * {@link Comm#W_ALIGN_BYTES} of slack) is given: the converted arguments go there, since MPI
     * reads them until completion. Per neighbour, out-neighbours first: an MPI_Aint
     * displacement, a handle, an int count, in three arrays (the 8-byte ones first, aligned).
     */
    @Override
    public long commNeighborAllToAllw(long comm, Object sendbuf, boolean sendArray,
            int[] sendcounts, int[] sdispls, Datatype[] sendtypes, int outdegree, Object recvbuf,
            boolean recvArray, int[] recvcounts, int[] rdispls, Datatype[] recvtypes, int indegree,
            ByteBuffer args) throws MPIException {
        try {
            int n = outdegree + indegree;
            long argBytes = (long) n * 20;
            if (args != null) {
                if (!args.isDirect() || args.capacity() < (long) n * Comm.W_NEIGHBOR_BYTES
                        + Comm.W_ALIGN_BYTES) {
                    throw new IllegalArgumentException("alltoallw argument memory is too small");
                }
                long at = FfmSupport.address(args);
                long start = (at + Comm.W_ALIGN_BYTES - 1) & -(long) Comm.W_ALIGN_BYTES;
                MemorySegment mem = FfmSupport.at(start, argBytes);
                wArgs(mem, sendcounts, sdispls, sendtypes, outdegree, recvcounts, rdispls,
                        recvtypes,
                        indegree);
                MemorySegment request = FfmSupport.scratch();
                long a = mem.address();
                check((int) INEIGHBOR_ALLTOALLW.invokeExact(FfmSupport.address((Buffer) sendbuf),
                        a + 16L * n, a, a + 8L * n, FfmSupport.address((Buffer) recvbuf),
                        a + 16L * n + 4L * outdegree, a + 8L * outdegree,
                                a + 8L * n + 8L * outdegree,
                        comm, request.address()));
                return request.get(JAVA_LONG, 0);
            }
            long sendBytes = sendArray ? nwBytes(sendcounts, sdispls, sendtypes, outdegree) : 0;
            long recvBytes = recvArray ? nwBytes(recvcounts, rdispls, recvtypes, indegree) : 0;
            MemorySegment mem = staging(aligned(argBytes) + aligned(sendBytes) + recvBytes);
            wArgs(mem, sendcounts, sdispls, sendtypes, outdegree, recvcounts, rdispls, recvtypes,
                    indegree);
            long a = mem.address(), data = a + aligned(argBytes),
                    recvAt = data + aligned(sendBytes);
            int recvKind = recvArray ? ArrayCopy.kindOf(recvbuf) : -1;
            if (sendArray) {
                FfmSupport.copy(sendbuf, ArrayCopy.kindOf(sendbuf), data, 0, bytes(sendBytes),
                        false);
            }
            if (recvArray) {
                FfmSupport.copy(recvbuf, recvKind, recvAt, 0, bytes(recvBytes), false);
            }
            check((int) NEIGHBOR_ALLTOALLW.invokeExact(
                    sendArray ? data : FfmSupport.address((Buffer) sendbuf), a + 16L * n, a,
                            a + 8L * n,
                    recvArray ? recvAt : FfmSupport.address((Buffer) recvbuf),
                    a + 16L * n + 4L * outdegree, a + 8L * outdegree, a + 8L * n + 8L * outdegree,
                    comm));
            if (recvArray) {
                FfmSupport.copy(recvbuf, recvKind, recvAt, 0, bytes(recvBytes), true);
            }
            return 0;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Writes neighbour alltoallw's displacements (MPI_Aint), handles and counts (int). */
    private static void wArgs(MemorySegment mem, int[] sc, int[] sd, Datatype[] st, int out,
            int[] rc, int[] rd, Datatype[] rt, int in) {
        int n = out + in;
        for (int i = 0; i < n; i++) {
            boolean send = i < out;
            int j = send ? i : i - out;
            Datatype type = send ? st[j] : rt[j];
            if (type == null) {
                throw new IllegalArgumentException("a datatype is null");
            }
            mem.set(JAVA_LONG, 8L * i, send ? sd[j] : rd[j]);
            mem.set(JAVA_LONG, 8L * n + 8L * i, type.handle);
            mem.set(JAVA_INT, 16L * n + 4L * i, send ? sc[j] : rc[j]);
        }
    }

    /** @return the bytes a neighbour alltoallw side's blocks reach (byte displacements) */
    private static long nwBytes(int[] counts, int[] displs, Datatype[] types, int n) {
        long extent = 0;
        for (int i = 0; i < n; i++) {
            if (counts[i] > 0) {
                extent = Math.max(extent, displs[i] + types[i].span(counts[i]));
            }
        }
        return extent;
    }

    // ---- the neighbours of a topology ----

    /** @return {in-degree, out-degree, sources..., destinations...} of the communicator's topology */
    @Override
    public int[] commNeighbors(long comm) throws MPIException {
        try {
            int topology = topology(comm);
            long degrees = degrees(comm, topology);
            int in = (int) (degrees >>> 32), out = (int) degrees;
            try (Arena arena = Arena.ofConfined()) {
                // the ranks, then room for a distributed graph's weights
                MemorySegment all = arena.allocate(JAVA_INT, 2L * (in + out) + 2);
                long s = all.address(), d = s + 4L * in, w = d + 4L * out;
                if (topology == CART) {
                    // per dimension the source then the destination of MPI_Cart_shift by 1
                    for (int dim = 0; 2 * dim + 1 < in && 2 * dim + 1 < out; dim++) {
                        check((int) CART_SHIFT.invokeExact(comm, dim, 1, s + 8L * dim,
                                s + 8L * dim + 4));
                    }
                    MemorySegment.copy(all, 0, all, 4L * in, 4L * Math.min(in, out));
                } else if (topology == GRAPH) {
                    check((int) GRAPH_NEIGHBORS.invokeExact(comm, Backends.COMMUNICATORS.commRank(comm),
                            in, s));
                    MemorySegment.copy(all, 0, all, 4L * in, 4L * Math.min(in, out));
                } else {
                    check((int) DIST_GRAPH_NEIGHBORS.invokeExact(comm, in, s, w, out, d,
                            w + 4L * in));
                }
                int[] result = new int[2 + in + out];
                result[0] = in;
                result[1] = out;
                MemorySegment.copy(all, JAVA_INT, 0, result, 2, in + out);
                return result;
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** @return the communicator's topology, or MPI_ERR_TOPOLOGY's exception if it has none */
    private static int topology(long comm) throws Throwable {
        MemorySegment out = FfmSupport.scratch();
        check((int) TOPO_TEST.invokeExact(comm, out.address()));
        int topology = out.get(JAVA_INT, 0);
        if (topology != CART && topology != GRAPH && topology != DIST_GRAPH) {
            throw FfmSupport.exception(FfmAbi.ERR_TOPOLOGY); // what MPI says of a neighbour collective without one
        }
        return topology;
    }

    /** @return in-degree << 32 | out-degree of the communicator's topology */
    private static long degrees(long comm) throws Throwable {
        return degrees(comm, topology(comm));
    }

    private static long degrees(long comm, int topology) throws Throwable {
        MemorySegment out = FfmSupport.scratch();
        long at = out.address();
        int in, outDegree;
        if (topology == CART) {
            // one neighbour each way along every dimension
            check((int) CARTDIM_GET.invokeExact(comm, at));
            in = outDegree = 2 * out.get(JAVA_INT, 0);
        } else if (topology == GRAPH) {
            int rank = Backends.COMMUNICATORS.commRank(comm);
            check((int) GRAPH_NEIGHBORS_COUNT.invokeExact(comm, rank, at));
            in = outDegree = out.get(JAVA_INT, 0);
        } else {
            check((int) DIST_GRAPH_NEIGHBORS_COUNT.invokeExact(comm, at, at + 4, at + 8));
            in = out.get(JAVA_INT, 0);
            outDegree = out.get(JAVA_INT, 4);
        }
        return (long) in << 32 | (outDegree & 0xffffffffL);
    }
}
