package mpi;

import static mpi.Backends.COMMUNICATORS;

import java.nio.Buffer;
import java.util.Objects;

/** An intra-communicator: the kind of {@link MPI#COMM_WORLD}, {@link MPI#COMM_SELF}, and their splits. */
public class Intracomm extends Comm {
    Intracomm(long handle) {
        super(handle);
    }

    /** @return a duplicate of this communicator ({@code MPI_Comm_dup}) */
    @Override
    public Intracomm dup() throws MPIException {
        return new Intracomm(COMMUNICATORS.commDup(live()));
    }

    /** @return a duplicate with these hints ({@code MPI_Comm_dup_with_info}) */
    public Intracomm dupWithInfo(Info info) throws MPIException {
        return new Intracomm(COMMUNICATORS.commDupWithInfo(live(), infoHandle(info)));
    }

    /**
     * @return a duplicate ({@code MPI_Comm_idup}), usable once {@link #getRequest()}
     *         completes
     */
    @Override
    public Intracomm iDup() throws MPIException {
        long[] started = new long[1];
        return pending(new Intracomm(COMMUNICATORS.commIdup(live(), started)), started[0]);
    }

    /** @return {@link #dup()}, as Open MPI's bindings name it too */
    @Override
    public Intracomm clone() {
        return dup();
    }

    /**
     * Splits the communicator ({@code MPI_Comm_split}).
     *
     * @return the new communicator of this process's colour, or null for {@code MPI.UNDEFINED}
     */
    public final Intracomm split(int colour, int key) throws MPIException {
        MPI.check();
        long h = COMMUNICATORS.intracommSplit(handle, colour, key);
        return h == MPI.COMM_NULL_HANDLE ? null : new Intracomm(h);
    }

    /**
     * Splits the communicator by a kind of locality ({@code MPI_Comm_split_type}):
     * {@link Comm#TYPE_SHARED} groups the processes that can share memory (one host).
     *
     * @return the new communicator of this process's part, or null for {@code MPI.UNDEFINED}
     */
    public final Intracomm splitType(int splitType, int key, Info info) throws MPIException {
        long comm = live();
        if (info == null) {
            throw new NullPointerException("info is null; pass MPI.INFO_NULL for no hints");
        }
        long h = COMMUNICATORS.intracommSplitType(comm, splitType, key, info.handle());
        return h == MPI.COMM_NULL_HANDLE ? null : new Intracomm(h);
    }

    /**
     * Makes a communicator of a group of this one's processes ({@code MPI_Comm_create}),
     * collective over this communicator.
     *
     * @return the new communicator, or null on a process outside the group
     */
    public final Intracomm create(Group group) throws MPIException {
        return created(COMMUNICATORS.intracommCreate(live(), group(group).live(), -1));
    }

    /**
     * Makes a communicator of a group of this one's processes
     * ({@code MPI_Comm_create_group}), collective over the group only.
     *
     * @param tag tells apart concurrent calls of one group (not negative)
     * @return the new communicator, or null on a process outside the group
     */
    public final Intracomm createGroup(Group group, int tag) throws MPIException {
        long comm = live();
        if (tag < 0) {
            throw new IllegalArgumentException("tag is negative: " + tag);
        }
        return created(COMMUNICATORS.intracommCreate(comm, group(group).live(), tag));
    }

    private static Group group(Group group) {
        if (group == null) {
            throw new NullPointerException("group is null");
        }
        return group;
    }

    private static Intracomm created(long handle) {
        return handle == MPI.COMM_NULL_HANDLE ? null : new Intracomm(handle);
    }

    // ---- scans ----

    /** Inclusive prefix reduction ({@code MPI_Scan}): rank r gets the reduction of ranks 0..r. */
    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        CollectiveArgs.reduction(this, C_SCAN | BLOCKING, sendbuf, recvbuf, count, type, op);
    }

    /** In-place scan: {@code buf} holds the input and receives the result. */
    public final void scan(Object buf, int count, Datatype type, Op op) throws MPIException {
        CollectiveArgs.reduction(this, C_SCAN | BLOCKING, buf, count, type, op);
    }

    /**
     * Exclusive prefix reduction ({@code MPI_Exscan}): rank r gets the reduction of ranks
     * 0..r-1; rank 0's receive buffer is left as it was (MPI leaves it undefined).
     */
    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        CollectiveArgs.reduction(this, C_EXSCAN | BLOCKING, sendbuf, recvbuf, count, type, op);
    }

    /** In-place exScan. */
    public final void exScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        CollectiveArgs.reduction(this, C_EXSCAN | BLOCKING, buf, count, type, op);
    }

    /** Non-blocking scan ({@code MPI_Iscan}). */
    public final Request iScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        return CollectiveArgs.reduction(this, C_SCAN | F_NONBLOCKING, sendbuf, recvbuf, count, type,
                op);
    }

    /** Non-blocking in-place scan. */
    public final Request iScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        return CollectiveArgs.reduction(this, C_SCAN | F_NONBLOCKING, buf, count, type, op);
    }

    /** Non-blocking exScan ({@code MPI_Iexscan}). */
    public final Request iExScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type,
            Op op) throws MPIException {
        return CollectiveArgs.reduction(this, C_EXSCAN | F_NONBLOCKING, sendbuf, recvbuf, count,
                type, op);
    }

    /** Non-blocking in-place exScan. */
    public final Request iExScan(Buffer buf, int count, Datatype type, Op op)
            throws MPIException {
        return CollectiveArgs.reduction(this, C_EXSCAN | F_NONBLOCKING, buf, count, type, op);
    }

    // ---- dynamic processes ----

    /**
     * Starts {@code maxprocs} processes of one program ({@code MPI_Comm_spawn}), collective
     * over this communicator; MPI reads the arguments but {@code root} at the root only, but
     * the binding checks them at every rank (so that a misuse fails before the collective):
     * every rank passes valid ones. To
     * spawn JVMs, {@code command} is a {@code java} (for example
     * {@code System.getProperty("java.home") + "/bin/java"}) and {@code argv} its options, the
     * class path and the main class, as on a command line: the children inherit no class path
     * and no JVM option from the parent.
     *
     * @param command  the program to start
     * @param argv     its arguments, or null for none ({@code MPI_ARGV_NULL})
     * @param maxprocs how many processes to start
     * @param info     where and how ({@link MPI#INFO_NULL} for the MPI's choice)
     * @param root     the rank whose arguments count
     * @param errcodes null ({@code MPI_ERRCODES_IGNORE}), or an entry per process for its
     *                 error code
     * @return the intercommunicator to the children (their
     *         {@link Intercomm#getParent})
     * @throws IllegalArgumentException if {@code errcodes} has fewer than {@code maxprocs}
     *                                  entries
     */
    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info,
            int root, int[] errcodes) throws MPIException {
        long comm = live();
        if (command == null) {
            throw new NullPointerException("command is null");
        }
        if (info == null) {
            throw new NullPointerException("info is null");
        }
        if (argv != null) {
            for (int i = 0; i < argv.length; i++) {
                if (argv[i] == null) {
                    throw new NullPointerException("argv[" + i + "] is null");
                }
            }
        }
        if (maxprocs < 1) {
            throw new IllegalArgumentException("maxprocs " + maxprocs + " < 1");
        }
        if (errcodes != null && errcodes.length < maxprocs) {
            throw new IllegalArgumentException("errcodes has " + errcodes.length
                    + " entries for " + maxprocs + " processes");
        }
        return new Intercomm(COMMUNICATORS.commSpawn(comm, command, argv, maxprocs,
                info.handle(), root, errcodes));
    }

    /**
     * Starts processes of several programs, or of one program with several argument lists
     * ({@code MPI_Comm_spawn_multiple}), as one group of children; collective over this
     * communicator. As {@link #spawn}, the binding checks every rank's arguments.
     *
     * @param commands the programs, one per entry
     * @param argv     each program's arguments (an entry null for none), or null for none at
     *                 all ({@code MPI_ARGVS_NULL}); else one entry per command
     * @param maxprocs how many processes of each program, each at least 1
     * @param info     where and how, one per command ({@link MPI#INFO_NULL} for the MPI's
     *                 choice)
     * @param root     the rank whose arguments count
     * @param errcodes null ({@code MPI_ERRCODES_IGNORE}), or an entry per process started
     *                 (the sum of {@code maxprocs}) for its error code
     * @return the intercommunicator to the children, ranked in the order of {@code commands}
     * @throws IllegalArgumentException if the arrays' lengths differ, a count is below 1,
     *                                  {@code root} is not a rank of this communicator or
     *                                  {@code errcodes} is too short
     */
    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs,
            Info[] info, int root, int[] errcodes) throws MPIException {
        long comm = live();
        checkRoot(root);
        long[] infos = SpawnMultipleArgs.check(commands, argv, maxprocs, info, errcodes);
        return new Intercomm(COMMUNICATORS.commSpawnMultiple(comm, commands, argv, maxprocs,
                infos, root, errcodes));
    }

    // ---- ports and names: client and server joined by MPI_Comm_connect/accept ----

    /** @return a new port name to {@link #accept} on ({@code MPI_Open_port}) */
    public static String openPort() throws MPIException {
        return openPort(MPI.INFO_NULL);
    }

    /**
     * @param info how ({@link MPI#INFO_NULL} for the MPI's choice)
     * @return a new port name to {@link #accept} on ({@code MPI_Open_port}), at most
     *         {@link MPI#MAX_PORT_NAME} bytes
     */
    public static String openPort(Info info) throws MPIException {
        MPI.check();
        return COMMUNICATORS.openPort(infoHandle(info));
    }

    /** Releases a port of {@link #openPort} ({@code MPI_Close_port}). */
    public static void closePort(String port) throws MPIException {
        MPI.check();
        COMMUNICATORS.closePort(checkedName(port, "port"));
    }

    /**
     * Makes {@code port} found by {@link #lookupName} of {@code service}
     * ({@code MPI_Publish_name}).
     */
    public static void publishName(String service, String port) throws MPIException {
        publishName(service, MPI.INFO_NULL, port);
    }

    /** {@link #publishName(String, String)} with hints ({@code MPI_Publish_name}). */
    public static void publishName(String service, Info info, String port)
            throws MPIException {
        MPI.check();
        COMMUNICATORS.publishName(checkedName(service, "service"), infoHandle(info),
                checkedName(port, "port"));
    }

    /** Withdraws a name of {@link #publishName} ({@code MPI_Unpublish_name}). */
    public static void unpublishName(String service, String port) throws MPIException {
        unpublishName(service, MPI.INFO_NULL, port);
    }

    /** {@link #unpublishName(String, String)} with hints ({@code MPI_Unpublish_name}). */
    public static void unpublishName(String service, Info info, String port)
            throws MPIException {
        MPI.check();
        COMMUNICATORS.unpublishName(checkedName(service, "service"), infoHandle(info),
                checkedName(port, "port"));
    }

    /**
     * @return the port published for {@code service} ({@code MPI_Lookup_name}); an
     *         {@link MPIException} ({@code MPI_ERR_NAME}) if none is
     */
    public static String lookupName(String service) throws MPIException {
        return lookupName(service, MPI.INFO_NULL);
    }

    /** {@link #lookupName(String)} with hints ({@code MPI_Lookup_name}). */
    public static String lookupName(String service, Info info) throws MPIException {
        MPI.check();
        return COMMUNICATORS.lookupName(checkedName(service, "service"), infoHandle(info));
    }

    /**
     * Waits for a {@link #connect} to {@code port} ({@code MPI_Comm_accept}), collective over
     * this communicator. The port counts at {@code root} only: other ranks may pass null.
     *
     * @return the intercommunicator to the connecting group
     * @throws IllegalArgumentException if {@code root} is not a rank of this communicator
     */
    public final Intercomm accept(String port, int root) throws MPIException {
        return accept(port, MPI.INFO_NULL, root);
    }

    /** {@link #accept(String, int)} with hints ({@code MPI_Comm_accept}). */
    public final Intercomm accept(String port, Info info, int root) throws MPIException {
        long comm = live();
        long i = infoHandle(info);
        return new Intercomm(COMMUNICATORS.commAccept(rootPort(port, root), i, root, comm));
    }

    /**
     * Joins the group that {@link #accept}s on {@code port} ({@code MPI_Comm_connect}),
     * collective over this communicator. The port counts at {@code root} only: other ranks
     * may pass null.
     *
     * @return the intercommunicator to the accepting group
     * @throws IllegalArgumentException if {@code root} is not a rank of this communicator
     */
    public final Intercomm connect(String port, int root) throws MPIException {
        return connect(port, MPI.INFO_NULL, root);
    }

    /** {@link #connect(String, int)} with hints ({@code MPI_Comm_connect}). */
    public final Intercomm connect(String port, Info info, int root) throws MPIException {
        long comm = live();
        long i = infoHandle(info);
        return new Intercomm(COMMUNICATORS.commConnect(rootPort(port, root), i, root, comm));
    }

    private void checkRoot(int root) throws MPIException {
        if (root < 0 || root >= getSize()) {
            throw new IllegalArgumentException("root " + root
                    + " is not a rank of a communicator of " + getSize());
        }
    }

    /** @return the port, checked at the root; "" elsewhere for a null, which MPI ignores */
    private String rootPort(String port, int root) throws MPIException {
        checkRoot(root);
        if (getRank() == root) {
            return checkedName(port, "port");
        }
        return port == null ? "" : port;
    }

    /** @return {@code name}; a NullPointerException naming it if null */
    private static String checkedName(String name, String what) {
        return Objects.requireNonNull(name, () -> what + " is null");
    }

    // ---- topologies: cartesian grids and distributed graphs ----

    /**
     * Makes a communicator of these processes laid out on a cartesian grid
     * ({@code MPI_Cart_create}).
     *
     * @param dims    the number of processes along each dimension (see
     *                {@link CartComm#createDims})
     * @param periods for each dimension, whether it wraps around
     * @param reorder whether MPI may give processes new ranks to fit the machine
     * @return the grid's communicator, or null on a process left off a grid smaller than
     *         this communicator
     * @throws IllegalArgumentException if {@code periods} has fewer entries than {@code dims}
     */
    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder)
            throws MPIException {
        MPI.check();
        if (dims == null || periods == null) {
            throw new NullPointerException(dims == null ? "dims is null" : "periods is null");
        }
        if (periods.length < dims.length) {
            throw new IllegalArgumentException("periods has " + periods.length
                    + " entries for " + dims.length + " dimensions");
        }
        long h = COMMUNICATORS.intracommCreateCart(handle, dims, periods, reorder);
        return h == MPI.COMM_NULL_HANDLE ? null : new CartComm(h);
    }

    /**
     * Makes a communicator with a graph topology ({@code MPI_Graph_create}), the same on every
     * process: node i's neighbours are {@code edges[index[i-1]] .. edges[index[i] - 1]}.
     *
     * @param index   for each node, the cumulative count of edges up to its own
     * @param edges   the neighbours, node after node
     * @param reorder whether MPI may give processes new ranks to fit the machine
     * @return the graph's communicator ({@link GraphComm}), or null on a process beyond
     *         {@code index.length}
     * @throws IllegalArgumentException if {@code index} is not a cumulative count that ends
     *         within {@code edges}, names more nodes than this communicator has processes, or
     *         an edge names no node
     */
    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder)
            throws MPIException {
        long comm = live();
        GraphTopology.check(index, edges, getSize());
        long h = COMMUNICATORS.intracommCreateGraph(comm, index, edges, reorder);
        return h == MPI.COMM_NULL_HANDLE ? null : new GraphComm(h);
    }

    /**
     * Makes a communicator with a distributed graph topology in which every process names
     * its own in- and out-neighbours, with edge weights
     * ({@code MPI_Dist_graph_create_adjacent}). The neighbour collectives of the result
     * exchange with {@code sources} and {@code destinations}, in their order.
     *
     * @param sources       the ranks with an edge into this process
     * @param sourceWeights one weight per source
     * @param destinations  the ranks this process has an edge to
     * @param destWeights   one weight per destination
     * @param info          hints ({@link MPI#INFO_NULL} for none)
     * @param reorder       whether MPI may give processes new ranks
     * @throws IllegalArgumentException if a weight array is shorter than its rank array, or a
     *                                  rank is not one of the communicator
     */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights,
            int[] destinations, int[] destWeights, Info info, boolean reorder)
            throws MPIException {
        MPI.check();
        checkWeights(sources, sourceWeights, "sourceWeights", "sources");
        checkWeights(destinations, destWeights, "destWeights", "destinations");
        checkNonNegative(sources, sources.length, "sources");
        checkNonNegative(destinations, destinations.length, "destinations");
        return new GraphComm(COMMUNICATORS.intracommCreateDistGraphAdjacent(handle, sources, sourceWeights,
                destinations, destWeights, info.handle(), reorder));
    }

    /**
     * {@link #createDistGraphAdjacent(int[], int[], int[], int[], Info, boolean)} without
     * weights ({@code MPI_UNWEIGHTED}).
     */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info,
            boolean reorder) throws MPIException {
        MPI.check();
        checkRanks(sources, "sources");
        checkRanks(destinations, "destinations");
        checkNonNegative(sources, sources.length, "sources");
        checkNonNegative(destinations, destinations.length, "destinations");
        return new GraphComm(COMMUNICATORS.intracommCreateDistGraphAdjacent(handle, sources, null, destinations, null,
                info.handle(), reorder));
    }

    /**
     * Makes a communicator with a distributed graph topology from any edges each process
     * knows, with weights ({@code MPI_Dist_graph_create}): for each {@code i}, edges from
     * {@code sources[i]} to the next {@code degrees[i]} entries of {@code destinations}.
     *
     * @param sources      the start ranks of this process's edges
     * @param degrees      for each start rank, its number of edges
     * @param destinations the end ranks of the edges, grouped by start rank
     * @param weights      one weight per edge
     * @param info         hints ({@link MPI#INFO_NULL} for none)
     * @param reorder      whether MPI may give processes new ranks
     * @throws IllegalArgumentException if {@code degrees} is shorter than {@code sources},
     *                                  or {@code destinations} or {@code weights} shorter
     *                                  than the degrees' sum, or a rank is not one of the communicator
     */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations,
            int[] weights, Info info, boolean reorder) throws MPIException {
        MPI.check();
        long edges = checkEdges(sources, degrees, destinations);
        checkRanks(weights, "weights");
        if (weights.length < edges) {
            throw new IllegalArgumentException("weights has " + weights.length
                    + " entries for " + edges + " edges");
        }
        return new GraphComm(COMMUNICATORS.intracommCreateDistGraph(handle, sources, degrees, destinations, weights,
                info.handle(), reorder));
    }

    /**
     * {@link #createDistGraph(int[], int[], int[], int[], Info, boolean)} without weights
     * ({@code MPI_UNWEIGHTED}).
     */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations,
            Info info, boolean reorder) throws MPIException {
        MPI.check();
        checkEdges(sources, degrees, destinations);
        return new GraphComm(COMMUNICATORS.intracommCreateDistGraph(handle, sources, degrees, destinations, null,
                info.handle(), reorder));
    }

    private static void checkRanks(int[] ranks, String what) {
        if (ranks == null) {
            throw new NullPointerException(what + " is null");
        }
    }

    private static void checkWeights(int[] ranks, int[] weights, String what, String of) {
        checkRanks(ranks, of);
        checkRanks(weights, what);
        if (weights.length < ranks.length) {
            throw new IllegalArgumentException(what + " has " + weights.length
                    + " entries for " + ranks.length + " " + of);
        }
    }

    /**
     * The sum of the degrees must fit in {@code destinations}: native code reads that many.
     *
     * @return the number of edges, the sum of the degrees
     */
    private long checkEdges(int[] sources, int[] degrees, int[] destinations)
            throws MPIException {
        checkRanks(sources, "sources");
        checkWeights(sources, degrees, "degrees", "sources");
        checkRanks(destinations, "destinations");
        long edges = 0;
        for (int i = 0; i < sources.length; i++) {
            if (degrees[i] < 0) {
                throw new IllegalArgumentException("degrees[" + i + "] is negative");
            }
            edges += degrees[i];
        }
        if (destinations.length < edges) {
            throw new IllegalArgumentException("destinations has " + destinations.length
                    + " entries for " + edges + " edges");
        }
        checkNonNegative(sources, sources.length, "sources");
        checkNonNegative(destinations, (int) edges, "destinations");
        return edges;
    }

    /**
     * A distributed graph's ranks are ranks of the communicator (MPI 4.0, section 8.5.4): no
     * {@code MPI.PROC_NULL}. Open MPI 4.1 takes a negative destination without an error and
     * corrupts its heap with it (a later call aborts in {@code free()}), and MPICH 5.0.2
     * aborts the process on a rank past the last (an internal assertion), so both are refused
     * here.
     */
    private void checkNonNegative(int[] ranks, int n, String what) throws MPIException {
        int size = getSize();
        for (int i = 0; i < n; i++) {
            if (ranks[i] < 0 || ranks[i] >= size) {
                throw new IllegalArgumentException(what + "[" + i + "] is " + ranks[i]
                        + ": a distributed graph's ranks are ranks of the communicator (0 to "
                        + (size - 1) + ")");
            }
        }
    }

    // ---- persistent collectives (MPI-4; an extension: Open MPI's Java API has none) ----
    //
    // Each creates an inactive request with the arguments of its non-blocking twin (the same
    // forms, in place where that has one, mapped by the same CollectiveArgs method), started
    // with Prequest.start or startAll and completed as any request, any number of times,
    // until Request.free. On Java arrays the request stages them in native memory it keeps:
    // each start copies in what the operation reads, each completion copies back what it
    // wrote. MPI_INFO_NULL is the info argument. A library without them (MPI 3, Open MPI 4
    // built without its pcollreq extension) gets an UnsupportedOperationException in one line.

    /** A persistent barrier ({@code MPI_Barrier_init}), an extension. */
    public final Prequest barrierInit() throws MPIException {
        return (Prequest) CollectiveArgs.barrier(this, F_PERSISTENT);
    }

    /** A persistent broadcast ({@code MPI_Bcast_init}), an extension. */
    public final Prequest bcastInit(Object buf, int count, Datatype type, int root)
            throws MPIException {
        return (Prequest) CollectiveArgs.bcast(this, F_PERSISTENT, buf, count, type, root);
    }

    /** A persistent reduce ({@code MPI_Reduce_init}), an extension. */
    public final Prequest reduceInit(Object sendbuf, Object recvbuf, int count, Datatype type,
            Op op, int root) throws MPIException {
        return (Prequest) CollectiveArgs.reduce(this, F_PERSISTENT, sendbuf, recvbuf, count, type,
                op, root);
    }

    /** A persistent in-place reduce, an extension. */
    public final Prequest reduceInit(Object buf, int count, Datatype type, Op op, int root)
            throws MPIException {
        return (Prequest) CollectiveArgs.reduce(this, F_PERSISTENT, buf, count, type, op, root);
    }

    /** A persistent allreduce ({@code MPI_Allreduce_init}), an extension. */
    public final Prequest allReduceInit(Object sendbuf, Object recvbuf, int count,
            Datatype type, Op op) throws MPIException {
        return (Prequest) CollectiveArgs.reduction(this, C_ALLREDUCE | F_PERSISTENT, sendbuf,
                recvbuf, count, type, op);
    }

    /** A persistent in-place allreduce, an extension. */
    public final Prequest allReduceInit(Object buf, int count, Datatype type, Op op)
            throws MPIException {
        return (Prequest) CollectiveArgs.reduction(this, C_ALLREDUCE | F_PERSISTENT, buf, count,
                type, op);
    }

    /** A persistent scan ({@code MPI_Scan_init}), an extension. */
    public final Prequest scanInit(Object sendbuf, Object recvbuf, int count, Datatype type,
            Op op) throws MPIException {
        return (Prequest) CollectiveArgs.reduction(this, C_SCAN | F_PERSISTENT, sendbuf, recvbuf,
                count, type, op);
    }

    /** A persistent exclusive scan ({@code MPI_Exscan_init}), an extension. */
    public final Prequest exScanInit(Object sendbuf, Object recvbuf, int count, Datatype type,
            Op op) throws MPIException {
        return (Prequest) CollectiveArgs.reduction(this, C_EXSCAN | F_PERSISTENT, sendbuf, recvbuf,
                count, type, op);
    }

    /** A persistent gather ({@code MPI_Gather_init}), an extension. */
    public final Prequest gatherInit(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        return (Prequest) CollectiveArgs.gather(this, F_PERSISTENT, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, recvtype, root);
    }

    /** A persistent in-place gather, an extension. */
    public final Prequest gatherInit(Object buf, int count, Datatype type, int root)
            throws MPIException {
        return (Prequest) CollectiveArgs.gather(this, F_PERSISTENT, buf, count, type, root);
    }

    /** A persistent gatherv ({@code MPI_Gatherv_init}), an extension. */
    public final Prequest gathervInit(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        return (Prequest) CollectiveArgs.gatherv(this, F_PERSISTENT, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, displs, recvtype, root);
    }

    /** A persistent in-place gatherv at the root, an extension. */
    public final Prequest gathervInit(Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype, int root) throws MPIException {
        return (Prequest) CollectiveArgs.gatherv(this, F_PERSISTENT, recvbuf, recvcount, displs,
                recvtype, root);
    }

    /** The non-root side of a persistent in-place gatherv, an extension. */
    public final Prequest gathervInit(Object sendbuf, int sendcount, Datatype sendtype,
            int root) throws MPIException {
        return (Prequest) CollectiveArgs.gatherv(this, F_PERSISTENT, sendbuf, sendcount, sendtype,
                root);
    }

    /** A persistent scatter ({@code MPI_Scatter_init}), an extension. */
    public final Prequest scatterInit(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        return (Prequest) CollectiveArgs.scatter(this, F_PERSISTENT, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, recvtype, root);
    }

    /** A persistent in-place scatter, an extension. */
    public final Prequest scatterInit(Object buf, int count, Datatype type, int root)
            throws MPIException {
        return (Prequest) CollectiveArgs.scatter(this, F_PERSISTENT, buf, count, type, root);
    }

    /** A persistent scatterv ({@code MPI_Scatterv_init}), an extension. */
    public final Prequest scattervInit(Object sendbuf, int[] sendcount, int[] displs,
            Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        return (Prequest) CollectiveArgs.scatterv(this, F_PERSISTENT, sendbuf, sendcount, displs,
                sendtype, recvbuf, recvcount, recvtype, root);
    }

    /** A persistent in-place scatterv at the root, an extension. */
    public final Prequest scattervInit(Object sendbuf, int[] sendcount, int[] displs,
            Datatype sendtype, int root) throws MPIException {
        return (Prequest) CollectiveArgs.scatterv(this, F_PERSISTENT, sendbuf, sendcount, displs,
                sendtype, root);
    }

    /** The non-root side of a persistent in-place scatterv, an extension. */
    public final Prequest scattervInit(Object recvbuf, int recvcount, Datatype recvtype,
            int root) throws MPIException {
        return (Prequest) CollectiveArgs.scatterv(this, F_PERSISTENT, recvbuf, recvcount, recvtype,
                root);
    }

    /** A persistent allgather ({@code MPI_Allgather_init}), an extension. */
    public final Prequest allGatherInit(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return (Prequest) CollectiveArgs.allGather(this, F_PERSISTENT, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, recvtype);
    }

    /** A persistent in-place allgather, an extension. */
    public final Prequest allGatherInit(Object buf, int count, Datatype type)
            throws MPIException {
        return (Prequest) CollectiveArgs.allGather(this, F_PERSISTENT, buf, count, type);
    }

    /** A persistent allgatherv ({@code MPI_Allgatherv_init}), an extension. */
    public final Prequest allGathervInit(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        return (Prequest) CollectiveArgs.allGatherv(this, F_PERSISTENT, sendbuf, sendcount,
                sendtype, recvbuf, recvcount, displs, recvtype);
    }

    /** A persistent in-place allgatherv, an extension. */
    public final Prequest allGathervInit(Object recvbuf, int[] recvcount, int[] displs,
            Datatype recvtype) throws MPIException {
        return (Prequest) CollectiveArgs.allGatherv(this, F_PERSISTENT, recvbuf, recvcount, displs,
                recvtype);
    }

    /** A persistent alltoall ({@code MPI_Alltoall_init}), an extension. */
    public final Prequest allToAllInit(Object sendbuf, int sendcount, Datatype sendtype,
            Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        return (Prequest) CollectiveArgs.allToAll(this, F_PERSISTENT, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, recvtype);
    }

    /** A persistent in-place alltoall, an extension. */
    public final Prequest allToAllInit(Object buf, int count, Datatype type)
            throws MPIException {
        return (Prequest) CollectiveArgs.allToAll(this, F_PERSISTENT, buf, count, type);
    }

    /** A persistent alltoallv ({@code MPI_Alltoallv_init}), an extension. */
    public final Prequest allToAllvInit(Object sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
            Datatype recvtype) throws MPIException {
        return (Prequest) CollectiveArgs.allToAllv(this, F_PERSISTENT, sendbuf, sendcount, sdispls,
                sendtype, recvbuf, recvcount, rdispls, recvtype);
    }

    /** A persistent in-place alltoallv, an extension. */
    public final Prequest allToAllvInit(Object buf, int[] count, int[] displs, Datatype type)
            throws MPIException {
        return (Prequest) CollectiveArgs.allToAllv(this, F_PERSISTENT, buf, count, displs, type);
    }

    /**
     * A persistent alltoallw ({@code MPI_Alltoallw_init}), an extension: displacements in
     * bytes, a datatype per process.
     */
    public final Prequest allToAllwInit(Object sendBuf, int[] sendCount, int[] sDispls,
            Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls,
            Datatype[] recvTypes) throws MPIException {
        return (Prequest) allToAllwRequest(F_PERSISTENT, sendBuf, sendCount, sDispls, sendTypes,
                recvBuf, recvCount, rDispls, recvTypes);
    }

    /** A persistent reduce-scatter ({@code MPI_Reduce_scatter_init}), an extension. */
    public final Prequest reduceScatterInit(Object sendbuf, Object recvbuf, int[] recvcounts,
            Datatype type, Op op) throws MPIException {
        return (Prequest) CollectiveArgs.reduceScatter(this, F_PERSISTENT, sendbuf, recvbuf,
                recvcounts, type, op);
    }

    /** A persistent in-place reduce-scatter, an extension. */
    public final Prequest reduceScatterInit(Object buf, int[] counts, Datatype type, Op op)
            throws MPIException {
        return (Prequest) CollectiveArgs.reduceScatter(this, F_PERSISTENT, buf, counts, type, op);
    }

    /** A persistent reduce-scatter-block ({@code MPI_Reduce_scatter_block_init}), an extension. */
    public final Prequest reduceScatterBlockInit(Object sendbuf, Object recvbuf, int recvcount,
            Datatype type, Op op) throws MPIException {
        return (Prequest) CollectiveArgs.reduceScatterBlock(this, F_PERSISTENT, sendbuf, recvbuf,
                recvcount, type, op);
    }

    /** A persistent in-place reduce-scatter-block, an extension. */
    public final Prequest reduceScatterBlockInit(Object buf, int recvcount, Datatype type,
            Op op) throws MPIException {
        return (Prequest) CollectiveArgs.reduceScatterBlock(this, F_PERSISTENT, buf, recvcount,
                type, op);
    }
}
