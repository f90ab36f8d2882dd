package mpi.common.binding;

import java.nio.Buffer;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

import mpi.Comm;
import mpi.Datatype;
import mpi.Op;
import mpi.Request;

/**
 * A group of binding calls the suite makes that Open MPI's Java bindings lack: this
 * project's binding and MVAPICH2-J have them, Open MPI's do not. Everything else the harness
 * and the benchmarks call has Open MPI's exact signature. A benchmark that needs an extension
 * declares it ({@code BenchmarkSpec.extensions}); the runner checks the loaded binding for
 * it once, before any measuring, and a binding without it gets one line naming what is
 * missing and what works instead, rather than a {@link NoSuchMethodError} in the middle of a
 * run.
 */
public enum Extension {
    /**
     * The alltoallw neighborhood collective, blocking and not, on direct buffers and Java
     * arrays ({@link NeighborCalls}, {@link NonBlockingCalls}): MPI has it, Open MPI's Java
     * bindings do not.
     */
    NEIGHBOR_ALL_TO_ALL_W("neighborhood alltoallw calls", "run it on this project's binding",
            List.of(call("neighborAllToAllw", Object.class, int[].class, int[].class,
                            Datatype[].class, Object.class, int[].class, int[].class,
                            Datatype[].class),
                    call("iNeighborAllToAllw", Buffer.class, int[].class, int[].class,
                            Datatype[].class, Buffer.class, int[].class, int[].class,
                            Datatype[].class),
                    call("iNeighborAllToAllw", Object.class, int[].class, int[].class,
                            Datatype[].class, Object.class, int[].class, int[].class,
                            Datatype[].class))),

    /**
     * Non-blocking calls on Java arrays (Open MPI's take only direct buffers): every
     * non-blocking call of {@link NonBlockingCalls}'s arrays form.
     */
    NON_BLOCKING_ARRAYS("non-blocking calls on Java arrays", "run with -a buffer", List.of(
            // the neighborhood collectives
            call("iNeighborAllGather", Object.class, int.class, Datatype.class, Object.class,
                    int.class, Datatype.class),
            call("iNeighborAllGatherv", Object.class, int.class, Datatype.class, Object.class,
                    int[].class, int[].class, Datatype.class),
            call("iNeighborAllToAll", Object.class, int.class, Datatype.class, Object.class,
                    int.class, Datatype.class),
            call("iNeighborAllToAllv", Object.class, int[].class, int[].class, Datatype.class,
                    Object.class, int[].class, int[].class, Datatype.class),
            // and the others
            call("iSend", Object.class, int.class, Datatype.class, int.class, int.class),
            call("iRecv", Object.class, int.class, Datatype.class, int.class, int.class),
            call("iBcast", Object.class, int.class, Datatype.class, int.class),
            call("iReduce", Object.class, Object.class, int.class, Datatype.class, Op.class,
                    int.class),
            call("iReduce", Object.class, int.class, Datatype.class, Op.class, int.class),
            call("iAllReduce", Object.class, Object.class, int.class, Datatype.class, Op.class),
            call("iAllReduce", Object.class, int.class, Datatype.class, Op.class),
            call("iGather", Object.class, int.class, Datatype.class, Object.class, int.class,
                    Datatype.class, int.class),
            call("iGather", Object.class, int.class, Datatype.class, int.class),
            call("iGatherv", Object.class, int.class, Datatype.class, Object.class,
                    int[].class, int[].class, Datatype.class, int.class),
            call("iGatherv", Object.class, int[].class, int[].class, Datatype.class, int.class),
            call("iGatherv", Object.class, int.class, Datatype.class, int.class),
            call("iScatter", Object.class, int.class, Datatype.class, Object.class, int.class,
                    Datatype.class, int.class),
            call("iScatter", Object.class, int.class, Datatype.class, int.class),
            call("iScatterv", Object.class, int[].class, int[].class, Datatype.class,
                    Object.class, int.class, Datatype.class, int.class),
            call("iScatterv", Object.class, int[].class, int[].class, Datatype.class, int.class),
            call("iScatterv", Object.class, int.class, Datatype.class, int.class),
            call("iAllGather", Object.class, int.class, Datatype.class, Object.class, int.class,
                    Datatype.class),
            call("iAllGather", Object.class, int.class, Datatype.class),
            call("iAllGatherv", Object.class, int.class, Datatype.class, Object.class,
                    int[].class, int[].class, Datatype.class),
            call("iAllGatherv", Object.class, int[].class, int[].class, Datatype.class),
            call("iAllToAll", Object.class, int.class, Datatype.class, Object.class, int.class,
                    Datatype.class),
            call("iAllToAllv", Object.class, int[].class, int[].class, Datatype.class,
                    Object.class, int[].class, int[].class, Datatype.class),
            call("iReduceScatter", Object.class, Object.class, int[].class, Datatype.class,
                    Op.class),
            call("iReduceScatter", Object.class, int[].class, Datatype.class, Op.class),
            // iReduceScatterBlock and iAllToAllw (osu_ireduce_scatter_block, osu_ialltoallw)
            call("iReduceScatterBlock", Object.class, Object.class, int.class, Datatype.class,
                    Op.class),
            call("iReduceScatterBlock", Object.class, int.class, Datatype.class, Op.class),
            call("iAllToAllw", Object.class, int[].class, int[].class, Datatype[].class,
                    Object.class, int[].class, int[].class, Datatype[].class))),

    /**
     * The in-place forms of all-to-all and all-to-allv, blocking and not ({@code -l}): MPI
     * has them, Open MPI's Java bindings do not.
     */
    IN_PLACE_ALL_TO_ALL("in-place all-to-all calls", "run without -l", List.of(
            call("allToAll", Object.class, int.class, Datatype.class),
            call("allToAllv", Object.class, int[].class, int[].class, Datatype.class),
            call("iAllToAll", Object.class, int.class, Datatype.class),
            call("iAllToAllv", Object.class, int[].class, int[].class, Datatype.class))),

    /**
     * The blocking all-to-allw on Java arrays ({@code -a arrays}): Open MPI's blocking
     * allToAllw takes only direct buffers. Called through {@link BlockingCalls}.
     */
    ALL_TO_ALLW_ARRAYS("all-to-allw on Java arrays", "run with -a buffer", List.of(
            call("allToAllw", Object.class, int[].class, int[].class, Datatype[].class,
                    Object.class, int[].class, int[].class, Datatype[].class))),

    // One-sided communication (mpi.common.onesided): the mpi.Win calls beyond Open MPI's.

    /**
     * One-sided calls on Java arrays ({@code -a arrays}): the {@code Object} overloads of
     * {@code Win}'s operations, which stage an array until the synchronization that completes
     * the operation (Open MPI's take only direct buffers). {@link OneSidedCalls} makes them.
     */
    ONE_SIDED_ARRAYS("one-sided calls on Java arrays", "run with -a buffer",
            OneSidedCalls.EXTENDED_CALLS),

    /**
     * Dynamic windows ({@code -w dynamic}): {@code MPI.getAddress(Buffer)} for the address a
     * target exposes, and the operations' overloads with a 64-bit ({@code long}) target
     * displacement, which an absolute address needs (Open MPI's are {@code int}).
     */
    DYNAMIC_WINDOWS("dynamic windows (MPI.getAddress and 64-bit target displacements)",
            "run with -w create or -w allocate", OneSidedCalls.DYNAMIC_CALLS),

    /**
     * The memory of a window MPI allocated ({@code Win.getAllocatedBuffer()}), which
     * validation ({@code -c}) fills and checks with {@code -w allocate}; Open MPI's bindings
     * give no access to it.
     */
    ALLOCATED_WINDOW_MEMORY("access to the memory of an allocated window"
            + " (Win.getAllocatedBuffer)", "run with -w create to validate (-c)",
            List.of(new Call("Win", "getAllocatedBuffer"))),

    /**
     * Persistent point-to-point requests on Java arrays (Open MPI's take only direct
     * buffers): every call of {@link PersistentCalls}'s arrays form.
     */
    PERSISTENT_ARRAYS("persistent requests on Java arrays", "run with -a buffer", List.of(
            call("sendInit", Object.class, int.class, Datatype.class, int.class, int.class),
            call("recvInit", Object.class, int.class, Datatype.class, int.class, int.class))),

    /**
     * MPI-4's persistent collectives ({@code MPI_Bcast_init} and kin): {@code Intracomm}'s
     * {@code bcastInit} and the others, on direct buffers and Java arrays, each returning a
     * {@code Prequest}. Open MPI's Java bindings predate MPI-4.
     */
    PERSISTENT_COLLECTIVES("persistent collectives (Intracomm.bcastInit and kin)",
            "run the blocking benchmark", List.of(
            init("barrierInit"),
            init("bcastInit", Object.class, int.class, Datatype.class, int.class),
            init("reduceInit", Object.class, Object.class, int.class, Datatype.class, Op.class,
                    int.class),
            init("allReduceInit", Object.class, Object.class, int.class, Datatype.class,
                    Op.class),
            init("gatherInit", Object.class, int.class, Datatype.class, Object.class, int.class,
                    Datatype.class, int.class),
            init("gathervInit", Object.class, int.class, Datatype.class, Object.class,
                    int[].class, int[].class, Datatype.class, int.class),
            init("scatterInit", Object.class, int.class, Datatype.class, Object.class,
                    int.class, Datatype.class, int.class),
            init("scattervInit", Object.class, int[].class, int[].class, Datatype.class,
                    Object.class, int.class, Datatype.class, int.class),
            init("allGatherInit", Object.class, int.class, Datatype.class, Object.class,
                    int.class, Datatype.class),
            init("allGathervInit", Object.class, int.class, Datatype.class, Object.class,
                    int[].class, int[].class, Datatype.class),
            init("allToAllInit", Object.class, int.class, Datatype.class, Object.class,
                    int.class, Datatype.class),
            init("allToAllvInit", Object.class, int[].class, int[].class, Datatype.class,
                    Object.class, int[].class, int[].class, Datatype.class),
            init("allToAllwInit", Object.class, int[].class, int[].class, Datatype[].class,
                    Object.class, int[].class, int[].class, Datatype[].class),
            init("reduceScatterInit", Object.class, Object.class, int[].class, Datatype.class,
                    Op.class),
            // the in-place forms of -l
            init("reduceInit", Object.class, int.class, Datatype.class, Op.class, int.class),
            init("allReduceInit", Object.class, int.class, Datatype.class, Op.class),
            init("gatherInit", Object.class, int.class, Datatype.class, int.class),
            init("gathervInit", Object.class, int[].class, int[].class, Datatype.class,
                    int.class),
            init("gathervInit", Object.class, int.class, Datatype.class, int.class),
            init("scatterInit", Object.class, int.class, Datatype.class, int.class),
            init("scattervInit", Object.class, int[].class, int[].class, Datatype.class,
                    int.class),
            init("scattervInit", Object.class, int.class, Datatype.class, int.class),
            init("allGatherInit", Object.class, int.class, Datatype.class),
            init("allGathervInit", Object.class, int[].class, int[].class, Datatype.class),
            init("allToAllInit", Object.class, int.class, Datatype.class),
            init("allToAllvInit", Object.class, int[].class, int[].class, Datatype.class),
            init("reduceScatterInit", Object.class, int[].class, Datatype.class, Op.class))),

    /**
     * Non-blocking point-to-point calls started in a completed {@code Request} the caller
     * hands back, as C's {@code MPI_Isend(..., &request)} writes into the caller's request:
     * a window allocates nothing in the steady state. Optional: without it
     * {@link NonBlockingCalls} makes the plain call (a new {@code Request} each), so no
     * benchmark requires it.
     */
    /**
     * MPI_T control variables ({@code mpi.ControlVariable}), with which {@code --algorithm}
     * reads and writes the MPI's collective algorithm. Open MPI's Java bindings have no MPI_T.
     */
    CONTROL_VARIABLES("MPI_T control variables (mpi.ControlVariable)", "choose the algorithm"
            + " at launch with the MPI's own settings (Open MPI: --mca coll_tuned_use_dynamic_rules"
            + " 1 --mca coll_tuned_<op>_algorithm N)", List.of(
            new Call("ControlVariable", "find", String.class),
            new Call("ControlVariable", "name"),
            new Call("ControlVariable", "description"),
            new Call("ControlVariable", "scope"),
            new Call("ControlVariable", "enumeration"),
            new Call("ControlVariable", "readInt"),
            new Call("ControlVariable", "readBoolean"),
            new Call("ControlVariable", "write", long.class),
            new Call("ControlVariable$Item", "name"),
            new Call("ControlVariable$Item", "value"),
            new Call("ControlVariable$Scope", "writable"))),
    REQUEST_REUSE("non-blocking calls into a reused Request", "nothing: a new Request per call",
            List.of(call("iSend", Buffer.class, int.class, Datatype.class, int.class, int.class,
                            Request.class),
                    call("iRecv", Buffer.class, int.class, Datatype.class, int.class, int.class,
                            Request.class),
                    call("iSend", Object.class, int.class, Datatype.class, int.class, int.class,
                            Request.class),
                    call("iRecv", Object.class, int.class, Datatype.class, int.class, int.class,
                            Request.class)));

    private final String what;
    private final String instead;
    private final List<Call> calls;

    Extension(String what, String instead, List<Call> calls) {
        this.what = what;
        this.instead = instead;
        this.calls = calls;
    }

    /** @return what the extension is, e.g. {@code non-blocking calls on Java arrays} */
    public String what() {
        return what;
    }

    /** @return what runs without it, e.g. {@code run with -a buffer} */
    public String instead() {
        return instead;
    }

    /** @return the methods of {@link Comm} that make up the extension */
    public List<Call> calls() {
        return calls;
    }

    private static Call call(String name, Class<?>... parameters) {
        return new Call(COMM, name, parameters);
    }

    /** A persistent collective's creation: a method of {@code Intracomm}. */
    private static Call init(String name, Class<?>... parameters) {
        return new Call("Intracomm", name, parameters);
    }

    /** The binding class of most calls, {@code mpi.Comm}, by simple name. */
    static final String COMM = "Comm";

    /**
     * A method of a binding class ({@link Comm} unless said otherwise), by name and parameter
     * types.
     *
     * @param owner      the simple name of the class of package {@code mpi} that declares it
     * @param name       the method's name
     * @param parameters its parameter types
     */
    public record Call(String owner, String name, Class<?>... parameters) {
        /**
         * @param comm the loaded binding's {@code Comm}; the owner, if another class, is
         *             the class of that name in the same package, from the same class loader
         * @return whether the loaded binding's owner class has this method, public
         */
        public boolean existsIn(Class<?> comm) {
            try {
                Class<?> in = owner.equals(COMM) ? comm : Class.forName(
                        comm.getPackageName() + "." + owner, false, comm.getClassLoader());
                in.getMethod(name, parameters);
                return true;
            } catch (NoSuchMethodException | ClassNotFoundException e) {
                return false;
            }
        }

        /** @return e.g. {@code Comm.iSend(Object, int, Datatype, int, int)} */
        @Override
        public String toString() {
            StringJoiner p = new StringJoiner(", ", owner + "." + name + "(", ")");
            for (Class<?> t : parameters) {
                p.add(t.getSimpleName());
            }
            return p.toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Call c && c.owner.equals(owner) && c.name.equals(name)
                    && java.util.Arrays.equals(c.parameters, parameters);
        }

        @Override
        public int hashCode() {
            return (owner.hashCode() * 31 + name.hashCode()) * 31
                    + java.util.Arrays.hashCode(parameters);
        }
    }

    /** @return the constant's name in lower case with spaces, for messages */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
