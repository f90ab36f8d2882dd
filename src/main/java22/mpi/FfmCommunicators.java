package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.HANDLE;
import static mpi.FfmSupport.POINTER;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.ints;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * The FFM backend's calls of communicators, groups and topologies ({@link Comm},
 * {@link Intracomm}, {@link CartComm}, {@link GraphComm}, {@link Group}).
 */
final class FfmCommunicators implements Seam.Communicators {
    private static final FunctionDescriptor HANDLE_TO_INT = FunctionDescriptor.of(JAVA_INT,
            HANDLE, POINTER);
    private static final MethodHandle COMM_RANK = FfmLibrary.critical("MPI_Comm_rank", HANDLE_TO_INT);
    private static final MethodHandle COMM_SIZE = FfmLibrary.critical("MPI_Comm_size", HANDLE_TO_INT);
    private static final MethodHandle COMM_TEST_INTER = FfmLibrary.critical("MPI_Comm_test_inter",
            HANDLE_TO_INT);
    private static final MethodHandle COMM_DUP = FfmLibrary.downcall("MPI_Comm_dup", HANDLE_TO_INT);
    private static final MethodHandle COMM_FREE = FfmLibrary.downcall("MPI_Comm_free",
            FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final MethodHandle ABORT = FfmLibrary.downcall("MPI_Abort",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT));
    private static final MethodHandle COMM_GROUP = FfmLibrary.downcall("MPI_Comm_group",
            HANDLE_TO_INT);
    // Communicator constructors are collective: they may wait for the other processes.
    private static final MethodHandle COMM_SPAWN = FfmLibrary.downcall("MPI_Comm_spawn",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, HANDLE, JAVA_INT, HANDLE,
                    POINTER, ADDRESS));
    private static final MethodHandle COMM_SPAWN_MULTIPLE = FfmLibrary.downcall(
            "MPI_Comm_spawn_multiple", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS,
                    ADDRESS, ADDRESS, ADDRESS, JAVA_INT, HANDLE, POINTER, ADDRESS));
    // Ports and names may wait for a name server; accept and connect for the other group.
    private static final MethodHandle OPEN_PORT = FfmLibrary.downcall("MPI_Open_port",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle CLOSE_PORT = FfmLibrary.downcall("MPI_Close_port",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final FunctionDescriptor NAME_INFO_PORT = FunctionDescriptor.of(JAVA_INT,
            ADDRESS, HANDLE, ADDRESS);
    private static final MethodHandle PUBLISH_NAME = FfmLibrary.downcall("MPI_Publish_name",
            NAME_INFO_PORT);
    private static final MethodHandle UNPUBLISH_NAME = FfmLibrary.downcall(
            "MPI_Unpublish_name", NAME_INFO_PORT);
    private static final MethodHandle LOOKUP_NAME = FfmLibrary.downcall("MPI_Lookup_name",
            NAME_INFO_PORT);
    private static final FunctionDescriptor JOIN = FunctionDescriptor.of(JAVA_INT, ADDRESS,
            HANDLE, JAVA_INT, HANDLE, ADDRESS);
    private static final MethodHandle COMM_ACCEPT = FfmLibrary.downcall("MPI_Comm_accept", JOIN);
    private static final MethodHandle COMM_CONNECT = FfmLibrary.downcall("MPI_Comm_connect",
            JOIN);
    private static final MethodHandle COMM_GET_PARENT = FfmLibrary.critical(
            "MPI_Comm_get_parent", FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final MethodHandle COMM_SET_ERRHANDLER = FfmLibrary.critical(
            "MPI_Comm_set_errhandler", FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE));
    private static final MethodHandle COMM_REMOTE_SIZE = FfmLibrary.critical(
            "MPI_Comm_remote_size", HANDLE_TO_INT);
    private static final MethodHandle COMM_REMOTE_GROUP = FfmLibrary.critical(
            "MPI_Comm_remote_group", HANDLE_TO_INT);
    private static final MethodHandle INTERCOMM_MERGE = FfmLibrary.downcall(
            "MPI_Intercomm_merge", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, POINTER));
    private static final MethodHandle INTERCOMM_CREATE = FfmLibrary.downcall(
            "MPI_Intercomm_create", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, HANDLE,
                    JAVA_INT, JAVA_INT, POINTER));
    private static final MethodHandle COMM_DISCONNECT = FfmLibrary.downcall(
            "MPI_Comm_disconnect", FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final MethodHandle COMM_GET_ERRHANDLER = FfmLibrary.critical(
            "MPI_Comm_get_errhandler", HANDLE_TO_INT);
    private static final MethodHandle COMM_CALL_ERRHANDLER = FfmLibrary.downcall(
            "MPI_Comm_call_errhandler", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT));
    private static final MethodHandle ERRHANDLER_FREE = FfmLibrary.critical(
            "MPI_Errhandler_free", FunctionDescriptor.of(JAVA_INT, POINTER));
    private static final long COMM_NULL = FfmLibrary.ABI.constant("COMM_NULL");
    private static final long ERRORS_RETURN = FfmLibrary.ABI.constant("ERRORS_RETURN");
    private static final MethodHandle COMM_SPLIT = FfmLibrary.downcall("MPI_Comm_split",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, POINTER));
    private static final MethodHandle CART_CREATE = FfmLibrary.downcall("MPI_Cart_create",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle DIST_GRAPH_CREATE_ADJACENT = FfmLibrary.downcall(
            "MPI_Dist_graph_create_adjacent", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT,
                    ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, HANDLE, JAVA_INT, ADDRESS));
    private static final MethodHandle DIST_GRAPH_CREATE = FfmLibrary.downcall(
            "MPI_Dist_graph_create", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS,
                    ADDRESS, ADDRESS, ADDRESS, HANDLE, JAVA_INT, ADDRESS));
    // Topology and group queries are local; rank and size queries never wait.
    private static final MethodHandle DIMS_CREATE = FfmLibrary.downcall("MPI_Dims_create",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle CARTDIM_GET = FfmLibrary.critical("MPI_Cartdim_get",
            HANDLE_TO_INT);
    private static final MethodHandle CART_GET = FfmLibrary.downcall("MPI_Cart_get",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle CART_COORDS = FfmLibrary.downcall("MPI_Cart_coords",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle CART_RANK = FfmLibrary.downcall("MPI_Cart_rank",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, ADDRESS));
    // Graph topologies (MPI_Graph_create and its local queries), Cartesian map and sub.
    private static final MethodHandle GRAPH_CREATE = FfmLibrary.downcall("MPI_Graph_create",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle GRAPH_MAP = FfmLibrary.downcall("MPI_Graph_map",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle GRAPHDIMS_GET = FfmLibrary.downcall("MPI_Graphdims_get",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, ADDRESS));
    private static final MethodHandle GRAPH_GET = FfmLibrary.downcall("MPI_Graph_get",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle GRAPH_NEIGHBORS_COUNT = FfmLibrary.downcall(
            "MPI_Graph_neighbors_count", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS));
    private static final MethodHandle GRAPH_NEIGHBORS = FfmLibrary.downcall("MPI_Graph_neighbors",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle CART_MAP = FfmLibrary.downcall("MPI_Cart_map",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle CART_SUB = FfmLibrary.downcall("MPI_Cart_sub",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, ADDRESS));
    private static final MethodHandle CART_SHIFT = FfmLibrary.downcall("MPI_Cart_shift",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle DIST_GRAPH_NEIGHBORS_COUNT = FfmLibrary.downcall(
            "MPI_Dist_graph_neighbors_count",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle DIST_GRAPH_NEIGHBORS = FfmLibrary.downcall(
            "MPI_Dist_graph_neighbors", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT,
                    ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle GROUP_SIZE = FfmLibrary.critical("MPI_Group_size",
            HANDLE_TO_INT);
    private static final MethodHandle GROUP_RANK = FfmLibrary.critical("MPI_Group_rank",
            HANDLE_TO_INT);
    private static final FunctionDescriptor GROUP_FROM_RANKS = FunctionDescriptor.of(JAVA_INT,
            HANDLE, JAVA_INT, ADDRESS, ADDRESS);
    private static final FunctionDescriptor GROUP_FROM_RANGES = FunctionDescriptor.of(JAVA_INT,
            HANDLE, JAVA_INT, ADDRESS, ADDRESS);
    private static final MethodHandle GROUP_RANGE_INCL = FfmLibrary.downcall(
            "MPI_Group_range_incl", GROUP_FROM_RANGES);
    private static final MethodHandle GROUP_RANGE_EXCL = FfmLibrary.downcall(
            "MPI_Group_range_excl", GROUP_FROM_RANGES);
    private static final MethodHandle COMM_COMPARE = FfmLibrary.critical("MPI_Comm_compare",
            FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE, POINTER));
    private static final MethodHandle COMM_SET_NAME = FfmLibrary.downcall("MPI_Comm_set_name",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS));
    private static final MethodHandle COMM_GET_NAME = FfmLibrary.downcall("MPI_Comm_get_name",
            FunctionDescriptor.of(JAVA_INT, HANDLE, ADDRESS, ADDRESS));
    private static final MethodHandle COMM_DUP_WITH_INFO = FfmLibrary.downcall(
            "MPI_Comm_dup_with_info", FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE, POINTER));
    private static final MethodHandle COMM_IDUP = FfmLibrary.downcall("MPI_Comm_idup",
            FunctionDescriptor.of(JAVA_INT, HANDLE, POINTER, POINTER));
    private static final MethodHandle COMM_SET_INFO = FfmLibrary.downcall("MPI_Comm_set_info",
            FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE));
    private static final MethodHandle COMM_GET_INFO = FfmLibrary.downcall("MPI_Comm_get_info",
            HANDLE_TO_INT);
    private static final MethodHandle TOPO_TEST = FfmLibrary.critical("MPI_Topo_test",
            HANDLE_TO_INT);
    private static final MethodHandle COMM_CREATE = FfmLibrary.downcall("MPI_Comm_create",
            FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE, POINTER));
    private static final MethodHandle COMM_CREATE_GROUP = FfmLibrary.downcall(
            "MPI_Comm_create_group", FunctionDescriptor.of(JAVA_INT, HANDLE, HANDLE, JAVA_INT,
                    POINTER));
    private static final MethodHandle COMM_SPLIT_TYPE = FfmLibrary.downcall(
            "MPI_Comm_split_type", FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, JAVA_INT,
                    HANDLE, POINTER));
    private static final MethodHandle GROUP_INCL = FfmLibrary.downcall("MPI_Group_incl",
            GROUP_FROM_RANKS);
    private static final MethodHandle GROUP_EXCL = FfmLibrary.downcall("MPI_Group_excl",
            GROUP_FROM_RANKS);
    private static final MethodHandle GROUP_TRANSLATE_RANKS = FfmLibrary.downcall(
            "MPI_Group_translate_ranks",
            FunctionDescriptor.of(JAVA_INT, HANDLE, JAVA_INT, ADDRESS, HANDLE, ADDRESS));
    private static final FunctionDescriptor TWO_GROUPS_TO_ONE = FunctionDescriptor.of(JAVA_INT,
            HANDLE, HANDLE, POINTER);
    private static final MethodHandle GROUP_COMPARE = FfmLibrary.downcall("MPI_Group_compare",
            TWO_GROUPS_TO_ONE);
    private static final MethodHandle GROUP_UNION = FfmLibrary.downcall("MPI_Group_union",
            TWO_GROUPS_TO_ONE);
    private static final MethodHandle GROUP_INTERSECTION = FfmLibrary.downcall(
            "MPI_Group_intersection", TWO_GROUPS_TO_ONE);
    private static final MethodHandle GROUP_DIFFERENCE = FfmLibrary.downcall(
            "MPI_Group_difference", TWO_GROUPS_TO_ONE);
    private static final MethodHandle GROUP_FREE = FfmLibrary.downcall("MPI_Group_free",
            FunctionDescriptor.of(JAVA_INT, POINTER));

    FfmCommunicators() {
    }

    /** A call that writes one int through its last argument. */
    private static int intOut(MethodHandle call, long handle) throws Throwable {
        MemorySegment out = FfmSupport.scratch();
        check((int) call.invokeExact(handle, out.address()));
        return out.get(JAVA_INT, 0);
    }

    /** A call that writes one handle through its last argument. */
    private static long handleOut(MethodHandle call, long handle) throws Throwable {
        MemorySegment out = FfmSupport.scratch();
        check((int) call.invokeExact(handle, out.address()));
        return out.get(JAVA_LONG, 0);
    }

    @Override
    public long commGetGroup(long comm) throws MPIException {
        try {
            return handleOut(COMM_GROUP, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int commRank(long comm) throws MPIException {
        try {
            return intOut(COMM_RANK, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public boolean commTestInter(long comm) throws MPIException {
        try {
            return intOut(COMM_TEST_INTER, comm) != 0;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int commSize(long comm) throws MPIException {
        try {
            return intOut(COMM_SIZE, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commDup(long comm) throws MPIException {
        try {
            return handleOut(COMM_DUP, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commFree(long comm) throws MPIException {
        try {
            MemorySegment c = FfmSupport.scratch();
            c.set(JAVA_LONG, 0, comm);
            check((int) COMM_FREE.invokeExact(c.address()));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commAbort(long comm, int errorCode) throws MPIException {
        try {
            check((int) ABORT.invokeExact(comm, errorCode));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Java has checked command, every argv element and errcodes' length. */
    @Override
    public long commSpawn(long comm, String command, String[] argv, int maxprocs, long info,
            int root, int[] errcodes) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment args = argv == null ? MemorySegment.NULL : strings(arena, argv);
            MemorySegment codes = codes(arena, errcodes, maxprocs);
            MemorySegment out = arena.allocate(JAVA_LONG);
            int rc = (int) COMM_SPAWN.invokeExact(arena.allocateFrom(command), args, maxprocs,
                    info, root, comm, out.address(), codes);
            if (errcodes != null) {
                MemorySegment.copy(codes, JAVA_INT, 0, errcodes, 0, maxprocs);
            }
            check(rc);
            return returningErrors(out.get(JAVA_LONG, 0));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Java has checked the arrays' lengths, their elements, root and errcodes' length. */
    @Override
    public long commSpawnMultiple(long comm, String[] commands, String[][] argv,
            int[] maxprocs, long[] infos, int root, int[] errcodes) throws MPIException {
        int n = commands.length;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment args = MemorySegment.NULL; // MPI_ARGVS_NULL
            if (argv != null) {
                args = arena.allocate(ADDRESS, n);
                for (int i = 0; i < n; i++) { // null: an empty list, no arguments
                    args.setAtIndex(ADDRESS, i, strings(arena,
                            argv[i] == null ? new String[0] : argv[i]));
                }
            }
            int processes = Arrays.stream(maxprocs).sum(); // Java has checked it is an int
            MemorySegment codes = codes(arena, errcodes, processes);
            MemorySegment out = arena.allocate(JAVA_LONG);
            int rc = (int) COMM_SPAWN_MULTIPLE.invokeExact(n, strings(arena, commands), args,
                    ints(arena, maxprocs), arena.allocateFrom(JAVA_LONG, infos), root, comm,
                    out.address(), codes);
            if (errcodes != null) {
                MemorySegment.copy(codes, JAVA_INT, 0, errcodes, 0, processes);
            }
            check(rc);
            return returningErrors(out.get(JAVA_LONG, 0));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** @return the strings as a NULL-terminated array of C strings */
    private static MemorySegment strings(Arena arena, String[] strings) {
        MemorySegment array = arena.allocate(ADDRESS, strings.length + 1L); // zeroed: NULL last
        for (int i = 0; i < strings.length; i++) {
            array.setAtIndex(ADDRESS, i, arena.allocateFrom(strings[i]));
        }
        return array;
    }

    /**
     * @return {@code MPI_ERRCODES_IGNORE} for null, else {@code n} codes as the caller had
     *         them: what MPI does not write stays so
     */
    private static MemorySegment codes(Arena arena, int[] errcodes, int n) {
        if (errcodes == null) {
            return MemorySegment.NULL;
        }
        MemorySegment codes = arena.allocate(JAVA_INT, Math.max(n, 1));
        MemorySegment.copy(errcodes, 0, codes, JAVA_INT, 0, n);
        return codes;
    }

    @Override
    public String openPort(long info) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment port = portBuffer(arena);
            check((int) OPEN_PORT.invokeExact(info, port));
            return port.getString(0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void closePort(String port) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            check((int) CLOSE_PORT.invokeExact(arena.allocateFrom(port)));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void publishName(String service, long info, String port) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            check((int) PUBLISH_NAME.invokeExact(arena.allocateFrom(service), info,
                    arena.allocateFrom(port)));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void unpublishName(String service, long info, String port) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            check((int) UNPUBLISH_NAME.invokeExact(arena.allocateFrom(service), info,
                    arena.allocateFrom(port)));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String lookupName(String service, long info) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment port = portBuffer(arena);
            check((int) LOOKUP_NAME.invokeExact(arena.allocateFrom(service), info, port));
            return port.getString(0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** A buffer of {@code MPI_MAX_PORT_NAME} bytes and one more, zeroed: always terminated. */
    private static MemorySegment portBuffer(Arena arena) {
        return arena.allocate(FfmLibrary.ABI.constant("MAX_PORT_NAME") + 1);
    }

    @Override
    public long commAccept(String port, long info, int root, long comm) throws MPIException {
        return join(COMM_ACCEPT, port, info, root, comm);
    }

    @Override
    public long commConnect(String port, long info, int root, long comm) throws MPIException {
        return join(COMM_CONNECT, port, info, root, comm);
    }

    /** {@code MPI_Comm_accept} or {@code MPI_Comm_connect}, which take the same arguments. */
    private static long join(MethodHandle call, String port, long info, int root, long comm) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            check((int) call.invokeExact(arena.allocateFrom(port), info, root, comm, out));
            return returningErrors(out.get(JAVA_LONG, 0));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * @return a new communicator, made to return errors; freed (not handed to Java) when
     *         that fails
     */
    private static long returningErrors(long comm) throws Throwable {
        int rc = (int) COMM_SET_ERRHANDLER.invokeExact(comm, ERRORS_RETURN);
        if (rc != 0) {
            MemorySegment c = FfmSupport.scratch();
            c.set(JAVA_LONG, 0, comm);
            int ignored = (int) COMM_FREE.invokeExact(c.address());
            check(rc);
        }
        return comm;
    }

    @Override
    public long commGetParent() throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) COMM_GET_PARENT.invokeExact(out.address()));
            long parent = out.get(JAVA_LONG, 0);
            if (parent != COMM_NULL) {
                check((int) COMM_SET_ERRHANDLER.invokeExact(parent, ERRORS_RETURN));
            }
            return parent;
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int commRemoteSize(long comm) throws MPIException {
        try {
            return intOut(COMM_REMOTE_SIZE, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commRemoteGroup(long comm) throws MPIException {
        try {
            return handleOut(COMM_REMOTE_GROUP, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long intercommMerge(long comm, boolean high) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) INTERCOMM_MERGE.invokeExact(comm, high ? 1 : 0, out.address()));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long intercommCreate(long comm, int localLeader, long peer, int remoteLeader,
            int tag) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) INTERCOMM_CREATE.invokeExact(comm, localLeader, peer, remoteLeader, tag,
                    out.address()));
            return returningErrors(out.get(JAVA_LONG, 0));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commDisconnect(long comm) throws MPIException {
        try {
            MemorySegment c = FfmSupport.scratch();
            c.set(JAVA_LONG, 0, comm);
            check((int) COMM_DISCONNECT.invokeExact(c.address()));
            return c.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commSetErrhandler(long comm, long errhandler) throws MPIException {
        try {
            check((int) COMM_SET_ERRHANDLER.invokeExact(comm, errhandler));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commGetErrhandler(long comm) throws MPIException {
        try {
            return releasedErrhandler(handleOut(COMM_GET_ERRHANDLER, comm));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * @return {@code handler}, after releasing the reference {@code MPI_*_get_errhandler} made
     *         (the communicator or window keeps the handler alive)
     */
    static long releasedErrhandler(long handler) throws Throwable {
        MemorySegment h = FfmSupport.scratch();
        h.set(JAVA_LONG, 0, handler);
        check((int) ERRHANDLER_FREE.invokeExact(h.address()));
        return handler;
    }

    @Override
    public void commCallErrhandler(long comm, int errorCode) throws MPIException {
        try {
            check((int) COMM_CALL_ERRHANDLER.invokeExact(comm, errorCode));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long intracommSplit(long comm, int colour, int key) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) COMM_SPLIT.invokeExact(comm, colour, key, out.address()));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Java has checked that periods has an entry per dimension. */
    @Override
    public long intracommCreateCart(long comm, int[] dims, boolean[] periods,
            boolean reorder) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = arena.allocateFrom(JAVA_INT, dims);
            MemorySegment p = arena.allocate(JAVA_INT, Math.max(dims.length, 1));
            for (int i = 0; i < dims.length; i++) {
                p.setAtIndex(JAVA_INT, i, periods[i] ? 1 : 0);
            }
            MemorySegment out = arena.allocate(JAVA_LONG);
            check((int) CART_CREATE.invokeExact(comm, dims.length, d, p, reorder ? 1 : 0, out));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * The weights MPI is given for {@code n} neighbours: MPI_UNWEIGHTED for a null array,
     * MPI_WEIGHTS_EMPTY for a weighted process without neighbours (NULL is no valid
     * argument), else a copy in {@code arena}.
     */
    private static MemorySegment weights(Arena arena, int[] weights, int n) {
        if (weights == null) {
            return MemorySegment.ofAddress(FfmLibrary.ABI.constant("UNWEIGHTED"));
        }
        if (n == 0) {
            return MemorySegment.ofAddress(FfmLibrary.ABI.constant("WEIGHTS_EMPTY"));
        }
        return arena.allocateFrom(JAVA_INT, Arrays.copyOf(weights, n));
    }

    /** Java has checked that each weight array (when not null) is as long as its rank array. */
    @Override
    public long intracommCreateDistGraphAdjacent(long comm, int[] sources, int[] sourceWeights,
            int[] destinations, int[] destWeights, long info,
            boolean reorder) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            check((int) DIST_GRAPH_CREATE_ADJACENT.invokeExact(comm,
                    sources.length, ints(arena, sources), weights(arena, sourceWeights, sources.length),
                    destinations.length, ints(arena, destinations),
                    weights(arena, destWeights, destinations.length),
                    info, reorder ? 1 : 0, out));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Java has checked that destinations (and weights, when not null) hold the degrees' sum. */
    @Override
    public long intracommCreateDistGraph(long comm, int[] sources, int[] degrees,
            int[] destinations, int[] weights, long info, boolean reorder) throws MPIException {
        try {
            int edges = 0;
            for (int i = 0; i < sources.length; i++) {
                edges += degrees[i];
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(JAVA_LONG);
                check((int) DIST_GRAPH_CREATE.invokeExact(comm, sources.length, ints(arena,
                        sources),
                        ints(arena, Arrays.copyOf(degrees, sources.length)),
                        ints(arena, Arrays.copyOf(destinations, edges)), weights(arena, weights,
                                edges),
                        info, reorder ? 1 : 0, out));
                return out.get(JAVA_LONG, 0);
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void cartCreateDims(int nnodes, int[] dims) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = FfmSupport.ints(arena, dims);
            check((int) DIMS_CREATE.invokeExact(nnodes, dims.length, d));
            MemorySegment.copy(d, JAVA_INT, 0, dims, 0, dims.length);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int cartDims(long comm) throws MPIException {
        try {
            return intOut(CARTDIM_GET, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** The three arrays have the grid's number of dimensions (Java made them). */
    @Override
    public void cartGet(long comm, int[] dims, boolean[] periods,
            int[] coords) throws MPIException {
        try {
            int n = dims.length;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment d = FfmSupport.ints(arena, dims);
                MemorySegment p = zeros(arena, n);
                MemorySegment x = ints(arena, coords);
                check((int) CART_GET.invokeExact(comm, n, d, p, x));
                MemorySegment.copy(d, JAVA_INT, 0, dims, 0, n);
                MemorySegment.copy(x, JAVA_INT, 0, coords, 0, n);
                for (int i = 0; i < n; i++) {
                    periods[i] = p.getAtIndex(JAVA_INT, i) != 0;
                }
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void cartCoords(long comm, int rank, int[] coords) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = ints(arena, coords);
            check((int) CART_COORDS.invokeExact(comm, rank, coords.length, c));
            MemorySegment.copy(c, JAVA_INT, 0, coords, 0, coords.length);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** MPI reads one coordinate per dimension: Java has checked that coords has that many. */
    @Override
    public int cartRank(long comm, int[] coords) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment rank = arena.allocate(JAVA_INT);
            check((int) CART_RANK.invokeExact(comm, ints(arena, coords), rank));
            return rank.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** @return the source rank in the high 32 bits, the destination in the low */
    @Override
    public long cartShift(long comm, int direction, int disp) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ranks = arena.allocate(JAVA_INT, 2);
            check((int) CART_SHIFT.invokeExact(comm, direction, disp, ranks,
                    ranks.asSlice(JAVA_INT.byteSize())));
            return ((long) ranks.getAtIndex(JAVA_INT, 0) << 32)
                    | (ranks.getAtIndex(JAVA_INT, 1) & 0xFFFF_FFFFL);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** @return in-degree {@literal <<} 33 | out-degree {@literal <<} 1 | weighted, as GraphComm reads it */
    @Override
    public long graphNeighborsCount(long comm) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(JAVA_INT, 3);
            check((int) DIST_GRAPH_NEIGHBORS_COUNT.invokeExact(comm, c,
                    c.asSlice(JAVA_INT.byteSize()), c.asSlice(2 * JAVA_INT.byteSize())));
            long in = c.getAtIndex(JAVA_INT, 0) & 0xFFFF_FFFFL;
            long out = c.getAtIndex(JAVA_INT, 1) & 0xFFFF_FFFFL;
            return in << 33 | out << 1 | (c.getAtIndex(JAVA_INT, 2) != 0 ? 1 : 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /**
     * Null weight arrays: the graph is unweighted, and its weights (which MPI need not write)
     * are not copied back, so Java's stay 0.
     */
    @Override
    public void graphNeighbors(long comm, int[] sources, int[] sourceWeights, int[] destinations,
            int[] destWeights) throws MPIException {
        try {
            int in = sources.length, out = destinations.length;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment s = zeros(arena, in);
                MemorySegment sw = zeros(arena, in);
                MemorySegment d = zeros(arena, out);
                MemorySegment dw = zeros(arena, out);
                check((int) DIST_GRAPH_NEIGHBORS.invokeExact(comm, in, s, sw, out, d, dw));
                MemorySegment.copy(s, JAVA_INT, 0, sources, 0, in);
                MemorySegment.copy(d, JAVA_INT, 0, destinations, 0, out);
                if (sourceWeights != null) {
                    MemorySegment.copy(sw, JAVA_INT, 0, sourceWeights, 0, in);
                    MemorySegment.copy(dw, JAVA_INT, 0, destWeights, 0, out);
                }
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long intracommCreateGraph(long comm, int[] index, int[] edges, boolean reorder)
            throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            check((int) GRAPH_CREATE.invokeExact(comm, index.length, FfmSupport.ints(arena, index),
                    FfmSupport.ints(arena, edges), reorder ? 1 : 0, out));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int graphMap(long comm, int[] index, int[] edges) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            check((int) GRAPH_MAP.invokeExact(comm, index.length, FfmSupport.ints(arena, index),
                    FfmSupport.ints(arena, edges), out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int[] graphGet(long comm) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dims = arena.allocate(JAVA_INT, 2);
            check((int) GRAPHDIMS_GET.invokeExact(comm, dims, dims.asSlice(4)));
            int nodes = dims.get(JAVA_INT, 0), edges = dims.get(JAVA_INT, 4);
            MemorySegment all = zeros(arena, 2 + nodes + edges);
            all.copyFrom(dims);
            check((int) GRAPH_GET.invokeExact(comm, nodes, edges, all.asSlice(8),
                    all.asSlice(8 + 4L * nodes)));
            return all.toArray(JAVA_INT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int[] graphNeighborsOf(long comm, int rank) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(JAVA_INT);
            check((int) GRAPH_NEIGHBORS_COUNT.invokeExact(comm, rank, count));
            int n = count.get(JAVA_INT, 0);
            MemorySegment neighbors = zeros(arena, n);
            check((int) GRAPH_NEIGHBORS.invokeExact(comm, rank, n, neighbors));
            return n == 0 ? new int[0] : neighbors.asSlice(0, 4L * n).toArray(JAVA_INT);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int cartMap(long comm, int[] dims, int[] periods) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            check((int) CART_MAP.invokeExact(comm, dims.length, FfmSupport.ints(arena, dims),
                    FfmSupport.ints(arena, periods), out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long cartSub(long comm, int[] remain) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            check((int) CART_SUB.invokeExact(comm, FfmSupport.ints(arena, remain), out));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int groupSize(long group) throws MPIException {
        try {
            return intOut(GROUP_SIZE, group);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int groupRank(long group) throws MPIException {
        try {
            return intOut(GROUP_RANK, group);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long groupInclExcl(long group, int[] ranks, boolean incl) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            MemorySegment r = ints(arena, ranks);
            check(incl ? (int) GROUP_INCL.invokeExact(group, ranks.length, r, out)
                    : (int) GROUP_EXCL.invokeExact(group, ranks.length, r, out));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Java has checked that the triplets come in threes. */
    @Override
    public long groupRangeInclExcl(long group, int[] triplets, boolean incl)
            throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            MemorySegment r = ints(arena, triplets);
            int n = triplets.length / 3;
            check(incl ? (int) GROUP_RANGE_INCL.invokeExact(group, n, r, out)
                    : (int) GROUP_RANGE_EXCL.invokeExact(group, n, r, out));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int commCompare(long comm1, long comm2) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) COMM_COMPARE.invokeExact(comm1, comm2, out.address()));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commSetName(long comm, String name) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            check((int) COMM_SET_NAME.invokeExact(comm, arena.allocateFrom(name)));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public String commGetName(long comm) throws MPIException {
        try {
            return objectName(COMM_GET_NAME, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** The name {@code MPI_Comm_get_name} or {@code MPI_Win_get_name} writes. */
    static String objectName(MethodHandle call, long handle) throws Throwable {
        int max = (int) FfmLibrary.ABI.constant("MAX_OBJECT_NAME");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocate(max + 1L);
            MemorySegment len = arena.allocate(JAVA_INT);
            check((int) call.invokeExact(handle, name, len));
            int n = Math.min(Math.max(len.get(JAVA_INT, 0), 0), max);
            name.set(java.lang.foreign.ValueLayout.JAVA_BYTE, n, (byte) 0);
            return name.getString(0);
        }
    }

    @Override
    public long commDupWithInfo(long comm, long info) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) COMM_DUP_WITH_INFO.invokeExact(comm, info, out.address()));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long intracommCreate(long comm, long group, int tag) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check(tag < 0 ? (int) COMM_CREATE.invokeExact(comm, group, out.address())
                    : (int) COMM_CREATE_GROUP.invokeExact(comm, group, tag, out.address()));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long intracommSplitType(long comm, int splitType, int key, long info)
            throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) COMM_SPLIT_TYPE.invokeExact(comm, splitType, key, info, out.address()));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int[] groupTranslateRanks(long group1, int[] ranks1, long group2) throws MPIException {
        try {
            int n = ranks1.length;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = zeros(arena, n);
                check((int) GROUP_TRANSLATE_RANKS.invokeExact(group1, n, ints(arena, ranks1),
                        group2,
                        out));
                return Arrays.copyOf(out.toArray(JAVA_INT), n);
            }
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int groupCompare(long group1, long group2) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch();
            check((int) GROUP_COMPARE.invokeExact(group1, group2, out.address()));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long groupCombine(int operation, long group1, long group2) throws MPIException {
        try {
            MethodHandle call;
            switch (operation) {
                case Group.UNION: call = GROUP_UNION; break;
                case Group.INTERSECTION: call = GROUP_INTERSECTION; break;
                case Group.DIFFERENCE: call = GROUP_DIFFERENCE; break;
                default: throw new IllegalArgumentException("unknown group operation");
            }
            MemorySegment out = FfmSupport.scratch();
            check((int) call.invokeExact(group1, group2, out.address()));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void groupFree(long group) throws MPIException {
        try {
            MemorySegment g = FfmSupport.scratch();
            g.set(JAVA_LONG, 0, group);
            check((int) GROUP_FREE.invokeExact(g.address()));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commIdup(long comm, long[] request) throws MPIException {
        try {
            MemorySegment out = FfmSupport.scratch(); // the communicator, then the request
            check((int) COMM_IDUP.invokeExact(comm, out.address(), out.address() + 8));
            request[0] = out.get(JAVA_LONG, 8);
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public void commSetInfo(long comm, long info) throws MPIException {
        try {
            check((int) COMM_SET_INFO.invokeExact(comm, info));
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public long commGetInfo(long comm) throws MPIException {
        try {
            return handleOut(COMM_GET_INFO, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    @Override
    public int topoTest(long comm) throws MPIException {
        try {
            return intOut(TOPO_TEST, comm);
        } catch (Throwable t) {
            throw FfmSupport.unchecked(t);
        }
    }

    /** Zeroed native memory for {@code n} ints MPI writes (at least one, as {@code ints}). */
    private static MemorySegment zeros(Arena arena, int n) {
        return arena.allocate(JAVA_INT, Math.max(n, 1));
    }
}
