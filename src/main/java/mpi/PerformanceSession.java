package mpi;

import static mpi.Backends.ENVIRONMENT;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A session of MPI_T performance variables ({@code MPI_T_pvar_session_create}): handles to
 * variables ({@link #allocate}), each started, stopped and read on its own, isolated from other
 * sessions' (a counter counts from its handle's start in this session). An extension of Open
 * MPI's Java API, which has none of MPI_T; MPI_T starts and ends as {@link ControlVariable}
 * says. {@link #free} frees the session and every handle of it.
 *
 * <pre>{@code
 * PerformanceSession session = PerformanceSession.create();
 * PerformanceSession.Handle h = session.allocate(variable, MPI.COMM_WORLD);
 * h.start(); ... h.stop();
 * long events = h.readLong();
 * session.free();
 * }</pre>
 */
public final class PerformanceSession {

    private long session;
    private final List<Handle> handles = new ArrayList<>();

    private PerformanceSession(long session) {
        this.session = session;
    }

    /** @return a new session ({@code MPI_T_pvar_session_create}) */
    public static PerformanceSession create() throws MPIException {
        Tool.start();
        return new PerformanceSession(ENVIRONMENT.mpiTPvarSessionCreate());
    }

    /** @return a handle of a variable bound to no object (see {@link #allocate(PerformanceVariable, Comm)}) */
    public Handle allocate(PerformanceVariable variable) throws MPIException {
        return allocate(variable, null);
    }

    /**
     * A handle of {@code variable} in this session ({@code MPI_T_pvar_handle_alloc}).
     *
     * @param comm the communicator, for a variable bound to one; ignored otherwise
     * @throws IllegalArgumentException      if {@code variable} is null, or {@code comm} is null
     *                                       for a variable bound to a communicator
     * @throws UnsupportedOperationException if the variable is bound to another kind of object
     * @throws IllegalStateException         if the session was freed
     */
    public Handle allocate(PerformanceVariable variable, Comm comm) throws MPIException {
        if (variable == null) {
            throw new IllegalArgumentException("variable is null");
        }
        long s = live();
        long c = 0;
        switch (variable.binding()) {
            case NO_OBJECT:
                break;
            case COMM:
                if (comm == null) {
                    throw new IllegalArgumentException("comm is null: performance variable "
                            + variable.name() + " is bound to a communicator");
                }
                c = comm.live();
                break;
            default:
                throw new UnsupportedOperationException("performance variable " + variable.name()
                        + " is bound to an object other than a communicator");
        }
        int[] count = new int[1];
        long h = ENVIRONMENT.mpiTPvarHandleAlloc(s, variable.index(),
                variable.binding() == ControlVariable.Binding.COMM, c, count);
        Handle handle = new Handle(variable, h, count[0]);
        handles.add(handle);
        return handle;
    }

    /** @return whether {@link #free} was called */
    public boolean isNull() {
        return session == 0;
    }

    /** Frees the session and its handles ({@code MPI_T_pvar_session_free}); a second free does nothing. */
    public void free() throws MPIException {
        if (session == 0) {
            return;
        }
        MPI.check();
        long s = session;
        session = 0;
        for (Handle h : handles) {
            h.handle = 0;
        }
        handles.clear();
        ENVIRONMENT.mpiTPvarSessionFree(s);
    }

    private long live() {
        MPI.check();
        if (session == 0) {
            throw new IllegalStateException("the performance session was freed");
        }
        return session;
    }

    /** A handle of a performance variable in its session. */
    public final class Handle {
        private final PerformanceVariable variable;
        private long handle;
        private final int count;

        private Handle(PerformanceVariable variable, long handle, int count) {
            this.variable = variable;
            this.handle = handle;
            this.count = count;
        }

        /** @return its variable */
        public PerformanceVariable variable() {
            return variable;
        }

        /** @return the variable's number of elements for this handle */
        public int count() {
            return count;
        }

        /** {@code MPI_T_pvar_start}; a continuous variable (which runs always) is refused. */
        public void start() throws MPIException {
            live();
            startable();
            ENVIRONMENT.mpiTPvarStart(session, live());
        }

        /** {@code MPI_T_pvar_stop}; a continuous variable (which runs always) is refused. */
        public void stop() throws MPIException {
            live();
            startable();
            ENVIRONMENT.mpiTPvarStop(session, live());
        }

        /** @return the value of an integer variable of one element (unsigned ones zero-extended) */
        public long readLong() throws MPIException {
            live();
            ControlVariable.Type t = variable.type();
            if (!t.isInteger()) {
                throw new IllegalStateException("performance variable " + variable.name()
                        + " is of type " + t + ", not an integer");
            }
            ByteBuffer b = read();
            return t == ControlVariable.Type.INT ? b.getInt(0)
                    : t == ControlVariable.Type.UNSIGNED ? b.getInt(0) & 0xffffffffL : b.getLong(0);
        }

        /** @return the value of a {@link ControlVariable.Type#DOUBLE} variable of one element */
        public double readDouble() throws MPIException {
            live();
            if (variable.type() != ControlVariable.Type.DOUBLE) {
                throw new IllegalStateException("performance variable " + variable.name()
                        + " is of type " + variable.type() + ", not DOUBLE");
            }
            return read().getDouble(0);
        }

        private ByteBuffer read() throws MPIException {
            long h = live();
            if (count != 1) {
                throw new IllegalStateException("performance variable " + variable.name()
                        + " has " + count + " elements, not one");
            }
            byte[] value = new byte[variable.type().bytes()];
            ENVIRONMENT.mpiTPvarRead(session, h, value);
            return ByteBuffer.wrap(value).order(ByteOrder.nativeOrder());
        }

        /** Frees the handle ({@code MPI_T_pvar_handle_free}); a second free does nothing. */
        public void free() throws MPIException {
            if (handle == 0) {
                return;
            }
            long h = live();
            handle = 0;
            handles.remove(this);
            ENVIRONMENT.mpiTPvarHandleFree(session, h);
        }

        /** @return whether it or its session was freed */
        public boolean isNull() {
            return handle == 0;
        }

        private void startable() {
            if (variable.isContinuous()) {
                throw new IllegalStateException("performance variable " + variable.name()
                        + " is continuous: it cannot be started or stopped");
            }
        }

        private long live() {
            PerformanceSession.this.live();
            if (handle == 0) {
                throw new IllegalStateException("the handle of " + variable.name()
                        + " was freed");
            }
            return handle;
        }
    }
}
