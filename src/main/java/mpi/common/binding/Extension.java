package mpi.common.binding;

import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

import mpi.Comm;
import mpi.Datatype;
import mpi.Op;

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
     * Non-blocking calls on Java arrays (Open MPI's take only direct buffers): every
     * non-blocking call of {@link NonBlockingCalls}'s arrays form.
     */
    NON_BLOCKING_ARRAYS("non-blocking calls on Java arrays", "run with -a buffer", List.of(
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
            call("iReduceScatter", Object.class, int[].class, Datatype.class, Op.class))),

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
     * Persistent point-to-point requests on Java arrays (Open MPI's take only direct
     * buffers): every call of {@link PersistentCalls}'s arrays form.
     */
    PERSISTENT_ARRAYS("persistent requests on Java arrays", "run with -a buffer", List.of(
            call("sendInit", Object.class, int.class, Datatype.class, int.class, int.class),
            call("recvInit", Object.class, int.class, Datatype.class, int.class, int.class)));

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
        return new Call(name, parameters);
    }

    /**
     * A method of {@link Comm}, by name and parameter types.
     *
     * @param name       the method's name
     * @param parameters its parameter types
     */
    public record Call(String name, Class<?>... parameters) {
        /** @return whether the loaded binding's {@code Comm} has this method, public */
        public boolean existsIn(Class<?> comm) {
            try {
                comm.getMethod(name, parameters);
                return true;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }

        /** @return e.g. {@code Comm.iSend(Object, int, Datatype, int, int)} */
        @Override
        public String toString() {
            StringJoiner p = new StringJoiner(", ", "Comm." + name + "(", ")");
            for (Class<?> t : parameters) {
                p.add(t.getSimpleName());
            }
            return p.toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Call c && c.name.equals(name)
                    && java.util.Arrays.equals(c.parameters, parameters);
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + java.util.Arrays.hashCode(parameters);
        }
    }

    /** @return the constant's name in lower case with spaces, for messages */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
